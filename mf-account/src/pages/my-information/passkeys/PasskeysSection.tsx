import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  PASSKEY_REGISTRATION_OPTIONS_PATH,
  PASSKEYS_PATH,
  passkeyDeleteResponseSchema,
  passkeyNameSchema,
  passkeyPath,
  passkeyRegistrationOptionsResponseSchema,
  passkeyRegistrationResponseSchema,
  toApiFailure,
  type Passkey,
} from '@portal/shared-api';
import { formatDate } from '@portal/shared-i18n';
import { Alert, Button, TextField, useApiClient, useShell, VisuallyHidden } from '@portal/shared-ui';
import { createPasskey, PasskeyCeremonyError } from './webauthn';
import styles from './PasskeysSection.module.css';

/** The tag of this process's error reports. */
export const PASSKEYS_PROCESS = 'account-passkeys';

type Notice = { variant: 'success' | 'error'; id: string; values?: Record<string, string> } | null;

const CEREMONY_NOTICE: Record<PasskeyCeremonyError['reason'], string> = {
  cancelled: 'account.passkeys.error.cancelled',
  exists: 'account.passkeys.error.exists',
  unsupported: 'account.passkeys.error.unsupported',
  failed: 'account.passkeys.error.failed',
};

/**
 * Passkeys in My information (issue 33): the person's passkeys with their name, creation and last
 * use (Helsinki dates), each removable after a confirmation, and a form that adds one on this
 * device (the browser's own passkey dialog). A passkey lets the person continue after their
 * session expired instead of bank identification or an SMS code. The list comes with the page's
 * state (the server renders it); after adding or removing, focus goes to the section's heading and
 * the result is announced.
 */
