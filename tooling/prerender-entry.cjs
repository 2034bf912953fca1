// Entry of a pre-render bundle (prerender-webpack.cjs): the package's src/prerender.tsx exports
// `render({ state, url })`, the page's HTML or null when the page is not one it pre-renders, and
// may export `needsScriptAtOnce({ state, url })`, true when the page at that address shows at once
// something only its running code shows (then the HTML is not the whole page: `complete: false`,
// and the shell boots at once instead of waiting for the visitor); the bundle adds the CSS its pages need.
// The shell's bundle also exports `renderHeader({ state, url })`, the layout's header of an anonymous
// page (or null). The server's side of this contract: server/src/pages/prerendered.ts.
const page = require('portal-prerender-page');
const { stylesheets } = require('./prerender-css-registry.cjs');

let css = null;

/** @param {{ state: object, url: string }} input the page's initial state and its path with the query */
exports.render = (input) => {
  const html = page.render(input);
  if (html === null || html === undefined) return null;
  css ??= stylesheets();
  const complete = !(typeof page.needsScriptAtOnce === 'function' && page.needsScriptAtOnce(input));
  return { html, css, complete };
};

/** Only where the package's src/prerender.tsx has one (the shell's): the layout's header as HTML, or null. */
if (typeof page.renderHeader === 'function') {
  exports.renderHeader = (input) => page.renderHeader(input) ?? null;
}
