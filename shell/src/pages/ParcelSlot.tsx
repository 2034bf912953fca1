import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { RemoteLocation } from '@portal/shared-api';
import type { ParcelConfig } from 'single-spa';
import { useRuntime, type ParcelHandle, type PrerenderedParcel } from '../app/runtime';
import { followsInShell } from '../app/ShellLink';
import { PRERENDERED_PARCEL_ATTRIBUTE, PRERENDERED_PARCEL_COMPLETE_ATTRIBUTE } from '../app/prerendered-hosts';
import { sameElement } from '../focus-hand-over';
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

/** Where focus was in the server's HTML when the parcel replaced it: the same element's copy gets it. */
interface FocusedInServerHtml {
  element: Element;
  position: number;
}

function focusedIn(container: HTMLElement | null): FocusedInServerHtml | null {
  const focused = document.activeElement;
  if (!container || !focused || !container.contains(focused)) return null;
  const alike = [...container.querySelectorAll(focused.tagName)].filter((element) => sameElement(element, focused));
  return { element: focused, position: Math.max(0, alike.indexOf(focused)) };
}

/**
 * One remote parcel on the front page (e.g. mf-records './summary'), in its own error boundary:
 * a parcel that fails to load or mount shows a small error with a retry; the others are unaffected.
 * On the page the server rendered, the parcel's server HTML (rendered by the remote's own bundle
 * from the same state) is on screen at first paint. Where that HTML is the whole parcel (text and
 * links) it stays, and the parcel's code is not loaded; otherwise it stands in until the parcel has
 * mounted.
 */
export function ParcelSlot({ remote, exposed, summary }: { remote: RemoteLocation; exposed: string; summary: unknown }) {
  const runtime = useRuntime();
  const key = `${remote.id}${exposed}`;
  // read once: on this page's later renders, and on a later front page, the map has moved on. Not
  // for a remote a developer overrides: the server rendered the deployed build's summary.
  const [server] = useState(() => (Object.hasOwn(runtime.overrides, remote.id) ? null : runtime.prerenderedParcel(key)));
  return server?.complete ? (
    <CompleteServerParcel parcelKey={key} html={server.html} />
  ) : (
    <LoadedParcel remote={remote} exposed={exposed} summary={summary} parcelKey={key} standIn={server} />
  );
}

/**
 * A parcel whose server HTML is all of it: its links are followed client-side by the shell, as the
 * parcel's own links would be (a full page load for a modified click or another language).
 */
function CompleteServerParcel({ parcelKey, html }: { parcelKey: string; html: string }) {
  const { shell, state } = useRuntime();
  const serverRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = serverRef.current;
    if (!element) return undefined;
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      const href = link?.getAttribute('href');
      if (!link || !href || !followsInShell(event, href, link.getAttribute('target'), state.lang)) return;
      event.preventDefault();
      shell.navigate(href);
    };
    element.addEventListener('click', onClick);
    return () => element.removeEventListener('click', onClick);
  }, [shell, state.lang]);
  return (
    // data-parcel-status: "server" (complete in the server's HTML), or whether the parcel's code has mounted (the web benchmark waits for it)
    <section className="shell-parcel" aria-busy={false} data-parcel-status="server">
      <div ref={serverRef} {...{ [PRERENDERED_PARCEL_ATTRIBUTE]: parcelKey, [PRERENDERED_PARCEL_COMPLETE_ATTRIBUTE]: '' }} dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}

/** A parcel whose code is loaded and mounted; `standIn` is its server HTML, shown until then. */
function LoadedParcel({
  remote,
  exposed,
  summary,
  parcelKey,
  standIn,
}: {
  remote: RemoteLocation;
  exposed: string;
  summary: unknown;
  parcelKey: string;
  standIn: PrerenderedParcel | null;
}) {
  const runtime = useRuntime();
  const containerRef = useRef<HTMLDivElement>(null);
  const serverRef = useRef<HTMLDivElement>(null);
  const [serverHtml, setServerHtml] = useState(standIn?.html ?? null);
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);
  const focusToCarry = useRef<FocusedInServerHtml | null>(null);

  // a visitor who had tabbed into the server's HTML keeps their place in the parcel that replaced it
  useLayoutEffect(() => {
    const carried = focusToCarry.current;
    if (serverHtml !== null || !carried) return;
    focusToCarry.current = null;
    const copies = [...(containerRef.current?.querySelectorAll<HTMLElement>(carried.element.tagName) ?? [])].filter((element) => sameElement(element, carried.element));
    (copies[carried.position] ?? copies[0])?.focus();
  }, [serverHtml]);
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    let cancelled = false;
    let parcel: ParcelHandle | null = null;
    // single-spa owns this element's content; React only owns the wrapper around it.
    const domElement = document.createElement('div');
    container.appendChild(domElement);
    const leaveServerHtml = () => {
      focusToCarry.current = focusedIn(serverRef.current);
      setServerHtml(null);
    };
    const fail = (error: unknown) => {
      runtime.shell.errors.report(error, `parcel:${remote.id}/${exposed}`, { remoteId: remote.id });
      if (cancelled) return;
      // as on a pre-rendered page whose remote cannot load: the error view with its retry takes its place
      setServerHtml(null);
      setStatus('error');
    };
    runtime
      .loadRemoteModule(remote, exposed)
      .then(async (module) => {
        if (cancelled) return;
        const config = toLifecycles(module) as unknown as ParcelConfig;
        parcel = runtime.mountParcel(config, { shell: runtime.shell, summary, domElement });
        await parcel.mountPromise;
        if (cancelled) return;
        leaveServerHtml();
        setStatus('ready');
      })
      .catch(fail);
    return () => {
      cancelled = true;
      parcel?.unmount().catch(() => undefined);
      domElement.remove();
    };
  }, [attempt, exposed, remote, runtime, summary]);

  const showsServerHtml = serverHtml !== null;
  return (
    // data-parcel-status: whether the parcel's code has mounted (the web benchmark waits for it)
    <section className="shell-parcel" aria-busy={status === 'loading' && !showsServerHtml} data-parcel-status={status}>
      {showsServerHtml ? <div ref={serverRef} {...{ [PRERENDERED_PARCEL_ATTRIBUTE]: parcelKey }} dangerouslySetInnerHTML={{ __html: serverHtml }} /> : null}
      {/* first, so the spinner's leaving below it does not move the summary (layout shift) */}
      <div ref={containerRef} hidden={status === 'error' || showsServerHtml} />
      {status === 'loading' && !showsServerHtml ? <Spinner /> : null}
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
