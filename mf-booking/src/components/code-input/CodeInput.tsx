import { useImperativeHandle, useRef, useState, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react';
import { useIntl } from 'react-intl';
import { SSN_END_PART_LENGTH, SSN_END_PART_LETTERS } from '@portal/shared-api';
import styles from './CodeInput.module.css';

/** Whether `char` (already uppercased) may stand in box `index` (spec part 2 §5). */
export function acceptsCharacter(index: number, char: string): boolean {
  if (/^[0-9]$/.test(char)) return true;
  return index === SSN_END_PART_LENGTH - 1 && char.length === 1 && SSN_END_PART_LETTERS.includes(char);
}

export interface CodeInputHandle {
  /** empties the boxes and puts focus in the first */
  reset(): void;
  focus(): void;
}

/**
 * The identity code's end part in 4 single-character boxes (spec part 2 §5): each box uppercases
 * what is typed, takes a digit (the fourth also a check letter) and refuses anything else; typing
 * moves to the next box, Backspace in an empty box moves back (and clears it); a pasted end part
 * fills the boxes. `onComplete` gets the 4 characters once every box is filled.
 */
export function CodeInput({
  label,
  describedBy,
  invalid = false,
  disabled = false,
  onComplete,
  ref,
}: {
  /** the group's name (its legend) */
  label: string;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  onComplete(code: string): void;
  ref?: Ref<CodeInputHandle>;
}) {
  const intl = useIntl();
  const [chars, setChars] = useState<string[]>(() => Array.from({ length: SSN_END_PART_LENGTH }, () => ''));
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focusBox = (index: number) => boxes.current[Math.max(0, Math.min(SSN_END_PART_LENGTH - 1, index))]?.focus();

  useImperativeHandle(ref, () => ({
    reset() {
      setChars(Array.from({ length: SSN_END_PART_LENGTH }, () => ''));
      focusBox(0);
    },
    focus() {
      focusBox(chars.findIndex((c) => c === '') === -1 ? 0 : chars.findIndex((c) => c === ''));
    },
  }));

  const update = (next: string[], focusAt: number) => {
    setChars(next);
    if (next.every((c) => c !== '')) onComplete(next.join(''));
    else focusBox(focusAt);
  };

  const onInput = (index: number, typed: string) => {
    // the newest character typed (a box may briefly hold its old one and the new one)
    const char = typed.slice(-1).toUpperCase();
    if (char === '') {
      update(chars.map((c, i) => (i === index ? '' : c)), index);
      return;
    }
    if (!acceptsCharacter(index, char)) return;
    update(chars.map((c, i) => (i === index ? char : c)), index + 1);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && chars[index] === '' && index > 0) {
      event.preventDefault();
      setChars(chars.map((c, i) => (i === index - 1 ? '' : c)));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < SSN_END_PART_LENGTH - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text').replace(/\s+/g, '').toUpperCase();
    if (pasted.length <= 1) return;
    event.preventDefault();
    const next = [...chars];
    let at = index;
    for (const char of pasted) {
      if (at >= SSN_END_PART_LENGTH || !acceptsCharacter(at, char)) break;
      next[at++] = char;
    }
    update(next, at);
  };

  return (
    <fieldset className={styles.group} aria-describedby={describedBy} disabled={disabled}>
      <legend className={styles.legend}>{label}</legend>
      <div className={styles.boxes}>
        {chars.map((char, index) => (
          <input
            // the boxes are a fixed row of four: the index is their identity
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            className={styles.box}
            value={char}
            onChange={(event) => onInput(index, event.target.value)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
            onFocus={(event) => event.target.select()}
            aria-label={intl.formatMessage({ id: 'booking.anonymousAppointment.ssn.box' }, { index: index + 1, count: SSN_END_PART_LENGTH })}
            aria-invalid={invalid || undefined}
            inputMode={index === SSN_END_PART_LENGTH - 1 ? 'text' : 'numeric'}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            // one character a box (2: onInput keeps the newest of the old and the new); a whole end
            // part pasted into a box is spread over the boxes by onPaste, so nothing is cut
            // eslint-disable-next-line no-restricted-syntax -- see above
            maxLength={2}
          />
        ))}
      </div>
    </fieldset>
  );
}
