import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { INITIAL_STATE_ELEMENT_ID } from '@portal/shared-api';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, fixturesDir, signIn, type SignedInCaller, type TestApp } from './helpers';

/** The fixture remotes, with a built records remote: its mf-manifest.json names the files of ./app and ./summary. */
function remotesWithBuiltRecords(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'remote-hints-'));
  cpSync(path.join(fixturesDir, 'remotes'), root, { recursive: true });
  const dist = path.join(root, 'mf-records', 'dist');
  const manifest = {
    id: 'mf_records',
    name: 'mf_records',
    metaData: { name: 'mf_records', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, publicPath: 'auto' },
    shared: [],
    remotes: [],
    exposes: [
      { id: 'mf_records:app', name: 'app', path: './app', assets: { js: { sync: ['881.js', 'expose_app.js'], async: ['86.js'] }, css: { sync: ['expose_app.css'], async: [] } } },
      { id: 'mf_records:summary', name: 'summary', path: './summary', assets: { js: { sync: ['881.js', 'expose_summary.js'], async: [] }, css: { sync: ['expose_summary.css'], async: [] } } },
    ],
  };
  writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify(manifest));
  // its texts, one chunk per language (tooling/text-files-plugin.cjs)
  writeFileSync(path.join(dist, 'text-files.json'), JSON.stringify({ packages: { 'mf-records': { fi: ['642.js'], sv: ['170.js'], en: ['168.js'] } } }));
  for (const file of ['remoteEntry.js', '881.js', 'expose_app.js', 'expose_summary.js', '86.js', '642.js', '170.js', '168.js']) writeFileSync(path.join(dist, file), '// built');
  for (const file of ['expose_app.css', 'expose_summary.css']) writeFileSync(path.join(dist, file), '.built{}');
  return root;
}

interface Hint {
  href: string;
  as: string;
  crossorigin: string | null;
}

/** The preload hints of a page, in document order, and whether all of them come before the initial state. */
function hintsOf(html: string): { hints: Hint[]; beforeState: boolean } {
  const hints = [...html.matchAll(/<link rel="preload" ([^>]*)>/g)].map(([, attrs = '']) => ({
    href: /href="([^"]*)"/.exec(attrs)?.[1] ?? '',
    as: /as="([^"]*)"/.exec(attrs)?.[1] ?? '',
    crossorigin: /crossorigin="([^"]*)"/.exec(attrs)?.[1] ?? null,
  }));
  const lastHint = html.lastIndexOf('<link rel="preload"');
  return { hints, beforeState: lastHint < html.indexOf(`id="${INITIAL_STATE_ELEMENT_ID}"`) };
}

const hrefs = (hints: Hint[]) => hints.map((hint) => hint.href);

