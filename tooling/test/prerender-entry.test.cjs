// The pre-render bundle's entry (prerender-entry.cjs) tells the server whether a page's HTML is the
// whole page: where it is, the shell waits for the visitor (issue 31), so a part still loading in it
// would stay loading until the visitor acted.
let rendered = '';
let needsScriptAtOnce = false;
jest.mock(
  'portal-prerender-page',
  () => ({
    render: () => rendered,
    needsScriptAtOnce: () => needsScriptAtOnce,
    renderParcel: () => ({ html: rendered, complete: true }),
  }),
  { virtual: true },
);
jest.mock('../prerender-css-registry.cjs', () => ({ stylesheets: () => '.page{}' }));
const entry = require('../prerender-entry.cjs');

const input = { state: {}, url: '/fi/omat-tiedot' };

beforeEach(() => {
  needsScriptAtOnce = false;
});

test('a page of text, links and controls is whole: its shell may wait for the visitor', () => {
  rendered = '<div data-prerendered="account.my-information"><h1>Omat tiedot</h1><button type="button">Muokkaa</button></div>';
  expect(entry.render(input)).toEqual({ html: rendered, css: '.page{}', complete: true });
  expect(entry.renderParcel({ ...input, exposed: './summary' }).complete).toBe(true);
});

test('a page with a part still loading (aria-busy) is not whole: only its running code finishes it', () => {
  rendered = '<div data-prerendered="account.my-information"><section aria-busy="true"><span role="status">Ladataan</span></section></div>';
  expect(entry.render(input).complete).toBe(false);
  expect(entry.renderParcel({ ...input, exposed: './summary' }).complete).toBe(false);
  rendered = '<div data-prerendered="account.my-information"><span role="status" class="portal-spinner portal-spinner--medium"></span></div>';
  expect(entry.render(input).complete).toBe(false);
});

test('a page whose owner says it needs its code at once is not whole', () => {
  rendered = '<div data-prerendered="accessibility"><h1>Saavutettavuus</h1></div>';
  needsScriptAtOnce = true;
  expect(entry.render(input).complete).toBe(false);
});
