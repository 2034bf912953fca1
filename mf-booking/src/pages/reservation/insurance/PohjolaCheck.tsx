import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { pohjolaCheckResponseSchema, type ApiClient } from '@portal/shared-api';
import { toHelsinkiDate } from '@portal/shared-i18n';
import { Alert, Button } from '@portal/shared-ui';
import type { PohjolaStatus } from './choice';
import styles from './InsuranceSelection.module.css';

/**
 * Pohjola Vakuutus's health insurance service number in the not-found text (spec part 2 §8
 * "call the insurer's service, number {phone}"): a demo value, like the portal's own numbers
 * (docs/product-decisions.md, "Values").
 */
export const POHJOLA_SERVICE_PHONE = '010 000 0303';

export interface PohjolaCheckProps {
  api: Pick<ApiClient, 'get'>;
  /** the appointment's start (its Helsinki date is checked) */
  startDate: string;
  status: PohjolaStatus;
  onStatus(status: PohjolaStatus): void;
  /** clears the insurer */
  onRemove(): void;
  disabled: boolean;
}

/**
 * Spec part 2 §4 "Pohjola check states": undefined, found, not_found, canceled, error. Verify
 * starts the check; don't-verify gives canceled; from canceled, cancel returns to undefined and
 * continue books at the base price. The result shows under the form with remove, verify-now or
 * try-again.
 */
export function PohjolaCheck({ api, startDate, status, onStatus, onRemove, disabled }: PohjolaCheckProps) {
  const [checking, setChecking] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const moveFocus = useRef(false);

  useEffect(() => () => abortRef.current?.abort(), []);
  useEffect(() => {
    // a button the user pressed has gone with the state it belonged to: the new notice takes the focus
    if (moveFocus.current) noticeRef.current?.focus();
    moveFocus.current = false;
  }, [status, checking]);

  const change = (next: PohjolaStatus) => {
    moveFocus.current = true;
    onStatus(next);
  };

  const verify = async () => {
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setChecking(true);
    try {
      const answer = await api.get(`/api/insurance/pohjola-check/${toHelsinkiDate(startDate)}`, pohjolaCheckResponseSchema, { signal: controller.signal });
      change({ state: answer.hasInsurance ? 'found' : 'not_found', continuedUnverified: false });
    } catch {
      if (controller.signal.aborted) return;
      change({ state: 'error', continuedUnverified: false });
    } finally {
      if (!controller.signal.aborted) setChecking(false);
    }
  };

  const remove = (
    <Button variant="tertiary" size="small" onClick={onRemove} disabled={disabled || checking}>
      <FormattedMessage id="booking.insurance.pohjola.remove" />
    </Button>
  );
  const retry = (id: 'booking.insurance.pohjola.tryAgain' | 'booking.insurance.pohjola.verifyNow') => (
    <Button variant="secondary" size="small" onClick={() => void verify()} disabled={disabled} loading={checking}>
      <FormattedMessage id={checking ? 'booking.insurance.pohjola.checking' : id} />
    </Button>
  );

  return (
    <div className={`${styles.section} portal-vstack-s`}>
      <div ref={noticeRef} tabIndex={-1} className={styles.notice}>
        {status.state === 'undefined' && (
          <div className={`${styles.section} portal-vstack-s`}>
            <p className="portal-m0">
              <FormattedMessage id="booking.insurance.pohjola.intro" />
            </p>
            <div className="portal-form-actions">
              <Button onClick={() => void verify()} disabled={disabled} loading={checking}>
                <FormattedMessage id={checking ? 'booking.insurance.pohjola.checking' : 'booking.insurance.pohjola.verify'} />
              </Button>
              <Button variant="secondary" onClick={() => change({ state: 'canceled', continuedUnverified: false })} disabled={disabled || checking}>
                <FormattedMessage id="booking.insurance.pohjola.dontVerify" />
              </Button>
            </div>
          </div>
        )}
        {status.state === 'canceled' && !status.continuedUnverified && (
          <Alert variant="warning" title={<FormattedMessage id="booking.insurance.pohjola.canceled" />}>
            <div className="portal-form-actions">
              <Button variant="secondary" size="small" onClick={() => change({ state: 'undefined', continuedUnverified: false })} disabled={disabled}>
                <FormattedMessage id="booking.insurance.pohjola.cancel" />
              </Button>
              <Button size="small" onClick={() => change({ state: 'canceled', continuedUnverified: true })} disabled={disabled}>
                <FormattedMessage id="booking.insurance.pohjola.continue" />
              </Button>
            </div>
          </Alert>
        )}
        {status.state === 'canceled' && status.continuedUnverified && (
          <Alert variant="info" title={<FormattedMessage id="booking.insurance.pohjola.continued" />}>
            <div className="portal-form-actions">
              {retry('booking.insurance.pohjola.verifyNow')}
              {remove}
            </div>
          </Alert>
        )}
        {status.state === 'found' && (
          <Alert variant="success" title={<FormattedMessage id="booking.insurance.pohjola.found" />}>
            <div className="portal-form-actions">{remove}</div>
          </Alert>
        )}
        {status.state === 'not_found' && (
          <Alert variant="warning" title={<FormattedMessage id="booking.insurance.pohjola.notFound" values={{ phone: POHJOLA_SERVICE_PHONE }} />}>
            <div className="portal-form-actions">
              {retry('booking.insurance.pohjola.tryAgain')}
              {remove}
            </div>
          </Alert>
        )}
        {status.state === 'error' && (
          <Alert variant="error" title={<FormattedMessage id="booking.insurance.pohjola.error" />}>
            <div className="portal-form-actions">
              {retry('booking.insurance.pohjola.tryAgain')}
              {remove}
            </div>
          </Alert>
        )}
      </div>
    </div>
  );
}
