import { SIGNED_IN_FRAGMENT } from '@portal/shared-api';
import {
  BOOT_AFTER_PAINT,
  BOOT_ATTRIBUTE,
  BOOT_DEFERRED,
  FIRST_PAINT_WAIT_MS,
  SESSION_EXPIRES_ATTRIBUTE,
  SESSION_WATCH_LEAD_MS,
  SIGNED_IN_HASH,
  bootWhenNeeded,
  type BootEnvironment,
} from './deferred-boot';

// The shell's start on a page the server pre-rendered waits for the visitor (issue 15). What the
// visitor observes: the shell's code runs after their first key, focus move or released pointer, and
// never on a timer (issue 31); a click on a link is left to the browser (the page is going away); focus
// stays on their element when the shell's copy of the page replaces the server's.

/** A page as the server sends it: #portal-root with the pre-rendered login page's links. */
function serverPage(deferred: boolean | typeof BOOT_AFTER_PAINT): HTMLElement {
  const mode = deferred === true ? BOOT_DEFERRED : deferred || null;
  document.body.innerHTML =
    `<div id="portal-root"${mode ? ` ${BOOT_ATTRIBUTE}="${mode}"` : ''}>` +
    '<div class="shell shell--skeleton"><main><h1>Kirjaudu sisään</h1>' +
    '<ul><li><a href="/oauth/authenticate?acr_values=op">OP</a></li><li><a href="/oauth/authenticate?acr_values=nordea">Nordea</a></li></ul>' +
    '</main></div></div>';
  return document.getElementById('portal-root')!;
}

/** jsdom cannot navigate: a link click is stopped here, after the boot's listener saw it unprevented. */
function stopNavigation(event: Event): void {
  event.preventDefault();
}

/** Longer than any wait a visitor would call immediate: a minute of the page's time. */
const A_MINUTE = 60_000;

let env: BootEnvironment;
let boot: jest.Mock;
/** Who waits for the first paint to be reported. */
let paintWaiters: (() => void)[];
/** The browser reports the page's first contentful paint. */
function reportFirstPaint(): void {
  for (const callback of paintWaiters.splice(0)) callback();
}

beforeEach(() => {
  jest.useFakeTimers();
  boot = jest.fn();
  paintWaiters = [];
  env = {
    window,
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    afterFirstPaint: (callback) => void paintWaiters.push(callback),
  };
});
afterEach(() => {
  jest.useRealTimers();
  window.removeEventListener('click', stopNavigation);
});

function press(element: Element, events: string[]): void {
  for (const type of events) {
    const event = type === 'click' ? new MouseEvent(type, { bubbles: true, cancelable: true, button: 0 }) : new Event(type, { bubbles: true });
    element.dispatchEvent(event);
  }
}

test('a page that is not pre-rendered boots at once', () => {
  serverPage(false);
  bootWhenNeeded(boot, env);
  expect(boot).toHaveBeenCalledTimes(1);
});

describe('a page whose content the server pre-rendered for someone signed in (issue 31)', () => {
  afterEach(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });

  test('boots once the first paint is reported, not before it, once', () => {
    serverPage(BOOT_AFTER_PAINT);
    bootWhenNeeded(boot, env);
    jest.advanceTimersByTime(FIRST_PAINT_WAIT_MS - 1);
    expect(boot).not.toHaveBeenCalled();
    reportFirstPaint();
    expect(boot).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(A_MINUTE);
    expect(boot).toHaveBeenCalledTimes(1);
  });

  test('boots after a second when no paint is reported, and not again on a late report', () => {
    serverPage(BOOT_AFTER_PAINT);
    bootWhenNeeded(boot, env);
    jest.advanceTimersByTime(FIRST_PAINT_WAIT_MS);
    expect(boot).toHaveBeenCalledTimes(1);
    reportFirstPaint();
    expect(boot).toHaveBeenCalledTimes(1);
  });

  test('boots at once in a hidden tab, which paints nothing', () => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    serverPage(BOOT_AFTER_PAINT);
    bootWhenNeeded(boot, env);
    jest.advanceTimersByTime(0);
    expect(boot).toHaveBeenCalledTimes(1);
    reportFirstPaint();
    jest.advanceTimersByTime(A_MINUTE);
    expect(boot).toHaveBeenCalledTimes(1);
  });
});

