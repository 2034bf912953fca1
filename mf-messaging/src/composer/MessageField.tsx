import { useId, type KeyboardEvent, type Ref } from 'react';
import { useIntl } from 'react-intl';
import { MESSAGE_CONTENT_MAX_LENGTH } from '@portal/shared-api';
import styles from './Composer.module.css';
import { CharacterCount, isOverLimit, TEXT_INPUT_CLASS } from '@portal/shared-ui';

/** Whether the message is longer than a message may be once trimmed: the forms refuse to send it. */
export function messageTooLong(value: string): boolean {
  return isOverLimit(value, MESSAGE_CONTENT_MAX_LENGTH);
}

export interface MessageFieldProps {
  value: string;
  onChange(value: string): void;
  /** the visible label; default 'Message' */
  label?: string;
  /** an error shown under the field and tied to it (aria-invalid, aria-describedby) */
  error?: string | null;
  /** true while the message is being sent: what was typed stays as it is until the answer */
  readOnly?: boolean;
  required?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * The message text: a labelled textarea that keeps line breaks. Ctrl+Enter (Cmd+Enter on a Mac)
 * submits the form it is in, as the hint under the label says. Nothing typed or pasted is cut
 * (issue 28): the count under it shows the length against MESSAGE_CONTENT_MAX_LENGTH, and the form
 * refuses a longer message with its error here (see messageTooLong).
 */
export function MessageField({ value, onChange, label, error, readOnly = false, required = false, ref }: MessageFieldProps) {
  const intl = useIntl();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const countId = `${id}-count`;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    // The form's submit handler applies the same rules as the send button.
    event.currentTarget.form?.requestSubmit();
  };

  return (
    <div className="portal-field">
      <label htmlFor={id} className="portal-field__label">
        {label ?? intl.formatMessage({ id: 'messaging.composer.label' })}
      </label>
      <p id={hintId} className="portal-field__hint">
        {intl.formatMessage({ id: 'messaging.composer.shortcutHint' })}
      </p>
      <textarea
        ref={ref}
        id={id}
        className={`${TEXT_INPUT_CLASS} ${styles.textarea}`}
        value={value}
        rows={5}
        readOnly={readOnly}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${countId} ${errorId}` : `${hintId} ${countId}`}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <CharacterCount id={countId} value={value} max={MESSAGE_CONTENT_MAX_LENGTH} />
      {error && (
        <p id={errorId} className="portal-field__error portal-bold">
          {error}
        </p>
      )}
    </div>
  );
}
