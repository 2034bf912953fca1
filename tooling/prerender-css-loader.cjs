// Pitching loader of the pre-render build (prerender-webpack.cjs): a CSS file's module registers its
// CSS text (css-loader's output) with prerender-css-registry.cjs and exports its CSS Modules class
// names, as style-loader does in a browser.
module.exports = function prerenderCssLoader(source) {
  return source;
};

module.exports.pitch = function pitch(remainingRequest) {
  const css = JSON.stringify(this.utils.contextify(this.context, `!!${remainingRequest}`));
  const registry = JSON.stringify(this.utils.contextify(this.context, require.resolve('./prerender-css-registry.cjs')));
  return [
    `import content from ${css};`,
    `import { addStylesheet } from ${registry};`,
    'addStylesheet(content.toString());',
    'export default content.locals;',
  ].join('\n');
};