test('a pre-rendered page boots on the first key, once', () => {
  serverPage(true);
  bootWhenNeeded(boot, env);
  jest.advanceTimersByTime(100);
  expect(boot).not.toHaveBeenCalled();
  press(document.body, ['keyup']);
  expect(boot).not.toHaveBeenCalled(); // not inside the key's own dispatch
  jest.advanceTimersByTime(0);
  expect(boot).toHaveBeenCalledTimes(1);
  press(document.body, ['keyup', 'pointerdown', 'pointerup']);
  jest.advanceTimersByTime(A_MINUTE);
  expect(boot).toHaveBeenCalledTimes(1);
});

test('a click on a link is left to the browser; the next interaction boots', () => {
  const root = serverPage(true);
  bootWhenNeeded(boot, env);
  // registered after the boot's own listener on the window, so that one sees an unprevented click
  window.addEventListener('click', stopNavigation);
  const op = root.querySelector('a')!;
  // the press focuses the link: not yet, the release decides
  press(op, ['pointerdown', 'focusin']);
  jest.advanceTimersByTime(0);
  expect(boot).not.toHaveBeenCalled();
  press(op, ['pointerup', 'click']);
  jest.advanceTimersByTime(0);
  expect(boot).not.toHaveBeenCalled();
  press(root, ['pointerdown', 'pointerup']);
  jest.advanceTimersByTime(0);
  expect(boot).toHaveBeenCalledTimes(1);
});

test("a click on a form's submit button is left to the browser (it posts the form); a form whose submit something prevented boots", () => {
  const root = serverPage(true);
  root.querySelector('main')!.insertAdjacentHTML('beforeend', '<form method="post" action="/api/logout"><button type="submit">Kirjaudu ulos</button></form>');
  bootWhenNeeded(boot, env);
  // jsdom cannot post a form: stopped here, after the boot's own listener saw the submit unprevented
  const stopSubmit = (event: Event) => event.preventDefault();
  window.addEventListener('submit', stopSubmit);
  try {
    const button = root.querySelector('button')!;
    press(button, ['pointerdown', 'pointerup']);
    button.click();
    jest.advanceTimersByTime(0);
    expect(boot).not.toHaveBeenCalled();

    const form = root.querySelector('form')!;
    form.addEventListener('submit', (event) => event.preventDefault(), { once: true });
    press(button, ['pointerdown', 'pointerup']);
    button.click();
    jest.advanceTimersByTime(0);
    expect(boot).toHaveBeenCalledTimes(1);
  } finally {
    window.removeEventListener('submit', stopSubmit);
  }
});

test('a released pointer that clicks no link boots', () => {
  const root = serverPage(true);
  bootWhenNeeded(boot, env);
  press(root.querySelector('h1')!, ['pointerdown', 'pointerup', 'click']);
  jest.advanceTimersByTime(0);
  expect(boot).toHaveBeenCalledTimes(1);
});

test('a visitor who only reads never gets the shell: no timer starts it (issue 31, script until interaction)', () => {
  serverPage(true);
  bootWhenNeeded(boot, env); // jsdom's document has loaded already
  window.dispatchEvent(new Event('load'));
  jest.advanceTimersByTime(A_MINUTE);
  expect(boot).not.toHaveBeenCalled();
  press(document.body, ['keyup']);
  jest.advanceTimersByTime(0);
  expect(boot).toHaveBeenCalledTimes(1);
});

