import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig, ConfigError } from '../src/config';
import { resolveFeatures } from '../src/config/features';
import { jsonDepthExceeds } from '../src/http/json-body';
import { isSafeNextPath } from '../src/http/next-path';
import { scrubText, scrubUrl } from '../src/http/logging';
import { serializeInitialState } from '../src/pages/html';
import { helsinkiInstant } from '@portal/shared-i18n';

describe('isSafeNextPath', () => {
  it('keeps same-site paths', () => {
    assert.equal(isSafeNextPath('/fi/kaynnit?x=1#y'), '/fi/kaynnit?x=1#y');
  });
  for (const bad of [undefined, '', 'fi', '//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '/fi\n/x', '/a\\b', '/.//evil.example', '/x/..//evil.example']) {
    it(`refuses ${JSON.stringify(bad)}`, () => assert.equal(isSafeNextPath(bad), '/'));
  }
  it('percent-encodes what a Location header cannot carry, and keeps what is encoded already', () => {
    assert.equal(isSafeNextPath('/fi/€'), '/fi/%E2%82%AC');
    assert.equal(isSafeNextPath('/fi/viestit?haku=äö ü#ä'), '/fi/viestit?haku=%C3%A4%C3%B6%20%C3%BC#%C3%A4');
    assert.equal(isSafeNextPath('/fi/%E2%82%AC'), '/fi/%E2%82%AC');
    assert.equal(isSafeNextPath('/fi/%E0%A4%A'), '/fi/%E0%A4%A');
    for (const next of ['/fi/€', '/日本/😀?q=\u202E', '/fi/"<x>"', '/fi/\uD800']) {
      assert.match(isSafeNextPath(next), /^\/[\x21-\x7e]*$/, next);
    }
  });
  it('refuses a path that only grows too long when encoded', () => {
    assert.equal(isSafeNextPath(`/${'€'.repeat(700)}`), '/');
  });
});

describe('jsonDepthExceeds', () => {
  it('counts nesting outside strings only, in one pass whatever the depth', () => {
    assert.equal(jsonDepthExceeds('{"a":[1,{"b":[]}]}', 4), false);
    assert.equal(jsonDepthExceeds('{"a":[1,{"b":[]}]}', 3), true);
    assert.equal(jsonDepthExceeds('"[[[[[[[[" ', 1), false);
    assert.equal(jsonDepthExceeds('{"a\\"[[[[[":1}', 1), false);
    assert.equal(jsonDepthExceeds('['.repeat(1_000_000), 64), true);
    assert.equal(jsonDepthExceeds(`${'['.repeat(64)}${']'.repeat(64)}`, 64), false);
    assert.equal(jsonDepthExceeds(`${'[]'.repeat(10_000)}`, 1), false);
  });
});

describe('log scrubbing', () => {
  it('hides identity codes and secret query values', () => {
    assert.equal(scrubText('person 150385-9013 signed in'), 'person [identity-code] signed in');
    assert.equal(scrubUrl('/api/logout?csrfToken=abc&lang=fi'), '/api/logout?csrfToken=[redacted]&lang=fi');
    assert.equal(scrubUrl('/oauth/callback?code=xyz&state=s'), '/oauth/callback?code=[redacted]&state=[redacted]');
    assert.equal(scrubUrl('/x?ssn=070916A946D'), '/x?ssn=[redacted]');
  });
});

describe('configuration', () => {
  it('applies FEATURES on top of the environment defaults', () => {
    const features = resolveFeatures('production', 'pikkutsatti,-mfa');
    assert.ok(features.includes('pikkutsatti'));
    assert.ok(!features.includes('mfa'));
  });

  it('derives publicUrl, secure cookies and remote overrides', () => {
    const dev = loadConfig({ PORT: '9000', DEMO: 'true' });
    assert.equal(dev.publicUrl, 'http://localhost:9000');
    assert.equal(dev.secureCookies, false);
    assert.equal(dev.remotes.overridesAllowed, true);
    const prod = loadConfig({ APP_ENV: 'production', PUBLIC_URL: 'https://portal.example.fi/', DEMO: 'true' });
    assert.equal(prod.publicUrl, 'https://portal.example.fi');
    assert.equal(prod.secureCookies, true);
    assert.equal(prod.remotes.overridesAllowed, false);
  });

  it('refuses bad values with a clear error', () => {
    assert.throws(() => loadConfig({ BRAND: 'teens', DEMO: 'true' }), ConfigError);
    assert.throws(() => loadConfig({ SESSION_TIMEOUT_MINUTES: '0', DEMO: 'true' }), ConfigError);
  });
});

describe('helpers', () => {
  it('escapes < in the embedded state', () => {
    const json = serializeInitialState({ x: '</script><script>' } as never);
    assert.ok(!json.includes('<'));
  });

  it('converts Helsinki wall time to instants across DST', () => {
    assert.equal(helsinkiInstant('2026-01-15', 9).toISOString(), '2026-01-15T07:00:00.000Z');
    assert.equal(helsinkiInstant('2026-07-15', 9).toISOString(), '2026-07-15T06:00:00.000Z');
  });
});
