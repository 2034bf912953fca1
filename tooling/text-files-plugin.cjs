// Emits dist/text-files.json: the chunks of each package's texts per language,
// `{ packages: { "<package folder>": { "fi": ["642.ab12cd34ef.js"], "sv": [...], "en": [...] } } }`.
// A package's texts are its `messages/<lang>.json`, each imported on its own (one chunk per language,
// see shell/src/app/messages.ts and each remote's src/remote.ts), so the browser learns of the
// page's language's chunk only when the code that imports it has run: one round trip more before
// the first render of the shell and of every remote (issue 15). The server reads this file and
// preloads the chunk of the page's language with the other files the page needs at once
// (server/src/pages/page-hints.ts). A remote's build lists its own texts; the shell's lists its own,
// and in the benchmark's monolithic shell (shell/monolith) every remote's too.
const path = require('node:path');

const TEXTS = /[\\/]([^\\/]+)[\\/]messages[\\/](fi|sv|en)\.json$/;

function textFilesPlugin() {
  return {
    apply(compiler) {
      const { Compilation, sources } = compiler.webpack;
      compiler.hooks.thisCompilation.tap('TextFiles', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'TextFiles', stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
          const packages = {};
          for (const module of compilation.modules) {
            const match = typeof module.resource === 'string' ? TEXTS.exec(path.normalize(module.resource)) : null;
            if (!match) continue;
            const [, pkg, lang] = match;
            const files = new Set(packages[pkg]?.[lang] ?? []);
            for (const chunk of compilation.chunkGraph.getModuleChunksIterable(module)) {
              // texts bundled into the start (none today) need no hint of their own
              if (chunk.canBeInitial()) continue;
              for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
            }
            if (files.size > 0) packages[pkg] = { ...packages[pkg], [lang]: [...files].sort() };
          }
          compilation.emitAsset('text-files.json', new sources.RawSource(JSON.stringify({ packages })));
        });
      });
    },
  };
}

module.exports = { textFilesPlugin };
