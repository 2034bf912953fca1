/**
 * Emits dist/boot-files.json, `{ files, pages, federation, federationRuntime }`: the files the shell's code asks for as soon as main.js
 * runs (the chunks of `import('./bootstrap')` and of the `start` chunk it imports next, React DOM among them), which the
 * server preloads in the page's <head> (server/src/pages/page-hints.ts). Without it the browser
 * learns of them only once main.js has arrived and run: one round trip and main.js's download later
 * on a slow link (issue 15). `pages`: the files of each of the shell's own pages (their own chunks),
 * which the server preloads with the page. `federationRuntime`: the files of the federation runtime, which the shell loads when a page
 * first needs a remote (shell/src/remotes/federation.ts), and which the server preloads on a page that mounts one.
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
          const initial = new Set(entrypoint.getFiles());
          /** The files of these chunk groups' chunks, but the entry's own. */
          const filesOf = (groups) => {
            const files = new Set();
            for (const group of groups) {
              if (!group) continue;
              for (const chunk of group.chunks) {
                for (const file of chunk.files) if (/\.(js|css)$/.test(file) && !initial.has(file)) files.add(file);
              }
            }
            return [...files].sort((a, b) => Number(b.endsWith('.css')) - Number(a.endsWith('.css')) || a.localeCompare(b));
          };
          // Only the entry module's own import()s and the chunk its bootstrap imports next (named `start`,
          // shell/src/bootstrap.tsx).
          const list = filesOf([...entryModule.blocks.map((block) => chunkGraph.getBlockChunkGroup(block)), compilation.namedChunkGroups.get('start')]);
          // The shell's own pages (shell/src/pages/index.ts names each page's chunk `page-<route id>`):
          // a page's files beyond the start-up ones, which the server preloads on that page.
          const pages = {};
          for (const [name, group] of compilation.namedChunkGroups) {
            if (!name.startsWith('page-')) continue;
            pages[name.slice('page-'.length)] = filesOf([group]).filter((file) => !list.includes(file));
          }
          // `federation`: whether this shell loads remotes at run time, by the runtime's chunk (the monolithic
          // bench variant has none: the server must not preload remote files it never asks for)
          const runtimeGroup = compilation.namedChunkGroups.get('federation-runtime');
          const federation = Boolean(runtimeGroup);
          const federationRuntime = runtimeGroup ? filesOf([runtimeGroup]).filter((file) => !list.includes(file)) : [];
          compilation.emitAsset('boot-files.json', new sources.RawSource(JSON.stringify({ files: list, pages, federation, federationRuntime })));
        });
      });
    },
  };
}

module.exports = { bootFilesPlugin };
