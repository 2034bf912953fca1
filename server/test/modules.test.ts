import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../src/config';
import { MessagingConfigError } from '../src/modules/messaging/config';
import { portalModules } from '../src/modules/index';

/** Issue 11: a server module is one folder with one contract, and its configuration flows up. */

const modulesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'modules');

function sourceFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts')).map((file) => path.join(dir, file));
}

describe('server modules', () => {
  it('are one folder each, with an index.ts, and the app installs every one of them', () => {
    const folders = readdirSync(modulesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    for (const folder of folders) assert.ok(existsSync(path.join(modulesDir, folder, 'index.ts')), `${folder}/index.ts`);
    const names = portalModules.map((module) => module.name);
    assert.equal(new Set(names).size, names.length, 'module names are unique');
    // server/src/pages is the one module outside this folder: the page machinery every module plugs into
    assert.deepEqual([...names].filter((name) => name !== 'pages').sort(), folders);
  });

  it('never import the app’s configuration: theirs flows up to it (config/env and config/core are the platform’s)', () => {
    // Resolved, not matched as text: a feature folder's `../config` is its own module's config.ts.
    const appConfig = [path.join(modulesDir, '..', 'config'), path.join(modulesDir, '..', 'config', 'index')];
    const imports = (file: string) => [...readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']*)'/g)].map((m) => path.resolve(path.dirname(file), m[1]!));
    const offenders = [...sourceFiles(modulesDir), ...sourceFiles(path.join(modulesDir, '..', 'pages'))].filter((file) =>
      imports(file).some((target) => appConfig.includes(target)),
    );
    assert.deepEqual(offenders, []);
  });

  it('load their own variables into the app’s configuration, by module name', () => {
    const config = loadConfig({ MESSAGING_STATUS: 'maintenance-mode', QUESTIONNAIRES_STATUS: 'maintenance-mode', API_RATE_LIMIT_PER_SESSION: '7', DEMO: 'true' });
    assert.equal(config.modules.messaging.status, 'maintenance-mode');
    assert.equal(config.modules.records.questionnairesStatus, 'maintenance-mode');
    assert.equal(config.modules['fair-use'].perSessionPerMinute, 7);
    assert.equal(config.modules.attachments.kind, 'local');
    assert.equal(config.modules.identity.oidcIssuer, null);
    assert.equal(config.modules.pages, undefined);
  });

  it('report a bad variable as a ConfigError, whichever module owns it', () => {
    assert.throws(() => loadConfig({ MESSAGING_STATUS: 'sleeping' }), (error: unknown) => error instanceof MessagingConfigError && error instanceof ConfigError);
    assert.throws(() => loadConfig({ IMAGING_API_STATUS: 'broken', DEMO: 'true' }), ConfigError);
    assert.throws(() => loadConfig({ API_CONCURRENT_PER_CLIENT: '0', DEMO: 'true' }), ConfigError);
    assert.throws(() => loadConfig({ S3_REGION: 'eu-north-1', DEMO: 'true' }), ConfigError);
    assert.throws(() => loadConfig({ OIDC_ISSUER: 'https://idp.example.fi' }), /OIDC_CLIENT_SECRET is required/);
  });
});
