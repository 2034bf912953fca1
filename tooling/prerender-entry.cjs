// Entry of a pre-render bundle (prerender-webpack.cjs): the package's src/prerender.tsx exports
// `render({ state, url })`, the page's HTML or null when the page is not one it pre-renders; the
// bundle adds the CSS its pages need. The server's side of this contract: server/src/pages/prerendered.ts.
const page = require('portal-prerender-page');
const { stylesheets } = require('./prerender-css-registry.cjs');

let css = null;

/** @param {{ state: object, url: string }} input the page's initial state and its path with the query */
exports.render = (input) => {
  const html = page.render(input);
  if (html === null || html === undefined) return null;
  css ??= stylesheets();
  return { html, css };
};
