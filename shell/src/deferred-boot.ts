// Loaded with the entry, before the async boundary: no shared module (React, shared-api…) may be
// imported here, only the DOM.
import { keepFocusThroughHandOver } from './focus-hand-over';

/**
 * The server marks #portal-root with data-boot="deferred" (server/src/pages/html.ts, BootMode) when
 * the page inside it is an anonymous page pre-rendered whole: its links are plain anchors the server
 * serves and its forms post to the server, so the shell's code is not needed for what the visitor sees.
 */
export const BOOT_ATTRIBUTE = 'data-boot';
export const BOOT_DEFERRED = 'deferred';

/**
 * What the trigger needs of the browser (a test hands in a fake clock).
 *
 * Nothing on a `deferred` page needs the shell's code until the visitor acts: no session to watch,
 * the title is the server's, links and forms are the server's own. So the shell does not start on a
 * timer either: a visitor who only reads (or follows a bank's link) never downloads or runs its
 * start-up (127 KB of script, 1.2–1.6 s of long tasks at 4x CPU), and the page's largest paint is
 * its first (issue 31).
 */
export interface BootEnvironment {
  window: Window;
  setTimeout(callback: () => void, ms: number): unknown;
}

function browserEnvironment(): BootEnvironment {
  return { window, setTimeout: (callback, ms) => window.setTimeout(callback, ms) };
}

/** A plain left click on a link that the browser follows itself: the page is about to go away. */
function isLinkNavigation(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  // a link within the page (#main-content) keeps the page
  if (!link || link.getAttribute('href')?.startsWith('#')) return false;
  const target = link.getAttribute('target');
  return (!target || target === '_self') && !link.hasAttribute('download');
}

/** A form the browser submits itself (the new customer page's log-out): the page is about to go away. */
function isFormNavigation(event: SubmitEvent): boolean {
  if (event.defaultPrevented || !(event.target instanceof HTMLFormElement)) return false;
  const target = event.submitter?.getAttribute('formtarget') ?? event.target.getAttribute('target');
  return !target || target === '_self';
}

/**
 * Calls `boot` once. At once, unless the server marked the page as pre-rendered; then on the
 * visitor's first interaction (a key, focus moving, a pointer released).
 *
 * The boot starts in a task of its own after the interaction's events have been dispatched, never
 * between a press and its click: a click on a link is the browser's own navigation and is not kept
 * waiting behind the boot's long tasks, and when the interaction was such a click the boot does not
 * start at all (the page is going away; were it to stay, the next interaction boots). Focus moved by
 * a pointer press is left to the pointer's release for the same reason.
 */
export function bootWhenNeeded(boot: () => void, env: BootEnvironment = browserEnvironment()): void {
  const win = env.window;
  const found = win.document.getElementById('portal-root');
  if (!found || found.getAttribute(BOOT_ATTRIBUTE) !== BOOT_DEFERRED) {
    boot();
    return;
  }
  const root: HTMLElement = found;
  let booted = false;
  let pointerDown = false;
  // the interaction followed a link or posted a form: the browser is leaving the page
  let leavingPage = false;

  // captured on the window: they see every interaction before the page's elements do
  const interactions: [string, () => void][] = [
    ['pointerdown', () => (pointerDown = true)],
    ['pointerup', () => afterInteraction()],
    ['pointercancel', () => afterInteraction()],
    // a key's release, after its own effect (Enter on a link has clicked it by then)
    ['keyup', () => afterInteraction()],
    ['focusin', () => (pointerDown ? undefined : afterInteraction())],
  ];
  // bubbling, after the page's own handlers: a click that something prevented is no navigation
  const onClick = (event: MouseEvent) => {
    leavingPage = leavingPage || isLinkNavigation(event);
  };
  // a click on a form's submit button submits it within the click's own dispatch
  const onSubmit = (event: SubmitEvent) => {
    leavingPage = leavingPage || isFormNavigation(event);
  };

  function start(): void {
    if (booted) return;
    booted = true;
    for (const [type, listener] of interactions) win.removeEventListener(type, listener, true);
    win.removeEventListener('click', onClick);
    win.removeEventListener('submit', onSubmit);
    // the visitor may have moved focus into the server's page: it stays on their element's copy
    keepFocusThroughHandOver(root);
    boot();
  }

  function afterInteraction(): void {
    pointerDown = false;
    leavingPage = false;
    // after this task: the interaction's click (if any) has been dispatched by then
    env.setTimeout(() => {
      if (!leavingPage) start();
    }, 0);
  }

  for (const [type, listener] of interactions) win.addEventListener(type, listener, true);
  win.addEventListener('click', onClick);
  win.addEventListener('submit', onSubmit);
}
