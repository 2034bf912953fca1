import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Spinner } from '../components/Spinner';
import { useShell, type RemoteParcelHandle } from '../shell-context';

export interface RemoteParcelProps {
  /** the remote that exposes the parcel, e.g. 'mf-account' */
  remoteId: string;
  /** its exposed name, e.g. './consent-form' */
  exposed: string;
  /**
   * the parcel's own props (e.g. `{ onDone }`). Read when it mounts; a callback among them is always
   * called in its latest version, so a re-render never re-mounts the parcel (nor loses what was typed).
   */
  parcelProps?: Record<string, unknown>;
  className?: string;
}

type Status = 'loading' | 'ready' | 'error';

/** Functions that call the latest version of each function prop; other values as given at mount. */
function withLatestCallbacks(latest: { current: Record<string, unknown> }): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(latest.current)) {
    props[name] =
      typeof value === 'function'
        ? (...args: unknown[]) => {
            const current = latest.current[name];
            return typeof current === 'function' ? (current as (...a: unknown[]) => unknown)(...args) : undefined;
          }
        : value;
  }
  return props;
}

/**
 * Another remote's exposed parcel inline in this remote's page (docs/architecture.md, "The contract of a remote and of a server module": the
 * booking page's consent and registration forms are the account remote's parcels, never copies).
 * The shell loads and mounts it (`shell.mountParcel`); meanwhile a spinner shows, and a parcel that
 * cannot be loaded or mounted shows a short error with a retry in its place, reported to the
 * error reporter. Unmounted with the component.
 */
export function RemoteParcel({ remoteId, exposed, parcelProps = {}, className }: RemoteParcelProps) {
  const intl = useIntl();
  const shell = useShell();
  const containerRef = useRef<HTMLDivElement>(null);
  const latestProps = useRef(parcelProps);
  useLayoutEffect(() => {
    latestProps.current = parcelProps;
  });
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    let cancelled = false;
    // the parcel owns this element's content; React owns only the wrapper around it
    const domElement = document.createElement('div');
    container.appendChild(domElement);
    let handle: RemoteParcelHandle | null = null;
    try {
      handle = shell.mountParcel(remoteId, exposed, domElement, withLatestCallbacks(latestProps));
    } catch (error) {
      handle = { mountPromise: Promise.reject(error), unmount: async () => undefined };
    }
    handle.mountPromise.then(
      () => {
        if (!cancelled) setStatus('ready');
      },
      (error: unknown) => {
        shell.errors.report(error, `parcel:${remoteId}/${exposed}`);
        if (!cancelled) setStatus('error');
      },
    );
    return () => {
      cancelled = true;
      handle?.unmount().catch(() => undefined);
      domElement.remove();
    };
  }, [attempt, exposed, remoteId, shell]);

  return (
    <div className={className} aria-busy={status === 'loading'}>
      {status === 'loading' && <Spinner />}
      {status === 'error' && (
        <Alert variant="error">
          <p>{intl.formatMessage({ id: 'common.error.sectionUnavailable' })}</p>
          <Button
            variant="secondary"
            size="small"
            onClick={() => {
              setStatus('loading');
              setAttempt((n) => n + 1);
            }}
          >
            {intl.formatMessage({ id: 'common.retry' })}
          </Button>
        </Alert>
      )}
      <div ref={containerRef} hidden={status === 'error'} />
    </div>
  );
}
