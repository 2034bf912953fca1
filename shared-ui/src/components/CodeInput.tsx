import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { SSN_END_PART_LETTERS } from '@portal/shared-api';
import './CodeInput.css';

/**
 * What the boxes take: a one-time code is digits (the first box offers the SMS code the phone
 * received); an identity code's end part is digits, its last box also a check letter.
 */
export type CodeInputKind = 'one-time-code' | 'identity-code-end';

export interface CodeInputProps {
  kind?: CodeInputKind;
  /** one character per box ('' for an empty box); its length is the number of boxes */
  value: readonly string[];
  onValue(value: string[]): void;
  /** called once every box holds a character, with the code */
  onComplete(code: string): void;
  /** the fieldset's legend: the group's name */
  legend: string;
  /** each box's name, e.g. "Digit 2 of 4" (position counts from 1), from the caller's catalogue */
  boxLabel(position: number, count: number): string;
  /** ids of the messages that describe the boxes (a hint, an error) */
  describedBy?: string | undefined;
  invalid?: boolean;
  /** read-only while a code is being checked */
  busy?: boolean;
  /** bump to move focus to the first box (after a wrong code or a new code); it also goes there on mount */
  focusKey?: number;
}

export const emptyCode = (length: number): string[] => Array.from({ length }, () => '');

function accepts(kind: CodeInputKind, index: number, length: number, char: string): boolean {
  if (/^[0-9]$/.test(char)) return true;
  return kind === 'identity-code-end' && index === length - 1 && char.length === 1 && SSN_END_PART_LETTERS.includes(char);
}

/**
 * A short code as one box per character (spec part 1 §5, part 2 §5): a typed character moves on,
 * Backspace clears a filled box and in an empty one moves back and clears the box before, the arrow
 * keys move between boxes, a pasted or autofilled code fills every box, and the last character
 * completes the code. What no box may hold is refused; letters are uppercased.
 */
export function CodeInput({ kind = 'one-time-code', value, onValue, onComplete, legend, boxLabel, describedBy, invalid = false, busy = false, focusKey = 0 }: CodeInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const length = value.length;
  const focusBox = (index: number) => boxes.current[Math.max(0, Math.min(length - 1, index))]?.focus();

  useEffect(() => {
    boxes.current[0]?.focus();
  }, [focusKey]);

  function fill(start: number, typed: string) {
    if (busy) return;
    // characters no box could hold (spaces, dashes) are dropped, so "12 34" pastes as 1234
    const incoming = [...typed.toUpperCase()].filter((char) => accepts(kind, length - 1, length, char));
    const next = [...value];
    let at = start;
    for (const char of incoming) {
      if (at >= length || !accepts(kind, at, length, char)) break;
      next[at] = char;
      at += 1;
    }
    if (at === start) return;
    onValue(next);
    if (next.every((char) => char !== '')) {
      focusBox(length - 1);
      onComplete(next.join(''));
    } else {
      focusBox(at);
    }
  }

  function change(index: number, typed: string) {
    // one box holds one character: one typed next to the old one replaces it
    const old = value[index] ?? '';
    const fresh = old && typed.length === 2 ? typed.replace(old, '') : typed;
    if (fresh === '') {
      onValue(value.map((char, i) => (i === index ? '' : char)));
      return;
    }
    fill(index, fresh);
  }

  function keyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
      return;
    }
    if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
      return;
    }
    if (event.key !== 'Backspace' || busy) return;
    event.preventDefault();
    if (value[index]) {
      onValue(value.map((char, i) => (i === index ? '' : char)));
    } else if (index > 0) {
      onValue(value.map((char, i) => (i === index - 1 ? '' : char)));
      focusBox(index - 1);
    }
  }

  function paste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    fill(index, event.clipboardData.getData('text'));
  }

  const oneTimeCode = kind === 'one-time-code';
  return (
    <fieldset className="portal-code-input" aria-describedby={describedBy}>
      <legend className="portal-code-input__legend">{legend}</legend>
      <div className="portal-code-input__boxes">
        {value.map((char, index) => (
          <input
            // the boxes are positional: the index is their identity
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            className="portal-code-input__box"
            type="text"
            inputMode={oneTimeCode || index < length - 1 ? 'numeric' : 'text'}
            pattern={oneTimeCode ? '[0-9]*' : undefined}
            autoComplete={oneTimeCode && index === 0 ? 'one-time-code' : 'off'}
            autoCapitalize={oneTimeCode ? undefined : 'characters'}
            spellCheck={false}
            aria-label={boxLabel(index + 1, length)}
            aria-invalid={invalid || undefined}
            readOnly={busy}
            value={char}
            onChange={(event) => change(index, event.target.value)}
            onKeyDown={(event) => keyDown(index, event)}
            onPaste={(event) => paste(index, event)}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </div>
    </fieldset>
  );
}
