import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import {
  MFA_CODE_LENGTH,
  PIN_PATH,
  pinResponseSchema,
  SMS_LOGIN_CODE_PATH,
  smsLoginCodeResponseSchema,
  toApiFailure,
  type SmsLoginPageState,
} from '@portal/shared-api';
import { Alert, Button, CodeInput, emptyCode, ErrorView, PageHeading, signInHref, Spinner, useApiClient, useShell } from '@portal/shared-ui';
import { goTo } from './go-to';
import { useSmsLoginPage } from './useSmsLoginPage';
import styles from './SmsLoginPage.module.css';

/** The tag of this process's error reports. */
export const SMS_LOGIN_PROCESS = 'account-sms-login';

/** `next` as given, when it is a same-site path (the server checks it again before answering it). */
function nextOf(search: string): string | undefined {
  const next = new URLSearchParams(search).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') && !next.includes('\\') ? next : undefined;
}

/**
 * account.sms-login (spec part 2 §2.2 "SMS code login page", §4 "Session", §7 POST /api/pin, §8): for
 * a person whose session expired and who has SMS login on. A code is sent to their verified phone
 * (only the number's last digits are shown), the 4-digit code is entered in its boxes and checked;
 * a right code starts a new session and loads `next`. A wrong code says how many tries are left;
 * the last wrong one logs the person out for good, and the page then leads to bank login only.
 */
export function SmsLoginPage() {
  const intl = useIntl();
  const { page, retry } = useSmsLoginPage();
  return (
    <div className={styles.page}>
      <PageHeading>{intl.formatMessage({ id: 'account.smsLogin.page.title' })}</PageHeading>
      {page.status === 'loading' && <Spinner />}
      {page.status === 'error' && (
        <div role="alert">
          <ErrorView onRetry={retry} />
        </div>
      )}
      {page.status === 'ready' && <SmsLoginContent state={page.data} />}
    </div>
  );
}

type Step =
  | { kind: 'request' }
  | { kind: 'code'; ending: string }
  | { kind: 'logged-out' }
  | { kind: 'unavailable' };

type Problem = 'wrong' | 'expired' | 'too-many-requests' | 'network' | 'failed' | null;

function BankLoginLink({ next }: { next: string | undefined }) {
  const intl = useIntl();
  const shell = useShell();
  const href = signInHref(shell, { next: next ?? `/${shell.lang}` });
  return (
    <a className="portal-text-link portal-bold portal-focus-outline" href={href}>
      {intl.formatMessage({ id: 'account.smsLogin.page.bankLogin' })}
    </a>
  );
}

