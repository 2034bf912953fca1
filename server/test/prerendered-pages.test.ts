import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, fixturesDir, signIn, type TestApp } from './helpers';

// The server's side of the pre-rendered anonymous pages (issue 15): it finds the page owner's bundle
// beside that package's other build output (<dist>/prerender/index.cjs), gives it the page's state
// and address, and puts its HTML where the shell's layout has the page. The bundles here are
// stand-ins that echo what they were given; e2e/tests/anonymous-no-js.spec.ts checks the real ones.

/** A stand-in pre-render bundle: says who rendered, for which state and address. */
function bundleSource(owner: string, options: { throws?: boolean; version?: string } = {}): string {
  return `
exports.render = ({ state, url, parcels = {} }) => {
  ${options.throws ? "throw new Error('broken bundle');" : ''}
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  if (!state.page && ${JSON.stringify(owner)} !== 'shell') return null;
  return {
    html: '<div class="fixture-${owner}" data-prerendered="' + (state.page ? state.page.routeId : 'shell') + '"><h1>${owner} ${options.version ?? 'v1'} ' + state.lang + ' ' + state.brand + '</h1>' +
      '<a href="' + esc(url) + '">again</a><p>user ' + (state.user ? 'yes' : 'no') + '</p>' +
      Object.entries(parcels).map(([key, parcel]) => '<div data-parcel="' + key + '" data-complete="' + parcel.complete + '">' + parcel.html + '</div>').join('') + '</div>',
    css: '.fixture-${owner}{color:red}</style><script>alert(1)</script>',
    // a page that shows something only its running code shows (as the landing's error toast)
    ...(url.includes('toast=1') ? { complete: false } : {}),
  };
};
${
  owner === 'shell'
    ? `// the layout's header, as the shell's bundle renders it (say for whom; or a bundle that breaks)
exports.renderHeader = ({ state, url }) => {
  if (url.includes('header=throws')) throw new Error('broken header');
  if (url.includes('header=text')) return 'not a header';
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  return '<header class="shell-header" data-fixture="' + state.lang + ' ' + esc(url) + '"></header>';
};
// the layout's side menu: for someone signed in (or a bundle answering something that is not a menu)
exports.renderMenu = ({ state, url }) => {
  if (!state.user) return null;
  if (url.includes('menu=text')) return 'not a menu';
  return '<nav class="shell-menu" data-fixture="menu for ' + state.user.firstName + '"></nav>';
};`
    : `// its front-page summary, from the page state it was given (none without one: the loader failed)
exports.renderParcel = ({ state, exposed }) => {
  if (exposed !== './summary' || !state.page || state.page.routeId !== 'front-page') return null;
  const summary = state.page.state.summaries[${JSON.stringify(owner)}];
  if (!summary) return null;
  // messaging's is text and links (complete); booking's says nothing (as a bundle from before the field)
  return {
    html: '<section class="summary-${owner}"><h2>${owner} summary for ' + state.page.state.firstName + '</h2></section>', css: '.summary-${owner}{}</style><b>',
    ...(${JSON.stringify(owner)} === 'mf-messaging' ? { complete: true } : {}),
  };
};`
}`;
}

function writeBundle(dist: string, owner: string, options: { throws?: boolean; version?: string } = {}): string {
  mkdirSync(path.join(dist, 'prerender'), { recursive: true });
  const file = path.join(dist, 'prerender', 'index.cjs');
  writeFileSync(file, bundleSource(owner, options));
  return file;
}

function shellBuild(dir: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang=fi><head><!--portal-initial-state--></head><body><div id=portal-root></div><script defer src=/shell/main.js></script></body></html>');
  const texts = { 'shell.brand.adult.title': 'Brand', 'shell.brand.children.title': 'Children', 'shell.skipToContent': 'Skip' };
  writeFileSync(path.join(dir, 'skeleton-messages.json'), JSON.stringify({ fi: texts, sv: texts, en: texts }));
  return dir;
}

/** The part of the page inside #portal-root. */
function rootOf(body: string): string {
  return body.slice(body.indexOf('<div id=portal-root'), body.indexOf('<script defer'));
}

