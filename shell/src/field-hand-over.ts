// Loaded with the entry (index.ts): the DOM only, no shared module.
import { SERVER_COPY, untilServerCopyGone, type HandOver } from './focus-hand-over';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Where a field stands among the fields of its copy: its id, else its name, else its label, and its
 * place among fields alike. The id alone is not enough: an id from React's useId differs between the
 * server's render and the running page's.
 */
interface FieldKey {
  id: string;
  name: string;
  /** what the field is called: its labels' text, else its aria-label */
  label: string;
  /** for a radio or checkbox of a group: which one of the group (by value) */
  value: string;
  index: number;
}

interface Entered {
  key: FieldKey;
  /** text, or a select's value */
  value: string;
  checked: boolean;
}

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;

const isChoice = (field: Field): field is HTMLInputElement => field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox');

/** Fields that never carry what a visitor typed into the next copy: a file's bytes, a password, a hidden token. */
const NOT_CARRIED = new Set(['file', 'password', 'hidden', 'submit', 'button', 'reset', 'image']);

function labelOf(field: Field): string {
  const labels = [...(field.labels ?? [])].map((label) => label.textContent ?? '').join(' ');
  return (labels || field.getAttribute('aria-label') || '').replace(/\s+/g, ' ').trim();
}

/** The fields of `scope` that are `key`'s kind of field: the same tag, name, label and (for a choice) value. */
function fieldsLike(scope: ParentNode, tagName: string, key: Omit<FieldKey, 'id' | 'index'>): Field[] {
  return [...scope.querySelectorAll<Field>(tagName)].filter(
    (other) =>
      (other.getAttribute('name') ?? '') === key.name &&
      labelOf(other) === key.label &&
      (!isChoice(other) || (other.getAttribute('value') ?? '') === key.value),
  );
}

function keyOf(copy: Element, field: Field): FieldKey {
  const kind = { name: field.getAttribute('name') ?? '', label: labelOf(field), value: field.getAttribute('value') ?? '' };
  return { id: field.id, ...kind, index: Math.max(0, fieldsLike(copy, field.tagName, kind).indexOf(field)) };
}

function copyOf(root: HTMLElement, tagName: string, key: FieldKey): Field | null {
  if (key.id) {
    const byId = root.ownerDocument.getElementById(key.id);
    if (byId && root.contains(byId) && isField(byId) && byId.tagName === tagName) return byId;
  }
  if (!key.name && !key.label) return null;
  return fieldsLike(root, tagName, key)[key.index] ?? null;
}

/**
 * Sets the value as the visitor would have: through the element's own value setter (React tracks
 * the value it set last and would ignore an assignment through the instance) and the event its
 * forms listen to, so the running page's state holds what the field shows.
 */
function enter(field: Field, entered: Entered): void {
  if (isChoice(field)) {
    // a click is what changes a choice for the page's code too; a radio is unchosen only by choosing
    // another of its group, whose own entry clicks it
    const wanted = field.type === 'radio' ? entered.checked && !field.checked : field.checked !== entered.checked;
    if (wanted) field.click();
    return;
  }
  if (field.value === entered.value) return;
  const prototype = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(field, entered.value);
  else field.value = entered.value;
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * Keeps what the visitor typed or chose in the server's copy of a page while the code that replaces
 * it arrives (issue 31): the shell starts on the first interaction, so a visitor who taps a field
 * and types has typed into the server's copy by the time the remote's copy replaces it, and that
 * copy's fields are empty. Every field the visitor changed (text, choice, selection) is remembered
 * by its id, else its name and place; once the server's copy has gone, the same field of the
 * running page gets the same value, as if typed there. Passwords and files are not carried. Gives up
 * HAND_OVER_LIMIT_MS after the shell started.
 */
export function keepFieldValuesThroughHandOver(root: HTMLElement): HandOver {
  const entered = new Map<string, { tagName: string; entry: Entered }>();

  const onInput = (event: Event) => {
    const field = event.target;
    if (!isField(field) || (field instanceof HTMLInputElement && NOT_CARRIED.has(field.type))) return;
    const copy = field.closest(SERVER_COPY);
    if (!copy || !root.contains(copy)) return;
    const key = keyOf(copy, field);
    const entry: Entered = { key, value: field.value, checked: isChoice(field) ? field.checked : false };
    const id = `${field.tagName}|${key.id}|${key.name}|${key.label}|${isChoice(field) ? key.value : ''}|${key.index}`;
    // the last change last: of a radio group chosen twice, the later choice is the one that stands
    entered.delete(id);
    entered.set(id, { tagName: field.tagName, entry });
  };

  return untilServerCopyGone(
    root,
    [
      ['input', onInput],
      ['change', onInput],
    ],
    () => {
      for (const { tagName, entry } of entered.values()) {
        const field = copyOf(root, tagName, entry.key);
        if (field) enter(field, entry);
      }
    },
  );
}