describe('preload hints for the remotes a page mounts', () => {
  let remotesRoot: string;
  let t: TestApp;
  let mikko: SignedInCaller;
  before(async () => {
    remotesRoot = remotesWithBuiltRecords();
    t = await createTestApp({ REMOTES_DIST_ROOT: remotesRoot });
    mikko = await signIn(t.app, PERSONAS.mikko);
  });
  after(async () => {
    await t.close();
    rmSync(remotesRoot, { recursive: true, force: true });
  });

  it('the front page preloads every summary remote’s manifest, and the built one’s entry and summary files, before the state', async () => {
    const res = await t.app.inject({ url: '/fi', headers: mikko.headers });
    assert.equal(res.statusCode, 200);
    const { hints, beforeState } = hintsOf(res.body);
    assert.ok(beforeState, 'the hints come before the long initial state');
    assert.deepEqual(hrefs(hints), [
      '/remotes/mf-messaging/mf-manifest.json',
      '/remotes/mf-booking/mf-manifest.json',
      '/remotes/mf-records/mf-manifest.json',
      '/remotes/mf-records/remoteEntry.js',
      '/remotes/mf-records/expose_summary.css',
      '/remotes/mf-records/881.js',
      '/remotes/mf-records/expose_summary.js',
      '/remotes/mf-records/642.js',
      '/remotes/mf-payments/mf-manifest.json',
    ]);
    // the manifest is fetch()ed in CORS mode by the federation runtime; scripts and styles are plain elements
    for (const hint of hints) {
      if (hint.href.endsWith('mf-manifest.json')) assert.deepEqual([hint.as, hint.crossorigin], ['fetch', 'anonymous']);
      else assert.deepEqual([hint.as, hint.crossorigin], [hint.href.endsWith('.css') ? 'style' : 'script', null]);
    }
  });

  it('names files the server serves', async () => {
    const res = await t.app.inject({ url: '/fi', headers: mikko.headers });
    for (const href of hrefs(hintsOf(res.body).hints).filter((h) => h.startsWith('/remotes/mf-records/'))) {
      assert.equal((await t.app.inject({ url: href })).statusCode, 200, href);
    }
  });

  it('a remote’s page preloads that remote’s entry and ./app, nothing of the others', async () => {
    const res = await t.app.inject({ url: '/fi/kaynnit', headers: mikko.headers });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(hrefs(hintsOf(res.body).hints), [
      '/remotes/mf-records/mf-manifest.json',
      '/remotes/mf-records/remoteEntry.js',
      '/remotes/mf-records/expose_app.css',
      '/remotes/mf-records/881.js',
      '/remotes/mf-records/expose_app.js',
      '/remotes/mf-records/642.js',
    ]);
  });

  it('a remote’s texts are preloaded in the page’s language only', async () => {
    const sv = hrefs(hintsOf((await t.app.inject({ url: '/sv/besoken', headers: mikko.headers })).body).hints);
    assert.deepEqual(sv.slice(-1), ['/remotes/mf-records/170.js']);
    const en = hrefs(hintsOf((await t.app.inject({ url: '/en/visits', headers: mikko.headers })).body).hints);
    assert.deepEqual(en.slice(-1), ['/remotes/mf-records/168.js']);
    assert.ok(!en.includes('/remotes/mf-records/642.js') && !en.includes('/remotes/mf-records/170.js'));
  });

  it('the shell’s own pages and the not-found page preload no remote', async () => {
    for (const url of ['/fi/kirjaudu', '/fi/ei-ole-olemassa']) {
      const res = await t.app.inject({ url });
      assert.deepEqual(hintsOf(res.body).hints, [], url);
    }
  });

  it('leaves out a remote the browser loads from a developer’s build (the shell’s cookie, or this address)', async () => {
    const withCookie = await t.app.inject({ url: '/fi/kaynnit', headers: { cookie: `${mikko.cookie}; portal-mf-overrides=mf-records` } });
    assert.deepEqual(hintsOf(withCookie.body).hints, []);
    const front = await t.app.inject({ url: '/fi', headers: { cookie: `${mikko.cookie}; portal-mf-overrides=mf-booking%2Cmf-records` } });
    assert.deepEqual(hrefs(hintsOf(front.body).hints), ['/remotes/mf-messaging/mf-manifest.json', '/remotes/mf-payments/mf-manifest.json']);
    const override = encodeURIComponent('mf-records=http://127.0.0.1:3101/mf-manifest.json');
    const inAddress = await t.app.inject({ url: `/fi/kaynnit?mf-override=${override}`, headers: mikko.headers });
    assert.deepEqual(hintsOf(inAddress.body).hints, []);
    const reset = await t.app.inject({ url: '/fi/kaynnit?mf-override-reset', headers: { cookie: `${mikko.cookie}; portal-mf-overrides=mf-records` } });
    assert.equal(hintsOf(reset.body).hints.length, 6, 'a reset in the address loads the deployed remote again');
  });

  describe('with a shell build that names its start-up files', () => {
    let shellDist: string;
    let withShell: TestApp;
    let monolith: TestApp;
    before(async () => {
      shellDist = mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
      const monolithDist = mkdtempSync(path.join(os.tmpdir(), 'monolith-dist-'));
      for (const [dir, federation] of [[shellDist, true], [monolithDist, false]] as const) {
        const pages = { login: ['515.abc.js'], 'front-page': ['707.abc.css', '707.abc.js', '868.abc.js'] };
        // the composed shell's federation runtime is a chunk of its own, which it loads for a page's first remote
        const federationRuntime = federation ? ['71.abc.css', '71.abc.js'] : [];
        writeFileSync(path.join(dir, 'boot-files.json'), JSON.stringify({ files: ['116.abc.css', '262.abc.js', '868.abc.js'], pages, federation, federationRuntime }));
        // the shell's texts; the monolith's build has the remotes' texts too
        const texts = { shell: { fi: ['11.abc.js'], sv: ['12.abc.js'], en: ['13.abc.js'] }, ...(federation ? {} : { 'mf-records': { fi: ['21.abc.js'] }, 'mf-account': { fi: ['31.abc.js'] } }) };
        writeFileSync(path.join(dir, 'text-files.json'), JSON.stringify({ packages: texts }));
        for (const file of ['116.abc.css', '262.abc.js', '868.abc.js', '515.abc.js', '707.abc.css', '707.abc.js', '71.abc.css', '71.abc.js', '11.abc.js', '12.abc.js', '13.abc.js']) writeFileSync(path.join(dir, file), '// built');
      }
      withShell = await createTestApp({ REMOTES_DIST_ROOT: remotesRoot, SHELL_DIST: shellDist });
      monolith = await createTestApp({ REMOTES_DIST_ROOT: remotesRoot, SHELL_DIST: monolithDist });
    });
    after(async () => {
      await withShell.close();
      await monolith.close();
    });

    it('every page preloads the shell’s start-up files first, then its federation runtime and the remote’s files, all at low priority but the manifest', async () => {
      const caller = await signIn(withShell.app, PERSONAS.mikko);
      const res = await withShell.app.inject({ url: '/fi/kaynnit', headers: caller.headers });
      const { hints, beforeState } = hintsOf(res.body);
      assert.ok(beforeState);
      assert.deepEqual(hrefs(hints).slice(0, 3), ['/shell/116.abc.css', '/shell/262.abc.js', '/shell/868.abc.js']);
      assert.deepEqual(hints.slice(0, 3).map((hint) => hint.as), ['style', 'script', 'script']);
      assert.equal(hints.length, 4 + 1 + 2 + 6);
      const lowPriority = [...res.body.matchAll(/<link rel="preload" href="([^"]*)"[^>]*fetchpriority="low"/g)].map(([, href]) => href);
      assert.deepEqual(lowPriority, [
        '/shell/116.abc.css',
        '/shell/262.abc.js',
        '/shell/868.abc.js',
        '/routes.json', // the route table the shell's start fetches (issue 31: no longer in the page)
        '/shell/11.abc.js', // the shell's Finnish texts
        '/shell/71.abc.css', // the federation runtime, which the shell loads for the page's remote
        '/shell/71.abc.js',
        '/remotes/mf-records/remoteEntry.js',
        '/remotes/mf-records/expose_app.css',
        '/remotes/mf-records/881.js',
        '/remotes/mf-records/expose_app.js',
        '/remotes/mf-records/642.js',
      ]);
      for (const href of hrefs(hints).filter((h) => h.startsWith('/shell/') || h === '/routes.json')) {
        assert.equal((await withShell.app.inject({ url: href, headers: caller.headers })).statusCode, 200, href);
      }
      assert.match(res.body, /<link rel="preload" href="\/routes.json" as="fetch" crossorigin="anonymous"/, 'in the mode of the shell\'s fetch');
    });

    it('a page of the shell’s own also preloads its page’s chunk (after the start-up files, once each); other pages do not', async () => {
      const login = await withShell.app.inject({ url: '/fi/kirjaudu' });
      assert.deepEqual(hrefs(hintsOf(login.body).hints), ['/shell/116.abc.css', '/shell/262.abc.js', '/shell/868.abc.js', '/routes.json', '/shell/11.abc.js', '/shell/515.abc.js']);
      const svLogin = await withShell.app.inject({ url: '/sv/logga-in' });
      assert.deepEqual(hrefs(hintsOf(svLogin.body).hints), ['/shell/116.abc.css', '/shell/262.abc.js', '/shell/868.abc.js', '/routes.json', '/shell/12.abc.js', '/shell/515.abc.js'], 'the texts of the page’s language');
      const caller = await signIn(withShell.app, PERSONAS.mikko);
      const front = hrefs(hintsOf((await withShell.app.inject({ url: '/fi', headers: caller.headers })).body).hints);
      assert.deepEqual(front.slice(0, 7), ['/shell/116.abc.css', '/shell/262.abc.js', '/shell/868.abc.js', '/routes.json', '/shell/11.abc.js', '/shell/707.abc.css', '/shell/707.abc.js']);
      assert.deepEqual(front.slice(7, 9), ['/shell/71.abc.css', '/shell/71.abc.js'], 'then the federation runtime, for the summaries this server did not render');
      assert.ok(front.slice(9).every((href) => href.startsWith('/remotes/')), 'then the remotes’ summaries');
      const visits = hrefs(hintsOf((await withShell.app.inject({ url: '/fi/kaynnit', headers: caller.headers })).body).hints);
      assert.ok(!visits.some((href) => href.includes('515') || href.includes('707')), 'no shell page on a remote’s page');
    });

    it('a shell built without Module Federation (the benchmark’s monolith) gets no remote hints, it never asks for those files, but the texts of the remotes the page mounts from its own build', async () => {
      const caller = await signIn(monolith.app, PERSONAS.mikko);
      const res = await monolith.app.inject({ url: '/fi', headers: caller.headers });
      assert.deepEqual(hrefs(hintsOf(res.body).hints), ['/shell/116.abc.css', '/shell/262.abc.js', '/shell/868.abc.js', '/routes.json', '/shell/11.abc.js', '/shell/21.abc.js', '/shell/707.abc.css', '/shell/707.abc.js']);
      const visits = await monolith.app.inject({ url: '/fi/kaynnit', headers: caller.headers });
      assert.deepEqual(hrefs(hintsOf(visits.body).hints), ['/shell/116.abc.css', '/shell/262.abc.js', '/shell/868.abc.js', '/routes.json', '/shell/11.abc.js', '/shell/21.abc.js']);
    });
  });

  describe('where overrides are refused', () => {
    let production: TestApp;
    before(async () => {
      production = await createTestApp({ REMOTES_DIST_ROOT: remotesRoot, ALLOW_REMOTE_OVERRIDES: 'false' });
    });
    after(async () => production.close());

    it('keeps the hints whatever the cookie says: the shell loads the deployed remote', async () => {
      const caller = await signIn(production.app, PERSONAS.mikko);
      const res = await production.app.inject({ url: '/fi/kaynnit', headers: { cookie: `${caller.cookie}; portal-mf-overrides=mf-records` } });
      assert.equal(hintsOf(res.body).hints.length, 6);
    });
  });
});
