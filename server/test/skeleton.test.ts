import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { ComposedRoute, InitialState } from '@portal/shared-api';
import { brandConfigs } from '../src/config/brands';
import { createShellTemplate } from '../src/pages/html';
import { createSkeleton, documentTitle, headingText } from '../src/pages/skeleton';

function shellDist(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang=fi><head><!--portal-initial-state--></head><body><div id=portal-root></div><script defer src=/shell/main.js></script></body></html>');
  const texts = (lang: string) => ({
    'shell.brand.adult.title': `title-${lang}`,
    'shell.footer.customerService': `service-${lang}`,
    'shell.footer.callCharge': `charge-${lang} <b>`,
    'shell.footer.apps': 'apps',
    'shell.footer.appStore': 'ios',
    'shell.footer.googlePlay': 'android',
    'shell.footer.terms': 'terms',
    'shell.footer.accessibility': `accessibility-${lang}`,
  });
  writeFileSync(path.join(dir, 'skeleton-messages.json'), JSON.stringify({ fi: texts('fi'), sv: texts('sv'), en: texts('en') }));
  return dir;
}

function state(lang: 'fi' | 'sv' | 'en'): InitialState {
  return {
    lang,
    brand: 'adult',
    environment: 'development',
    features: [],
    user: null,
    session: null,
    mfaOnboardingParam: null,
    config: brandConfigs.adult,
    routes: [],
    remotes: { remotes: [], overridesAllowed: false },
    page: null,
    sentryDsn: null,
  };
}

const routeWith = (footer: boolean) => ({ layout: { menu: false, footer, fullWidth: false } }) as ComposedRoute;

describe('server-rendered skeleton (first paint before the shell code runs)', () => {
  it('puts the brand title and the customer service details of the page language inside #portal-root', () => {
    const dist = shellDist();
    const html = createShellTemplate(dist).render(state('sv'), createSkeleton(dist)(state('sv'), routeWith(true)));
    const root = html.slice(html.indexOf('<div id=portal-root>'), html.indexOf('<script defer'));
    assert.match(root, /title-sv/);
    assert.match(root, /service-sv/);
    assert.match(root, new RegExp(`tel:${brandConfigs.adult.customerServicePhone.replace(/\s/g, '')}`));
    assert.match(root, /charge-sv &lt;b&gt;/, 'catalogue texts are escaped');
    assert.match(html, /<html lang="sv" data-brand="adult"/, 'the theme applies before any script');
  });

  it('links the footer to the accessibility statement in the page language, when the shell has the page', () => {
    const dist = shellDist();
    const statement = {
      id: 'accessibility',
      owner: 'shell',
      kind: 'anonymous',
      paths: { fi: 'saavutettavuusseloste', sv: 'tillganglighetsutlatande', en: 'accessibility-statement' },
      layout: { menu: true, footer: true, fullWidth: false },
    } as ComposedRoute;
    const sv = createSkeleton(dist)({ ...state('sv'), routes: [statement] }, routeWith(true));
    assert.match(sv, /<a href="\/sv\/tillganglighetsutlatande">accessibility-sv<\/a>/);
    const older = createSkeleton(dist)(state('sv'), routeWith(true));
    assert.doesNotMatch(older, /accessibility-sv/, 'a shell build without the page gets no link to it');
  });

  it('leaves the footer out where the page has none (layout.footer false)', () => {
    const dist = shellDist();
    const skeleton = createSkeleton(dist)(state('fi'), routeWith(false));
    assert.match(skeleton, /title-fi/);
    assert.doesNotMatch(skeleton, /shell-footer/);
  });

  it('renders nothing without a shell build, and the page still works', () => {
    const missing = path.join(os.tmpdir(), 'no-such-shell-build');
    assert.equal(createSkeleton(missing)(state('fi'), null), '');
  });
});

describe('the document title before any script (issue 28)', () => {
  const visits = { id: 'records.visits', menu: { group: 'other', order: 10, labelId: 'records.menu.visits', label: { fi: 'Käynnit', sv: 'Besök', en: 'Visits' } } } as unknown as ComposedRoute;
  const shellTexts = (lang: string) => ({ 'shell.brand.adult.title': `Adult ${lang}`, 'shell.brand.children.title': `Children ${lang}` });

  it('is the page’s menu label and the brand’s title, in the page’s language and brand', () => {
    assert.equal(documentTitle(shellTexts('sv'), { lang: 'sv', brand: 'adult' }, visits), 'Besök – Adult sv');
    assert.equal(documentTitle(shellTexts('en'), { lang: 'en', brand: 'children' }, visits), 'Visits – Children en');
    assert.equal(documentTitle(shellTexts('fi'), { lang: 'fi', brand: 'children' }, null), 'Children fi', 'a page without a menu label: the brand');
    assert.equal(documentTitle(null, { lang: 'sv', brand: 'adult' }, null), 'E-tjänsten', 'no shell build: the server’s own text');
  });

  it('is the pre-rendered page’s own heading where the server rendered the page, as the shell titles it by its h1', () => {
    const page = '<style>h1{}</style><div><h1 class="x" tabindex="-1">Tom &amp; Jerry&#x27;s <span>visit</span></h1><h1>second</h1></div>';
    assert.equal(documentTitle(shellTexts('en'), { lang: 'en', brand: 'adult' }, visits, page), "Tom & Jerry's visit – Adult en");
    assert.equal(documentTitle(shellTexts('en'), { lang: 'en', brand: 'adult' }, null, page), "Tom & Jerry's visit – Adult en");
    assert.equal(documentTitle(shellTexts('en'), { lang: 'en', brand: 'adult' }, visits, '<p>no heading</p>'), 'Visits – Adult en', 'no h1: the menu label');
    assert.equal(headingText('<h1></h1>'), '');
  });

  it('replaces the build’s fixed title in the HTML, escaped', () => {
    const dist = shellDist();
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang=fi><head><title>Asiointipalvelu</title><!--portal-initial-state--></head><body><div id=portal-root></div></body></html>');
    const html = createShellTemplate(dist).render(state('en'), '', { title: 'Visits & <more> – Patient portal' });
    assert.match(html, /<title>Visits &amp; &lt;more&gt; – Patient portal<\/title>/);
    assert.doesNotMatch(html, /Asiointipalvelu/);
  });
});