export function PasskeysSection({ initial }: { initial: readonly Passkey[] }) {
  const intl = useIntl();
  const shell = useShell();
  const api = useApiClient();
  const id = useId();
  const [passkeys, setPasskeys] = useState<readonly Passkey[]>(initial);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  const lifetime = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    lifetime.current = controller;
    return () => controller.abort();
  }, []);

  // the confirmation's button takes the focus when it opens; cancelled, the remove button it replaced
  const focusRemoveOf = useRef<string | null>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (focusRemoveOf.current) removeButtons.current.get(focusRemoveOf.current)?.focus();
    focusRemoveOf.current = null;
  }, [confirming]);

  const signal = () => (lifetime.current ? { signal: lifetime.current.signal } : {});
  const done = (next: Notice) => {
    setNotice(next);
    heading.current?.focus();
  };

  /** A failed call: shown, and reported unless the network is away. */
  const failed = (error: unknown) => {
    if (error instanceof PasskeyCeremonyError) {
      setNotice({ variant: 'error', id: CEREMONY_NOTICE[error.reason] });
      return;
    }
    const failure = toApiFailure(error);
    if (failure.kind === 'aborted') return;
    if (failure.kind !== 'network' && failure.kind !== 'validation') shell.errors.report(error, PASSKEYS_PROCESS);
    const messageId =
      failure.kind === 'network' ? 'common.error.network' : failure.kind === 'validation' ? 'account.passkeys.error.refused' : 'common.error.generic';
    setNotice({ variant: 'error', id: messageId });
  };

  async function add(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(intl.formatMessage({ id: name.trim() ? 'account.passkeys.nameTooLong' : 'account.passkeys.nameRequired' }));
      nameInput.current?.focus();
      return;
    }
    setNameError(null);
    setNotice(null);
    setBusy(true);
    try {
      const { options } = await api.post(PASSKEY_REGISTRATION_OPTIONS_PATH, passkeyRegistrationOptionsResponseSchema, signal());
      const credential = await createPasskey(options);
      const answer = await api.post(PASSKEYS_PATH, passkeyRegistrationResponseSchema, { json: { name: parsed.data, credential }, ...signal() });
      setPasskeys((current) => [...current, answer.passkey]);
      setName('');
      done({ variant: 'success', id: 'account.passkeys.added', values: { name: answer.passkey.name } });
    } catch (error) {
      failed(error);
    } finally {
      if (!lifetime.current?.signal.aborted) setBusy(false);
    }
  }

  async function remove(passkey: Passkey) {
    setBusy(true);
    setNotice(null);
    try {
      await api.delete(passkeyPath(passkey.id), passkeyDeleteResponseSchema, signal());
      setPasskeys((current) => current.filter((p) => p.id !== passkey.id));
      setConfirming(null);
      done({ variant: 'success', id: 'account.passkeys.removed', values: { name: passkey.name } });
    } catch (error) {
      if (toApiFailure(error).kind === 'not-found') {
        // removed already (another tab): the list follows
        setPasskeys((current) => current.filter((p) => p.id !== passkey.id));
        setConfirming(null);
        done({ variant: 'success', id: 'account.passkeys.removed', values: { name: passkey.name } });
      } else {
        failed(error);
      }
    } finally {
      if (!lifetime.current?.signal.aborted) setBusy(false);
    }
  }

  function cancelRemove(passkeyId: string) {
    focusRemoveOf.current = passkeyId;
    setConfirming(null);
  }

  const titleId = `${id}-title`;
  const date = (value: string) => formatDate(value, shell.lang);

  return (
    <section className="portal-vstack-s" aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1} className="portal-m0 portal-focus-none">
        {intl.formatMessage({ id: 'account.passkeys.title' })}
      </h2>
      <p className="portal-m0">{intl.formatMessage({ id: 'account.passkeys.intro' })}</p>
      <div aria-live="polite">
        {notice && (
          <Alert variant={notice.variant}>
            <p className="portal-m0">{intl.formatMessage({ id: notice.id }, notice.values)}</p>
          </Alert>
        )}
      </div>
      {passkeys.length === 0 ? (
        <p className="portal-m0">{intl.formatMessage({ id: 'account.passkeys.none' })}</p>
      ) : (
        <ul className="portal-vstack-s portal-plain-list" aria-labelledby={titleId}>
          {passkeys.map((passkey) => {
            const questionId = `${id}-confirm-${passkey.id}`;
            return (
              <li key={passkey.id} className={`${styles.item} portal-frame portal-justify-between portal-form-actions portal-items-center`}>
                <div className={styles.details}>
                  <p className="portal-bold portal-wrap-anywhere portal-m0">{passkey.name}</p>
                  <p className="portal-field__hint">
                    {intl.formatMessage({ id: 'account.passkeys.created' }, { date: date(passkey.createdAt) })}
                    {' · '}
                    {passkey.lastUsedAt
                      ? intl.formatMessage({ id: 'account.passkeys.lastUsed' }, { date: date(passkey.lastUsedAt) })
                      : intl.formatMessage({ id: 'account.passkeys.neverUsed' })}
                  </p>
                </div>
                {confirming === passkey.id ? (
                  <div className={`${styles.confirm} portal-vstack-s`}>
                    <p id={questionId} className="portal-m0">
                      {intl.formatMessage({ id: 'account.passkeys.confirmRemove' }, { name: passkey.name })}
                    </p>
                    <div className="portal-form-actions">
                      <Button ref={confirmButton} variant="danger" size="small" loading={busy} aria-describedby={questionId} onClick={() => void remove(passkey)}>
                        {intl.formatMessage({ id: 'account.passkeys.confirmRemoveButton' })}
                      </Button>
                      <Button variant="tertiary" size="small" disabled={busy} onClick={() => cancelRemove(passkey.id)}>
                        {intl.formatMessage({ id: 'account.passkeys.cancelRemove' })}
                      </Button>
                    </div>
                  </div>
                ) : (
                  <Button
                    ref={(element: HTMLButtonElement | null) => {
                      if (element) removeButtons.current.set(passkey.id, element);
                      else removeButtons.current.delete(passkey.id);
                    }}
                    variant="secondary"
                    size="small"
                    disabled={busy}
                    onClick={() => setConfirming(passkey.id)}
                  >
                    {intl.formatMessage({ id: 'account.passkeys.remove' })}
                    <VisuallyHidden> {passkey.name}</VisuallyHidden>
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <form className="portal-vstack-s" noValidate onSubmit={(event) => void add(event)}>
        <TextField
          id={`${id}-name`}
          inputRef={nameInput}
          label={intl.formatMessage({ id: 'account.passkeys.nameLabel' })}
          hint={intl.formatMessage({ id: 'account.passkeys.nameHint' })}
          value={name}
          onValue={(value) => {
            setName(value);
            if (nameError) setNameError(null);
          }}
          error={nameError}
          autoComplete="off"
        />
        <div className="portal-form-actions">
          <Button type="submit" loading={busy}>
            {intl.formatMessage({ id: 'account.passkeys.add' })}
          </Button>
        </div>
      </form>
    </section>
  );
}
