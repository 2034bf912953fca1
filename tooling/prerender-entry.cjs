// Entry of a pre-render bundle (prerender-webpack.cjs): the package's src/prerender.tsx exports
// `render({ state, url })`, the page's HTML or null when the page is not one it pre-renders, and
// may export `needsScriptAtOnce({ state, url })`, true when the page at that address shows at once
// something only its running code shows (then the HTML is not the whole page: `complete: false`,
// and the shell boots at once instead of waiting for the visitor); the bundle adds the CSS its pages need.
// The shell's bundle also exports `renderHeader({ state, url })` and `renderMenu({ state, url })`, the
// layout's header and side menu of the page (or null). A remote with front-page parcels exports
// `renderParcel({ state, url, exposed })`: the parcel's HTML as its first render in the browser makes
// it and whether that HTML is the whole parcel (`complete`: the browser then does not load its code),
// or null; the entry adds the CSS.
// A package may have parcels and no pages: then `render` answers null.
// The server's side of this contract: server/src/pages/prerendered.ts.
const page = require('portal-prerender-page');
const { stylesheets } = require('./prerender-css-registry.cjs');

let css = null;

/**
 * A part of the page still loading (`aria-busy="true"`, or shared-ui's Spinner: a section that asks
 * for its own data once it runs) is finished only by the running code: HTML with one is not the
 * whole page, so the shell starts after the first paint rather than waiting for the visitor
 * (shell/src/deferred-boot.ts).
 */
const STILL_LOADING = /\saria-busy=["']?true|\sclass="[^"]*\bportal-spinner\b/i;

/** @param {{ state: object, url: string }} input the page's initial state and its path with the query */
exports.render = (input) => {
  const html = typeof page.render === 'function' ? page.render(input) : null;
  if (html === null || html === undefined) return null;
  css ??= stylesheets();
  const complete = !STILL_LOADING.test(html) && !(typeof page.needsScriptAtOnce === 'function' && page.needsScriptAtOnce(input));
  return { html, css, complete };
};

/** Only where the package's src/prerender.tsx has them (the shell's): the layout's header and menu as HTML, or null. */
if (typeof page.renderHeader === 'function') {
  exports.renderHeader = (input) => page.renderHeader(input) ?? null;
}
if (typeof page.renderMenu === 'function') {
  exports.renderMenu = (input) => page.renderMenu(input) ?? null;
}

/** Only where the package's src/prerender.tsx has one: a parcel's HTML with the bundle's CSS, or null. */
if (typeof page.renderParcel === 'function') {
  /** @param {{ state: object, url: string, exposed: string }} input */
  exports.renderParcel = (input) => {
    const parcel = page.renderParcel(input);
    if (parcel === null || parcel === undefined) return null;
    css ??= stylesheets();
    return { html: parcel.html, css, complete: parcel.complete && !STILL_LOADING.test(parcel.html) };
  };
}
