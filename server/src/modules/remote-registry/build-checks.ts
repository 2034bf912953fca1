import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { z } from 'zod';
import type { Lang } from '@portal/shared-api';

/**
 * Checks of a version's build output that need more than a schema: its texts (the chunks
 * text-files.json names) and its pre-render bundle.
 */

export const LANGS: readonly Lang[] = ['fi', 'sv', 'en'];

const chunkFile = z.string().regex(/^[\w.-]+\.js$/);
/** dist/text-files.json (tooling/text-files-plugin.cjs): each package's text chunks per language. */
export const textFilesSchema = z.object({ packages: z.record(z.string(), z.record(z.string(), z.array(chunkFile))) });
export type TextFiles = z.infer<typeof textFilesSchema>;

/**
 * The message catalogue a text chunk holds. A remote's texts are its messages/<lang>.json, each
 * bundled by webpack into a chunk of its own (`(self.webpackChunk… ||= []).push([[id], { id(module)
 * { module.exports = JSON.parse('…') } }])`). The chunk runs in an empty context of its own, with a
 * time limit, and the strings its modules export are the catalogue. Null when it holds none.
 */
export function catalogueOfChunk(source: string): Map<string, string> | null {
  const driver = `
;(function () {
  var found = {}; var any = false;
  for (var name in self) {
    if (name.indexOf('webpackChunk') !== 0 || !Array.isArray(self[name])) continue;
    var entries = self[name];
    for (var i = 0; i < entries.length; i++) {
      var modules = entries[i] && entries[i][1];
      if (!modules || typeof modules !== 'object') continue;
      for (var id in modules) {
        var module = { exports: {} };
        try { modules[id](module, module.exports, function () { throw new Error('a text chunk requires nothing'); }); } catch (e) { continue; }
        var exported = module.exports;
        if (exported && typeof exported === 'object' && exported.default && typeof exported.default === 'object') exported = exported.default;
        if (!exported || typeof exported !== 'object') continue;
        for (var key in exported) if (typeof exported[key] === 'string') { found[key] = exported[key]; any = true; }
      }
    }
  }
  return any ? JSON.stringify(found) : null;
})()`;
  let result: unknown;
  try {
    result = vm.runInNewContext(`${source}\n${driver}`, { self: {} }, { timeout: 1000, microtaskMode: 'afterEvaluate' });
  } catch {
    return null;
  }
  if (typeof result !== 'string') return null;
  const parsed = JSON.parse(result) as Record<string, string>;
  return new Map(Object.entries(parsed));
}

/**
 * What is missing from a build's catalogues: per package, a language it has no texts in, and each
 * key another language has that one lacks. `catalogues` are by package and language (keys merged
 * over the language's chunks).
 */
export function missingMessages(catalogues: ReadonlyMap<string, ReadonlyMap<Lang, ReadonlySet<string>>>): string[] {
  const problems: string[] = [];
  for (const [pkg, byLang] of catalogues) {
    const all = new Set<string>();
    for (const keys of byLang.values()) for (const key of keys) all.add(key);
    for (const lang of LANGS) {
      const keys = byLang.get(lang);
      if (!keys) {
        problems.push(`${pkg} has no texts in ${lang}`);
        continue;
      }
      const missing = [...all].filter((key) => !keys.has(key)).sort();
      if (missing.length > 0) {
        const shown = missing.slice(0, 10).join(', ');
        problems.push(`${pkg}: ${lang} lacks ${missing.length} key${missing.length === 1 ? '' : 's'} another language has: ${shown}${missing.length > 10 ? ', …' : ''}`);
      }
    }
  }
  return problems;
}

/**
 * Loads a pre-render bundle as the server's pages do (src/pages/prerendered.ts: require() of
 * prerender/index.cjs, whose contract is a `render` function, tooling/prerender-entry.cjs) and forgets
 * it again. The problem, or null when it loads.
 */
export function prerenderLoadProblem(file: string): string | null {
  const require = createRequire(file);
  const dir = path.dirname(file);
  try {
    const loaded: unknown = require(file);
    const render = typeof loaded === 'object' && loaded !== null ? (loaded as { render?: unknown }).render : undefined;
    return typeof render === 'function' ? null : 'prerender/index.cjs loads but has no render() function';
  } catch (error) {
    return `prerender/index.cjs does not load: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
  } finally {
    // the copy under test is about to move (or be removed): the server loads its final copy afresh
    for (const key of Object.keys(require.cache)) if (key.startsWith(dir + path.sep) || key === file) delete require.cache[key];
  }
}
