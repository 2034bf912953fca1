import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  isValidPhoneNumber,
  MFA_CODE_LENGTH,
  MFA_PATH,
  mfaActionResponseSchema,
  mfaChallengeResponseSchema,
  mfaOnboardingRequestResponseSchema,
  mfaStatusResponseSchema,
  toApiFailure,
  type Lang,
  type MfaChallengeOutcome,
  type MfaStatus,
  type MfaStatusResponse,
} from '@portal/shared-api';
import { formatDateTime } from '@portal/shared-i18n';
import { Alert, Button, CodeInput, emptyCode, Spinner, TEXT_INPUT_CLASS, useApiClient, useShell } from '@portal/shared-ui';
import styles from './SmsLoginToggle.module.css';

/** The MFA onboarding of part 1 (server module mfa): the code is sent, then answered. */
export const MFA_ONBOARDING_PATH = '/api/mfa-onboarding';
/** The tag of this process's error reports. */
export const SMS_LOGIN_TOGGLE_PROCESS = 'account-sms-login-toggle';

type Load = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; status: MfaStatus; phoneNumber: string };
type Notice = { variant: 'success' | 'error'; id: string; values?: Record<string, string | number> } | null;

/**
 * SMS login (MFA) in My information (spec part 2 §3 MFA status, §4 "MFA (SMS login) toggle", §8):
 * a switch with the status below it. Turning it on starts the SMS verification of part 1 (the phone
 * number, then the 4-digit code from the SMS) and it is on once the code is right; turning it off
 * returns to no verified device. Too many verification attempts show when the next one is allowed
 * (Europe/Helsinki); an environment without SMS login says so and offers no switch.
 * Its status comes with the page's state (`initial`, what GET /api/mfa answers), else from GET
 * /api/mfa when the section appears (one call, cancelled on leave).
 */
