import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  isApiError,
  KELA_CARD_PATH,
  KELA_FILE_TYPE_MESSAGE,
  KELA_FINISH_UPLOAD_PATH,
  KELA_INIT_UPLOAD_PATH,
  KELA_MIME_TYPES,
  KELA_SIDES,
  kelaCardResponseSchema,
  kelaFinishUploadResponseSchema,
  kelaInitUploadResponseSchema,
  type KelaCardResponse,
  type KelaSide,
} from '@portal/shared-api';
import { Alert, Button, Heading, type HeadingLevel, Spinner, useApiClient, useLifetimeSignal, useShell } from '@portal/shared-ui';
import { bothReady, isUploading, kelaReducer, NO_SIDES, type KelaSideError, type KelaSideState } from './kela-state';
import { KelaUploadError, kelaUploadUrl, putKelaImage } from './upload';
import styles from './KelaCardSection.module.css';

/** The spec's "tag for the process" of reported errors (spec part 2 §8: upload errors are reported). */
const ERROR_PROCESS = 'kela-card';

type CardState = { status: 'loading' } | { status: 'error' } | { status: 'loaded'; imageUrl: KelaCardResponse['imageUrl'] };

/** The side a server refusal names (finish-upload answers 400 with path `front` or `back`). */
function refusedSides(error: unknown): Partial<Record<KelaSide, KelaSideError>> {
  if (!isApiError(error) || error.failure.kind !== 'validation') return {};
  const refused: Partial<Record<KelaSide, KelaSideError>> = {};
  for (const detail of error.failure.details) {
    const side = KELA_SIDES.find((s) => detail.path === s || detail.path.endsWith(`.${s}`));
    if (side) refused[side] = detail.message === KELA_FILE_TYPE_MESSAGE ? 'account.kela.error.fileType' : 'account.kela.error.add';
  }
  return refused;
}

/**
 * The Kela card in My information (spec part 2 §3, §4 Kela images, §5, §7, §8, §9): the saved images,
 * and a form that uploads both sides at once. Each side is missing, ready to upload, uploading (with
 * a 0–100 progress bar), uploaded or in error; the upload button works only when both are ready; a
 * new choice after an upload starts over with both sides missing. init-upload, one PUT per side
 * (120 s each), finish-upload, then the saved images are read again.
 */
