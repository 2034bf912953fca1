// Loaded with the entry (deferred-boot.ts): the DOM only, no shared module.

/** How long the hand-over may take at most (a remote on a slow link included). */
export const HAND_OVER_LIMIT_MS = 60_000;

/**
 * A hand-over watching the server's copy of a page from the moment the entry runs: the visitor may
 * read for minutes before the interaction that starts the shell, so its HAND_OVER_LIMIT_MS runs
 * from the shell's start (`bootStarted`), not from the page's load.
 */
export interface HandOver {
  bootStarted(): void;
}

/** The server's copy of a page: the skeleton until the shell's layout replaces it, a remote's pre-rendered page until the remote's copy does. */
export const SERVER_COPY = '[data-prerendered], .shell--skeleton';

/**
 * The frame the click and field hand-overs share: `listeners` on the document (capturing) while
 * the server's copy is in `root`; once it has gone, `handedOver` runs once and everything stops.
 * Stops at once when there is no server copy, and HAND_OVER_LIMIT_MS after the shell started.
 */
export function untilServerCopyGone(root: HTMLElement, listeners: [string, (event: Event) => void][], handedOver: () => void): HandOver {
  const doc = root.ownerDocument;
  const observer = new MutationObserver(() => {
    if (root.querySelector(SERVER_COPY)) return;
    stop();
    handedOver();
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  function stop(): void {
    observer.disconnect();
    clearTimeout(timer);
    for (const [type, listener] of listeners) doc.removeEventListener(type, listener, true);
  }
  if (!root.querySelector(SERVER_COPY)) return { bootStarted: () => undefined };
  for (const [type, listener] of listeners) doc.addEventListener(type, listener, true);
  observer.observe(root, { childList: true, subtree: true });
  return {
    bootStarted() {
      timer ??= setTimeout(() => stop(), HAND_OVER_LIMIT_MS);
    },
  };
}

/**
 * What identifies the focused element in a copy of the page: the same kind and target (a link's
 * href, a field's name). Not the text: the server's header and the shell's differ in their logo.
 */
export function sameElement(a: Element, b: Element): boolean {
  return a.tagName === b.tagName && a.getAttribute('href') === b.getAttribute('href') && a.getAttribute('name') === b.getAttribute('name');
}

/**
 * Focus went to <body> with the element that had it, or a remote's page frame moved it to the page's
 * heading as its page arrived (shared-ui's PageFrame does that on every arrival; here the visitor was
 * already on the page, and their place matters more than the arrival).
 */
function focusLost(doc: Document, root: HTMLElement): boolean {
  const active = doc.activeElement;
  return active === null || active === doc.body || !active.isConnected || (active.tagName === 'H1' && root.contains(active));
}

/**
 * Keeps the visitor's place while the shell's code replaces the server's HTML (the layout replaces
 * the skeleton, then a remote's page replaces the pre-rendered one): removing the focused element
 * sends focus to <body>, and the keys typed next would go nowhere. Remembers the focused element
 * inside `root` and, after every change of the root's DOM that lost focus, focuses its copy (the same
 * tag, href and name, the same one of several alike). The observer's callback runs at the end
 * of the task that changed the DOM, before the browser dispatches the next key or click. It stops
 * when the server's HTML is gone (no skeleton, no pre-rendered page left), after HAND_OVER_LIMIT_MS,
 * or at once when nothing in `root` had focus.
 */
export function keepFocusThroughHandOver(root: HTMLElement): void {
  const doc = root.ownerDocument;
  const focused = doc.activeElement;
  if (!focused || focused === doc.body || focused.tagName === 'H1' || !root.contains(focused)) return;
  const alike = [...root.querySelectorAll(focused.tagName)].filter((element) => sameElement(element, focused));
  const position = Math.max(0, alike.indexOf(focused));

  const observer = new MutationObserver(() => {
    if (focusLost(doc, root)) {
      const copies = [...root.querySelectorAll<HTMLElement>(focused.tagName)].filter((element) => sameElement(element, focused));
      (copies[position] ?? copies[0])?.focus();
    }
    const serverHtmlLeft = root.querySelector(SERVER_COPY) !== null;
    if (!serverHtmlLeft) stop();
  });
  const timer = setTimeout(() => stop(), HAND_OVER_LIMIT_MS);
  function stop(): void {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(root, { childList: true, subtree: true });
}
