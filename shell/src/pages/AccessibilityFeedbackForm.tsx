import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  ACCESSIBILITY_FEEDBACK_LIMITS,
  accessibilityFeedbackRequestSchema,
  isApiError,
  type AccessibilityFeedbackRequest,
} from '@portal/shared-api';
import { Alert, Button, CharacterCount, FIELD_CLASS, TEXT_INPUT_CLASS, TextField } from '@portal/shared-ui';
import { useRuntime } from '../app/runtime';

type Field = keyof AccessibilityFeedbackRequest;
const FIELDS: readonly Field[] = ['page', 'description', 'email'];
type FieldErrors = Partial<Record<Field, { id: string; values?: Record<string, number> }>>;
type SendError = 'send' | 'tooMany' | null;

const isField = (value: unknown): value is Field => typeof value === 'string' && (FIELDS as readonly string[]).includes(value);

/** What the form says at a field the shared schema (or the server, by its path) refused. */
function fieldError(field: Field, code: string | undefined): NonNullable<FieldErrors[Field]> {
  if (field === 'email') return { id: 'shell.accessibility.error.emailInvalid' };
  if (code === 'too_big') return { id: 'shell.accessibility.error.tooLong', values: { max: ACCESSIBILITY_FEEDBACK_LIMITS[field] } };
  if (field === 'description' && code === 'too_small') return { id: 'shell.accessibility.error.descriptionRequired' };
  if (field === 'description' && code === 'invalid_type') return { id: 'shell.accessibility.error.descriptionRequired' };
  return { id: 'shell.accessibility.error.textInvalid' };
}

/**
 * The accessibility statement's feedback form (Act 306/2019 §17), anonymous or signed in. Checked
 * with the server's own schema before sending; a refusal is shown at its field and focus goes to the
 * first refused field. What was typed stays on every error. Once sent, the confirmation takes its
 * place and the focus.
 */
export function AccessibilityFeedbackForm() {
  const intl = useIntl();
  const { api } = useRuntime();
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ page: '', description: '', email: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<SendError>(null);
  const [sent, setSent] = useState(false);
  const refs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const confirmationRef = useRef<HTMLHeadingElement | null>(null);
  const focusOnRender = useRef<'confirmation' | 'form' | Field | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => {
    const target = focusOnRender.current;
    if (target === null) return;
    focusOnRender.current = null;
    if (target === 'confirmation') confirmationRef.current?.focus();
    else if (target !== 'form') refs.current[target]?.focus();
  });

  const fieldId = (field: Field) => `${id}-${field}`;
  const errorText = (field: Field) => {
    const error = errors[field];
    return error ? intl.formatMessage({ id: error.id }, error.values) : null;
  };
  const setValue = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  function showErrors(found: FieldErrors) {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) focusOnRender.current = first;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSendError(null);
    const parsed = accessibilityFeedbackRequestSchema.safeParse(values);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isField(field) && !found[field]) found[field] = fieldError(field, issue.code);
      }
      showErrors(found);
      return;
    }
    setErrors({});
    setSending(true);
    controller.current?.abort();
    const running = new AbortController();
    controller.current = running;
    try {
      await api.sendAccessibilityFeedback(parsed.data, running.signal);
      focusOnRender.current = 'confirmation';
      setSent(true);
    } catch (error) {
      if (running.signal.aborted) return;
      const failure = isApiError(error) ? error.failure : null;
      if (failure?.kind === 'validation') {
        const found: FieldErrors = {};
        for (const detail of failure.details) {
          const field = detail.path.split('.')[0];
          if (isField(field) && !found[field]) found[field] = fieldError(field, undefined);
        }
        if (Object.keys(found).length) {
          showErrors(found);
          return;
        }
      }
      setSendError(failure?.kind === 'http' && failure.status === 429 ? 'tooMany' : 'send');
    } finally {
      if (controller.current === running) controller.current = null;
      setSending(false);
    }
  }

  if (sent) {
    return (
      <div className="shell-accessibility__confirmation" role="status">
        <h3 ref={confirmationRef} tabIndex={-1}>
          <FormattedMessage id="shell.accessibility.confirmation.heading" />
        </h3>
        <p>
          <FormattedMessage id="shell.accessibility.confirmation.text" />
        </p>
        <Button
          variant="secondary"
          onClick={() => {
            setValues({ page: '', description: '', email: '' });
            setSent(false);
            focusOnRender.current = 'page';
          }}
        >
          <FormattedMessage id="shell.accessibility.confirmation.again" />
        </Button>
      </div>
    );
  }

  const descriptionError = errorText('description');
  const descriptionIds = `${fieldId('description')}-hint ${fieldId('description')}-counter${descriptionError ? ` ${fieldId('description')}-error` : ''}`;
  return (
    <form className="shell-accessibility__form" noValidate onSubmit={(event) => void submit(event)}>
      {sendError && (
        <Alert variant="error">
          <FormattedMessage id={`shell.accessibility.error.${sendError}`} />
        </Alert>
      )}
      <TextField
        id={fieldId('page')}
        label={intl.formatMessage({ id: 'shell.accessibility.form.page' })}
        value={values.page}
        onValue={setValue('page')}
        error={errorText('page')}
        inputRef={(element) => {
          refs.current.page = element;
        }}
      />
      <div className={FIELD_CLASS.field}>
        <label htmlFor={fieldId('description')} className={FIELD_CLASS.label}>
          <FormattedMessage id="shell.accessibility.form.description" />
        </label>
        <p id={`${fieldId('description')}-hint`} className={FIELD_CLASS.hint}>
          <FormattedMessage id="shell.accessibility.form.descriptionHint" />
        </p>
        <textarea
          ref={(element) => {
            refs.current.description = element;
          }}
          id={fieldId('description')}
          className={TEXT_INPUT_CLASS}
          rows={6}
          required
          aria-required="true"
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={descriptionIds}
          value={values.description}
          onChange={(event) => setValue('description')(event.target.value)}
        />
        <CharacterCount id={`${fieldId('description')}-counter`} value={values.description} max={ACCESSIBILITY_FEEDBACK_LIMITS.description} />
        {descriptionError && (
          <p id={`${fieldId('description')}-error`} className={FIELD_CLASS.error}>
            {descriptionError}
          </p>
        )}
      </div>
      <TextField
        id={fieldId('email')}
        type="email"
        autoComplete="email"
        label={intl.formatMessage({ id: 'shell.accessibility.form.email' })}
        hint={intl.formatMessage({ id: 'shell.accessibility.form.emailHint' })}
        value={values.email}
        onValue={setValue('email')}
        error={errorText('email')}
        inputRef={(element) => {
          refs.current.email = element;
        }}
      />
      <Button type="submit" loading={sending} loadingLabel={intl.formatMessage({ id: 'shell.accessibility.form.sending' })}>
        <FormattedMessage id="shell.accessibility.form.submit" />
      </Button>
    </form>
  );
}