test("focus stays on the visitor's link when the shell's copy of the page replaces the server's", async () => {
  const root = serverPage(true);
  // the shell's layout: the same page, new elements, without the skeleton
  boot.mockImplementation(() => {
    root.innerHTML =
      '<div class="shell"><a class="shell-skip-link" href="#main-content">Siirry sisältöön</a><main><h1>Kirjaudu sisään</h1>' +
      '<ul><li><a href="/oauth/authenticate?acr_values=op">OP</a></li><li><a href="/oauth/authenticate?acr_values=nordea">Nordea</a></li></ul></main></div>';
  });
  bootWhenNeeded(boot, env);
  const nordea = root.querySelectorAll('a')[1]!;
  nordea.focus();
  press(nordea, ['keyup']);
  jest.advanceTimersByTime(0);
  expect(boot).toHaveBeenCalledTimes(1);
  expect(nordea.isConnected).toBe(false);
  await Promise.resolve(); // the observer's callback, at the end of the task that replaced the page
  expect(document.activeElement).toHaveTextContent('Nordea');
  expect(document.activeElement).toHaveAttribute('href', '/oauth/authenticate?acr_values=nordea');
});

test("a remote's page frame focusing its heading as the page arrives does not take the visitor's place", async () => {
  const root = serverPage(true);
  boot.mockImplementation(() => {
    const main = root.querySelector('main')!;
    main.innerHTML = '<h1 tabindex="-1">Kirjaudu sisään</h1><a href="/oauth/authenticate?acr_values=op">OP</a>';
    main.querySelector('h1')!.focus();
  });
  bootWhenNeeded(boot, env);
  root.querySelector('a')!.focus();
  press(root, ['keyup']);
  jest.advanceTimersByTime(0);
  await Promise.resolve();
  expect(document.activeElement).toHaveAttribute('href', '/oauth/authenticate?acr_values=op');
});

describe("a signed-in visitor's page pre-rendered whole (issue 31: no start-up while they read)", () => {
  /** The server's page for someone whose session ends in `minutes`. */
  function signedInPage(minutes: number): HTMLElement {
    const root = serverPage(true);
    root.setAttribute(SESSION_EXPIRES_ATTRIBUTE, new Date(Date.now() + minutes * A_MINUTE).toISOString());
    return root;
  }

  test('waits for the first interaction like an anonymous page', () => {
    signedInPage(30);
    bootWhenNeeded(boot, env);
    jest.advanceTimersByTime(10 * A_MINUTE);
    expect(boot).not.toHaveBeenCalled();
    press(document.body, ['pointerdown', 'pointerup']);
    jest.advanceTimersByTime(0);
    expect(boot).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(30 * A_MINUTE);
    expect(boot).toHaveBeenCalledTimes(1);
  });

  test("starts the shell by itself in time for the session's first warning (90 s before its end) when the visitor never interacts", () => {
    signedInPage(30);
    bootWhenNeeded(boot, env);
    jest.advanceTimersByTime(30 * A_MINUTE - SESSION_WATCH_LEAD_MS - 1);
    expect(boot).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(boot).toHaveBeenCalledTimes(1);
    expect(SESSION_WATCH_LEAD_MS).toBeGreaterThan(90_000);
  });

  test('starts after the first paint on the page a sign-in ends on, which the shell reports (spec part 1 §7)', () => {
    expect(SIGNED_IN_HASH).toBe(`#${SIGNED_IN_FRAGMENT}`);
    signedInPage(30);
    window.history.replaceState(null, '', `/fi${SIGNED_IN_HASH}`);
    try {
      bootWhenNeeded(boot, env);
      expect(boot).not.toHaveBeenCalled();
      reportFirstPaint();
      expect(boot).toHaveBeenCalledTimes(1);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  test('starts at once when the session is about to end already', () => {
    signedInPage(1);
    bootWhenNeeded(boot, env);
    jest.advanceTimersByTime(0);
    expect(boot).toHaveBeenCalledTimes(1);
  });
});
