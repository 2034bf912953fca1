import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '../../util/constant-time';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { normalizeIdentityCode, parseIdentityCode, textSchema, type Lang } from '@portal/shared-api';
import { identityMessage as message } from '../../modules/identity/index';
import { purgeExpiredBrokerModels } from './adapter';
import type { RateLimitRule } from '../../counters/limiter';
import { BROKER_STYLESHEET_PATH, brokerStylesheet, renderBrokerErrorPage, renderBrokerLoginPage } from './page';
import { asksForMandate, BROKER_MOUNT_PATH, brokerAccountId, interactionPath, langOfParams } from './provider';

export interface BrokerRoutesOptions {
  provider: Provider;
  /** signs the per-interaction form tokens */
  formTokenKey: string;
  rateLimit: RateLimitRule;
}

/**
 * The test broker remembers nobody: every request reaches oidc-provider without the previous
 * broker session, so identifying as another persona never runs into oidc-provider's "log the
 * other account out first" page (an auto-submitting form with inline script).
 */
function withoutBrokerSession(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return cookieHeader;
  return cookieHeader
    .split(';')
    .filter((pair) => !/^\s*broker_session(\.sig)?=/.test(pair))
    .join(';');
}

/** oidc-provider is a Koa app; it gets the raw request with the mount path taken off. */
function handToProvider(provider: Provider, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.hijack();
  const raw = request.raw as IncomingMessage & { originalUrl?: string };
  const url = raw.url ?? '/';
  raw.originalUrl = url;
  raw.url = url.slice(BROKER_MOUNT_PATH.length) || '/';
  const cookie = withoutBrokerSession(raw.headers.cookie);
  if (cookie) raw.headers.cookie = cookie;
  else delete raw.headers.cookie;
  const handle = provider.callback() as (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  return handle(raw, reply.raw);
}

function formToken(key: string, uid: string): string {
  return createHmac('sha256', key).update(`broker-interaction:${uid}`).digest('base64url');
}

function formTokenMatches(key: string, uid: string, candidate: unknown): boolean {
  if (typeof candidate !== 'string') return false;
  return constantTimeEqual(formToken(key, uid), candidate);
}

/** How often (1 in N page views) expired broker rows are swept away. */
const PURGE_ONE_IN = 50;

const uidParamsSchema = z.object({ uid: textSchema.min(1).max(128) });
const loginBodySchema = z.object({
  token: textSchema.max(256).optional(),
  identityCode: textSchema.max(64).optional(),
  childIdentityCode: textSchema.max(64).optional(),
});
const abortQuerySchema = z.object({ token: textSchema.max(256).optional() });

interface LoadedInteraction {
  uid: string;
  lang: Lang;
  acrValue: string | undefined;
  /** the portal asked whom the person acts for (scope `mandate`) */
  mandate: boolean;
}

/**
 * The interaction of this browser (oidc-provider's interaction cookie) for the uid in the URL;
 * null when there is none, it has expired, or the cookie belongs to another interaction.
 */
async function loadInteraction(provider: Provider, request: FastifyRequest, reply: FastifyReply, uid: string): Promise<LoadedInteraction | null> {
  try {
    const interaction = await provider.interactionDetails(request.raw, reply.raw);
    if (interaction.uid !== uid || interaction.prompt.name !== 'login') return null;
    const params = interaction.params as Record<string, unknown>;
    return {
      uid,
      lang: langOfParams(params),
      acrValue: typeof params.acr_values === 'string' ? params.acr_values.split(' ')[0] : undefined,
      mandate: asksForMandate(params),
    };
  } catch {
    return null;
  }
}

/**
 * Hands the person's answer to oidc-provider, which redirects back into the authorization flow.
 * The reply is hijacked first (oidc-provider writes the raw response); should the interaction
 * vanish in between, the browser still gets the error page rather than a hanging request.
 */
async function finishInteraction(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  lang: Lang,
  result: Parameters<Provider['interactionFinished']>[2],
): Promise<void> {
  reply.hijack();
  try {
    await provider.interactionFinished(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
  } catch (error) {
    request.log.warn({ failure: { kind: error instanceof Error ? error.name : typeof error } }, 'broker interaction could not finish');
    if (!reply.raw.headersSent) {
      reply.raw.writeHead(400, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      reply.raw.end(renderBrokerErrorPage(lang));
    }
  }
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/**
 * The built-in test identity broker's routes under /broker: its own interaction pages (login form,
 * demo persona quick picks, cancel) and everything else handed to oidc-provider.
 */
export async function registerBrokerRoutes(app: FastifyInstance, options: BrokerRoutesOptions): Promise<void> {
  const { provider, formTokenKey } = options;

  app.get(BROKER_STYLESHEET_PATH, { config: { session: false, cache: 'static' } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(brokerStylesheet),
  );

  // The interaction pages read their own small urlencoded form.
  await app.register(async (pages) => {
    // Used before anyone is signed in; the form carries its own token besides.
    pages.addHook('onRoute', (route) => {
      route.config = { ...route.config, csrf: 'anonymous-origin-check', bodyTypes: ['application/x-www-form-urlencoded'] };
    });
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    const renderLogin = (reply: FastifyReply, status: number, interaction: LoadedInteraction, extra: Partial<Parameters<typeof renderBrokerLoginPage>[0]> = {}) => {
      const path = interactionPath(interaction.uid);
      const token = formToken(formTokenKey, interaction.uid);
      const html = renderBrokerLoginPage(
        {
          lang: interaction.lang,
          uid: interaction.uid,
          token,
          acrValue: interaction.acrValue,
          ...(interaction.mandate ? { mandate: {} } : {}),
          ...extra,
        },
        path,
        `${path}/abort?token=${encodeURIComponent(token)}`,
      );
      return sendHtml(reply, status, html);
    };

    pages.get(`${BROKER_MOUNT_PATH}/interaction/:uid`, async (request, reply) => {
      const params = uidParamsSchema.safeParse(request.params);
      const interaction = params.success ? await loadInteraction(provider, request, reply, params.data.uid) : null;
      if (!interaction) return sendHtml(reply, 400, renderBrokerErrorPage('fi'));
      if (Math.floor(Math.random() * PURGE_ONE_IN) === 0) await purgeExpiredBrokerModels(app.db);
      return renderLogin(reply, 200, interaction);
    });

    pages.post(`${BROKER_MOUNT_PATH}/interaction/:uid`, async (request, reply) => {
      const params = uidParamsSchema.safeParse(request.params);
      const interaction = params.success ? await loadInteraction(provider, request, reply, params.data.uid) : null;
      if (!interaction) return sendHtml(reply, 400, renderBrokerErrorPage('fi'));
      const body = loginBodySchema.safeParse(request.body ?? {});
      if (!body.success || !formTokenMatches(formTokenKey, interaction.uid, body.data.token)) {
        return sendHtml(reply, 403, renderBrokerErrorPage(interaction.lang));
      }
      const typed = body.data.identityCode ?? '';
      const typedChild = body.data.childIdentityCode ?? '';
      const typedMandate = interaction.mandate ? { childIdentityCode: typedChild } : undefined;
      const verdict = await app.attemptLimiter.count(`broker-login:${request.ip}`, options.rateLimit);
      if (!verdict.allowed) {
        reply.header('retry-after', String(verdict.retryAfterSeconds));
        return renderLogin(reply, 429, interaction, {
          identityCode: typed,
          ...(typedMandate ? { mandate: typedMandate } : {}),
          alert: {
            title: message(interaction.lang, 'server.broker.tooManyRequests.title'),
            description: message(interaction.lang, 'server.broker.tooManyRequests.description'),
          },
        });
      }
      const identityCode = normalizeIdentityCode(typed);
      const childIdentityCode = normalizeIdentityCode(typedChild);
      // The test broker accepts development codes whatever the environment: its personas are such codes.
      const isValid = (code: string) => parseIdentityCode(code, { allowDevelopmentCodes: true }).valid;
      const ownInvalid = !isValid(identityCode);
      const childInvalid = interaction.mandate && !isValid(childIdentityCode);
      if (ownInvalid || childInvalid) {
        const invalid = message(interaction.lang, 'server.broker.identityCode.invalid');
        return renderLogin(reply, 400, interaction, {
          identityCode: typed,
          ...(ownInvalid ? { identityCodeError: invalid } : {}),
          ...(typedMandate ? { mandate: { ...typedMandate, ...(childInvalid ? { childIdentityCodeError: invalid } : {}) } } : {}),
        });
      }
      // The broker only passes on whom the person says they act for; the portal checks the guardianship.
      const accountId = interaction.mandate ? brokerAccountId(identityCode, childIdentityCode) : identityCode;
      await finishInteraction(provider, request, reply, interaction.lang, {
        login: { accountId, acr: interaction.acrValue, remember: false },
      });
    });

    pages.get(`${BROKER_MOUNT_PATH}/interaction/:uid/abort`, async (request, reply) => {
      const params = uidParamsSchema.safeParse(request.params);
      const interaction = params.success ? await loadInteraction(provider, request, reply, params.data.uid) : null;
      if (!interaction) return sendHtml(reply, 400, renderBrokerErrorPage('fi'));
      const query = abortQuerySchema.safeParse(request.query);
      if (!query.success || !formTokenMatches(formTokenKey, interaction.uid, query.data.token)) {
        return sendHtml(reply, 403, renderBrokerErrorPage(interaction.lang));
      }
      await finishInteraction(provider, request, reply, interaction.lang, {
        error: 'access_denied',
        error_description: 'End-User aborted interaction',
      });
    });
  });

  // Everything else under /broker is oidc-provider's: it reads request bodies itself.
  await app.register(async (protocol) => {
    // oidc-provider's endpoints: the token endpoint authenticates its client, and reads bodies itself.
    protocol.addHook('onRoute', (route) => {
      route.config = { ...route.config, csrf: 'anonymous-origin-check', bodyTypes: '*' };
    });
    protocol.removeAllContentTypeParsers();
    protocol.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    protocol.route({
      method: ['GET', 'POST', 'OPTIONS'],
      url: `${BROKER_MOUNT_PATH}/*`,
      handler: (request, reply) => handToProvider(provider, request, reply),
    });
  });
}
