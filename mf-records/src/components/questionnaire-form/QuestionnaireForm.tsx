import { useEffect, useId, useMemo, useState, type FormEvent, type MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import { flattenQuestionnaireItems, type FhirQuestionnaire, type QuestionnaireResponse } from '@portal/shared-api';
import { Alert, Button } from '@portal/shared-ui';
import { checkForm, enabledItems, errorMessage, itemLabel, type FieldErrorCode, type FieldValue, type FormErrors, type FormValues } from './form-model';
import { QuestionnaireItems, type FormFieldsContext } from './QuestionnaireItemField';
import styles from './QuestionnaireForm.module.css';

/** What sending the answers came to; on success the page replaces the form. */
export type SubmitOutcome =
  | { status: 'success' }
  | { status: 'error'; message: string; fieldErrors?: ReadonlyMap<string, FieldErrorCode> };

/** Focuses a field by its element id: the input itself, or the chosen (else first) control of a fieldset. */
function focusField(elementId: string | undefined) {
  if (!elementId) return;
  const element = document.getElementById(elementId);
  if (!element) return;
  const target = element.matches('input, textarea, select') ? element : (element.querySelector<HTMLElement>('input:checked') ?? element.querySelector<HTMLElement>('input, textarea, select'));
  target?.focus();
}

/**
 * A FHIR R4 Questionnaire as a form of the remote's own accessible controls (spec part 1 §4
 * Questionnaire): follow-up questions appear and disappear as their enableWhen holds; on submit the
 * answers are checked with the same rules as the server's, and errors show inline (linked with
 * aria-describedby), in a summary of links above the form, and focus moves to the first one. A
 * valid form goes to `onSubmit` as a completed QuestionnaireResponse; its error message shows above
 * the button, the answers kept.
 */
export function QuestionnaireForm({ questionnaire, onSubmit }: { questionnaire: FhirQuestionnaire; onSubmit(response: QuestionnaireResponse): Promise<SubmitOutcome> }) {
  const intl = useIntl();
  const baseId = useId();
  const summaryHeadingId = `${baseId}-summary`;
  const flat = useMemo(() => flattenQuestionnaireItems(questionnaire.item), [questionnaire]);
  const domIds = useMemo(() => new Map(flat.map(({ item }, index) => [item.linkId, `${baseId}-item-${index}`])), [flat, baseId]);
  const itemsByLinkId = useMemo(() => new Map(flat.map(({ item }) => [item.linkId, item])), [flat]);
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<FormErrors>(new Map());
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ linkId: string; sequence: number } | null>(null);
  const enabled = useMemo(() => enabledItems(questionnaire, values), [questionnaire, values]);

  useEffect(() => {
    if (focusRequest) focusField(domIds.get(focusRequest.linkId));
  }, [focusRequest, domIds]);

  const requestFocusOnFirst = (found: FormErrors) => {
    const [first] = found.keys();
    if (first !== undefined) setFocusRequest((previous) => ({ linkId: first, sequence: (previous?.sequence ?? 0) + 1 }));
  };

  const onChange = (linkId: string, value: FieldValue) => {
    const next = { ...values, [linkId]: value };
    setValues(next);
    if (errors.size > 0) {
      // errors already shown follow the answers (fixed ones go away); new ones wait for the next submit
      const now = checkForm(questionnaire, next).errors;
      setErrors(new Map([...errors].flatMap(([id]) => {
        const code = now.get(id);
        return code ? [[id, code] as const] : [];
      })));
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const { response, errors: found } = checkForm(questionnaire, values);
    setErrors(found);
    setSubmitError(null);
    if (found.size > 0) {
      requestFocusOnFirst(found);
      return;
    }
    setSubmitting(true);
    const outcome = await onSubmit(response);
    if (outcome.status === 'error') {
      setSubmitting(false);
      setSubmitError(outcome.message);
      if (outcome.fieldErrors?.size) {
        setErrors(outcome.fieldErrors);
        requestFocusOnFirst(outcome.fieldErrors);
      }
    }
  };

  const fields: FormFieldsContext = { values, errors, enabled, domIds, disabled: submitting, onChange };
  const hasRequired = flat.some(({ item }) => item.required);
  const summaryLink = (linkId: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    focusField(domIds.get(linkId));
  };

  return (
    <form className={`${styles.form} portal-vstack-l`} noValidate onSubmit={(event) => void submit(event)}>
      {errors.size > 0 && (
        <div className={styles.summary} role="group" aria-labelledby={summaryHeadingId}>
          <h2 id={summaryHeadingId} className="portal-error-text portal-mb-xs portal-title-l">
            {intl.formatMessage({ id: 'records.questionnaire.errorSummary.title' }, { count: errors.size })}
          </h2>
          <ul className={styles.summaryList}>
            {[...errors].map(([linkId, code]) => {
              const item = itemsByLinkId.get(linkId);
              if (!item) return null;
              const message = errorMessage(item, code);
              return (
                <li key={linkId}>
                  <a href={`#${domIds.get(linkId) ?? ''}`} className="portal-error-text" onClick={summaryLink(linkId)}>
                    {`${itemLabel(item)}: ${intl.formatMessage({ id: message.id }, message.values)}`}
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {hasRequired && <p className="portal-muted portal-m0">{intl.formatMessage({ id: 'records.questionnaire.requiredNote' })}</p>}
      <QuestionnaireItems items={questionnaire.item} fields={fields} />
      <div className="portal-items-start portal-vstack-s">
        {submitError && <Alert variant="error">{submitError}</Alert>}
        <Button type="submit" loading={submitting} loadingLabel={intl.formatMessage({ id: 'records.questionnaire.sending' })}>
          {intl.formatMessage({ id: 'records.questionnaire.submit' })}
        </Button>
      </div>
    </form>
  );
}