export function KelaCardSection({ headingLevel = 2, initial = null }: { headingLevel?: HeadingLevel; initial?: KelaCardResponse | null }) {
  const intl = useIntl();
  const shell = useShell();
  const api = useApiClient();
  const id = useId();
  const csrfToken = shell.user?.csrfToken;
  const [card, setCard] = useState<CardState>(() => (initial ? { status: 'loaded', imageUrl: initial.imageUrl } : { status: 'loading' }));
  const [sides, dispatch] = useReducer(kelaReducer, NO_SIDES);
  const [announcement, setAnnouncement] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const inputs = useRef<Record<KelaSide, HTMLInputElement | null>>({ front: null, back: null });
  // calls made with it are aborted when the form goes away
  const lifetimeSignal = useLifetimeSignal();
  const uploading = isUploading(sides);
  const ready = bothReady(sides);

  // Each new attempt reads the saved card again (the first, a retry, and after a successful upload).
  // The first read is the page state's when it came with one (`initial`, GET /api/kela-card's answer).
  const [attempt, setAttempt] = useState(0);
  const firstGiven = useRef(initial !== null);
  useEffect(() => {
    if (attempt === 0 && firstGiven.current) return undefined;
    const controller = new AbortController();
    api
      .get(KELA_CARD_PATH, kelaCardResponseSchema, { searchParams: { csrfToken }, signal: controller.signal })
      .then((answer) => {
        if (!controller.signal.aborted) setCard({ status: 'loaded', imageUrl: answer.imageUrl });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        shell.errors.report(error, ERROR_PROCESS);
        setCard({ status: 'error' });
      });
    return () => controller.abort();
  }, [api, csrfToken, attempt, shell.errors]);

  const choose = (side: KelaSide, file: File | null) => {
    // A change after an upload resets both sides: the other input forgets its file too.
    const resetsOther = KELA_SIDES.some((s) => sides[s].status === 'uploaded' || (sides[s].status === 'error' && sides[s].stage === 'upload'));
    if (resetsOther) {
      for (const other of KELA_SIDES) {
        const input = inputs.current[other];
        if (other !== side && input) input.value = '';
      }
    }
    setAnnouncement(null);
    dispatch({ type: 'choose', side, file });
  };

  const fail = (error: unknown, errorsBySide: Partial<Record<KelaSide, KelaSideError>> = {}) => {
    shell.errors.report(error, ERROR_PROCESS);
    shell.analytics.push('kelaImagesError');
    for (const side of KELA_SIDES) {
      const sideError = errorsBySide[side];
      if (sideError) dispatch({ type: 'failed', side, error: sideError });
    }
    setAnnouncement({ kind: 'error', text: intl.formatMessage({ id: 'account.kela.error.add' }) });
  };

  const upload = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ready || uploading) return;
    const front = sides.front;
    const back = sides.back;
    if (front.status !== 'ready' || back.status !== 'ready') return;
    const chosen = { front, back };
    const signal = lifetimeSignal();
    setAnnouncement(null);
    dispatch({ type: 'start' });

    let ticket;
    try {
      ticket = await api.post(KELA_INIT_UPLOAD_PATH, kelaInitUploadResponseSchema, {
        json: { mimetypes: { front: front.contentType, back: back.contentType } },
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (signal?.aborted) return;
      const refused = refusedSides(error);
      fail(error, { front: refused.front ?? 'account.kela.error.add', back: refused.back ?? 'account.kela.error.add' });
      return;
    }

    const pageOrigin = window.location.origin;
    const results = await Promise.all(
      KELA_SIDES.map(async (side) => {
        try {
          await putKelaImage({
            url: kelaUploadUrl(ticket[side].url, csrfToken, pageOrigin),
            file: chosen[side].file,
            contentType: chosen[side].contentType,
            onProgress: (percent) => dispatch({ type: 'progress', side, percent }),
            ...(signal ? { signal } : {}),
          });
          dispatch({ type: 'uploaded', side });
          return null;
        } catch (error) {
          return { side, error };
        }
      }),
    );
    if (signal?.aborted) return;
    const failed = results.filter((result) => result !== null);
    if (failed.length > 0) {
      const errorsBySide: Partial<Record<KelaSide, KelaSideError>> = {};
      for (const { side, error } of failed) {
        // The portal's own PUT route answers 400 when the bytes are not what the type says.
        errorsBySide[side] = error instanceof KelaUploadError && error.status === 400 ? 'account.kela.error.fileType' : 'account.kela.error.add';
      }
      fail(failed[0]?.error, errorsBySide);
      return;
    }

    try {
      await api.get(KELA_FINISH_UPLOAD_PATH, kelaFinishUploadResponseSchema, {
        searchParams: { csrfToken, token: ticket.token },
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (signal?.aborted) return;
      const refused = refusedSides(error);
      const anyNamed = Object.keys(refused).length > 0;
      fail(error, anyNamed ? refused : { front: 'account.kela.error.add', back: 'account.kela.error.add' });
      return;
    }
    shell.analytics.push('kelaImagesSuccess');
    setAnnouncement({ kind: 'success', text: intl.formatMessage({ id: 'account.kela.success' }) });
    setAttempt((n) => n + 1);
  };

  const headingId = `${id}-heading`;
  const hintId = `${id}-hint`;
  return (
    <section className="portal-mt-l" aria-labelledby={headingId}>
      <Heading level={headingLevel} id={headingId} className="portal-mb-xs">
        {intl.formatMessage({ id: 'account.kela.title' })}
      </Heading>
      <p className="portal-mb-m portal-muted">{intl.formatMessage({ id: 'account.kela.intro' })}</p>

      <SavedCard
        card={card}
        onRetry={() => {
          setCard({ status: 'loading' });
          setAttempt((n) => n + 1);
        }}
      />

      <form className="portal-m0" noValidate onSubmit={(event) => void upload(event)} aria-labelledby={`${id}-form-title`}>
        <Heading level={Math.min(6, headingLevel + 1) as HeadingLevel} id={`${id}-form-title`} className="portal-mb-s portal-title-m">
          {intl.formatMessage({ id: card.status === 'loaded' && card.imageUrl.front ? 'account.kela.form.replace' : 'account.kela.form.add' })}
        </Heading>
        <div className={`${styles.sides} portal-grid-m portal-mb-m`}>
          {KELA_SIDES.map((side) => (
            <SideField
              key={side}
              side={side}
              state={sides[side]}
              disabled={uploading}
              inputRef={(element) => {
                inputs.current[side] = element;
              }}
              onChoose={(file) => choose(side, file)}
            />
          ))}
        </div>
        <p id={hintId} className="portal-mb-m portal-muted">
          {intl.formatMessage({ id: 'account.kela.hint' })}
        </p>
        <Button
          type="submit"
          disabled={!ready && !uploading}
          loading={uploading}
          loadingLabel={intl.formatMessage({ id: 'account.kela.uploading' })}
          aria-describedby={hintId}
        >
          {intl.formatMessage({ id: 'account.kela.upload' })}
        </Button>
      </form>

      <div role="status" className={styles.announcement}>
        {announcement?.kind === 'success' && <Alert variant="success" announce={false}>{announcement.text}</Alert>}
      </div>
      <div role="alert" className={styles.announcement}>
        {announcement?.kind === 'error' && <Alert variant="error" announce={false}>{announcement.text}</Alert>}
      </div>
    </section>
  );
}

function SavedCard({ card, onRetry }: { card: CardState; onRetry(): void }) {
  const intl = useIntl();
  if (card.status === 'loading') return <Spinner label={intl.formatMessage({ id: 'account.kela.loading' })} />;
  if (card.status === 'error') {
    return (
      <div className="portal-items-start portal-vstack-s portal-mb-m">
        <Alert variant="error">{intl.formatMessage({ id: 'account.kela.error.load' })}</Alert>
        <Button variant="secondary" size="small" onClick={onRetry}>
          {intl.formatMessage({ id: 'account.kela.retry' })}
        </Button>
      </div>
    );
  }
  const { front, back } = card.imageUrl;
  if (!front || !back) return <p className="portal-mb-m portal-muted">{intl.formatMessage({ id: 'account.kela.none' })}</p>;
  // lazy: the card is below the contact details, and the page's own text is what a visitor waits for
  return (
    <ul className={`${styles.images} portal-grid-m portal-mb-l`} aria-label={intl.formatMessage({ id: 'account.kela.saved' })}>
      <li>
        <img className={`${styles.image} portal-frame portal-block`} loading="lazy" src={front} alt={intl.formatMessage({ id: 'account.kela.alt.front' })} />
      </li>
      <li>
        <img className={`${styles.image} portal-frame portal-block`} loading="lazy" src={back} alt={intl.formatMessage({ id: 'account.kela.alt.back' })} />
      </li>
    </ul>
  );
}

function SideField({
  side,
  state,
  disabled,
  inputRef,
  onChoose,
}: {
  side: KelaSide;
  state: KelaSideState;
  disabled: boolean;
  inputRef(element: HTMLInputElement | null): void;
  onChoose(file: File | null): void;
}) {
  const intl = useIntl();
  const id = useId();
  const inputId = `${id}-input`;
  const statusId = `${id}-status`;
  const progressLabelId = `${id}-progress-label`;
  const label = intl.formatMessage({ id: `account.kela.${side}.label` });
  const failed = state.status === 'error';
  return (
    <div className="portal-min-w0 portal-vstack-xs">
      <label htmlFor={inputId} className="portal-bold">
        {label}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className={styles.input}
        type="file"
        accept={KELA_MIME_TYPES.join(',')}
        disabled={disabled}
        aria-describedby={statusId}
        aria-invalid={failed || undefined}
        onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
      />
      <p id={statusId} className={`portal-m0 portal-wrap-anywhere ${failed ? 'portal-error-text portal-bold' : 'portal-muted'}`}>
        {state.status === 'error'
          ? intl.formatMessage({ id: state.error })
          : intl.formatMessage({ id: `account.kela.status.${state.status}` })}
      </p>
      {state.status === 'uploading' && (
        <div className="portal-vstack-xxs">
          <span id={progressLabelId} className="portal-small">
            {intl.formatMessage({ id: `account.kela.progress.${side}` })}
          </span>
          <progress className={styles.progressBar} max={100} value={state.progress} aria-labelledby={progressLabelId}>
            {`${state.progress} %`}
          </progress>
        </div>
      )}
    </div>
  );
}
