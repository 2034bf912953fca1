import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  emptyRenewalDraft,
  GENERAL_RENEWAL_QUESTIONS,
  isRenewalDraftComplete,
  MEDICINE_RENEWAL_QUESTIONS,
  PRESCRIPTION_RENEWALS_PATH,
  RENEWAL_GENERAL_TEXT_MAX_LENGTH,
  RENEWAL_MAINTENANCE_ERROR_TYPE,
  RENEWAL_TEXT_MAX_LENGTH,
  isAdditionalShown,
  renewalRequestBodyOf,
  renewalResponseSchema,
  toApiFailure,
  type ApiFailure,
  type Prescription,
  type RenewalDraft,
  type RenewalYesNoQuestion,
  type YesNoAnswerDraft,
} from '@portal/shared-api';
import { Button, CharacterCount, FIELD_CLASS, isOverLimit, TEXT_INPUT_CLASS, useApiClient, useLifetimeSignal, useShell } from '@portal/shared-ui';
import { PrescriptionDetails } from '../../components/prescriptions/PrescriptionDetails';
import { YesNoQuestion } from './YesNoQuestion';
import styles from './PrescriptionRenewalPage.module.css';

/** The tag of the error reports of this process (spec part 1 §8). */
export const RENEWAL_PROCESS = 'records-prescription-renewal';

type SendError = 'network' | 'maintenance' | 'failed';

function sendErrorOf(failure: ApiFailure): SendError {
  if (failure.kind === 'network') return 'network';
  if (failure.kind === 'http' && failure.status === 503 && failure.type === RENEWAL_MAINTENANCE_ERROR_TYPE) return 'maintenance';
  return 'failed';
}

const ERROR_DETAIL: Record<SendError, string> = {
  network: 'common.error.network',
  maintenance: 'records.renewal.maintenance.text',
  failed: 'records.renewal.failed.kept',
};

/**
 * Whether some text the request would carry is over its limit (trimmed, as the request schema
 * checks it). Such a draft is not complete either, but "fill all fields" would be the wrong thing to
 * say: the form says to shorten the answers marked at their fields (issue 28: nothing is cut).
 */
function hasTooLongText(draft: RenewalDraft): boolean {
  // a hidden additional answer is kept but not sent, so its length does not matter
  const overAsked = (question: RenewalYesNoQuestion, answer: YesNoAnswerDraft, max: number) =>
    isAdditionalShown(question, answer.answer) && isOverLimit(answer.additional, max);
  return (
    GENERAL_RENEWAL_QUESTIONS.some((question) => overAsked(question, draft.general[question.id], RENEWAL_GENERAL_TEXT_MAX_LENGTH)) ||
    draft.prescriptions.some(
      (item) =>
        isOverLimit(item.reason, RENEWAL_TEXT_MAX_LENGTH) ||
        MEDICINE_RENEWAL_QUESTIONS.some((question) => overAsked(question, item.answers[question.id], RENEWAL_TEXT_MAX_LENGTH)),
    )
  );
}

/**
 * The renewal form (spec part 1 §2, §4, §5): the general question, then per medicine the reason and
 * the yes/no questions. Send stays disabled, with 'First fill all fields in the form' above it,
 * until every field and every asked additional question is answered; a text over its limit is kept
 * whole, marked at its field, and send stays disabled with 'Shorten the answers that are too long'
 * above it. Sending shows a spinner in
 * the button; a failure shows 'Prescription renewal failed.' above the button, takes focus and keeps
 * everything typed; success hands the created conversation's id up.
 */
