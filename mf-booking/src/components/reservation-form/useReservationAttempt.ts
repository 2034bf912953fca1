import { useEffect, useRef, useState } from 'react';
import { reserveAppointmentResponseSchema, type ReservationDetails } from '@portal/shared-api';
import { useApiClient, useLifetimeSignal, useShell } from '@portal/shared-ui';
import type { reservationAnalytics } from '../../pages/reservation/reservation-analytics';
import { reservationProblemOf, type ReservationFlow, type ReservationProblem } from '../../pages/reservation/reservation-problem';

export interface ReservationPost {
  path: string;
  body: object;
  flow: ReservationFlow;
  /** the tag of the error report of an unknown error or a network failure */
  process: string;
  analytics: ReturnType<typeof reservationAnalytics>;
}

/** The reserve call's outcome: the details, the problem to show, or null when the form went away meanwhile. */
export type ReservationOutcome = { details: ReservationDetails } | { problem: ReservationProblem } | null;

/**
 * What both reservation forms keep while reserving: the busy flag, the problem shown (focused when
 * it appears, so a screen reader reads it) and a signal that aborts the call when the form goes away;
 * and the reserve call itself with its analytics and error report.
 */
export function useReservationAttempt() {
  const shell = useShell();
  const api = useApiClient();
  const [reserving, setReserving] = useState(false);
  const [problem, setProblem] = useState<ReservationProblem | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  /** the form's lifetime signal, undefined before the first render's effect */
  const signal = useLifetimeSignal();

  /** POSTs the reservation in the page's language; reports success or the problem's kind to analytics. */
  const post = async ({ path, body, flow, process, analytics }: ReservationPost): Promise<ReservationOutcome> => {
    const current = signal();
    try {
      const answer = await api.post(path, reserveAppointmentResponseSchema, {
        searchParams: { lang: shell.lang },
        json: body,
        ...(current ? { signal: current } : {}),
      });
      analytics.success(answer.reservationDetails.appointmentId);
      return { details: answer.reservationDetails };
    } catch (caught) {
      const found = reservationProblemOf(caught, flow);
      if (!found) return null;
      analytics.error(found.kind);
      if (found.kind === 'unknownError' || found.kind === 'network') shell.errors.report(caught, process);
      return { problem: found };
    }
  };

  return { reserving, setReserving, problem, setProblem, problemRef, signal, post };
}
