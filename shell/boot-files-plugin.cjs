/**
 * Emits dist/boot-files.json, `{ files, pages, federation }`: the files the shell's code asks for as soon as main.js runs (the chunks
 * of `import('./bootstrap')`, of the `start` chunk it imports next, and of the shared libraries they consume, e.g. React DOM), which the
 * server preloads in the page's <head> (server/src/pages/page-hints.ts). Without it the browser
 * learns of them only once main.js has arrived and run: one round trip and main.js's download later
 * on a slow link (issue 15). `pages`: the files of each of the shell's own pages (their own chunks),
 * which the server preloads with the page.
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
          /** The files of a chunk group and of the shared libraries its chunks consume, but the entry's own. */
          const filesOf = (groups) => {
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
            groups.forEach(visit);
            return [...files].sort((a, b) => Number(b.endsWith('.css')) - Number(a.endsWith('.css')) || a.localeCompare(b));
          };
          // Only the entry module's own import()s and the chunk its bootstrap imports next (named `start`,
          // shell/src/bootstrap.tsx): the provided shared libraries' chunks (every one the remotes may
          // ask for) are not part of the shell's start.
          const list = filesOf([...entryModule.blocks.map((block) => chunkGraph.getBlockChunkGroup(block)), compilation.namedChunkGroups.get('start')]);
          // The shell's own pages (shell/src/pages/index.ts names each page's chunk `page-<route id>`):
          // a page's files beyond the start-up ones, which the server preloads on that page.
          const pages = {};
          for (const [name, group] of compilation.namedChunkGroups) {
            if (!name.startsWith('page-')) continue;
            pages[name.slice('page-'.length)] = filesOf([group]).filter((file) => !list.includes(file));
          }
          // `federation`: whether this shell loads remotes at run time (the monolithic bench variant does
          // not: the server must not preload remote files it never asks for)
          const federation = compiler.options.plugins.some((plugin) => plugin?.constructor?.name === 'ModuleFederationPlugin');
          compilation.emitAsset('boot-files.json', new sources.RawSource(JSON.stringify({ files: list, pages, federation })));
        });
      });
    },
  };
}

module.exports = { bootFilesPlugin };
