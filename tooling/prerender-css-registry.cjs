// The CSS of every stylesheet module of a pre-render bundle, in import order (see prerender-css-loader.cjs).
const sheets = [];

exports.addStylesheet = (css) => {
  sheets.push(css);
};

/** The collected CSS, comments and blank lines left out (it travels uncompressed in the page). */
exports.stylesheets = () =>
  sheets
    .join('\n')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\n\s*\n/g, '\n')
    .trim();