/** The files listed for the shell to preload when it starts (shell/src/page-hints.ts), by address. */
function laterHintsOf(body: string): string[] {
  const json = /<script type="application\/json" id="portal-page-hints">([^<]*)<\/script>/.exec(body)?.[1];
  return json ? (JSON.parse(json) as { href: string }[]).map((hint) => hint.href) : [];
}

/** How the shell's code is told to boot: `deferred` (wait for the visitor) or at once (no attribute). */
function bootOf(body: string): string | null {
  return /<div id=portal-root( data-boot="([^"]*)")?[ >]/.exec(body)?.[2] ?? null;
}

/** When the entry is told the signed-in session ends (shell/src/deferred-boot.ts starts the shell before it). */
function sessionExpiryOf(body: string): string | null {
  return /<div id=portal-root[^>]* data-session-expires-at="([^"]*)"/.exec(body)?.[1] ?? null;
}

let t: TestApp;
let work: string;
let shellDist: string;
let remotesRoot: string;

before(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'prerendered-pages-'));
  shellDist = shellBuild(path.join(work, 'shell-dist'));
  remotesRoot = path.join(work, 'remotes');
  cpSync(path.join(fixturesDir, 'remotes'), remotesRoot, { recursive: true });
  writeBundle(shellDist, 'shell');
  writeBundle(path.join(remotesRoot, 'mf-booking', 'dist'), 'mf-booking');
  writeBundle(path.join(remotesRoot, 'mf-messaging', 'dist'), 'mf-messaging');
  t = await createTestApp({ SHELL_DIST: shellDist, REMOTES_DIST_ROOT: remotesRoot });
});
after(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

describe('pre-rendered anonymous pages', () => {
  it("puts the shell's page, rendered for the page's language and address, first in <main>", async () => {
    const res = await t.app.inject({ url: '/sv/logga-in?nextPath=%2Fsv%2Fbesok&acting=guardian' });
    assert.equal(res.statusCode, 200);
    const root = rootOf(res.body);
    assert.match(root, /<main id="main-content" class="shell-main" tabindex="-1"><style>/);
    assert.match(root, /<h1>shell v1 sv adult<\/h1>/);
    assert.match(root, /<a href="\/sv\/logga-in\?nextPath=%2Fsv%2Fbesok&amp;acting=guardian">/, 'the bundle gets the query');
    assert.match(root, /<\/div><div class="shell-remote-outlet"><\/div><\/main>/, 'the outlet follows the page, as in the layout');
    assert.doesNotMatch(root, /<noscript>/, 'the page works without scripts: no "needs JavaScript" notice');
  });

  it("puts a remote's page, from that remote's own build output, inside its host in the remote outlet, with the page's state", async () => {
    const res = await t.app.inject({ url: '/en/booking?specialtyIds=PSY' });
    assert.equal(res.statusCode, 200);
    const root = rootOf(res.body);
    assert.match(
      root,
      /<div class="shell-remote-outlet"><div class="shell-remote-host" data-remote="mf-booking"><style>[^]*<\/style><div class="fixture-mf-booking" data-prerendered="booking.landing"><h1>mf-booking v1 en adult<\/h1>/,
    );
    assert.match(root, /href="\/en\/booking\?specialtyIds=PSY"/);
    assert.match(root, /class="shell shell--skeleton shell--full-width"/, "the route's full-width layout applies before the shell renders");
  });

  it("keeps the bundle's CSS inside its <style> element", async () => {
    const res = await t.app.inject({ url: '/fi/kirjaudu' });
    const root = rootOf(res.body);
    assert.match(root, /<style>\.fixture-shell\{color:red\}<\\\/style><script>alert\(1\)<\/script><\/style>/);
    assert.doesNotMatch(root, /<\/style><script>/);
  });

  it('leaves a page whose owner has no bundle as before: the skeleton with the "needs JavaScript" notice', async () => {
    const res = await t.app.inject({ url: '/fi/uusi-asiakas' });
    assert.equal(res.statusCode, 200);
    const root = rootOf(res.body);
    assert.match(root, /<main class="shell-main"><noscript>/);
    assert.doesNotMatch(root, /data-prerendered/);
  });

  it("pre-renders the signed-in front page with each remote's summary, rendered by that remote's own bundle from the page state", async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const res = await t.app.inject({ url: '/fi', headers: mikko.headers });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], 'no-store');
    const root = rootOf(res.body);
    assert.match(root, /<main id="main-content" class="shell-main" tabindex="-1"><style>[^]*<h1>shell v1 fi adult<\/h1>/);
    // the summary's CSS cannot end its <style> element, so the HTML after it stays text
    assert.match(root, /<div data-parcel="mf-messaging\.\/summary" data-complete="true"><style>\.summary-mf-messaging\{\}<\\\/style><b><\/style><section class="summary-mf-messaging">/);
    // each rule once per page (issue 31): the same hostile text in the next summary's CSS is not repeated
    assert.match(root, /<div data-parcel="mf-booking\.\/summary" data-complete="false"><style>\.summary-mf-booking\{\}<\/style><section class="summary-mf-booking"><h2>mf-booking summary for Mikko<\/h2><\/section><\/div>/);
    assert.match(root, /<div data-parcel="mf-messaging\.\/summary" data-complete="true">[^]*<h2>mf-messaging summary for Mikko<\/h2>/);
    // mf-records has no bundle here: its place waits for its parcel, as before
    assert.doesNotMatch(root, /mf-records/);
  });

  it("does not preload the code of a summary that is complete in the HTML (text and links); one that needs its code is preloaded as before", async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const res = await t.app.inject({ url: '/fi', headers: mikko.headers });
    const hints = laterHintsOf(res.body);
    assert.ok(hints.includes('/remotes/mf-booking/mf-manifest.json'), hints.join(' '));
    assert.ok(hints.includes('/remotes/mf-records/mf-manifest.json'), 'no bundle, no summary in the HTML: its code is needed');
    assert.ok(!hints.some((href) => href.startsWith('/remotes/mf-messaging/')), hints.join(' '));
  });

  it("leaves out the summary of a remote a developer overrides (the page shows their build's parcel)", async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const res = await t.app.inject({ url: '/fi', headers: { ...mikko.headers, cookie: `${mikko.headers.cookie}; portal-mf-overrides=mf-booking` } });
    const root = rootOf(res.body);
    assert.doesNotMatch(root, /mf-booking summary/);
    assert.match(root, /mf-messaging summary for Mikko/);
  });

  it("pre-renders a remote's signed-in page its bundle renders, from the page's state, for the person signed in (issue 31)", async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const res = await t.app.inject({ url: '/fi/viestit', headers: mikko.headers });
    assert.equal(res.statusCode, 200);
    assert.match(rootOf(res.body), /<div class="shell-remote-host" data-remote="mf-messaging"><style>[^]*<\/style><div class="fixture-mf-messaging" data-prerendered="messaging\.[\w.-]+"><h1>mf-messaging v1 fi adult<\/h1>[^]*<p>user yes<\/p>/);
    assert.equal(res.headers['cache-control'], 'no-store');
  });

  it('sends a signed-in page without its session to the login page, never its bundle', async () => {
    const res = await t.app.inject({ url: '/fi/viestit' });
    assert.equal(res.statusCode, 302);
    assert.doesNotMatch(res.body, /mf-messaging v1/);
  });

  it('gives the bundle the signed-in user on an anonymous page', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const res = await t.app.inject({ url: '/fi/eula', headers: mikko.headers });
    assert.match(rootOf(res.body), /<p>user yes<\/p>/);
  });

  it('takes a redeployed bundle without a restart, and a broken one falls back to the skeleton', async () => {
    const file = writeBundle(path.join(remotesRoot, 'mf-booking', 'dist'), 'mf-booking', { version: 'v2' });
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    const redeployed = await t.app.inject({ url: '/fi/ajanvaraus' });
    assert.match(rootOf(redeployed.body), /<h1>mf-booking v2 fi adult<\/h1>/);

    writeBundle(path.join(remotesRoot, 'mf-booking', 'dist'), 'mf-booking', { throws: true });
    const evenLater = new Date(Date.now() + 10_000);
    utimesSync(file, evenLater, evenLater);
    const broken = await t.app.inject({ url: '/fi/ajanvaraus' });
    assert.equal(broken.statusCode, 200);
    assert.match(rootOf(broken.body), /<main class="shell-main"><noscript>/);
  });
});

