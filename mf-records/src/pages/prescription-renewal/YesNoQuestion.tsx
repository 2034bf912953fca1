import { useId } from 'react';
import { useIntl } from 'react-intl';
import { isAdditionalShown, type RenewalYesNoQuestion, type YesNo, type YesNoAnswerDraft } from '@portal/shared-api';
import styles from './PrescriptionRenewalPage.module.css';
import { CharacterCount, FIELD_CLASS, isOverLimit, TEXT_INPUT_CLASS } from '@portal/shared-ui';

/**
 * A yes/no question as a radio group (fieldset and legend), with its additional question right after
 * the answers, shown only when the answer asks for it (spec part 1 §2: yes shows when yes, no shows
 * when no) and then required. What was typed there is kept when the answer changes back and forth.
 * Nothing typed there is cut (issue 28): a count shows its length against `maxTextLength`, and over
 * it the field says so (the form keeps send disabled and says why).
 */
export function YesNoQuestion({
  question,
  value,
  onChange,
  maxTextLength,
}: {
  question: RenewalYesNoQuestion;
  value: YesNoAnswerDraft;
  onChange(value: YesNoAnswerDraft): void;
  /** the additional answer's limit, counted trimmed as the request schema does */
  maxTextLength: number;
}) {
  const intl = useIntl();
  const id = useId();
  const shown = isAdditionalShown(question, value.answer);
  const additionalId = `${id}-additional`;
  const tooLong = isOverLimit(value.additional, maxTextLength);
  const option = (answer: YesNo, labelId: 'common.yes' | 'common.no') => (
    <label className={`${styles.radio} portal-control portal-items-center portal-flex portal-touch portal-gap-xs`}>
      <input
        type="radio"
        name={`${id}-answer`}
        value={answer}
        checked={value.answer === answer}
        required
        onChange={() => onChange({ ...value, answer })}
      />
      {intl.formatMessage({ id: labelId })}
    </label>
  );
  return (
    <fieldset className="portal-fieldset portal-vstack-xs">
      <legend className={`${styles.questionText} portal-field__label`}>{intl.formatMessage({ id: `records.renewal.question.${question.id}` })}</legend>
      <div className={`${styles.options} portal-row`}>
        {option('yes', 'common.yes')}
        {option('no', 'common.no')}
      </div>
      {shown && (
        <div className="portal-field">
          <label htmlFor={additionalId} className="portal-field__label">
            {intl.formatMessage({ id: `records.renewal.question.${question.id}.additional` })}
          </label>
          <textarea
            id={additionalId}
            className={`${TEXT_INPUT_CLASS} ${styles.textarea}`}
            rows={3}
            required
            value={value.additional}
            aria-invalid={tooLong || undefined}
            aria-describedby={tooLong ? `${additionalId}-count ${additionalId}-error` : `${additionalId}-count`}
            onChange={(event) => onChange({ ...value, additional: event.target.value })}
          />
          <CharacterCount id={`${additionalId}-count`} value={value.additional} max={maxTextLength} />
          {tooLong && (
            <p id={`${additionalId}-error`} className={FIELD_CLASS.error}>
              {intl.formatMessage({ id: 'records.renewal.tooLong' }, { max: maxTextLength })}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
