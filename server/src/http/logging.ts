import type { FastifyServerOptions } from 'fastify';

/** The object form of Fastify's logger option (pino options). */
type FastifyLoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

/** Finnish personal identity codes (any century sign, also development-style endings). */
const IDENTITY_CODE = /\b\d{6}[-+ABCDEFUVWXY]\d{3}[0-9A-Z]\b/gi;
/** Query parameters whose values are secrets or personal data. */
const SECRET_PARAM = /^(csrftoken|token|code|state|nonce|id_token|access_token|refresh_token|code_verifier|password|secret|ssn|identitycode|session|phonenumber|phone|signature|name)$/i;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g;

export function scrubText(text: string): string {
  return text.replace(IDENTITY_CODE, '[identity-code]').replace(BEARER, '$1 [redacted]');
}

/** Keeps a URL's path and parameter names, hides secret values and identity codes. */
export function scrubUrl(url: string): string {
  const q = url.indexOf('?');
  const pathPart = scrubText(q === -1 ? url : url.slice(0, q));
  if (q === -1) return pathPart;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      if (eq === -1) return scrubText(pair);
      return SECRET_PARAM.test(decodeURIComponentSafe(name)) ? `${name}=[redacted]` : scrubText(pair);
    });
  return `${pathPart}?${params.join('&')}`;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function scrubDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, depth + 1));
  // Only plain objects are copied: requests, replies and errors keep their prototypes (their
  // getters, such as request.url, live there) and go through the serializers instead.
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubDeep(v, depth + 1)]));
}

interface RequestLike {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  id?: string;
}

/** pino options: cookies and authorization redacted, URLs and messages scrubbed of codes and tokens. */
export function loggerOptions(level: string): FastifyLoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.csrfToken',
        '*.identityCode',
        '*.password',
        '*.token',
        '*.phoneNumber',
        '*.challengeResponseFromUser',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: RequestLike) => ({ method: req.method, url: scrubUrl(req.url ?? ''), hostname: req.hostname, remoteAddress: req.ip }),
    },
    hooks: {
      logMethod(args, method) {
        // Messages and merged objects pass through here; scrub them once for every caller.
        const scrubbed = args.map((a) => scrubDeep(a)) as typeof args;
        method.apply(this, scrubbed);
      },
    },
  };
}
