import { useId, type ReactNode, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import type { HealthcareType } from '@portal/shared-api';
import { Button } from '@portal/shared-ui';
import { ProblemNotice } from '../../pages/reservation/ProblemNotice';
import type { ReservationProblem } from '../../pages/reservation/reservation-problem';
import styles from './ReservationFormParts.module.css';

export interface ReservationFormEndProps {
  problem: ReservationProblem | null;
  problemRef: RefObject<HTMLDivElement | null>;
  healthcareType: HealthcareType;
  /** strong login for the anonymous form's warnings; absent on the logged-in form */
  loginHref?: string | null;
  enabled: boolean;
  reserving: boolean;
  /** why the button is disabled (shown next to it and read with it); the page must give one whenever it disables the button */
  blockedReason?: ReactNode;
}

/** The end of both reservation forms: the focusable problem (spec §8) and the booking button. */
export function ReservationFormEnd({ problem, problemRef, healthcareType, loginHref, enabled, reserving, blockedReason }: ReservationFormEndProps) {
  const intl = useIntl();
  const reasonId = `${useId()}-blocked`;
  const explained = !enabled && !reserving && blockedReason !== undefined;
  return (
    <>
      <div ref={problemRef} tabIndex={-1} className="portal-focus-none">
        {problem && <ProblemNotice problem={problem} healthcareType={healthcareType} loginHref={loginHref ?? null} />}
      </div>
      {explained && (
        <div id={reasonId} className={`${styles.blocked} portal-callout portal-callout--warning`}>
          {blockedReason}
        </div>
      )}
      <div className="portal-form-actions portal-items-center">
        <Button
          type="submit"
          disabled={!enabled}
          aria-describedby={explained ? reasonId : undefined}
          loading={reserving}
          loadingLabel={intl.formatMessage({ id: 'booking.reservation.reserving' })}
        >
          {intl.formatMessage({ id: 'booking.reservation.submit' })}
        </Button>
      </div>
    </>
  );
}
