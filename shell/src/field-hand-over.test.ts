import { keepFieldValuesThroughHandOver } from './field-hand-over';

// Issue 31: the shell starts on the first interaction, so what a visitor types or chooses in the
// server's copy of a page before the remote's copy replaces it is carried into the remote's copy.

function serverPage(): HTMLElement {
  document.body.innerHTML =
    '<div id="portal-root"><main><div data-prerendered="booking.reservation"><form>' +
    '<label for="reason">Syy</label><textarea id="reason" name="reason"></textarea>' +
    '<input name="phone" type="tel"><input name="pin" type="password">' +
    '<fieldset><input type="radio" name="lang" value="fi" checked><input type="radio" name="lang" value="sv"><input type="radio" name="lang" value="en"></fieldset>' +
    '<input type="checkbox" name="sms" value="yes" checked>' +
    '<select name="clinic"><option value="1">Kamppi</option><option value="2">Tikkurila</option></select>' +
    '</form></div></main></div>';
  return document.getElementById('portal-root')!;
}

/** What the running page's code saw: the events React's forms listen to, with the value then. */
interface Seen {
  type: string;
  name: string;
  value: string;
}

/** The remote's copy replaces the server's (its fields at their defaults) and records what its code would see. */
function remoteTakesOver(root: HTMLElement): Seen[] {
  const seen: Seen[] = [];
  const main = root.querySelector('main')!;
  main.innerHTML =
    '<div><form><label for="reason">Syy</label><textarea id="reason" name="reason"></textarea>' +
    '<input name="phone" type="tel"><input name="pin" type="password">' +
    '<fieldset><input type="radio" name="lang" value="fi" checked><input type="radio" name="lang" value="sv"><input type="radio" name="lang" value="en"></fieldset>' +
    '<input type="checkbox" name="sms" value="yes" checked>' +
    '<select name="clinic"><option value="1">Kamppi</option><option value="2">Tikkurila</option></select></form></div>';
  for (const type of ['input', 'change', 'click']) {
    main.addEventListener(type, (event) => {
      const field = event.target as HTMLInputElement;
      seen.push({ type, name: field.name, value: field.type === 'radio' || field.type === 'checkbox' ? String(field.checked) : field.value });
    });
  }
  return seen;
}

const flushObservers = () => new Promise((resolve) => setTimeout(resolve, 0));

function type(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function choose(field: HTMLInputElement): void {
  field.click();
}

test("text typed into the server's copy is in the remote's copy, entered as the page's code sees typing", async () => {
  const root = serverPage();
  keepFieldValuesThroughHandOver(root);
  type(root.querySelector('textarea')!, 'Selkä kipeä');
  type(root.querySelector('[name=phone]')!, '040 123 4567');
  const seen = remoteTakesOver(root);
  await flushObservers();
  expect(root.querySelector('textarea')!.value).toBe('Selkä kipeä');
  expect(root.querySelector<HTMLInputElement>('[name=phone]')!.value).toBe('040 123 4567');
  expect(seen).toEqual([
    { type: 'input', name: 'reason', value: 'Selkä kipeä' },
    { type: 'input', name: 'phone', value: '040 123 4567' },
  ]);
});

test("a field without a name whose id differs between the copies (React's useId) is found by its label", async () => {
  const root = serverPage();
  root.querySelector('form')!.insertAdjacentHTML('beforeend', '<label for="«R1»-description">Lisätietoja</label><textarea id="«R1»-description"></textarea>');
  keepFieldValuesThroughHandOver(root);
  type(root.querySelector<HTMLTextAreaElement>('[id="«R1»-description"]')!, 'Olkapää');
  remoteTakesOver(root);
  root.querySelector('form')!.insertAdjacentHTML('beforeend', '<label for="«r3»-description">Lisätietoja</label><textarea id="«r3»-description"></textarea>');
  await flushObservers();
  expect(root.querySelector<HTMLTextAreaElement>('[id="«r3»-description"]')!.value).toBe('Olkapää');
});

test('a password is never carried over', async () => {
  const root = serverPage();
  keepFieldValuesThroughHandOver(root);
  type(root.querySelector('[name=pin]')!, '1234');
  remoteTakesOver(root);
  await flushObservers();
  expect(root.querySelector<HTMLInputElement>('[name=pin]')!.value).toBe('');
});

test('choices are clicked in the remote copy: the radio chosen last, an unticked checkbox, a selected option', async () => {
  const root = serverPage();
  keepFieldValuesThroughHandOver(root);
  const radio = (value: string) => root.querySelector<HTMLInputElement>(`[name=lang][value=${value}]`)!;
  choose(radio('en'));
  choose(radio('sv'));
  choose(radio('en'));
  choose(root.querySelector<HTMLInputElement>('[name=sms]')!);
  const select = root.querySelector('select')!;
  select.value = '2';
  select.dispatchEvent(new Event('change', { bubbles: true }));
  remoteTakesOver(root);
  await flushObservers();
  expect(radio('en').checked).toBe(true);
  expect(radio('fi').checked).toBe(false);
  expect(root.querySelector<HTMLInputElement>('[name=sms]')!.checked).toBe(false);
  expect(root.querySelector('select')!.value).toBe('2');
});

test('fields outside the server copy, and changes after the hand-over, are left to the running page', async () => {
  const root = serverPage();
  root.insertAdjacentHTML('beforeend', '<input name="search">');
  keepFieldValuesThroughHandOver(root);
  type(root.querySelector('[name=search]')!, 'outside');
  remoteTakesOver(root);
  await flushObservers();
  // typed into the running page's copy: not overwritten by anything remembered later
  type(root.querySelector('textarea')!, 'uusi');
  root.querySelector('main')!.appendChild(document.createElement('div'));
  await flushObservers();
  expect(root.querySelector('textarea')!.value).toBe('uusi');
  expect(root.querySelector<HTMLInputElement>('[name=search]')!.value).toBe('outside');
});