export function RenewalForm({ prescriptions, onSent }: { prescriptions: readonly Prescription[]; onSent(threadId: string): void }) {
  const intl = useIntl();
  const shell = useShell();
  const api = useApiClient();
  const id = useId();
  const [draft, setDraft] = useState<RenewalDraft>(() => emptyRenewalDraft(prescriptions.map((prescription) => prescription.id)));
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<SendError | null>(null);
  const errorBox = useRef<HTMLDivElement>(null);
  // calls made with it are aborted when the form goes away
  const lifetimeSignal = useLifetimeSignal();
  const tooLong = hasTooLongText(draft);
  // the schema's limits make a too-long draft incomplete too; the check is explicit all the same
  const complete = !tooLong && isRenewalDraftComplete(draft);

  useEffect(() => {
    if (error) errorBox.current?.focus();
  }, [error]);

  const updateMedicine = (index: number, change: (item: RenewalDraft['prescriptions'][number]) => RenewalDraft['prescriptions'][number]) =>
    setDraft((current) => ({ ...current, prescriptions: current.prescriptions.map((item, i) => (i === index ? change(item) : item)) }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!complete || sending) return;
    setSending(true);
    setError(null);
    try {
      const signal = lifetimeSignal();
      const answer = await api.post(PRESCRIPTION_RENEWALS_PATH, renewalResponseSchema, {
        json: renewalRequestBodyOf(draft),
        ...(signal ? { signal } : {}),
      });
      onSent(answer.threadId);
    } catch (caught) {
      const failure = toApiFailure(caught);
      if (failure.kind === 'aborted') return;
      const kind = sendErrorOf(failure);
      if (kind === 'failed') shell.errors.report(caught, RENEWAL_PROCESS);
      setError(kind);
      setSending(false);
    }
  };

  const incompleteId = `${id}-incomplete`;
  return (
    <form className={`${styles.form} portal-vstack-m`} noValidate onSubmit={(event) => void submit(event)}>
      {/* disabled while sending: nothing changes under the request */}
      <fieldset className="portal-fieldset portal-vstack-l" disabled={sending}>
        <section className={FIELD_CLASS.group} aria-labelledby={`${id}-general`}>
          <h2 id={`${id}-general`} className="portal-title-l portal-m0">
            {intl.formatMessage({ id: 'records.renewal.general.title' })}
          </h2>
          {GENERAL_RENEWAL_QUESTIONS.map((question) => (
            <YesNoQuestion
              key={question.id}
              question={question}
              value={draft.general[question.id]}
              maxTextLength={RENEWAL_GENERAL_TEXT_MAX_LENGTH}
              onChange={(value) => setDraft((current) => ({ ...current, general: { ...current.general, [question.id]: value } }))}
            />
          ))}
        </section>
        {prescriptions.map((prescription, index) => {
          const item = draft.prescriptions[index];
          if (!item) return null;
          const reasonId = `${id}-reason-${index}`;
          const reasonTooLong = isOverLimit(item.reason, RENEWAL_TEXT_MAX_LENGTH);
          return (
            <fieldset key={prescription.id} className={FIELD_CLASS.group}>
              <legend className={styles.medicineLegend}>
                <h2 className="portal-title-l portal-m0">{`${prescription.medicineName} ${prescription.strength}`.trim()}</h2>
              </legend>
              <PrescriptionDetails prescription={prescription} />
              <div className="portal-field">
                <label htmlFor={reasonId} className="portal-field__label">
                  {intl.formatMessage({ id: 'records.renewal.question.reason' })}
                </label>
                <textarea
                  id={reasonId}
                  className={`${TEXT_INPUT_CLASS} ${styles.textarea}`}
                  rows={3}
                  required
                  value={item.reason}
                  aria-invalid={reasonTooLong || undefined}
                  aria-describedby={reasonTooLong ? `${reasonId}-count ${reasonId}-error` : `${reasonId}-count`}
                  onChange={(event) => {
                    const reason = event.target.value;
                    updateMedicine(index, (current) => ({ ...current, reason }));
                  }}
                />
                <CharacterCount id={`${reasonId}-count`} value={item.reason} max={RENEWAL_TEXT_MAX_LENGTH} />
                {reasonTooLong && (
                  <p id={`${reasonId}-error`} className={FIELD_CLASS.error}>
                    {intl.formatMessage({ id: 'records.renewal.tooLong' }, { max: RENEWAL_TEXT_MAX_LENGTH })}
                  </p>
                )}
              </div>
              {MEDICINE_RENEWAL_QUESTIONS.map((question) => (
                <YesNoQuestion
                  key={question.id}
                  question={question}
                  value={item.answers[question.id]}
                  maxTextLength={RENEWAL_TEXT_MAX_LENGTH}
                  onChange={(value) => updateMedicine(index, (current) => ({ ...current, answers: { ...current.answers, [question.id]: value } }))}
                />
              ))}
            </fieldset>
          );
        })}
      </fieldset>

      <div aria-live="polite">
        {!complete && (
          <p id={incompleteId} className="portal-muted portal-bold portal-m0">
            {intl.formatMessage({ id: tooLong ? 'records.renewal.tooLong.summary' : 'records.renewal.incomplete' })}
          </p>
        )}
      </div>
      {error && (
        <div ref={errorBox} tabIndex={-1} role="alert" className={`${styles.error} portal-error-text portal-focus-outline`}>
          <p className="portal-bold portal-m0">{intl.formatMessage({ id: 'records.renewal.failed' })}</p>
          <p className="portal-mt-xxs">{intl.formatMessage({ id: ERROR_DETAIL[error] })}</p>
        </div>
      )}
      <div className="portal-actions-end portal-full-small">
        <Button
          type="submit"
          disabled={!complete}
          loading={sending}
          loadingLabel={intl.formatMessage({ id: 'records.renewal.sending' })}
          aria-describedby={complete ? undefined : incompleteId}
        >
          {intl.formatMessage({ id: 'records.renewal.send' })}
        </Button>
      </div>
    </form>
  );
}
