import { useId } from 'react';
import { useIntl } from 'react-intl';
import { isAdditionalShown, type RenewalYesNoQuestion, type YesNo, type YesNoAnswerDraft } from '@portal/shared-api';
import styles from './PrescriptionRenewalPage.module.css';
import { TEXT_INPUT_CLASS } from '@portal/shared-ui';

/**
 * A yes/no question as a radio group (fieldset and legend), with its additional question right after
 * the answers, shown only when the answer asks for it (spec part 1 §2: yes shows when yes, no shows
 * when no) and then required. What was typed there is kept when the answer changes back and forth.
 */
export function YesNoQuestion({
  question,
  value,
  onChange,
  maxLength,
}: {
  question: RenewalYesNoQuestion;
  value: YesNoAnswerDraft;
  onChange(value: YesNoAnswerDraft): void;
  maxLength: number;
}) {
  const intl = useIntl();
  const id = useId();
  const shown = isAdditionalShown(question, value.answer);
  const option = (answer: YesNo, labelId: 'common.yes' | 'common.no') => (
    <label className={styles.radio}>
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
    <fieldset className={styles.question}>
      <legend className={styles.questionText}>{intl.formatMessage({ id: `records.renewal.question.${question.id}` })}</legend>
      <div className={styles.options}>
        {option('yes', 'common.yes')}
        {option('no', 'common.no')}
      </div>
      {shown && (
        <div className={styles.field}>
          <label htmlFor={`${id}-additional`} className={styles.label}>
            {intl.formatMessage({ id: `records.renewal.question.${question.id}.additional` })}
          </label>
          <textarea
            id={`${id}-additional`}
            className={`${TEXT_INPUT_CLASS} ${styles.textarea}`}
            rows={3}
            required
            // eslint-disable-next-line no-restricted-syntax -- issue 28 follow-up: replace this cut with a visible count and a message at the limit
            maxLength={maxLength}
            value={value.additional}
            onChange={(event) => onChange({ ...value, additional: event.target.value })}
          />
        </div>
      )}
    </fieldset>
  );
}