describe("the shell's header on an anonymous page (the language links before any script runs)", () => {
  /** The header the server put before the page, whoever rendered it. */
  const headerOf = (body: string) => /<header[^]*?<\/header>/.exec(rootOf(body))?.[0] ?? '';

  it("is the shell's own, rendered for the page's language and address, on a shell page, a remote's page and a page without a bundle", async () => {
    for (const url of ['/sv/logga-in?nextPath=%2Fsv%2Fbesok', '/en/booking?specialtyIds=PSY', '/fi/uusi-asiakas']) {
      const res = await t.app.inject({ url });
      assert.equal(headerOf(res.body), `<header class="shell-header" data-fixture="${url.slice(1, 3)} ${url.replace(/&/g, '&amp;')}"></header>`, url);
    }
  });

  it('comes with the skip link where the page is pre-rendered (it is used before the shell runs)', async () => {
    const prerendered = rootOf((await t.app.inject({ url: '/fi/kirjaudu' })).body);
    assert.match(prerendered, /<div class="shell shell--skeleton"><a class="shell-skip-link" href="#main-content">Skip<\/a><header/);
    const notPrerendered = rootOf((await t.app.inject({ url: '/fi/uusi-asiakas' })).body);
    assert.doesNotMatch(notPrerendered, /shell-skip-link/, 'no <main id="main-content"> to skip to');
  });

  it("is the shell's for someone signed in too, with the side menu the shell's bundle renders for the page before <main>", async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    for (const url of ['/fi', '/fi/kaynnit']) {
      const res = await t.app.inject({ url, headers: mikko.headers });
      assert.match(headerOf(res.body), /data-fixture="fi /, url);
      assert.match(rootOf(res.body), /<div class="shell shell--skeleton shell--with-menu"><a class="shell-skip-link"|<div class="shell shell--skeleton shell--with-menu"><header/, url);
      assert.match(rootOf(res.body), /<div class="shell-body"><nav class="shell-menu" data-fixture="menu for Mikko"><\/nav><main /, url);
    }
  });

  it('has no side menu where the shell renders none (an anonymous page), nor when the menu is not a <nav>', async () => {
    const anonymous = await t.app.inject({ url: '/fi/kirjaudu' });
    assert.doesNotMatch(rootOf(anonymous.body), /shell-menu|shell--with-menu/);
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const broken = await t.app.inject({ url: '/fi/kaynnit?menu=text', headers: mikko.headers });
    assert.doesNotMatch(rootOf(broken.body), /shell-menu|shell--with-menu/);
  });

  it("is the brand alone when the shell's bundle throws or answers something that is not a header", async () => {
    for (const url of ['/fi/kirjaudu?header=throws', '/fi/kirjaudu?header=text']) {
      const res = await t.app.inject({ url });
      assert.equal(res.statusCode, 200, url);
      assert.doesNotMatch(headerOf(res.body), /data-fixture|not a header/, url);
      assert.match(headerOf(res.body), /shell-logo--placeholder/, url);
      assert.match(rootOf(res.body), /<h1>shell v1 fi adult<\/h1>/, 'the page itself is still pre-rendered');
    }
  });
});

