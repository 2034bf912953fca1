// Loaded with the entry, before the async boundary: the DOM only (no shared module).

/** shared-api's PAGE_HINTS_ELEMENT_ID, spelled here so the entry stays free of shared code (page-hints.test.ts keeps them equal). */
export const PAGE_HINTS_ID = 'portal-page-hints';

interface Hint {
  href: string;
  as: 'fetch' | 'script' | 'style';
  priority?: 'low';
}

function isHint(value: unknown): value is Hint {
  const hint = value as Partial<Hint> | null;
  return typeof hint?.href === 'string' && (hint.as === 'fetch' || hint.as === 'script' || hint.as === 'style');
}

/**
 * Preloads the files the server listed for this page (server/src/pages/page-hints.ts) as the shell
 * starts: on a page the server pre-rendered whole they are not in the HTML as <link rel=preload>,
 * which the browser would fetch before the first paint. Each is preloaded once; a list that cannot
 * be read preloads nothing (the shell loads the same files without hints, one after another).
 */
export function preloadPageHints(doc: Document = document): void {
  const element = doc.getElementById(PAGE_HINTS_ID);
  if (!element) return;
  element.remove();
  let hints: unknown;
  try {
    hints = JSON.parse(element.textContent ?? '');
  } catch {
    return;
  }
  if (!Array.isArray(hints)) return;
  for (const hint of hints.filter(isHint)) {
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.href = hint.href;
    link.setAttribute('as', hint.as);
    // the federation runtime fetch()es a manifest in CORS mode: the preload must be of the same mode
    if (hint.as === 'fetch') link.crossOrigin = 'anonymous';
    if (hint.priority) link.setAttribute('fetchpriority', hint.priority);
    doc.head.appendChild(link);
  }
}
