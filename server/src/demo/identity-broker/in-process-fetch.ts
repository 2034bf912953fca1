import type { FastifyInstance, InjectOptions } from 'fastify';
import type { CustomFetch } from 'openid-client';

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function bodyOf(body: Parameters<CustomFetch>[1]['body']): string | Buffer | undefined {
  if (body === null || body === undefined) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(new Uint8Array(body));
  throw new TypeError('streamed request bodies are not used by the relying party');
}

/**
 * openid-client's back-channel requests (discovery, JWKS, token) to the built-in broker go through
 * Fastify's inject instead of the network: the server needs no route to its own public URL (a
 * proxy, a container, a port that differs inside and out). Other URLs use the global fetch.
 */
export function createInProcessFetch(app: FastifyInstance, publicUrl: string, mountPath: string): CustomFetch {
  const publicOrigin = new URL(publicUrl);
  return async (url, options) => {
    const target = new URL(url);
    if (target.origin !== publicOrigin.origin || !target.pathname.startsWith(`${mountPath}/`)) {
      // openid-client's options are a RequestInit; its body type (Uint8Array<ArrayBufferLike>) only
      // differs from the global BodyInit in the generic parameter TypeScript 5.9 added.
      return fetch(url, options as RequestInit);
    }
    const injected = await app.inject({
      method: options.method as InjectOptions['method'],
      url: `${target.pathname}${target.search}`,
      headers: {
        ...options.headers,
        host: target.host,
        'x-forwarded-proto': target.protocol.replace(/:$/, ''),
      },
      payload: bodyOf(options.body),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(injected.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    // a copy over a plain ArrayBuffer: the global BodyInit type takes no Buffer<ArrayBufferLike>
    return new Response(NULL_BODY_STATUSES.has(injected.statusCode) ? null : new Uint8Array(injected.rawPayload), {
      status: injected.statusCode,
      headers,
    });
  };
}
