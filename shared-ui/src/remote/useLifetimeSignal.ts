import { useCallback, useEffect, useRef } from 'react';

/**
 * The signal of the component's time on the page: a call made with it is aborted when the
 * component goes away, so no answer lands in a form that is gone. Returns a getter (undefined
 * before the first effect has run).
 */
export function useLifetimeSignal(): () => AbortSignal | undefined {
  const lifetime = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    lifetime.current = controller;
    return () => controller.abort();
  }, []);
  return useCallback(() => lifetime.current?.signal, []);
}
