import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig, ConfigError } from '../src/config';
import { resolveFeatures } from '../src/config/features';
import { isSafeNextPath } from '../src/http/next-path';
import { scrubText, scrubUrl } from '../src/http/logging';
import { serializeInitialState } from '../src/pages/html';
import { helsinkiInstant } from '../src/util/time';

describe('isSafeNextPath', () => {
  it('keeps same-site paths', () => {
    assert.equal(isSafeNextPath('/fi/kaynnit?x=1#y'), '/fi/kaynnit?x=1#y');
  });
  for (const bad of [undefined, '', 'fi', '//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '/fi\n/x', '/a\\b']) {
    it(`refuses ${JSON.stringify(bad)}`, () => assert.equal(isSafeNextPath(bad), '/'));
  }
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
    const dev = loadConfig({ PORT: '9000' });
    assert.equal(dev.publicUrl, 'http://localhost:9000');
    assert.equal(dev.secureCookies, false);
    assert.equal(dev.remotes.overridesAllowed, true);
    const prod = loadConfig({ APP_ENV: 'production', PUBLIC_URL: 'https://portal.example.fi/' });
    assert.equal(prod.publicUrl, 'https://portal.example.fi');
    assert.equal(prod.secureCookies, true);
    assert.equal(prod.remotes.overridesAllowed, false);
  });

  it('refuses bad values with a clear error', () => {
    assert.throws(() => loadConfig({ BRAND: 'teens' }), ConfigError);
    assert.throws(() => loadConfig({ SESSION_TIMEOUT_MINUTES: '0' }), ConfigError);
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
