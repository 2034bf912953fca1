import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RemoteLocation, RemotesManifest } from '@portal/shared-api';
import type { CanaryBucket, RemoteRegistry, RemotesView, ServedRemote } from '../modules/remote-registry/contract';

/**
 * The cookie with the browser's canary bucket, a random integer 0–99. It says which version of a
 * remote this browser is served while a new version is tried on part of the visitors, so that the
 * pages of one browser do not switch between versions from one page to the next. It identifies
 * nobody (100 browsers in every bucket and more), is not read for anything else, and is strictly
 * necessary for serving the portal consistently: it needs no consent (as the session cookie).
 */
export const CANARY_COOKIE = 'portal-canary';
/** 90 days, in seconds */
const CANARY_COOKIE_MAX_AGE = 90 * 24 * 60 * 60;

/** The bucket a cookie value names, or null for anything else than a plain integer 0–99. */
export function parseCanaryBucket(value: string | undefined): CanaryBucket | null {
  if (value === undefined || !/^(?:0|[1-9][0-9]?)$/.test(value)) return null;
  return Number(value);
}

/** Whether a version is the build a server serves from its own disk (`builtin`, `builtin-<hash>`). */
export function isBuiltinVersion(version: string): boolean {
  return version === 'builtin' || version.startsWith('builtin-');
}

const buckets = new WeakMap<FastifyRequest, CanaryBucket>();
const views = new WeakMap<FastifyRequest, RemotesView>();

/**
 * This request's canary bucket: the cookie's, or a new one. With `reply`, a new bucket is also set
 * as the cookie (an HTML page, /remotes.json); without, it holds for this request only.
 */
export function canaryBucketOf(app: FastifyInstance, request: FastifyRequest, reply?: FastifyReply): CanaryBucket {
  let bucket = buckets.get(request);
  const fromCookie = parseCanaryBucket(request.cookies[CANARY_COOKIE]);
  if (bucket === undefined) {
    bucket = fromCookie ?? randomInt(100);
    buckets.set(request, bucket);
  }
  if (reply && fromCookie !== bucket) {
    reply.setCookie(CANARY_COOKIE, String(bucket), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: app.config.secureCookies,
      maxAge: CANARY_COOKIE_MAX_AGE,
    });
  }
  return bucket;
}

/**
 * The remotes this visitor is served (by their canary bucket), the same for everything one request
 * reads: the route table, the page's pre-rendering and hints, the front page's summaries.
 */
export function remotesViewOf(app: FastifyInstance, request: FastifyRequest, reply?: FastifyReply): RemotesView {
  const bucket = canaryBucketOf(app, request, reply);
  let view = views.get(request);
  if (!view) {
    view = app.remoteRegistry.viewFor(bucket);
    views.set(request, view);
  }
  return view;
}

/**
 * What a visitor outside every canary is served: each remote's active version. For what is not one
 * visitor's (the route table a module reads to build a link outside a page).
 */
export function activeView(registry: RemoteRegistry): RemotesView {
  const view = registry.viewFor(0);
  if (!view.remotes.some((remote) => remote.canary)) return view;
  const served = registry.allServed();
  return {
    ...view,
    remotes: view.remotes.map((remote) => (remote.canary ? (served.find((other) => other.id === remote.id && !other.canary) ?? remote) : remote)),
  };
}

/** A served remote as the browser is told of it: where it is and which version. */
export function remoteLocationOf(remote: ServedRemote): RemoteLocation {
  return { id: remote.id, name: remote.name, entry: remote.entry, frontPageParcels: remote.frontPageParcels, version: remote.version };
}

/** The run-time manifest of a view (the initial state's `remotes`, GET /remotes.json). */
export function manifestOf(view: RemotesView): RemotesManifest {
  return { remotes: view.remotes.map(remoteLocationOf), overridesAllowed: view.overridesAllowed };
}

/** Counts a page or /remotes.json answered with these versions (the canary's error rate divides by it). */
export function countServed(registry: RemoteRegistry, view: RemotesView): void {
  for (const remote of view.remotes) registry.countServed(remote.id, remote.version);
}