export function SmsLoginToggle({ initial = null }: { initial?: MfaStatusResponse | null }) {
  const intl = useIntl();
  const shell = useShell();
  const api = useApiClient();
  const id = useId();
  const [load, setLoad] = useState<Load>(() => (initial ? { kind: 'ready', status: initial.status, phoneNumber: initial.phoneNumber ?? '' } : { kind: 'loading' }));
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [step, setStep] = useState<'phone' | 'code'>('phone');
  const [phone, setPhone] = useState(initial?.phoneNumber ?? '');
  const [phoneTouched, setPhoneTouched] = useState(false);
  const [digits, setDigits] = useState<string[]>(() => emptyCode(MFA_CODE_LENGTH));
  const [codeFailed, setCodeFailed] = useState(false);
  const [focusKey, setFocusKey] = useState(0);
  const lifetime = useRef<AbortController | null>(null);
  const phoneInput = useRef<HTMLInputElement>(null);

  const fetchStatus = useCallback(async () => {
    const signal = lifetime.current?.signal;
    try {
      const answer = await api.get(MFA_PATH, mfaStatusResponseSchema, signal ? { signal } : {});
      setLoad({ kind: 'ready', status: answer.status, phoneNumber: answer.phoneNumber ?? '' });
      setPhone((current) => current || answer.phoneNumber || '');
    } catch (error) {
      if (toApiFailure(error).kind === 'aborted') return;
      shell.errors.report(error, SMS_LOGIN_TOGGLE_PROCESS);
      setLoad({ kind: 'error' });
    }
  }, [api, shell.errors]);

  // the status the page came with is the first one: asked for only when it did not come
  const statusGiven = useRef(initial !== null);
  useEffect(() => {
    const controller = new AbortController();
    lifetime.current = controller;
    if (!statusGiven.current) void fetchStatus();
    return () => controller.abort();
  }, [fetchStatus]);

  // after the switch starts the verification, the phone number field takes the focus
  const focusPhone = useRef(false);
  useEffect(() => {
    if (!focusPhone.current) return;
    focusPhone.current = false;
    phoneInput.current?.focus();
  });

  /** Runs a state-changing call: busy while it runs, a failure shown and reported. Null when it failed. */
  async function run<T>(call: (signal: AbortSignal | undefined) => Promise<T>): Promise<T | null> {
    setBusy(true);
    setNotice(null);
    try {
      return await call(lifetime.current?.signal);
    } catch (error) {
      const failure = toApiFailure(error);
      if (failure.kind === 'aborted') return null;
      if (failure.kind === 'http' && failure.status === 429) {
        // the code requests are used up: the status says until when
        await fetchStatus();
        return null;
      }
      if (failure.kind !== 'network') shell.errors.report(error, SMS_LOGIN_TOGGLE_PROCESS);
      setNotice({ variant: 'error', id: failure.kind === 'network' ? 'common.error.network' : 'common.error.generic' });
      return null;
    } finally {
      if (!lifetime.current?.signal.aborted) setBusy(false);
    }
  }

  async function act(action: 'enable' | 'disable') {
    const answer = await run((signal) => api.post(MFA_PATH, mfaActionResponseSchema, { json: { action }, ...(signal ? { signal } : {}) }));
    if (!answer || load.kind !== 'ready') return;
    setLoad({ ...load, status: answer.status });
    setStep('phone');
    setPhoneTouched(false);
    if (answer.status.type === 'user-wants-to-enable-mfa') focusPhone.current = true;
    if (answer.status.type === 'user-has-no-verified-mfa-device') setNotice({ variant: 'success', id: 'account.smsLogin.toggle.disabled' });
  }

  async function sendCode(event: FormEvent) {
    event.preventDefault();
    setPhoneTouched(true);
    if (!isValidPhoneNumber(phone) || busy) {
      phoneInput.current?.focus();
      return;
    }
    const sent = await run((signal) =>
      api.post(MFA_ONBOARDING_PATH, mfaOnboardingRequestResponseSchema, {
        json: { phoneNumber: phone },
        searchParams: { lang: shell.lang },
        ...(signal ? { signal } : {}),
      }),
    );
    if (!sent) return;
    setDigits(emptyCode(MFA_CODE_LENGTH));
    setCodeFailed(false);
    setStep('code');
    setFocusKey((n) => n + 1);
  }

  async function checkCode(code: string) {
    const answer = await run((signal) =>
      api.put(MFA_ONBOARDING_PATH, mfaChallengeResponseSchema, { json: { challengeResponseFromUser: code }, ...(signal ? { signal } : {}) }),
    );
    if (!answer) {
      setDigits(emptyCode(MFA_CODE_LENGTH));
      setFocusKey((n) => n + 1);
      return;
    }
    const outcome: MfaChallengeOutcome = answer.data.type;
    if (outcome === 'mfa-ok') {
      setNotice({ variant: 'success', id: 'account.smsLogin.toggle.enabled' });
      await fetchStatus();
    } else if (outcome === 'mfa-challenge-failed') {
      setCodeFailed(true);
      setDigits(emptyCode(MFA_CODE_LENGTH));
      setFocusKey((n) => n + 1);
    } else {
      setNotice({ variant: 'error', id: 'account.smsLogin.toggle.tooManyCodes' });
      setStep('phone');
      await fetchStatus();
    }
  }

  const titleId = `${id}-title`;
  const statusId = `${id}-status`;
  const heading = (
    <h2 id={titleId} className="portal-mb-xs">
      {intl.formatMessage({ id: 'account.smsLogin.toggle.title' })}
    </h2>
  );

  if (load.kind === 'loading') {
    return (
      <section className="portal-mt-l" aria-labelledby={titleId} aria-busy="true">
        {heading}
        <Spinner label={intl.formatMessage({ id: 'account.smsLogin.toggle.loading' })} />
      </section>
    );
  }
  if (load.kind === 'error') {
    return (
      <section className="portal-mt-l" aria-labelledby={titleId}>
        {heading}
        <Alert variant="error">
          <p className="portal-mb-s">{intl.formatMessage({ id: 'account.smsLogin.toggle.loadFailed' })}</p>
        </Alert>
        <Button
          variant="secondary"
          size="small"
          onClick={() => {
            setLoad({ kind: 'loading' });
            void fetchStatus();
          }}
        >
          {intl.formatMessage({ id: 'common.error.tryAgain' })}
        </Button>
      </section>
    );
  }

  const { status } = load;
  const on = status.type === 'enabled';
  const verifying = status.type === 'user-wants-to-enable-mfa';
  const canSwitch = status.type === 'enabled' || status.type === 'user-has-no-verified-mfa-device' || verifying;
  const phoneValid = isValidPhoneNumber(phone);
  const showPhoneError = phoneTouched && !phoneValid;

  return (
    <section className="portal-mt-l" aria-labelledby={titleId}>
      {heading}
      <p className="portal-mb-s">{intl.formatMessage({ id: 'account.smsLogin.toggle.intro' })}</p>
      {canSwitch && (
        <div className="portal-mt-s">
          <button
            type="button"
            role="switch"
            aria-checked={on}
            aria-describedby={statusId}
            className={`${styles.switch} portal-touch portal-gap-s portal-items-center${on ? ` ${styles.switchOn}` : ''}`}
            disabled={busy}
            // on, or verifying: off (the verification is cancelled); off: the verification starts
            onClick={() => void act(on || verifying ? 'disable' : 'enable')}
          >
            <span className={styles.track} aria-hidden="true">
              <span className={styles.thumb} />
            </span>
            <span>{intl.formatMessage({ id: 'account.smsLogin.toggle.label' })}</span>
          </button>
        </div>
      )}
      <p id={statusId} className={styles.status}>
        <StatusText status={status} lang={shell.lang} />
      </p>
      <div aria-live="polite">
        {notice && (
          <Alert variant={notice.variant}>
            <p className="portal-mb-s">{intl.formatMessage({ id: notice.id }, notice.values)}</p>
          </Alert>
        )}
      </div>
      {verifying && step === 'phone' && (
        <form className={`${styles.form} portal-vstack-s`} noValidate onSubmit={(event) => void sendCode(event)}>
          <p className="portal-mb-s">{intl.formatMessage({ id: 'account.smsLogin.toggle.verifyIntro' })}</p>
          <label htmlFor={`${id}-phone`} className="portal-field__label">
            {intl.formatMessage({ id: 'account.smsLogin.toggle.phoneLabel' })}
          </label>
          <input
            ref={phoneInput}
            id={`${id}-phone`}
            className={TEXT_INPUT_CLASS}
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            onBlur={() => setPhoneTouched(true)}
            aria-invalid={showPhoneError || undefined}
            aria-describedby={showPhoneError ? `${id}-phone-error` : undefined}
          />
          {showPhoneError && (
            <p id={`${id}-phone-error`} className="portal-field__error">
              {intl.formatMessage({ id: 'account.smsLogin.toggle.phoneInvalid' })}
            </p>
          )}
          <div className={styles.actions}>
            <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
              {intl.formatMessage({ id: 'account.smsLogin.toggle.sendCode' })}
            </Button>
          </div>
        </form>
      )}
      {verifying && step === 'code' && (
        <div className={`${styles.form} portal-vstack-s`}>
          <CodeInput
            value={digits}
            onValue={(next) => {
              setDigits(next);
              setCodeFailed(false);
            }}
            onComplete={(code) => void checkCode(code)}
            legend={intl.formatMessage({ id: 'account.smsLogin.toggle.codeLegend' }, { phoneNumber: phone })}
            boxLabel={(index, count) => intl.formatMessage({ id: 'account.code.digit' }, { index, count })}
            describedBy={codeFailed ? `${id}-code-error` : undefined}
            invalid={codeFailed}
            busy={busy}
            focusKey={focusKey}
          />
          {codeFailed && (
            <p id={`${id}-code-error`} className="portal-field__error" role="alert">
              {intl.formatMessage({ id: 'account.smsLogin.toggle.codeWrong' })}
            </p>
          )}
          <p className="portal-mb-s" role="status">
            {busy ? intl.formatMessage({ id: 'account.smsLogin.toggle.checking' }) : null}
          </p>
          <Button variant="tertiary" size="small" disabled={busy} onClick={() => setStep('phone')}>
            {intl.formatMessage({ id: 'account.smsLogin.toggle.changeNumber' })}
          </Button>
        </div>
      )}
    </section>
  );
}

function StatusText({ status, lang }: { status: MfaStatus; lang: Lang }) {
  const intl = useIntl();
  switch (status.type) {
    case 'enabled':
      return <>{intl.formatMessage({ id: 'account.smsLogin.status.enabled' })}</>;
    case 'user-has-no-verified-mfa-device':
      return <>{intl.formatMessage({ id: 'account.smsLogin.status.noDevice' })}</>;
    case 'user-wants-to-enable-mfa':
      return <>{intl.formatMessage({ id: 'account.smsLogin.status.verifying' })}</>;
    case 'too-many-onboarding-attempts':
      return <>{intl.formatMessage({ id: 'account.smsLogin.status.tooMany' }, { time: formatDateTime(status.nextAttempt, lang) })}</>;
    case 'environment-has-mfa-disabled':
      return <>{intl.formatMessage({ id: 'account.smsLogin.status.unavailable' })}</>;
  }
}
