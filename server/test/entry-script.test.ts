import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, signIn, type TestApp } from './helpers';

/**
 * Issue 31: the shell's entry (main.js) is written into each page, so the page starts no request
 * before its first paint but its style sheet; the Content-Security-Policy allows exactly that code by
 * its hash, and no other inline script.
 */

const TEMPLATE =
  '<!doctype html><html lang=fi><head><link href=/shell/main.css rel=stylesheet><!--portal-initial-state--></head>' +
  '<body><div id=portal-root></div><script defer src=/shell/main.js></script></body></html>';

let t: TestApp;
let shellDist: string;
let mtimeSeconds = Date.now() / 1000;

/** A new build of the shell's entry (a later modification time, as a deployment leaves it). */
function writeEntry(code: string): void {
  const file = path.join(shellDist, 'main.js');
  writeFileSync(file, code);
  mtimeSeconds += 10;
  utimesSync(file, mtimeSeconds, mtimeSeconds);
}

const sha256 = (code: string) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
const scriptSources = (csp: string | undefined) => /(?:^|;)\s*script-src ([^;]*)/.exec(csp ?? '')?.[1]?.split(/\s+/) ?? [];

before(async () => {
  shellDist = mkdtempSync(path.join(os.tmpdir(), 'entry-script-'));
  writeFileSync(path.join(shellDist, 'index.html'), TEMPLATE);
  t = await createTestApp({ SHELL_DIST: shellDist });
});
after(async () => {
  await t.close();
  rmSync(shellDist, { recursive: true, force: true });
});

describe("the shell's entry inside the page (issue 31)", () => {
  it('writes main.js into the page, anonymous or signed in, and the policy allows that code by its hash', async () => {
    const code = '(()=>{"use strict";document.documentElement.dataset.entry="v1"})();';
    writeEntry(code);
    const mikko = await signIn(t.app, PERSONAS.mikko);
    for (const [url, headers] of [['/fi/kirjaudu', {}], ['/fi', mikko.headers]] as const) {
      const res = await t.app.inject({ url, headers });
      assert.equal(res.statusCode, 200, url);
      assert.ok(res.body.includes(`<script>${code}</script></body>`), url);
      assert.doesNotMatch(res.body, /src=\/shell\/main\.js/, `${url}: no request for the entry`);
      const sources = scriptSources(res.headers['content-security-policy'] as string);
      assert.ok(sources.includes(sha256(code)), `${url}: ${sources.join(' ')}`);
      assert.ok(!sources.includes("'unsafe-inline'"), 'no other inline script runs');
    }
  });

  it('follows a new build of the shell: the next page carries the new code and the policy its hash, not the old one', async () => {
    const old = '(()=>{window.entry=1})();';
    writeEntry(old);
    await t.app.inject({ url: '/fi/kirjaudu' });
    const code = '(()=>{window.entry=2})();';
    writeEntry(code);
    const res = await t.app.inject({ url: '/fi/kirjaudu' });
    assert.ok(res.body.includes(`<script>${code}</script>`));
    const sources = scriptSources(res.headers['content-security-policy'] as string);
    assert.ok(sources.includes(sha256(code)));
    assert.ok(!sources.includes(sha256(old)), 'the old build no longer runs inline');
  });

  it("points the build's source map comment at the file's own folder, not the page's", async () => {
    writeEntry('(()=>{window.entry=3})();\n//# sourceMappingURL=main.js.map\n');
    const res = await t.app.inject({ url: '/fi/kirjaudu' });
    const code = '(()=>{window.entry=3})();\n//# sourceMappingURL=/shell/main.js.map';
    assert.ok(res.body.includes(`<script>${code}</script>`));
    assert.ok(scriptSources(res.headers['content-security-policy'] as string).includes(sha256(code)), 'the hash is of the code as the page has it');
  });

  it('loads by its address code that the HTML parser would cut short, and allows no hash then', async () => {
    for (const code of ['(()=>{const s="</script><b>";})();', '(()=>{const s="<!--<script>";})();']) {
      writeEntry(code);
      const res = await t.app.inject({ url: '/fi/kirjaudu' });
      assert.match(res.body, /<script defer src=\/shell\/main\.js><\/script>/);
      assert.ok(!res.body.includes(code));
      assert.ok(!scriptSources(res.headers['content-security-policy'] as string).some((source) => source.startsWith("'sha256-")));
    }
  });

  it("names the brand's icon in the page as a data: address, so the browser does not ask for /favicon.ico before the first paint", async () => {
    const res = await t.app.inject({ url: '/fi/kirjaudu' });
    const href = /<link rel="icon" type="image\/svg\+xml" href="data:image\/svg\+xml,([^"]+)">/.exec(res.body)?.[1];
    assert.ok(href, 'an icon link in the head');
    assert.ok(res.body.indexOf('<link rel="icon"') < res.body.indexOf('</head>'));
    assert.match(decodeURIComponent(href), /^<svg [^>]*><rect [^>]*fill='#0b4f8a'\/>/, "the adult brand's primary colour");
    assert.doesNotMatch(href, /[<>#"\s]/, 'nothing in the address that ends the attribute or the address');
    assert.ok(scriptSources(res.headers['content-security-policy'] as string).length > 0);
    assert.match(res.headers['content-security-policy'] as string, /img-src [^;]*data:/, 'the policy allows the data: image');
  });

  it('loads it by its address when the build has no main.js', async () => {
    rmSync(path.join(shellDist, 'main.js'));
    const res = await t.app.inject({ url: '/fi/kirjaudu' });
    assert.match(res.body, /<script defer src=\/shell\/main\.js><\/script>/);
    assert.ok(!scriptSources(res.headers['content-security-policy'] as string).some((source) => source.startsWith("'sha256-")));
  });
});
