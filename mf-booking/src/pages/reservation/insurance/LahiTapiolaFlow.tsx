import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  lahiTapiolaInitialState,
  lahiTapiolaPermitsResponseSchema,
  lahiTapiolaPolicyCheckResponseSchema,
  type ApiClient,
  type DirectCompensationPermit,
  type Lang,
  type LahiTapiolaModalState,
} from '@portal/shared-api';
import { calendarParts } from '@portal/shared-i18n';
import { Alert, Button, CHOICE_CLASS, Dialog, LinkButton, Spinner } from '@portal/shared-ui';
import type { LahiTapiolaStatus } from './choice';
import styles from './InsuranceSelection.module.css';

export const APPLY_PERMIT_PATH = '/api/insurance/lahitapiola-apply-permit';

/** Spec part 2 §3: a permit's validTo is shown d.M.yyyy. */
export function permitValidTo(validTo: string): string {
  const { year, month, day } = calendarParts(validTo);
  return `${day}.${month}.${year}`;
}

export interface LahiTapiolaFlowProps {
  api: Pick<ApiClient, 'get'>;
  lang: Lang;
  status: LahiTapiolaStatus;
  onStatus(status: LahiTapiolaStatus): void;
  /** remove permit: clears the insurer */
  onRemove(): void;
  /** the insurer's return query ?status= (opens the dialog in its state, spec part 2 §4) */
  returnStatus: string | null;
  /** this page's path without its query: where LähiTapiola sends the patient back */
  currentPath: string;
  disabled: boolean;
}

/**
 * The LähiTapiola direct compensation flow (spec part 2 §4 "LähiTapiola modal states", §5 "Age
 * rule"): a dialog walks the patient from consent through the policy check to a permit, or to a
 * reason there is none; the outcome shows under the picker with remove and start-over.
 */
