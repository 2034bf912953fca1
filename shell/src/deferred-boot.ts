// Loaded with the entry, before the async boundary: no shared module (React, shared-api…) may be
// imported here, only the DOM.
import { keepFocusThroughHandOver } from './focus-hand-over';

/**
 * The server marks #portal-root with data-boot="deferred" (server/src/pages/html.ts, BootMode) when
 * the page inside it is pre-rendered whole: its links are plain anchors the server serves, a form
 * the server handles posts to it, and the other buttons and the fields are handed over to the
 * running page (click-hand-over.ts, field-hand-over.ts), so the shell's code is not needed for
 * what the visitor sees.
 */
export const BOOT_ATTRIBUTE = 'data-boot';
export const BOOT_DEFERRED = 'deferred';
/**
 * The server's mark of a page whose content it pre-rendered in part (something in it only the
 * running page shows): the shell starts at once, but after the first paint has shown that content. Its files are fetched from then on, not
 * beside the page's HTML and CSS: on a slow connection they would share the bandwidth with them, and
 * Lighthouse counts every request started before the largest paint as a cause of it (issue 31).
 */
export const BOOT_AFTER_PAINT = 'after-paint';

/**
 * On a `deferred` page of someone signed in: when their session ends (ISO 8601). Nothing they read
 * needs the shell, but the warnings before the end are the shell's (spec part 2 §4 Session): it
 * starts in time to give them even when the visitor never interacts.
 */
export const SESSION_EXPIRES_ATTRIBUTE = 'data-session-expires-at';
/**
 * How long before the session's end an untouched signed-in page starts the shell: the first warning
 * is due 90 s before (session/schedule-session-warnings.ts), and a slow phone takes seconds to start.
 */
export const SESSION_WATCH_LEAD_MS = 120_000;
/** Browsers run a setTimeout longer than 2^31-1 ms at once; a wait that long starts early instead (harmless). */
const LONGEST_TIMEOUT_MS = 2_147_483_647;

/**
 * What the trigger needs of the browser (a test hands in a fake clock).
 *
 * Nothing on a `deferred` page needs the shell's code until the visitor acts: the title is the
 * server's, links are the server's own, a button pressed is pressed again once the code is there
 * (click-hand-over.ts) and what is typed is carried over (field-hand-over.ts). So the shell does not
 * start on a timer either (but for a signed-in session's warnings): a visitor who only reads, or
 * follows links from page to page, never downloads or runs its start-up (127–270 KB of script,
 * 1.2–1.6 s of long tasks at 4x CPU, which would block their scrolling and taps on a phone), and the
 * page's largest paint is its first (issue 31).
 */
export interface BootEnvironment {
  window: Window;
  setTimeout(callback: () => void, ms: number): unknown;
  /** calls `callback` once the page's first contentful paint is on screen */
  afterFirstPaint(callback: () => void): void;
}

/**
 * The paint as the browser reports it (the first-contentful-paint entry, which arrives once the frame
 * is on screen; a task queued from the frame's own callback ran about 25 ms before the paint's time,
 * and requests started there still came before it). Where the browser reports no paints, the task
 * after the next frame.
 */
function browserAfterFirstPaint(callback: () => void): void {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    window.requestAnimationFrame(() => window.setTimeout(callback, 0));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    window.setTimeout(callback, 0);
  });
  observer.observe({ type: 'paint', buffered: true });
}

function browserEnvironment(): BootEnvironment {
  return { window, setTimeout: (callback, ms) => window.setTimeout(callback, ms), afterFirstPaint: browserAfterFirstPaint };
}

/** The fragment a sign-in ends with (shared-api's SIGNED_IN_FRAGMENT; the entry imports no shared module). */
export const SIGNED_IN_HASH = '#signed-in';

/** How long the shell waits for the first paint at most (a page whose paint is never reported still starts). */
export const FIRST_PAINT_WAIT_MS = 1_000;

/**
 * Calls `callback` once, after the page's first paint: the entry is a deferred script, so the page's
 * style sheets are in by then and nothing but the paint is left to wait for. A hidden tab paints
 * nothing: there it starts at once; and it starts after FIRST_PAINT_WAIT_MS whatever happened.
 */
function afterFirstPaint(env: BootEnvironment, callback: () => void): void {
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    callback();
  };
  if (env.window.document.visibilityState === 'hidden') {
    env.setTimeout(once, 0);
    return;
  }
  env.afterFirstPaint(once);
  env.setTimeout(once, FIRST_PAINT_WAIT_MS);
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
 * Calls `boot` once. At once, unless the server marked the page as pre-rendered: after the first
 * paint where the server's copy still needs the code to be whole (`after-paint`); where it is the
 * whole page (`deferred`), on the visitor's first interaction (a key, focus moving, a pointer
 * released) or, for someone signed in, SESSION_WATCH_LEAD_MS before their session ends.
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
  const mode = found?.getAttribute(BOOT_ATTRIBUTE);
  // The page a sign-in ends on (`next#signed-in`) starts the shell after its paint whatever it
  // holds: the shell reports the sign-in (spec part 1 §7) and drops the fragment (services/sign-in-event.ts).
  if (mode === BOOT_AFTER_PAINT || (mode === BOOT_DEFERRED && win.location.hash === SIGNED_IN_HASH)) {
    afterFirstPaint(env, boot);
    return;
  }
  if (!found || mode !== BOOT_DEFERRED) {
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

  const sessionEnds = Date.parse(root.getAttribute(SESSION_EXPIRES_ATTRIBUTE) ?? '');
  if (!Number.isNaN(sessionEnds)) {
    env.setTimeout(() => start(), Math.min(LONGEST_TIMEOUT_MS, Math.max(0, sessionEnds - SESSION_WATCH_LEAD_MS - Date.now())));
  }
}
