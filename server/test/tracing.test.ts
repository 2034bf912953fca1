/**
 * Traces (docs/operations-traces.md): the real server process, started with the tracing entry
 * (telemetry/instrument.ts) and OTEL_EXPORTER_OTLP_ENDPOINT pointing at a small OTLP/HTTP receiver
 * in this test. The exporter is OTLP over HTTP with JSON bodies, which the receiver decodes.
 *
 * After a sign-in through the test broker, one page load (GET /api/pages/records.visits) must come
 * back as one trace: the server span named by its route pattern and, on PostgreSQL, the pg spans
 * under it (PGlite is not pg: no database spans there, so only the server span is checked). No
 * attribute of any span received may hold Mikko's identity code or name, the session cookie, the
 * CSRF token or the bearer token the request carried; the request's log line carries the trace id
 * and the request id.
 *
 * The sources run through tsx; the built server (dist/main.js with dist/instrument.js) is run too
 * when a build is there (`npm run build`), and skipped, saying so, when not.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { redactSpan, withoutQuery } from '../src/telemetry/redact';
import { freePort, signInThroughBroker, throwAwayDatabase, cleanUp as dropDatabases, waitUntilHealthy } from '../bench/harness';
import { waitFor } from './wait';

const serverDir = path.resolve(import.meta.dirname, '..');
const MIKKO = { identityCode: '150385-9013', givenName: 'Mikko', familyName: 'Virtanen' };
const BEARER = 'Bearer tracing-test-secret-0123456789';

interface OtlpAttribute {
  key: string;
  value: Record<string, unknown>;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpAttribute[];
}
interface OtlpBody {
  resourceSpans?: { resource?: { attributes?: OtlpAttribute[] }; scopeSpans?: { scope?: { name?: string }; spans?: OtlpSpan[] }[] }[];
}

/** An OTLP/HTTP receiver (JSON) on a free port: every body POSTed to /v1/traces, kept raw and parsed. */
async function startReceiver() {
  const bodies: { raw: string; parsed: OtlpBody }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        const raw = Buffer.concat(chunks).toString('utf8');
        bodies.push({ raw, parsed: JSON.parse(raw) as OtlpBody });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const spans = () => bodies.flatMap((b) => (b.parsed.resourceSpans ?? []).flatMap((rs) => (rs.scopeSpans ?? []).flatMap((ss) => ss.spans ?? [])));
  const serviceNames = () =>
    bodies.flatMap((b) => (b.parsed.resourceSpans ?? []).flatMap((rs) => (rs.resource?.attributes ?? []).filter((a) => a.key === 'service.name').map((a) => a.value.stringValue)));
  return { url: `http://127.0.0.1:${port}`, bodies, spans, serviceNames, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const attribute = (span: OtlpSpan, key: string): unknown => {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
};

/** Until the receiver has a span `find` finds (the server exports in batches, OTEL_BSP_SCHEDULE_DELAY). */
const waitForSpan = <T>(what: string, find: () => T | undefined): Promise<T> => waitFor(what, find, 15_000, 100);

const children: ChildProcess[] = [];
const dataDirs: string[] = [];
after(async () => {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  await dropDatabases();
});

/** Starts the server (node `args`, in server/) with tracing to `receiverUrl`; resolves once it answers /healthz. */
async function startTracedServer(args: string[], receiverUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-tracing-'));
  dataDirs.push(dataDir);
  const databaseUrl = process.env.DATABASE_URL ? (await throwAwayDatabase(process.env.DATABASE_URL, 'portal_tracing')).url : '';
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SHELL_DIST: path.join(dataDir, 'no-shell-build'),
      REMOTES_DIST_ROOT: path.join(serverDir, 'test', 'fixtures', 'remotes'),
      APP_ENV: 'development',
      DEMO: 'true',
      PORT: String(port),
      LOG_LEVEL: 'info',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
      OTEL_BSP_SCHEDULE_DELAY: '200',
      OTEL_SERVICE_NAME: 'patient-portal',
      OTEL_TRACES_SAMPLER: 'parentbased_always_on',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const logLines: string[] = [];
  let stderr = '';
  let pending = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    logLines.push(...lines);
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // localhost: the public URL the server derives from PORT (the broker checks the Origin against it)
  const origin = `http://localhost:${port}`;
  try {
    // a hang limit, not a budget: on a busy 2-core machine (both database suites side by side) a start took over 60 s
    await waitUntilHealthy(origin, child, 180_000);
  } catch (error) {
    throw new Error(`${String(error)}\nstderr:\n${stderr}`, { cause: error });
  }
  return { origin, logLines, stderr: () => stderr, onPostgres: databaseUrl !== '' };
}

async function checkOnePageLoad(args: string[], diagnostic: (message: string) => void) {
  const receiver = await startReceiver();
  after(() => receiver.close());
  const server = await startTracedServer(args, receiver.url);
  const { cookie, csrfToken } = await signInThroughBroker(server.origin, MIKKO.identityCode);

  const response = await fetch(`${server.origin}/api/pages/records.visits?lang=fi`, { headers: { cookie, 'x-csrf-token': csrfToken, authorization: BEARER } });
  const page = await response.text();
  assert.equal(response.status, 200, page);

  // The server span of that request, named by its route pattern.
  const isPageSpan = (s: OtlpSpan) => s.kind === 2 && attribute(s, 'http.route') === '/api/pages/:routeId';
  const serverSpan = await waitForSpan('the server span of the page load', () => receiver.spans().find(isPageSpan));
  assert.equal(serverSpan.name, 'GET /api/pages/:routeId');
  assert.deepEqual([...new Set(receiver.serviceNames())], ['patient-portal']);
  const inTrace = () => receiver.spans().filter((s) => s.traceId === serverSpan.traceId);
  // @fastify/otel's request span (and its handler spans) hang under the http server span.
  const fastifySpan = await waitForSpan('the Fastify request span', () => inTrace().find((s) => s.name === 'request' && s.parentSpanId === serverSpan.spanId));
  assert.ok(fastifySpan);
  for (const span of inTrace()) {
    for (const key of ['http.target', 'http.url', 'url.full', 'url.path']) {
      const value = attribute(span, key);
      if (typeof value === 'string') assert.ok(!value.includes('?'), `${span.name} ${key} keeps no query: ${value}`);
    }
  }
  if (server.onPostgres) {
    const dbSpans = await waitForSpan('the pg spans of the page load', () => {
      const found = inTrace().filter((s) => attribute(s, 'db.system') === 'postgresql' || attribute(s, 'db.system.name') === 'postgresql');
      return found.length > 0 ? found : undefined;
    });
    const spanIds = new Set(inTrace().map((s) => s.spanId));
    for (const span of dbSpans) {
      assert.ok(span.parentSpanId && spanIds.has(span.parentSpanId), `${span.name} hangs in the request's trace`);
      const statement = attribute(span, 'db.query.text') ?? attribute(span, 'db.statement');
      if (typeof statement === 'string') assert.ok(!statement.includes(MIKKO.identityCode), `no value in the statement: ${statement}`);
      assert.equal(attribute(span, 'db.postgresql.values'), undefined, 'no parameter values recorded');
    }
  }

  // Nothing secret or personal in anything received (every span, not just this trace). The batch
  // processor exports spans in the order they end, one batch after another: once the span of a later
  // request has come, every span of the sign-in and the page load has come before it.
  const marker = await fetch(`${server.origin}/remotes.json`);
  assert.equal(marker.status, 200);
  await marker.arrayBuffer();
  await waitForSpan('the span of a later request', () => receiver.spans().find((s) => s.kind === 2 && attribute(s, 'http.route') === '/remotes.json'));
  const everything = receiver.bodies.map((b) => b.raw).join('\n');
  const sessionValue = cookie.slice(cookie.indexOf('=') + 1);
  for (const [what, secret] of [
    ['identity code', MIKKO.identityCode],
    ['given name', MIKKO.givenName],
    ['family name', MIKKO.familyName],
    ['session cookie', sessionValue],
    ['CSRF token', csrfToken],
    ['bearer token', BEARER.slice('Bearer '.length)],
  ] as const) {
    assert.ok(!everything.includes(secret), `no span attribute holds the ${what}`);
  }

  // The request's log lines carry its request id and the same trace id.
  const requestLines = server.logLines
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.trace_id === serverSpan.traceId);
  assert.ok(requestLines.length > 0, `a log line carries trace ${serverSpan.traceId}:\n${server.logLines.slice(-20).join('\n')}`);
  const reqIds = new Set(requestLines.map((line) => line.reqId));
  assert.equal(reqIds.size, 1, 'one request id in the trace');
  assert.ok(typeof [...reqIds][0] === 'string' && [...reqIds][0] !== '', 'the request id is there');
  assert.ok(requestLines.some((line) => line.msg === 'incoming request'));
  assert.ok(requestLines.some((line) => line.msg === 'request completed'), 'the completion line too');
  for (const line of requestLines) assert.equal(typeof line.span_id, 'string');
  diagnostic(
    `${server.onPostgres ? 'PostgreSQL' : 'PGlite (no pg spans to check)'}: trace ${serverSpan.traceId}: ${inTrace().length} spans, ` +
      `${inTrace().filter((s) => attribute(s, 'db.system') === 'postgresql' || attribute(s, 'db.system.name') === 'postgresql').length} of them pg; ` +
      `${requestLines.length} log lines of request ${String([...reqIds][0])} carry the trace id`,
  );
}

describe('traces', () => {
  test('the redaction of finished spans: identity codes, bearer tokens, JWTs, query strings, cookie headers', () => {
    const span = {
      name: 'GET /oauth/callback?code=abc&state=def',
      attributes: {
        'http.target': '/oauth/callback?code=abc&state=def',
        'url.full': 'http://localhost/api/x?csrfToken=zz',
        'url.query': 'code=abc',
        'http.request.header.cookie': ['portal_session=s3cret'],
        'db.query.text': "select * from people where identity_code = '150385-9013'",
        'exception.message': 'Bearer abc.def-ghi failed; id token eyJhbGciOiJI.eyJzdWIiOiIx.c2lnbmF0dXJl',
        'http.response.status_code': 200,
      } as Record<string, unknown>,
      events: [{ name: 'exception', attributes: { 'exception.message': 'no such person 010190-123A' } as Record<string, unknown> }],
    };
    redactSpan(span);
    assert.equal(span.name, 'GET /oauth/callback');
    assert.deepEqual(span.attributes, {
      'http.target': '/oauth/callback',
      'url.full': 'http://localhost/api/x',
      'db.query.text': "select * from people where identity_code = '[identity-code]'",
      'exception.message': 'Bearer [redacted] failed; id token [jwt]',
      'http.response.status_code': 200,
    });
    assert.equal(span.events[0]!.attributes['exception.message'], 'no such person [identity-code]');
    assert.equal(withoutQuery('/a#b'), '/a');
  });

  test('from the sources (node --import tsx --import ./src/telemetry/instrument.ts src/main.ts)', async (t) => {
    await checkOnePageLoad(['--import', 'tsx', '--import', './src/telemetry/instrument.ts', 'src/main.ts'], (m) => t.diagnostic(m));
  });

  const built = fs.existsSync(path.join(serverDir, 'dist', 'instrument.js')) && fs.existsSync(path.join(serverDir, 'dist', 'main.js'));
  test('from the build (node --import ./dist/instrument.js dist/main.js)', { skip: built ? false : 'no build with dist/instrument.js: run npm run build' }, async (t) => {
    await checkOnePageLoad(['--import', './dist/instrument.js', 'dist/main.js'], (m) => t.diagnostic(m));
  });
});
