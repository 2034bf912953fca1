import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { RemoteLocation } from '@portal/shared-api';
import type { ParcelConfig } from 'single-spa';
import { useRuntime, type ParcelHandle } from '../app/runtime';
import { toLifecycles } from '../remotes/resilient-application';
import { Button, Spinner } from '@portal/shared-ui';

type Status = 'loading' | 'ready' | 'error';

/**
 * The error of each known remote's front-page block, naming the block (its heading, from the
 * remote's own catalogue, which did not load with it). A remote the shell does not know (another
 * REMOTES_MANIFEST) gets the unnamed text.
 */
const SUMMARY_ERRORS: Readonly<Record<string, string>> = {
  'mf-messaging': 'shell.front.summaryError.messaging',
  'mf-booking': 'shell.front.summaryError.booking',
  'mf-records': 'shell.front.summaryError.records',
  'mf-payments': 'shell.front.summaryError.payments',
};

/**
 * One remote parcel on the front page (e.g. mf-records './summary'), in its own error boundary:
 * a parcel that fails to load or mount shows a small error with a retry; the others are unaffected.
 */
export function ParcelSlot({ remote, exposed, summary }: { remote: RemoteLocation; exposed: string; summary: unknown }) {
  const runtime = useRuntime();
  const containerRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    let cancelled = false;
    let parcel: ParcelHandle | null = null;
    // single-spa owns this element's content; React only owns the wrapper around it.
    const domElement = document.createElement('div');
    container.appendChild(domElement);
    const fail = (error: unknown) => {
      runtime.shell.errors.report(error, `parcel:${remote.id}/${exposed}`);
      if (!cancelled) setStatus('error');
    };
    runtime
      .loadRemoteModule(remote, exposed)
      .then(async (module) => {
        if (cancelled) return;
        const config = toLifecycles(module) as unknown as ParcelConfig;
        parcel = runtime.mountParcel(config, { shell: runtime.shell, summary, domElement });
        await parcel.mountPromise;
        if (!cancelled) setStatus('ready');
      })
      .catch(fail);
    return () => {
      cancelled = true;
      parcel?.unmount().catch(() => undefined);
      domElement.remove();
    };
  }, [attempt, exposed, remote, runtime, summary]);

  return (
    <section className="shell-parcel" aria-busy={status === 'loading'}>
      {/* first, so the spinner's leaving below it does not move the summary (layout shift) */}
      <div ref={containerRef} hidden={status === 'error'} />
      {status === 'loading' ? <Spinner /> : null}
      {status === 'error' ? (
        <div className="shell-parcel__error" role="alert">
          <p>
            <FormattedMessage id={SUMMARY_ERRORS[remote.id] ?? 'shell.front.summaryError'} />
          </p>
          <Button variant="secondary" size="small" onClick={() => {
              setStatus('loading');
              setAttempt((n) => n + 1);
            }}>
            <FormattedMessage id="common.retry" />
          </Button>
        </div>
      ) : null}
    </section>
  );
}
