import type { InputHTMLAttributes, Ref } from 'react';
import { TEXT_INPUT_CLASS } from './text-input';
import './TextField.css';

/** The classes of a form field's parts, for fields that are not a TextField (a textarea, a select). */
export const FIELD_CLASS = {
  /** a fieldset (or section) of fields, without the browser's frame */
  group: 'portal-field-group',
  field: 'portal-field',
  label: 'portal-field__label',
  hint: 'portal-field__hint',
  error: 'portal-field__error',
} as const;

/**
 * No `maxLength`: the browser cuts what is typed or pasted at the limit before the form can trim or
 * normalise it, and says nothing ("+358 40 123 4567" lost its last digit, issue 28). A field's
 * length is its schema's, checked after trimming, and a refusal is shown as its error.
 */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className' | 'maxLength'> {
  id: string;
  label: string;
  value: string;
  onValue(value: string): void;
  /** shown under the label, read with the input */
  hint?: string;
  /** the refusal's text, shown under the input and read with it */
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled text input with its hint and its error line, both tied to the input for screen readers. */
export function TextField({ id, label, value, onValue, hint, error, inputRef, ...input }: TextFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={FIELD_CLASS.field}>
      <label htmlFor={id} className={FIELD_CLASS.label}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={FIELD_CLASS.hint}>
          {hint}
        </p>
      )}
      <input
        {...input}
        ref={inputRef}
        id={id}
        className={TEXT_INPUT_CLASS}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onValue(event.target.value)}
      />
      {error && (
        <p id={errorId} className={FIELD_CLASS.error}>
          {error}
        </p>
      )}
    </div>
  );
}
