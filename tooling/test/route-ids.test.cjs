const fs = require('node:fs');
const { renderRouteIds, target } = require('../route-ids.cjs');

test('the committed route id union matches every routes.json (run `node tooling/route-ids.cjs` after changing one)', () => {
  expect(fs.readFileSync(target, 'utf8')).toBe(renderRouteIds());
});

test('the union names the shell pages and the remotes\' pages', () => {
  const source = renderRouteIds();
  expect(source).toContain("'front-page'");
  expect(source).toContain("'records.laboratory'");
});
