import { useEffect, useRef, useState } from 'react';
import type { ReservationProblem } from '../../pages/reservation/reservation-problem';

/**
 * What both reservation forms keep while reserving: the busy flag, the problem shown (focused when
 * it appears, so a screen reader reads it) and a signal that aborts the call when the form goes away.
 */
export function useReservationAttempt() {
  const [reserving, setReserving] = useState(false);
  const [problem, setProblem] = useState<ReservationProblem | null>(null);
  const lifetime = useRef<AbortController | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    lifetime.current = controller;
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  return {
    reserving,
    setReserving,
    problem,
    setProblem,
    problemRef,
    /** the form's lifetime signal, undefined before the first render's effect */
    signal: (): AbortSignal | undefined => lifetime.current?.signal,
  };
}
