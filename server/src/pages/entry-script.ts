import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';

/**
 * The shell's entry (shell/dist/main.js, a few KB: the webpack runtime and the code that decides when
 * the shell starts, shell/src/index.ts) written into each page instead of fetched by it.
 *
 * Why: Lighthouse's simulated largest paint counts every request the page started before it, and a
 * `<script defer src>` is found by the browser's preload scanner at once, so its download on Slow 4G
 * (one round trip and its bytes) was part of every page's LCP, about 170–250 ms after the first
 * paint (issue 31). Inline it costs no request at all, and the revalidation of main.js that every
 * page view paid (the file is served `no-cache`) is gone too; the price is its ~3.6 KB compressed in
 * each HTML document.
 *
 * The Content-Security-Policy allows the inline script by its hash (app.ts), so no other inline
 * script runs. A page and its policy header must name the same version of the file: each answer
 * reads it once (`forRequest`), and a new shell build is picked up by the next answer.
 */
export interface EntryScript {
  code: string;
  /** the CSP source that allows exactly this code: 'sha256-…' */
  source: string;
}

export interface EntryScriptReader {
  /** the entry as this answer uses it, the same for its header and its page; null when it is not inlined */
  forRequest(request: IncomingMessage): EntryScript | null;
}

/**
 * Code the HTML parser would not hand over whole to the script element is left to load by URL: a
 * `</script` would end the element early, and `<!--` with `<script` can keep it open.
 */
function isInlinable(code: string): boolean {
  return !/<\/script|<!--/i.test(code);
}

/**
 * The build's last line names the source map beside the file (`main.js.map`); inside a page that
 * would resolve against the page's address, so it is made absolute.
 */
function asInline(code: string): string {
  return code.replace(/\n\/\/# sourceMappingURL=([\w.-]+)\s*$/, (_line, file: string) => `\n//# sourceMappingURL=/shell/${file}`);
}

const readers = new Map<string, EntryScriptReader>();

/** The reader of `shellDist`'s entry, one per folder (the pages and the CSP share it). */
export function entryScriptReader(shellDist: string): EntryScriptReader {
  let reader = readers.get(shellDist);
  if (!reader) {
    reader = createEntryScriptReader(path.join(shellDist, 'main.js'));
    readers.set(shellDist, reader);
  }
  return reader;
}

function createEntryScriptReader(file: string): EntryScriptReader {
  let cached: { mtimeMs: number; size: number; entry: EntryScript | null } | null = null;
  const perRequest = new WeakMap<IncomingMessage, EntryScript | null>();

  function read(): EntryScript | null {
    try {
      const { mtimeMs, size } = statSync(file);
      if (!cached || cached.mtimeMs !== mtimeMs || cached.size !== size) {
        const code = asInline(readFileSync(file, 'utf8'));
        const entry = isInlinable(code) ? { code, source: `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'` } : null;
        cached = { mtimeMs, size, entry };
      }
      return cached.entry;
    } catch {
      // no shell build (tests, a server-only deployment): the page loads main.js by URL, if at all
      return null;
    }
  }

  return {
    forRequest(request) {
      if (!perRequest.has(request)) perRequest.set(request, read());
      return perRequest.get(request) ?? null;
    },
  };
}

/** The template's `<script … src=/shell/main.js></script>`, however the build quotes it. */
const ENTRY_SCRIPT_ELEMENT = /<script\b[^>]*\bsrc=["']?\/shell\/main\.js["']?[^>]*><\/script>/i;

/** `html` with the entry's script element holding the code instead of its address. */
export function inlineEntryScript(html: string, entry: EntryScript | null): string {
  if (!entry) return html;
  return html.replace(ENTRY_SCRIPT_ELEMENT, () => `<script>${entry.code}</script>`);
}