export function LahiTapiolaFlow({ api, lang, status, onStatus, onRemove, returnStatus, currentPath, disabled }: LahiTapiolaFlowProps) {
  const intl = useIntl();
  const titleId = useId();
  const [open, setOpen] = useState(returnStatus !== null && lahiTapiolaInitialState(returnStatus) !== 'not_asked');
  const [modal, setModal] = useState<LahiTapiolaModalState>(() => lahiTapiolaInitialState(returnStatus));
  const [consent, setConsent] = useState(false);
  /** the patient has started the flow on this page (or came back from the insurer) */
  const [started, setStarted] = useState(open);
  const [busy, setBusy] = useState(false);
  const [permits, setPermits] = useState<DirectCompensationPermit[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  const finish = (next: LahiTapiolaStatus) => {
    abortRef.current?.abort();
    setBusy(false);
    setOpen(false);
    onStatus(next);
  };

  const call = async <T,>(run: (signal: AbortSignal) => Promise<T>): Promise<T | 'failed' | 'aborted'> => {
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setBusy(true);
    try {
      return await run(controller.signal);
    } catch {
      return controller.signal.aborted ? 'aborted' : 'failed';
    } finally {
      if (!controller.signal.aborted) setBusy(false);
    }
  };

  const fetchPermits = async () => {
    setPermits(null);
    setChosen(null);
    const answer = await call((signal) => api.get(`/api/insurance/lahitapiola-direct-compensation-permits/${lang}`, lahiTapiolaPermitsResponseSchema, { signal }));
    if (answer === 'aborted') return;
    if (answer === 'failed' || answer.type === 'error') return setModal('error');
    if (answer.type === 'underageCustomer') return finish({ outcome: 'underageCustomer', permit: null });
    setPermits(answer.directCompensationPermits);
    setChosen(answer.directCompensationPermits.length === 1 ? answer.directCompensationPermits[0]!.contentHash : null);
    // spec §4: an empty permit list gives no_permits
    setModal(answer.directCompensationPermits.length > 0 ? 'insurance_found_with_permits' : 'insurance_found_no_permits');
  };

  // Back from the insurer with a permit granted: fetch the permits at once (spec §4).
  const fetchedOnReturn = useRef(false);
  useEffect(() => {
    if (open && modal === 'insurance_found_with_permits' && permits === null && !fetchedOnReturn.current) {
      fetchedOnReturn.current = true;
      void fetchPermits();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the first opening from the return status
  }, []);

  const checkPolicy = async () => {
    const answer = await call((signal) => api.get('/api/insurance/lahitapiola-policy-check', lahiTapiolaPolicyCheckResponseSchema, { signal }));
    if (answer === 'aborted') return;
    if (answer === 'failed' || answer.type === 'error') return setModal('error');
    if (answer.type === 'underageCustomer') return finish({ outcome: 'underageCustomer', permit: null });
    if (!answer.hasHealthcarePolicy) return setModal('insurance_not_found');
    setModal('insurance_found_no_permits');
    await fetchPermits();
  };

  const start = () => {
    setModal('not_asked');
    setConsent(false);
    setPermits(null);
    setChosen(null);
    onStatus({ outcome: 'pending', permit: null });
    setStarted(true);
    setOpen(true);
  };

  /** Escape or the close button: what the patient has learnt so far, else unfinished */
  const dismiss = () => {
    if (modal === 'insurance_not_found') return finish({ outcome: 'insuranceNotFound', permit: null });
    if (modal === 'error') return finish({ outcome: 'error', permit: null });
    finish({ outcome: 'pending', permit: null });
  };

  const permitText = (permit: DirectCompensationPermit) =>
    intl.formatMessage({ id: 'booking.insurance.lt.permit' }, { symptom: permit.symptom, bodyPart: permit.bodyPart, validTo: permitValidTo(permit.validTo) });

  const applyHref = `${APPLY_PERMIT_PATH}?${new URLSearchParams({ redirectTo: currentPath }).toString()}`;
  const applyLink = (
    // a full page load: the insurer's page is no route of this remote
    <LinkButton href={applyHref}>
      <FormattedMessage id="booking.insurance.lt.applyPermit" />
    </LinkButton>
  );
  const withoutPermit = (
    <Button variant="secondary" onClick={() => finish({ outcome: 'insuranceFoundNoPermit', permit: null })}>
      <FormattedMessage id="booking.insurance.lt.continueWithoutPermit" />
    </Button>
  );

  const body = () => {
    if (busy) {
      return (
        <div>
          <Spinner label={intl.formatMessage({ id: 'booking.insurance.lt.checking' })} />
        </div>
      );
    }
    switch (modal) {
      case 'not_asked':
        return (
          <>
            <p className="portal-m0">
              <FormattedMessage id="booking.insurance.lt.notAsked" />
            </p>
            <label className={`${CHOICE_CLASS} portal-touch`}>
              <input type="checkbox" checked={consent} onChange={(event) => setConsent(event.target.checked)} />
              <FormattedMessage id="booking.insurance.lt.consent" />
            </label>
            <div className="portal-form-actions">
              <Button disabled={!consent} onClick={() => void checkPolicy()}>
                <FormattedMessage id="booking.insurance.lt.continue" />
              </Button>
            </div>
          </>
        );
      case 'insurance_found_no_permits':
        return (
          <>
            <p className="portal-m0">
              <FormattedMessage id="booking.insurance.lt.noPermits" />
            </p>
            <div className="portal-form-actions">
              {applyLink}
              {withoutPermit}
            </div>
          </>
        );
      case 'insurance_found_with_permits': {
        const list = permits ?? [];
        const permit = list.find((p) => p.contentHash === chosen) ?? null;
        return (
          <>
            <fieldset className={`${styles.group} portal-vstack-s portal-m0`}>
              <legend className={`${styles.legend} portal-field__label`}>
                <FormattedMessage id="booking.insurance.lt.permitsLegend" />
              </legend>
              {list.map((p) => (
                <label key={p.contentHash} className={`${CHOICE_CLASS} portal-touch`}>
                  <input type="radio" name={`${titleId}-permit`} checked={chosen === p.contentHash} onChange={() => setChosen(p.contentHash)} />
                  {permitText(p)}
                </label>
              ))}
            </fieldset>
            <div className="portal-form-actions">
              <Button disabled={!permit} onClick={() => permit && finish({ outcome: 'success', permit })}>
                <FormattedMessage id="booking.insurance.lt.usePermit" />
              </Button>
            </div>
          </>
        );
      }
      case 'insurance_not_found':
        return (
          <>
            <Alert variant="warning">
              <FormattedMessage id="booking.insurance.lt.notFound" />
            </Alert>
            <div className="portal-form-actions">
              <Button variant="secondary" onClick={() => finish({ outcome: 'insuranceNotFound', permit: null })}>
                <FormattedMessage id="booking.insurance.lt.close" />
              </Button>
            </div>
          </>
        );
      case 'denied':
      case 'canceled':
        return (
          <>
            <Alert variant="warning">
              <FormattedMessage id={modal === 'denied' ? 'booking.insurance.lt.denied' : 'booking.insurance.lt.canceled'} />
            </Alert>
            <div className="portal-form-actions">
              {applyLink}
              {withoutPermit}
            </div>
          </>
        );
      case 'error':
        return (
          <>
            <Alert variant="error">
              <FormattedMessage id="booking.insurance.lt.error" />
            </Alert>
            <div className="portal-form-actions">
              <Button onClick={start}>
                <FormattedMessage id="booking.insurance.lt.tryAgain" />
              </Button>
              <Button variant="secondary" onClick={() => finish({ outcome: 'error', permit: null })}>
                <FormattedMessage id="booking.insurance.lt.close" />
              </Button>
            </div>
          </>
        );
    }
  };

  const { outcome, permit } = status;
  return (
    <div className={`${styles.section} portal-vstack-s`}>
      <p className="portal-m0">
        <FormattedMessage id="booking.insurance.lt.intro" />
      </p>
      {outcome === 'pending' && !open && (
        <div ref={noticeRef} tabIndex={-1} className={styles.notice}>
          {started ? (
            <Alert variant="info" announce={false} title={<FormattedMessage id="booking.insurance.lt.outcome.pending" />}>
              <div className="portal-form-actions">
                <Button ref={startRef} size="small" onClick={start} disabled={disabled}>
                  <FormattedMessage id="booking.insurance.lt.restart" />
                </Button>
              </div>
            </Alert>
          ) : (
            <div className="portal-form-actions">
              <Button ref={startRef} onClick={start} disabled={disabled}>
                <FormattedMessage id="booking.insurance.lt.start" />
              </Button>
            </div>
          )}
        </div>
      )}
      {outcome !== 'pending' && (
        <div ref={noticeRef} tabIndex={-1} className={styles.notice}>
          <Alert
            variant={outcome === 'success' ? 'success' : outcome === 'error' ? 'error' : 'info'}
            title={
              outcome === 'success' && permit ? (
                <FormattedMessage id="booking.insurance.lt.outcome.success" values={{ permit: permitText(permit) }} />
              ) : (
                <FormattedMessage id={`booking.insurance.lt.outcome.${outcome}`} />
              )
            }
          >
            <div className="portal-form-actions">
              <Button variant="tertiary" size="small" onClick={onRemove} disabled={disabled}>
                <FormattedMessage id="booking.insurance.lt.removePermit" />
              </Button>
              <Button variant="secondary" size="small" onClick={start} disabled={disabled}>
                <FormattedMessage id="booking.insurance.lt.restart" />
              </Button>
            </div>
          </Alert>
        </div>
      )}
      {open && (
        <Dialog
          title={<FormattedMessage id="booking.insurance.lt.dialogTitle" />}
          onDismiss={dismiss}
          closeLabel={intl.formatMessage({ id: 'booking.insurance.lt.close' })}
          fallbackFocus={() => noticeRef.current}
        >
          {body()}
        </Dialog>
      )}
    </div>
  );
}
