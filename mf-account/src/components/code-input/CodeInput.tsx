import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { MFA_CODE_LENGTH } from '@portal/shared-api';
import styles from './CodeInput.module.css';

export interface CodeInputProps {
  /** the digits typed so far, one per box ('' for an empty box) */
  digits: readonly string[];
  onChange(digits: string[]): void;
  /** called once all boxes hold a digit, with the code */
  onComplete(code: string): void;
  /** the fieldset's legend */
  legend: string;
  /** id of a message that describes the boxes (an error), if any */
  describedBy?: string | undefined;
  invalid?: boolean;
  /** read-only while a code is being checked */
  busy?: boolean;
  /** bump to move focus to the first box (after a wrong code or a new code) */
  focusKey?: number;
}

export const emptyCode = (): string[] => Array.from({ length: MFA_CODE_LENGTH }, () => '');

/**
 * The SMS code as one box per digit, as the shell's SMS onboarding box has it (spec part 1 §5): a
 * typed digit moves on, Backspace moves back, a pasted or autofilled code fills every box, and the
 * last digit submits. Each box is labelled "Digit n of 4"; the group by its legend.
 */
export function CodeInput({ digits, onChange, onComplete, legend, describedBy, invalid = false, busy = false, focusKey = 0 }: CodeInputProps) {
  const intl = useIntl();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  useEffect(() => {
    boxes.current[0]?.focus();
  }, [focusKey]);

  function fill(start: number, typed: string) {
    if (busy) return;
    const incoming = typed.replace(/\D/g, '').slice(0, MFA_CODE_LENGTH - start);
    if (!incoming) return;
    const next = [...digits];
    for (let i = 0; i < incoming.length; i += 1) next[start + i] = incoming[i] ?? '';
    onChange(next);
    const firstEmpty = next.findIndex((d) => d === '');
    if (firstEmpty === -1) {
      boxes.current[MFA_CODE_LENGTH - 1]?.focus();
      onComplete(next.join(''));
    } else {
      boxes.current[Math.min(start + incoming.length, MFA_CODE_LENGTH - 1)]?.focus();
    }
  }

  function change(index: number, value: string) {
    // one box holds one digit: a digit typed next to the old one replaces it
    const old = digits[index] ?? '';
    const typed = old && value.length === 2 ? value.replace(old, '') : value;
    if (typed === '') {
      const next = [...digits];
      next[index] = '';
      onChange(next);
      return;
    }
    fill(index, typed);
  }

  function keyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Backspace' || busy) return;
    event.preventDefault();
    const next = [...digits];
    if (next[index]) next[index] = '';
    else if (index > 0) next[index - 1] = '';
    onChange(next);
    if (index > 0 && !digits[index]) boxes.current[index - 1]?.focus();
  }

  function paste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    fill(index, event.clipboardData.getData('text'));
  }

  return (
    <fieldset className={styles.group} aria-describedby={describedBy}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.boxes}>
        {digits.map((digit, index) => (
          <input
            // the boxes are positional: the index is their identity
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            className={`${styles.box}${invalid ? ` ${styles.invalid}` : ''}`}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={intl.formatMessage({ id: 'account.code.digit' }, { index: index + 1, count: MFA_CODE_LENGTH })}
            aria-invalid={invalid || undefined}
            readOnly={busy}
            value={digit}
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
