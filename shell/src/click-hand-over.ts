// Loaded with the entry (index.ts): the DOM only, no shared module.
import { SERVER_COPY, untilServerCopyGone, type HandOver } from './focus-hand-over';

/** A button of the page as the visitor sees it: its text and its place among buttons with that text. */
interface ButtonKey {
  text: string;
  index: number;
}

const textOf = (button: Element) => (button.textContent ?? '').replace(/\s+/g, ' ').trim();

function buttonsWithText(scope: ParentNode, text: string): HTMLButtonElement[] {
  return [...scope.querySelectorAll('button')].filter((button) => textOf(button) === text);
}

/**
 * The mark of a link in the server's copy that the running page must follow itself (shared-ui's
 * FOLLOWED_IN_PAGE_ATTRIBUTE; the entry imports no shared module): what the visitor does next keeps
 * something in the running page's memory (the anonymous reservation's typed values).
 */
export const FOLLOWED_IN_PAGE_ATTRIBUTE = 'data-followed-in-page';

/** A plain left click: a modified one (a new tab, a download) keeps the browser's behaviour. */
const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * A submit button of a form the server handles itself (the new customer page's log-out posts to
 * /api/logout and answers with the next page): the browser's own post, which needs no code.
 */
function submitsToTheServer(button: HTMLButtonElement): boolean {
  const form = button.form;
  return button.type === 'submit' && form !== null && form.method === 'post' && (form.getAttribute('action') ?? '').startsWith('/');
}

/**
 * Keeps a press of a button in the server's copy of a pre-rendered page (deferred-boot.ts): such a button (the search's filter toggle, its time-of-day tabs, a form's
 * submit) does nothing until the remote's copy replaces the server's, so a press then was lost, and a
 * form's submit button would even have submitted the form natively (its fields in the address).
 * The press is held instead (its default and its propagation stopped), and once the server's copy
 * has gone the same button of the remote's copy (the same text, the same one of several alike) is
 * pressed for the visitor. Only the last press is kept: a visitor who pressed twice because nothing
 * happened wanted it once. A form the server handles itself is left to post. A button of the server's copy that had focus hands it to its copy, so the
 * next key goes where the visitor left it. Links are left alone (the server serves them), but for
 * one marked FOLLOWED_IN_PAGE_ATTRIBUTE, held the same way and followed by the running page's copy
 * of it; and so is everything outside the server's copy. Gives up HAND_OVER_LIMIT_MS after the shell started.
 */
export function replayButtonPressesThroughHandOver(root: HTMLElement): HandOver {
  const doc = root.ownerDocument;
  let held: ButtonKey | null = null;
  // the button of the server's copy that has focus: its copy gets it when the server's copy goes
  let focusedButton: ButtonKey | null = null;

  const onFocus = (event: FocusEvent) => {
    const button = event.target instanceof HTMLButtonElement ? event.target : null;
    const copy = button?.closest(SERVER_COPY);
    if (!button || !copy) {
      focusedButton = null;
      return;
    }
    const text = textOf(button);
    focusedButton = { text, index: Math.max(0, buttonsWithText(copy, text).indexOf(button)) };
  };

  // a link the running page must follow, by its address
  let heldLink: string | null = null;

  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const link = target?.closest(`a[href][${FOLLOWED_IN_PAGE_ATTRIBUTE}]`);
    if (link && isPlainClick(event) && link.closest(SERVER_COPY) && root.contains(link)) {
      event.preventDefault();
      event.stopPropagation();
      heldLink = link.getAttribute('href');
      held = null;
      return;
    }
    const button = target?.closest('button');
    const copy = button?.closest(SERVER_COPY);
    if (!button || !copy || !root.contains(copy) || submitsToTheServer(button)) return;
    event.preventDefault();
    event.stopPropagation();
    const text = textOf(button);
    held = { text, index: Math.max(0, buttonsWithText(copy, text).indexOf(button)) };
    heldLink = null;
  };

  const copyOf = ({ text, index }: ButtonKey) => {
    const alike = buttonsWithText(root, text);
    return alike[index] ?? alike[0];
  };
  const linkCopyOf = (href: string) => [...root.querySelectorAll<HTMLAnchorElement>('a[href]')].find((link) => link.getAttribute('href') === href);
  return untilServerCopyGone(
    root,
    // the document dispatches these types as MouseEvent and FocusEvent
    [
      ['click', onClick as (event: Event) => void],
      ['focusin', onFocus as (event: Event) => void],
    ],
    () => {
      // focus went with the server's copy (to <body>, or the page frame's heading): back to its button
      const active = doc.activeElement;
      if (focusedButton && (!active || active === doc.body || active.tagName === 'H1')) copyOf(focusedButton)?.focus();
      if (held) copyOf(held)?.click();
      if (heldLink !== null) linkCopyOf(heldLink)?.click();
    },
  );
}
