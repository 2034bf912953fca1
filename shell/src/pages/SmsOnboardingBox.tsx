import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isValidPhoneNumber, MFA_CODE_LENGTH, type MfaChallengeOutcome } from '@portal/shared-api';
import { Button, CodeInput, emptyCode } from '@portal/shared-ui';
import { useRuntime } from '../app/runtime';

/** spec part 1 §9: the box fades out over 500 ms after a successful verification */
export const MFA_FADE_OUT_MS = 500;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

type Phase = 'open' | 'fading' | 'gone';

export interface SmsOnboardingBoxProps {
  /** the number the server knows (initial state's mfaOnboardingParam) */
  phoneNumber: string;
  /** where focus goes when the box disappears while it held the focus */
  returnFocusTo?: () => HTMLElement | null;
}

/** SMS login onboarding (spec part 1 §4, §5): phone number, then a 4-digit code that submits itself. */
export function SmsOnboardingBox({ phoneNumber: initialPhone, returnFocusTo }: SmsOnboardingBoxProps) {
  const intl = useIntl();
  const { shell, api } = useRuntime();
  const id = useId();
  const [step, setStep] = useState<'phone' | 'code'>('phone');
  const [phone, setPhone] = useState(initialPhone);
  const [pending, setPending] = useState(false);
  const [digits, setDigits] = useState<string[]>(() => emptyCode(MFA_CODE_LENGTH));
  const [failed, setFailed] = useState(false);
  const [phase, setPhase] = useState<Phase>('open');
  const [focusKey, setFocusKey] = useState(0);
  const boxRef = useRef<HTMLElement | null>(null);
  const controllers = useRef(new Set<AbortController>());
  const fadeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const phoneValid = isValidPhoneNumber(phone);

  // Leaving the page cancels the calls still running (spec part 1 §7) and the fade-out.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      running.forEach((c) => c.abort());
      if (fadeTimer.current) clearTimeout(fadeTimer.current);
    };
  }, []);

  function track(): AbortController {
    const controller = new AbortController();
    controllers.current.add(controller);
    return controller;
  }

  function close() {
    const hadFocus = boxRef.current?.contains(document.activeElement) ?? false;
    setPhase('gone');
    if (hadFocus) returnFocusTo?.()?.focus();
  }

  async function requestCode(event?: FormEvent) {
    event?.preventDefault();
    if (!phoneValid || pending) return;
    const controller = track();
    setPending(true);
    try {
      await api.requestMfaCode(phone, controller.signal);
      if (controller.signal.aborted) return;
      setDigits(emptyCode(MFA_CODE_LENGTH));
      setFailed(false);
      setStep('code');
      setFocusKey((key) => key + 1);
    } catch (error) {
      if (controller.signal.aborted) return;
      shell.errors.report(error, 'mfa-onboarding');
      shell.toasts.show({ kind: 'error', text: intl.formatMessage({ id: 'shell.mfa.sendFailed' }) });
    } finally {
      controllers.current.delete(controller);
      if (!controller.signal.aborted) setPending(false);
    }
  }

  function showOutcome(outcome: MfaChallengeOutcome) {
    if (outcome === 'mfa-ok') {
      shell.toasts.show({ kind: 'success', text: intl.formatMessage({ id: 'shell.mfa.enabled' }) });
      if (prefersReducedMotion()) {
        close();
        return;
      }
      setPhase('fading');
      fadeTimer.current = setTimeout(close, MFA_FADE_OUT_MS);
    } else if (outcome === 'mfa-challenge-failed') {
      shell.toasts.show({
        kind: 'error',
        text: intl.formatMessage({ id: 'shell.mfa.failed' }),
        detail: intl.formatMessage({ id: 'shell.mfa.failedDetail' }),
      });
      setFailed(true);
      setDigits(emptyCode(MFA_CODE_LENGTH));
      setFocusKey((key) => key + 1);
    } else {
      shell.toasts.show({
        kind: 'error',
        text: intl.formatMessage({ id: 'shell.mfa.tooMany' }),
        detail: intl.formatMessage({ id: 'shell.mfa.tooManyDetail' }),
      });
      close();
    }
  }

  async function submitCode(code: string) {
    const controller = track();
    setPending(true);
    try {
      const outcome = await api.answerMfaChallenge(code, controller.signal);
      if (controller.signal.aborted) return;
      showOutcome(outcome);
    } catch (error) {
      if (controller.signal.aborted) return;
      shell.errors.report(error, 'mfa-onboarding');
      shell.toasts.show({ kind: 'error', text: intl.formatMessage({ id: 'shell.mfa.checkFailed' }) });
      setDigits(emptyCode(MFA_CODE_LENGTH));
      setFocusKey((key) => key + 1);
    } finally {
      controllers.current.delete(controller);
      if (!controller.signal.aborted) setPending(false);
    }
  }

  if (phase === 'gone') return null;

  const titleId = `${id}-title`;
  const phoneId = `${id}-phone`;
  const phoneErrorId = `${id}-phone-error`;
  const showPhoneError = !phoneValid;

  return (
    <section
      ref={boxRef}
      className={`shell-mfa portal-box portal-box--surface portal-mb-l${phase === 'fading' ? ' shell-mfa--fading' : ''}`}
      aria-labelledby={titleId}
      data-testid="sms-onboarding"
    >
      <h2 id={titleId} className="shell-mfa__title portal-title-l">
        <FormattedMessage id="shell.mfa.title" />
      </h2>
      {step === 'phone' ? (
        <form className="portal-vstack-s" onSubmit={(event) => void requestCode(event)} noValidate>
          <p className="portal-m0">
            <FormattedMessage id="shell.mfa.intro" />
          </p>
          <label htmlFor={phoneId} className="portal-bold">
            <FormattedMessage id="shell.mfa.phoneLabel" />
          </label>
          <input
            id={phoneId}
            className="shell-mfa__phone"
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            aria-invalid={showPhoneError || undefined}
            aria-describedby={showPhoneError ? phoneErrorId : undefined}
          />
          {showPhoneError && (
            <p id={phoneErrorId} className="portal-field__error">
              <FormattedMessage id="shell.mfa.phoneInvalid" />
            </p>
          )}
          <div>
            <Button type="submit" disabled={!phoneValid || pending} aria-busy={pending || undefined}>
              <FormattedMessage id="shell.mfa.confirm" />
            </Button>
          </div>
        </form>
      ) : (
        <div className="portal-vstack-s">
          <CodeInput
            value={digits}
            onValue={(next) => {
              setDigits(next);
              if (next.some((digit) => digit !== '')) setFailed(false);
            }}
            onComplete={(code) => void submitCode(code)}
            legend={intl.formatMessage({ id: 'shell.mfa.codeLegend' }, { phoneNumber: phone })}
            boxLabel={(index, count) => intl.formatMessage({ id: 'shell.mfa.digitLabel' }, { index, count })}
            describedBy={failed ? `${id}-code-error` : undefined}
            invalid={failed}
            busy={pending}
            focusKey={focusKey}
          />
          {failed && (
            <p id={`${id}-code-error`} className="portal-field__error">
              <FormattedMessage id="shell.mfa.failedDetail" />
            </p>
          )}
          <p className="shell-mfa__status" role="status">
            {pending ? <FormattedMessage id="shell.mfa.checking" /> : null}
          </p>
          <div>
            <Button
              variant="tertiary"
              size="small"
              disabled={pending}
              onClick={() => {
                setStep('phone');
                setFailed(false);
              }}
            >
              <FormattedMessage id="shell.mfa.changeNumber" />
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
