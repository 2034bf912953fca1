/**
 * Test support for the identity module: a database (PGlite, or a fresh PostgreSQL database when
 * DATABASE_URL is set), a small Fastify app with the core's real people and session services, and
 * a cookie-keeping "browser" that walks the sign-in redirects through app.inject.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import type { CoreConfig } from '../src/config/core';
import { migrate, openDatabase, type Database, type DatabaseHandle } from '../src/db/index';
import { createPeopleService } from '../src/modules/patients/people';
import { createSessionService, SESSION_COOKIE } from '../src/modules/sessions/service';
import identityModule, { type IdentityModuleOptions } from '../src/modules/identity/index';
import { testIdentityBroker } from '../src/demo/identity-broker/index';
import * as identitySchema from '../src/modules/identity/schema';
import { databaseCounterStore } from '../src/counters/index';
import { ATTEMPT_LIMITER, createLimiter } from '../src/counters/limiter';
import { waitUntil } from './wait';

export const TEST_PUBLIC_URL = 'http://portal.test';

export interface TestDatabase {
  handle: DatabaseHandle;
  close(): Promise<void>;
}

/** Creates the identity tables when the committed migrations do not have them yet. */
export async function ensureIdentityTables(db: Database): Promise<void> {
  const result = (await db.execute(sql`select to_regclass('public.identity_login_flows') as t`)) as unknown as {
    rows: Array<{ t: string | null }>;
  };
  if (result.rows[0]?.t) return;
  const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson(identitySchema));
  for (const statement of statements) await db.execute(sql.raw(statement));
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = await openDatabase({ databaseUrl: null, pgliteDataDir: 'memory://' });
    await migrate(handle);
    await ensureIdentityTables(handle.db);
    return { handle, close: () => handle.close() };
  }
  // A database per run, dropped afterwards: runs never share state.
  const { default: pg } = await import('pg');
  const name = `identity_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: testUrl.href });
  await migrate(handle);
  await ensureIdentityTables(handle.db);
  return {
    handle,
    async close() {
      await handle.close();
      // pool.end() returns before the server has let go of the connections; forcing the drop
      // then would kill a closing connection, whose error surfaces as an uncaught exception.
      // slower than that to let go is no failure of the test: the drop then forces it
      await waitUntil(`PostgreSQL has closed every connection to ${name}`, async () => {
        const open = await admin.query('select 1 from pg_stat_activity where datname = $1', [name]);
        return open.rowCount === 0;
      }).catch(() => undefined);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export async function temporaryDataDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'identity-test-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export interface HarnessOptions extends IdentityModuleOptions {
  db: Database;
  dataDir: string;
  publicUrl?: string;
  oidcIssuer?: string | null;
  environment?: CoreConfig['environment'];
  /** collects every log line (JSON) at info level and above */
  logLines?: string[];
}

/**
 * The decorators the core provides (db, config, people, sessions, request.session) with the core's
 * own services, and the identity module registered the way the core registers it (with the test
 * broker app.ts gives it when OIDC_ISSUER is unset).
 */
export async function buildHarness(options: HarnessOptions): Promise<FastifyInstance> {
  const publicUrl = options.publicUrl ?? TEST_PUBLIC_URL;
  const config = {
    publicUrl,
    dataDir: options.dataDir,
    secureCookies: publicUrl.startsWith('https:'),
    environment: options.environment ?? 'development',
    brand: 'adult',
    sessionTimeoutMinutes: 30,
  } as CoreConfig; // why: only the fields the identity module reads; the rest of CoreConfig belongs to the core
  const identity = { oidcIssuer: options.oidcIssuer ?? null, oidcClientId: 'patient-portal', oidcClientSecret: 'test-client-secret' };
  const lines = options.logLines;
  const app = Fastify({
    logger: lines ? { level: 'info', stream: { write: (line: string) => void lines.push(line) } } : false,
  });
  await app.register(fastifyCookie);
  app.decorate('db', options.db);
  // what the fair-use module decorates in the app without REDIS_URL: the attempt limits count in the database
  app.decorate('attemptLimiter', createLimiter(databaseCounterStore(options.db, app.log), ATTEMPT_LIMITER));
  app.decorate('config', config);
  app.decorate('people', createPeopleService(options.db));
  app.decorate('sessions', createSessionService(options.db, 30, { secure: config.secureCookies }));
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.session = await app.sessions.resume(token);
  });
  await app.register(identityModule, { config: identity, testBroker: testIdentityBroker, ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}) });
  await app.ready();
  return app;
}

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

function pathMatches(cookiePath: string, requestPath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath.charAt(cookiePath.length) === '/';
}

function setCookieHeaders(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  if (!header) return [];
  return Array.isArray(header) ? header : [header];
}

export interface Step {
  method: string;
  url: string;
  response: LightMyRequestResponse;
}

/** A browser stand-in: keeps cookies per path (the broker's are path-scoped) and follows redirects. */
export class TestBrowser {
  private readonly cookies = new Map<string, StoredCookie>();

  constructor(
    /** the app answering every request, or one chosen per path (an external broker elsewhere) */
    private readonly app: FastifyInstance | ((path: string) => FastifyInstance),
    private readonly publicUrl = TEST_PUBLIC_URL,
    /** the client address the server sees (rate limits count per address) */
    private readonly remoteAddress = '127.0.0.1',
  ) {}

  cookie(name: string): string | undefined {
    return [...this.cookies.values()].find((c) => c.name === name)?.value;
  }

  private store(response: LightMyRequestResponse, requestPath: string): void {
    for (const line of setCookieHeaders(response)) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let cookiePath = requestPath.slice(0, requestPath.lastIndexOf('/')) || '/';
      let expired = false;
      for (const attribute of attributes) {
        const [key = '', attrValue = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') cookiePath = attrValue;
        if (key.toLowerCase() === 'max-age' && Number(attrValue) <= 0) expired = true;
        if (key.toLowerCase() === 'expires' && Date.parse(attrValue) <= Date.now()) expired = true;
      }
      const key = `${name};${cookiePath}`;
      if (expired || value === '') this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path: cookiePath });
    }
  }

  private cookieHeader(requestPath: string): string | undefined {
    const matching = [...this.cookies.values()].filter((c) => pathMatches(c.path, requestPath));
    return matching.length ? matching.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
  }

  /** Path and query of a same-site URL; undefined for another site. */
  sameSite(location: string): string | undefined {
    const resolved = new URL(location, this.publicUrl);
    if (resolved.origin !== new URL(this.publicUrl).origin) return undefined;
    return `${resolved.pathname}${resolved.search}`;
  }

  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>): Promise<LightMyRequestResponse> {
    const requestPath = url.split('?')[0] ?? url;
    const cookie = this.cookieHeader(requestPath);
    const app = typeof this.app === 'function' ? this.app(requestPath) : this.app;
    const response = await app.inject({
      method,
      url,
      remoteAddress: this.remoteAddress,
      headers: {
        host: new URL(this.publicUrl).host,
        accept: 'text/html,application/xhtml+xml',
        ...(cookie ? { cookie } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    this.store(response, requestPath);
    return response;
  }

  /**
   * Requests `url` and follows same-site redirects; stops at the first non-redirect answer or at a
   * redirect to `stopAt` (a path prefix) or to another site. Returns every step.
   */
  async navigate(method: 'GET' | 'POST', url: string, form?: Record<string, string>, stopAt?: string): Promise<Step[]> {
    const steps: Step[] = [];
    let current: { method: 'GET' | 'POST'; url: string; form?: Record<string, string> } = { method, url, ...(form ? { form } : {}) };
    for (let hop = 0; hop < 12; hop += 1) {
      const response = await this.request(current.method, current.url, current.form);
      steps.push({ method: current.method, url: current.url, response });
      const location = response.headers.location;
      if (response.statusCode < 300 || response.statusCode >= 400 || typeof location !== 'string') return steps;
      const next = this.sameSite(location);
      if (!next || (stopAt && next.startsWith(stopAt))) return steps;
      current = { method: 'GET', url: next };
    }
    throw new Error('too many redirects');
  }
}

/** The form token and action of a broker login page. */
export function brokerForm(html: string): { action: string; token: string } {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !token) throw new Error('no broker form on the page');
  return { action: action.replaceAll('&amp;', '&'), token };
}

export function lastStep(steps: Step[]): Step {
  const step = steps.at(-1);
  if (!step) throw new Error('no steps');
  return step;
}