function SmsLoginContent({ state }: { state: SmsLoginPageState }) {
  const intl = useIntl();
  const shell = useShell();
  const api = useApiClient();
  const location = useLocation();
  const next = nextOf(location.search);
  const id = useId();
  const [step, setStep] = useState<Step>(state.status === 'available' ? { kind: 'request' } : { kind: 'unavailable' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const [attemptsLeft, setAttemptsLeft] = useState<number | null>(null);
  const [digits, setDigits] = useState<string[]>(() => emptyCode(MFA_CODE_LENGTH));
  const [focusKey, setFocusKey] = useState(0);
  const lifetime = useRef<AbortController | null>(null);
  const expiryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const problemBox = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    lifetime.current = controller;
    return () => {
      controller.abort();
      if (expiryTimer.current) clearTimeout(expiryTimer.current);
    };
  }, []);

  useEffect(() => {
    if (problem && problem !== 'wrong') problemBox.current?.focus();
  }, [problem]);

  const ttlSeconds = state.status === 'available' ? state.codeTtlSeconds : 0;

  function failed(error: unknown) {
    const failure = toApiFailure(error);
    if (failure.kind === 'aborted') return;
    if (failure.kind === 'unauthorized') {
      // the expired session is no longer there (ended, or too old): bank login only
      setStep({ kind: 'unavailable' });
      return;
    }
    if (failure.kind === 'http' && failure.status === 429) {
      setProblem('too-many-requests');
      return;
    }
    if (failure.kind !== 'network') shell.errors.report(error, SMS_LOGIN_PROCESS);
    setProblem(failure.kind === 'network' ? 'network' : 'failed');
  }

  async function requestCode() {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    setAttemptsLeft(null);
    try {
      const signal = lifetime.current?.signal;
      const answer = await api.post(SMS_LOGIN_CODE_PATH, smsLoginCodeResponseSchema, {
        searchParams: { lang: shell.lang },
        ...(signal ? { signal } : {}),
      });
      setDigits(emptyCode(MFA_CODE_LENGTH));
      setStep({ kind: 'code', ending: answer.phoneNumberEnding });
      setFocusKey((n) => n + 1);
      // the code's lifetime is counted on this device's clock from the answer: the clocks may differ
      if (expiryTimer.current) clearTimeout(expiryTimer.current);
      expiryTimer.current = setTimeout(() => setProblem('expired'), ttlSeconds * 1000);
    } catch (error) {
      failed(error);
    } finally {
      if (!lifetime.current?.signal.aborted) setBusy(false);
    }
  }

  async function checkCode(pin: string) {
    setBusy(true);
    setProblem(null);
    try {
      const signal = lifetime.current?.signal;
      const { mfaResponse } = await api.post(PIN_PATH, pinResponseSchema, {
        json: next ? { pin, next } : { pin },
        searchParams: { lang: shell.lang },
        ...(signal ? { signal } : {}),
      });
      switch (mfaResponse.type) {
        case 'mfa-ok':
          if (expiryTimer.current) clearTimeout(expiryTimer.current);
          goTo(mfaResponse.next);
          return;
        case 'mfa-challenge-failed':
          setAttemptsLeft(mfaResponse.attemptsLeft);
          setProblem('wrong');
          break;
        case 'code-expired':
          setProblem('expired');
          break;
        case 'too-many-mfa-attempts':
          if (expiryTimer.current) clearTimeout(expiryTimer.current);
          setStep({ kind: 'logged-out' });
          return;
      }
      setDigits(emptyCode(MFA_CODE_LENGTH));
      setFocusKey((n) => n + 1);
    } catch (error) {
      failed(error);
      setDigits(emptyCode(MFA_CODE_LENGTH));
    } finally {
      if (!lifetime.current?.signal.aborted) setBusy(false);
    }
  }

  if (step.kind === 'unavailable') {
    return (
      <div className="portal-items-start portal-vstack-m">
        <Alert variant="info" announce={false}>
          <p className="portal-m0">{intl.formatMessage({ id: 'account.smsLogin.page.unavailable' })}</p>
        </Alert>
        <BankLoginLink next={next} />
      </div>
    );
  }

  if (step.kind === 'logged-out') {
    return (
      <div className="portal-items-start portal-vstack-m">
        <Alert variant="error" title={intl.formatMessage({ id: 'account.smsLogin.page.loggedOut.title' })}>
          <p className="portal-m0">{intl.formatMessage({ id: 'account.smsLogin.page.loggedOut.text' })}</p>
        </Alert>
        <BankLoginLink next={next} />
      </div>
    );
  }

  const minutes = Math.max(1, Math.round(ttlSeconds / 60));
  const problemText =
    problem === 'wrong'
      ? intl.formatMessage({ id: 'account.smsLogin.page.wrong' }, { attemptsLeft: attemptsLeft ?? 0 })
      : problem === 'expired'
        ? intl.formatMessage({ id: 'account.smsLogin.page.expired' })
        : problem === 'too-many-requests'
          ? intl.formatMessage({ id: 'account.smsLogin.page.tooManyRequests' })
          : problem === 'network'
            ? intl.formatMessage({ id: 'common.error.network' })
            : problem === 'failed'
              ? intl.formatMessage({ id: 'common.error.generic' })
              : null;
  const problemId = `${id}-problem`;

  return (
    <div className="portal-items-start portal-vstack-m">
      <p className="portal-m0">{intl.formatMessage({ id: 'account.smsLogin.page.intro' })}</p>
      {step.kind === 'request' && state.status === 'available' && (
        <>
          <p className="portal-m0">{intl.formatMessage({ id: 'account.smsLogin.page.sendTo' }, { ending: state.phoneNumberEnding })}</p>
          {problemText && (
            <div ref={problemBox} tabIndex={-1} className="portal-focus-none portal-focus-outline">
              <Alert variant="error">
                <p className="portal-m0">{problemText}</p>
              </Alert>
            </div>
          )}
          <div>
            <Button onClick={() => void requestCode()} disabled={busy} aria-busy={busy || undefined}>
              {intl.formatMessage({ id: 'account.smsLogin.page.send' })}
            </Button>
          </div>
        </>
      )}
      {step.kind === 'code' && (
        <>
          <p className="portal-m0" role="status">
            {intl.formatMessage({ id: 'account.smsLogin.page.sent' }, { ending: step.ending, minutes })}
          </p>
          {problem !== 'expired' && (
            <CodeInput
              value={digits}
              onValue={(nextDigits) => {
                setDigits(nextDigits);
                if (problem === 'wrong') setProblem(null);
              }}
              onComplete={(pin) => void checkCode(pin)}
              legend={intl.formatMessage({ id: 'account.smsLogin.page.codeLegend' })}
              boxLabel={(index, count) => intl.formatMessage({ id: 'account.code.digit' }, { index, count })}
              describedBy={problemText ? problemId : undefined}
              invalid={problem === 'wrong'}
              busy={busy}
              focusKey={focusKey}
            />
          )}
          {problemText && (
            <div ref={problemBox} tabIndex={-1} className="portal-focus-none portal-focus-outline">
              <p id={problemId} className="portal-field__error" role="alert">
                {problemText}
              </p>
            </div>
          )}
          <p className="portal-m0" role="status">
            {busy ? intl.formatMessage({ id: 'account.smsLogin.page.checking' }) : null}
          </p>
          <div className="portal-form-actions">
            <Button variant={problem === 'expired' ? 'primary' : 'secondary'} onClick={() => void requestCode()} disabled={busy}>
              {intl.formatMessage({ id: 'account.smsLogin.page.resend' })}
            </Button>
          </div>
        </>
      )}
      <p className={styles.other}>
        {intl.formatMessage({ id: 'account.smsLogin.page.orBank' })} <BankLoginLink next={next} />
      </p>
    </div>
  );
}
