// Generates exposed-modules.ts for the monolithic build: { 'mf_records/summary': () => import('<abs path>') , … }
// from the Module Federation `exposes` of every remote's webpack.config.cjs.
const fs = require('node:fs');
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..', '..');

/** [container name, exposed key without './', absolute file] for every remote mf-* in the repository. */
function exposedModulesOfRemotes() {
  const out = [];
  for (const dir of fs.readdirSync(repoRoot).filter((d) => d.startsWith('mf-')).sort()) {
    const configFile = path.join(repoRoot, dir, 'webpack.config.cjs');
    if (!fs.existsSync(configFile)) continue;
    const config = require(configFile)({}, { mode: 'production' });
    const federation = config.plugins.find((plugin) => plugin.constructor.name === 'ModuleFederationPlugin');
    if (!federation) throw new Error(`${configFile} has no ModuleFederationPlugin`);
    const { name, exposes } = federation._options;
    for (const [key, file] of Object.entries(exposes ?? {})) {
      out.push([name, key.replace(/^\.\//, ''), path.resolve(path.join(repoRoot, dir), typeof file === 'string' ? file : file.import)]);
    }
  }
  return out;
}

module.exports = function exposedModulesLoader() {
  const modules = exposedModulesOfRemotes();
  const entries = modules.map(([name, key, file]) => `  ${JSON.stringify(`${name}/${key}`)}: () => import(${JSON.stringify(file)}),`);
  return `export const exposedModules = {\n${entries.join('\n')}\n};\n`;
};
module.exports.exposedModulesOfRemotes = exposedModulesOfRemotes;
