/**
 * Emits dist/boot-files.json, `{ files, federation }`: the files the shell's code asks for as soon as main.js runs (the chunks
 * of `import('./bootstrap')` and of the shared libraries it consumes, e.g. React DOM), which the
 * server preloads in the page's <head> (server/src/pages/remote-hints.ts). Without it the browser
 * learns of them only once main.js has arrived and run: one round trip and main.js's download later
 * on a slow link (issue 15).
 */
function bootFilesPlugin() {
  return {
    apply(compiler) {
      const { Compilation, sources, WebpackError } = compiler.webpack;
      compiler.hooks.thisCompilation.tap('BootFiles', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'BootFiles', stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
          const { chunkGraph, moduleGraph } = compilation;
          const entrypoint = compilation.entrypoints.get('main');
          const entryDependency = compilation.entries.get('main')?.dependencies[0];
          const entryModule = entryDependency && moduleGraph.getModule(entryDependency);
          if (!entrypoint || !entryModule) {
            compilation.errors.push(new WebpackError('boot-files.json: no main entry'));
            return;
          }
          // At run time a consumed library comes from the provider the shell registered in the share scope
          // (its 'provide-module'), whose chunks may differ from the consume module's fallback chunks.
          // `_name` is the share key ProvideSharedModule keeps (no public getter); without it the fallback is used.
          const providers = new Map();
          for (const module of compilation.modules) {
            if (module.type === 'provide-module' && typeof module._name === 'string') providers.set(module._name, module);
          }
          const initial = new Set(entrypoint.getFiles());
          const files = new Set();
          const visited = new Set();
          const visit = (group) => {
            if (!group || visited.has(group)) return;
            visited.add(group);
            for (const chunk of group.chunks) {
              for (const file of chunk.files) if (/\.(js|css)$/.test(file) && !initial.has(file)) files.add(file);
              // a shared library the chunk consumes is loaded with it (from the shell's own provided copy)
              for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
                if (module.type !== 'consume-shared-module') continue;
                const source = providers.get(module.options?.shareKey) ?? module;
                for (const block of source.blocks) visit(chunkGraph.getBlockChunkGroup(block));
              }
            }
          };
          // Only the entry module's own import()s: the provided shared libraries' chunks (every one the
          // remotes may ask for) are not part of the shell's start.
          for (const block of entryModule.blocks) visit(chunkGraph.getBlockChunkGroup(block));
          const list = [...files].sort((a, b) => Number(b.endsWith('.css')) - Number(a.endsWith('.css')) || a.localeCompare(b));
          // `federation`: whether this shell loads remotes at run time (the monolithic bench variant does
          // not: the server must not preload remote files it never asks for)
          const federation = compiler.options.plugins.some((plugin) => plugin?.constructor?.name === 'ModuleFederationPlugin');
          compilation.emitAsset('boot-files.json', new sources.RawSource(JSON.stringify({ files: list, federation })));
        });
      });
    },
  };
}

module.exports = { bootFilesPlugin };
