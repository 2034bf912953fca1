import { PAGE_HINTS_ELEMENT_ID } from '@portal/shared-api';
import { PAGE_HINTS_ID, preloadPageHints } from './page-hints';

// Issue 31: on a page the server pre-rendered whole, the files its code needs are listed as JSON
// and preloaded when the shell starts, not as preload links the browser fetches before the first paint.

function pageWithHints(json: string): void {
  document.head.innerHTML = '';
  document.body.innerHTML = `<div id="portal-root"></div><script type="application/json" id="${PAGE_HINTS_ID}">${json}</script>`;
}

const preloads = () =>
  [...document.head.querySelectorAll('link[rel="preload"]')].map((link) => ({
    href: link.getAttribute('href'),
    as: link.getAttribute('as'),
    crossorigin: link.getAttribute('crossorigin'),
    fetchpriority: link.getAttribute('fetchpriority'),
  }));

test("the entry reads the server's list by the id shared-api names", () => {
  expect(PAGE_HINTS_ID).toBe(PAGE_HINTS_ELEMENT_ID);
});

test('each listed file becomes a preload of its kind, the manifest in CORS mode, once', () => {
  pageWithHints(
    JSON.stringify([
      { href: '/remotes/mf-records/mf-manifest.json', as: 'fetch' },
      { href: '/remotes/mf-records/remoteEntry.js', as: 'script', priority: 'low' },
      { href: '/shell/start.css', as: 'style', priority: 'low' },
    ]),
  );
  preloadPageHints();
  preloadPageHints(); // a second start finds the list gone
  expect(preloads()).toEqual([
    { href: '/remotes/mf-records/mf-manifest.json', as: 'fetch', crossorigin: 'anonymous', fetchpriority: null },
    { href: '/remotes/mf-records/remoteEntry.js', as: 'script', crossorigin: null, fetchpriority: 'low' },
    { href: '/shell/start.css', as: 'style', crossorigin: null, fetchpriority: 'low' },
  ]);
});

test('a list that cannot be read preloads nothing, and what is not a file hint is left out', () => {
  pageWithHints('{not json');
  preloadPageHints();
  expect(preloads()).toEqual([]);
  pageWithHints(JSON.stringify([{ href: '/x.js', as: 'image' }, { as: 'script' }, { href: '/shell/a.js', as: 'script' }]));
  preloadPageHints();
  expect(preloads().map((link) => link.href)).toEqual(['/shell/a.js']);
});

test('a page without a list preloads nothing', () => {
  document.head.innerHTML = '';
  document.body.innerHTML = '<div id="portal-root"></div>';
  preloadPageHints();
  expect(preloads()).toEqual([]);
});
