const fs = require('node:fs');
const path = require('node:path');
const { sharedConfig } = require('../webpack.cjs');
const { SHARED_ROUTER_MODULE, sharedRouterNames } = require('../shared-router.cjs');

const repoRoot = path.resolve(__dirname, '..', '..');

function remoteWith(deps) {
  // a remote folder beside the real shell, so the helper compares against the shell's package.json
  const dir = fs.mkdtempSync(path.join(repoRoot, 'tooling', 'test', 'tmp-remote-'));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@portal/mf-test', dependencies: deps }));
  return dir;
}

afterEach(() => {
  for (const entry of fs.readdirSync(__dirname)) {
    if (entry.startsWith('tmp-remote-')) fs.rmSync(path.join(__dirname, entry), { recursive: true });
  }
});

test('a remote whose React range matches the shell shares React, react-dom/client and jsx-runtime as singletons', () => {
  const shell = JSON.parse(fs.readFileSync(path.join(repoRoot, 'shell', 'package.json'), 'utf8'));
  const shared = sharedConfig(remoteWith({ react: shell.dependencies.react, 'react-dom': shell.dependencies['react-dom'] }));
  expect(shared.react).toMatchObject({ singleton: true, requiredVersion: shell.dependencies.react });
  expect(shared['react/jsx-runtime']).toMatchObject({ singleton: true });
  expect(shared['react-dom/client']).toMatchObject({ singleton: true });
});

test('a remote whose React range differs from the shell fails the build with the package named', () => {
  expect(() => sharedConfig(remoteWith({ react: '18.2.0' }))).toThrow(/react: @portal\/mf-test has 18\.2\.0, the shell has/);
});

test('workspace packages are shared at their package version', () => {
  const shared = sharedConfig(remoteWith({ '@portal/shared-ui': 'workspace:*' }));
  expect(shared['@portal/shared-ui']).toMatchObject({ singleton: true, requiredVersion: '0.1.0' });
});

describe('the page’s one react-router-dom is a slim module (a shared library is bundled whole)', () => {

  test('shared under its package name and version, provided by shared-ui/src/react-router-dom.shared.ts', () => {
    const version = JSON.parse(fs.readFileSync(require.resolve('react-router-dom/package.json', { paths: [path.join(repoRoot, 'shared-ui')] }), 'utf8')).version;
    const shared = sharedConfig(remoteWith({ 'react-router-dom': version }));
    expect(shared['react-router-dom']).toMatchObject({ singleton: true, import: SHARED_ROUTER_MODULE, version });
  });

  test('it exports every name the browser code imports from react-router-dom', () => {
    const imported = new Set();
    const walk = (dir) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(file);
        } else if (/\.tsx?$/.test(entry.name) && entry.name !== 'prerender.tsx') {
          for (const [, names] of fs.readFileSync(file, 'utf8').matchAll(/import \{([^}]+)\} from 'react-router-dom'/g)) {
            for (const name of names.split(',')) imported.add(name.replace(/^\s*type\s+/, '').trim());
          }
        }
      }
    };
    const packages = fs.readdirSync(repoRoot).filter((name) => name === 'shell' || name === 'shared-ui' || name.startsWith('mf-'));
    for (const name of packages) walk(path.join(repoRoot, name, 'src'));
    expect(imported.size).toBeGreaterThan(5);
    expect([...imported].filter((name) => !sharedRouterNames().includes(name))).toEqual([]);
  });
});

describe('the shell provides the singletons itself (it is built without the federation plugin)', () => {
  const { hostSharedLibraries } = require('../webpack.cjs');
  const shellDir = path.join(repoRoot, 'shell');

  test('every library the shell shares, at the version installed for it', () => {
    const provided = hostSharedLibraries(shellDir);
    expect(Object.keys(provided).sort()).toEqual(Object.keys(sharedConfig(shellDir)).sort());
    const installed = (pkg) => JSON.parse(fs.readFileSync(path.join(shellDir, 'node_modules', pkg, 'package.json'), 'utf8')).version;
    expect(provided.react.version).toBe(installed('react'));
    expect(provided['react/jsx-runtime'].version).toBe(installed('react'));
    expect(provided['react-router-dom'].version).toBe(installed('react-router-dom'));
    expect(provided['@portal/shared-ui'].version).toBe(installed('@portal/shared-ui'));
  });

  test('every singleton a remote shares is one the shell provides, at the range the remote requires', () => {
    const provided = hostSharedLibraries(shellDir);
    const remotes = fs.readdirSync(repoRoot).filter((name) => name.startsWith('mf-'));
    expect(remotes.length).toBeGreaterThan(0);
    for (const remote of remotes) {
      for (const [name, { requiredVersion }] of Object.entries(sharedConfig(path.join(repoRoot, remote)))) {
        expect([remote, name, provided[name]?.requiredVersion]).toEqual([remote, name, requiredVersion]);
      }
    }
  });
});
