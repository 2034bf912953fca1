import { FOLLOWED_IN_PAGE_ATTRIBUTE as MARK_THE_REMOTES_WRITE } from '@portal/shared-ui';
import { FOLLOWED_IN_PAGE_ATTRIBUTE, replayButtonPressesThroughHandOver } from './click-hand-over';

// Issue 31: on a page whose content the server pre-rendered and whose controls need the remote's
// code, a press of a button in the server's copy is kept and pressed again on the remote's copy.

function serverPage(): HTMLElement {
  document.body.innerHTML =
    '<div id="portal-root"><main><div data-prerendered="booking.private-list">' +
    '<button type="button">Hakuehdot</button><div role="tablist"><button role="tab">Kaikki</button><button role="tab">Aamupäivä</button></div>' +
    '<form><button type="submit">Varaa</button></form><a href="/fi/vapaat-ajat/1">Maanantai 8:00</a>' +
    '</div></main><button type="button" id="outside">Valikko</button></div>';
  return document.getElementById('portal-root')!;
}

/** The remote's copy replaces the server's; its buttons record their presses. */
function remoteTakesOver(root: HTMLElement): string[] {
  const pressed: string[] = [];
  const main = root.querySelector('main')!;
  main.innerHTML =
    '<div><button type="button">Hakuehdot</button><div role="tablist"><button role="tab">Kaikki</button><button role="tab">Aamupäivä</button></div>' +
    '<form><button type="submit">Varaa</button></form></div>';
  for (const button of main.querySelectorAll('button')) button.addEventListener('click', (event) => {
    event.preventDefault();
    pressed.push(button.textContent ?? '');
  });
  return pressed;
}

const flushObservers = () => new Promise((resolve) => setTimeout(resolve, 0));

test("a press of a button in the server's copy is held, then pressed on the remote's copy", async () => {
  const root = serverPage();
  replayButtonPressesThroughHandOver(root);
  const toggle = root.querySelector<HTMLButtonElement>('[data-prerendered] button')!;
  const notHeld = toggle.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  expect(notHeld).toBe(false);
  const pressed = remoteTakesOver(root);
  await flushObservers();
  expect(pressed).toEqual(['Hakuehdot']);
});

test('only the last press is kept, and the same one of several alike is pressed', async () => {
  const root = serverPage();
  replayButtonPressesThroughHandOver(root);
  const tabs = root.querySelectorAll<HTMLButtonElement>('[role=tab]');
  tabs[0]!.click();
  tabs[1]!.click();
  const pressed = remoteTakesOver(root);
  await flushObservers();
  expect(pressed).toEqual(['Aamupäivä']);
});

test("a submit button does not submit the server's copy of a form", () => {
  const root = serverPage();
  replayButtonPressesThroughHandOver(root);
  const submitted = jest.fn((event: Event) => event.preventDefault());
  root.querySelector('form')!.addEventListener('submit', submitted);
  root.querySelector<HTMLButtonElement>('[type=submit]')!.click();
  expect(submitted).not.toHaveBeenCalled();
});

test('a form the server handles itself (it posts to a path of the portal) is left to post', () => {
  const root = serverPage();
  root.querySelector('[data-prerendered]')!.insertAdjacentHTML('beforeend', '<form method="post" action="/api/logout"><button type="submit">Kirjaudu ulos</button></form>');
  replayButtonPressesThroughHandOver(root);
  const posted = jest.fn((event: Event) => event.preventDefault());
  root.querySelector('form[action="/api/logout"]')!.addEventListener('submit', posted);
  const logOut = root.querySelector<HTMLButtonElement>('form[action="/api/logout"] button')!;
  // not held: the click goes on to post the form
  expect(logOut.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))).toBe(true);
  expect(posted).toHaveBeenCalledTimes(1);
});

test('a link marked to be followed in the running page is held and followed by its copy there; a modified click is the browser\'s', async () => {
  expect(FOLLOWED_IN_PAGE_ATTRIBUTE).toBe(MARK_THE_REMOTES_WRITE);
  const root = serverPage();
  const slot = '<a href="/fi/kirjautumattomat-kayttajat/vapaat-ajat/7" data-followed-in-page="">Maanantai 9:00</a>';
  root.querySelector('[data-prerendered]')!.insertAdjacentHTML('beforeend', slot);
  replayButtonPressesThroughHandOver(root);
  const serverLink = root.querySelector<HTMLAnchorElement>(`[${FOLLOWED_IN_PAGE_ATTRIBUTE}]`)!;
  expect(serverLink.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }))).toBe(true);
  expect(serverLink.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))).toBe(false);
  remoteTakesOver(root);
  const followed: string[] = [];
  root.querySelector('main')!.insertAdjacentHTML('beforeend', slot);
  root.querySelector('main a')!.addEventListener('click', (event) => {
    event.preventDefault();
    followed.push((event.currentTarget as HTMLAnchorElement).getAttribute('href') ?? '');
  });
  await flushObservers();
  expect(followed).toEqual(['/fi/kirjautumattomat-kayttajat/vapaat-ajat/7']);
});

test("leaves links and what is outside the server's copy alone, and presses nothing when nothing was pressed", async () => {
  const root = serverPage();
  replayButtonPressesThroughHandOver(root);
  const link = root.querySelector('a')!;
  const linkEvent = new MouseEvent('click', { bubbles: true, cancelable: true });
  link.addEventListener('click', (event) => event.preventDefault()); // jsdom cannot navigate
  const outside = root.querySelector<HTMLButtonElement>('#outside')!;
  const outsidePressed = jest.fn();
  outside.addEventListener('click', outsidePressed);
  link.dispatchEvent(linkEvent);
  outside.click();
  expect(outsidePressed).toHaveBeenCalledTimes(1);
  const pressed = remoteTakesOver(root);
  await flushObservers();
  expect(pressed).toEqual([]);
});

test('after the hand-over a press is the page’s own, not held', async () => {
  const root = serverPage();
  replayButtonPressesThroughHandOver(root);
  const pressed = remoteTakesOver(root);
  await flushObservers();
  root.querySelector<HTMLButtonElement>('main button')!.click();
  expect(pressed).toEqual(['Hakuehdot']);
});

test("focus on a button of the server's copy moves to its copy, so the next key goes there", async () => {
  const root = serverPage();
  replayButtonPressesThroughHandOver(root);
  root.querySelectorAll<HTMLButtonElement>('[role=tab]')[1]!.focus();
  remoteTakesOver(root);
  await flushObservers();
  expect(document.activeElement).toHaveTextContent('Aamupäivä');
  expect(document.activeElement).toHaveAttribute('role', 'tab');
});

test("a press in the server's skeleton (a shell page's button) is pressed on the shell's copy", async () => {
  document.body.innerHTML =
    '<div id="portal-root"><div class="shell shell--skeleton"><main><section><button type="button">Lähetä koodi</button></section></main></div></div>';
  const root = document.getElementById('portal-root')!;
  replayButtonPressesThroughHandOver(root);
  root.querySelector('button')!.click();
  root.innerHTML = '<div class="shell"><main><section><button type="button">Lähetä koodi</button></section></main></div>';
  const pressed = jest.fn();
  root.querySelector('button')!.addEventListener('click', pressed);
  await flushObservers();
  expect(pressed).toHaveBeenCalledTimes(1);
});