describe("the shell's boot on a pre-rendered page (shell/src/deferred-boot.ts)", () => {
  it("is deferred where the server's HTML is the whole page: a shell page and a remote's page", async () => {
    // the booking bundle works again (the test above left a broken one)
    const file = writeBundle(path.join(remotesRoot, 'mf-booking', 'dist'), 'mf-booking');
    const later = new Date(Date.now() + 40_000);
    utimesSync(file, later, later);
    for (const url of ['/fi/kirjaudu?nextPath=%2Ffi%2Fkaynnit', '/en/booking?specialtyIds=PSY', '/sv/eula']) {
      const res = await t.app.inject({ url });
      assert.equal(res.statusCode, 200, url);
      assert.match(rootOf(res.body), /data-prerendered/, url);
      assert.equal(bootOf(res.body), 'deferred', url);
    }
  });

  it('starts at once on a page that is not pre-rendered: no bundle for it, a signed-in page, a page not found', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    for (const [url, headers] of [['/fi/uusi-asiakas', {}], ['/fi/kaynnit', mikko.headers], ['/fi/ei-ole-olemassa', {}]] as const) {
      const res = await t.app.inject({ url, headers });
      assert.doesNotMatch(rootOf(res.body), /data-prerendered/, url);
      assert.equal(bootOf(res.body), null, url);
    }
  });

  it("waits for a signed-in visitor's first interaction too where the page is pre-rendered whole, and tells the entry when their session ends (issue 31)", async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    for (const url of ['/fi/eula', '/fi', '/fi/viestit']) {
      const res = await t.app.inject({ url, headers: mikko.headers });
      assert.match(rootOf(res.body), /<p>user yes<\/p>/, url);
      assert.equal(bootOf(res.body), 'deferred', url);
      const state = JSON.parse(/<script type="application\/json" id="portal-initial-state">([^<]*)<\/script>/.exec(res.body)?.[1] ?? 'null') as { session: { expiresAt: string } };
      assert.equal(sessionExpiryOf(res.body), state.session.expiresAt, url);
      assert.ok(Date.parse(state.session.expiresAt) > Date.now(), url);
    }
    const anonymous = await t.app.inject({ url: '/fi/kirjaudu' });
    assert.equal(bootOf(anonymous.body), 'deferred');
    assert.equal(sessionExpiryOf(anonymous.body), null, 'no session, nothing to watch');
  });

  it('preloads nothing before the first paint where the page is pre-rendered: its files are listed for the shell to preload when it starts (issue 31)', async () => {
    const res = await t.app.inject({ url: '/en/booking?specialtyIds=PSY' });
    assert.equal(bootOf(res.body), 'deferred');
    assert.doesNotMatch(res.body, /<link rel="preload"/);
    assert.ok(laterHintsOf(res.body).includes('/remotes/mf-booking/mf-manifest.json'));
    const notPrerendered = await t.app.inject({ url: '/fi/uusi-asiakas' });
    assert.equal(bootOf(notPrerendered.body), null);
    assert.doesNotMatch(notPrerendered.body, /id="portal-page-hints"/, 'a page that needs its code at once preloads it in the HTML');
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const signedIn = await t.app.inject({ url: '/fi/viestit', headers: mikko.headers });
    assert.match(rootOf(signedIn.body), /data-prerendered/);
    assert.equal(bootOf(signedIn.body), 'deferred');
    assert.doesNotMatch(signedIn.body, /<link rel="preload"/, "a signed-in page's shell starts when the visitor acts, and fetches its files from then on");
    assert.ok(laterHintsOf(signedIn.body).some((href) => href.startsWith('/remotes/mf-messaging/')));
  });

  it('starts right after the first paint, not on an interaction, where the bundle says the page shows something only its running code shows', async () => {
    const res = await t.app.inject({ url: '/fi/kirjaudu?toast=1' });
    assert.match(rootOf(res.body), /<h1>shell v1 fi adult<\/h1>/, 'the page is still pre-rendered');
    assert.equal(bootOf(res.body), 'after-paint');
  });

  it('starts at once when a bundle throws, though the route is one that is pre-rendered elsewhere', async () => {
    const file = writeBundle(shellDist, 'shell', { throws: true });
    const later = new Date(Date.now() + 20_000);
    utimesSync(file, later, later);
    try {
      const res = await t.app.inject({ url: '/fi/kirjaudu' });
      assert.equal(res.statusCode, 200);
      assert.equal(bootOf(res.body), null);
    } finally {
      writeBundle(shellDist, 'shell');
      const evenLater = new Date(Date.now() + 30_000);
      utimesSync(file, evenLater, evenLater);
    }
  });
});

describe('pre-render bundles are not static files', () => {
  it('answers 404 for a bundle under /shell/ and /remotes/<id>/', async () => {
    for (const url of ['/shell/prerender/index.cjs', '/remotes/mf-booking/prerender/index.cjs', '/remotes/mf-booking/prerender/']) {
      assert.equal((await t.app.inject({ url })).statusCode, 404, url);
    }
    assert.equal((await t.app.inject({ url: '/remotes/mf-booking/routes.json' })).statusCode, 200, 'the rest of the folder is served');
  });
});
