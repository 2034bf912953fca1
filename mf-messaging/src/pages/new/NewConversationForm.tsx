import { useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { MESSAGE_CONTENT_MAX_LENGTH, SendMessageInNewThreadDocument, THREAD_SUBJECT_MAX_LENGTH, toApiFailure, type MessagingRecipient } from '@portal/shared-api';
import { Alert, Button, CharacterCount, ShellLink, TEXT_INPUT_CLASS, useLifetimeSignal, useMessagingClient, useShell } from '@portal/shared-ui';
import type { RouteId } from '@portal/shared-i18n';
import { AttachmentPicker, MessageField, messageTooLong, useAttachments, type PutFile } from '../../composer';
import styles from './NewConversationPage.module.css';

export const NEW_CONVERSATION_PROCESS = 'messaging-new-conversation';

type FieldErrorId =
  | 'messaging.new.subjectRequired'
  | 'messaging.new.subjectInvalid'
  | 'messaging.new.messageRequired'
  | 'messaging.new.messageInvalid'
  | 'messaging.composer.tooLong';
interface FieldErrors {
  title?: FieldErrorId;
  content?: FieldErrorId;
}
type FormErrorId = 'messaging.new.sendFailed' | 'common.error.network';

const ATTACHMENT_PATH = /^firstMessage\.attachments\.(\d+)(\.|$)/;

/** mf-account's occupational health care team page (spec part 2 §2.4). */
export const TEAM_ROUTE_ID: RouteId = 'account.team';

/**
 * The new-conversation form. Spec part 1 §5: a subject of at most 70 characters and a message, both
 * non-empty when trimmed; attachments as in the thread. Checked on submit: errors show at their
 * fields (aria-invalid, aria-describedby) and focus moves to the first invalid one. A failed send
 * keeps everything that was typed and chosen. A message over its limit also shows its error while
 * it is too long, as the thread's composer does (issue 28: nothing is cut).
 */
export function NewConversationForm({ recipients, putFile }: { recipients: readonly MessagingRecipient[]; putFile?: PutFile }) {
  const intl = useIntl();
  const shell = useShell();
  const client = useMessagingClient();
  const id = useId();
  const attachments = useAttachments(putFile ? { putFile } : {});
  const [recipientId, setRecipientId] = useState(recipients[0]?.id ?? '');
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<FormErrorId | null>(null);
  const [sending, setSending] = useState(false);
  const subjectInput = useRef<HTMLInputElement>(null);
  const messageInput = useRef<HTMLTextAreaElement>(null);
  // calls made with it are aborted when the form goes away
  const lifetimeSignal = useLifetimeSignal();

  const focusFirstInvalid = (fieldErrors: FieldErrors) => {
    if (fieldErrors.title) subjectInput.current?.focus();
    else if (fieldErrors.content) messageInput.current?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending || attachments.uploading) return;
    const fieldErrors: FieldErrors = {};
    if (subject.trim() === '') fieldErrors.title = 'messaging.new.subjectRequired';
    else if (subject.trim().length > THREAD_SUBJECT_MAX_LENGTH) fieldErrors.title = 'messaging.new.subjectInvalid';
    if (content.trim() === '') fieldErrors.content = 'messaging.new.messageRequired';
    else if (messageTooLong(content)) fieldErrors.content = 'messaging.composer.tooLong';
    setErrors(fieldErrors);
    setFormError(null);
    if (fieldErrors.title || fieldErrors.content) {
      focusFirstInvalid(fieldErrors);
      return;
    }

    const sent = attachments.uploaded;
    setSending(true);
    try {
      const signal = lifetimeSignal();
      const { sendMessageInNewThread: links } = await client.request(
        SendMessageInNewThreadDocument,
        {
          title: subject.trim(),
          type: 'customer',
          participantIds: [recipientId],
          separateThreadPerParticipant: false,
          lang: shell.lang,
          firstMessage: { content: content.trim(), attachments: sent.map((entry) => entry.attachment), questionnaireInvitations: [] },
        },
        signal ? { signal } : {},
      );
      const [link] = links;
      // Spec part 1 §7: exactly one link means success.
      if (links.length === 1 && link) {
        shell.navigate(shell.href('messaging.thread', { id: link.threadId }));
        return;
      }
      shell.errors.report(new Error(`SendMessageInNewThread answered ${links.length} links`), NEW_CONVERSATION_PROCESS);
      setFormError('messaging.new.sendFailed');
    } catch (error) {
      const failure = toApiFailure(error);
      if (failure.kind === 'aborted') return;
      if (failure.kind === 'validation') {
        const serverErrors: FieldErrors = {};
        const rejected: string[] = [];
        for (const detail of failure.details) {
          if (detail.path === 'title') serverErrors.title = 'messaging.new.subjectInvalid';
          else if (detail.path === 'firstMessage.content') serverErrors.content = 'messaging.new.messageInvalid';
          else {
            const match = ATTACHMENT_PATH.exec(detail.path);
            const entry = match ? sent[Number(match[1])] : undefined;
            if (entry) rejected.push(entry.id);
          }
        }
        if (rejected.length > 0) attachments.markRejected(rejected);
        setErrors(serverErrors);
        focusFirstInvalid(serverErrors);
      } else {
        shell.errors.report(error, NEW_CONVERSATION_PROCESS);
      }
      setFormError(failure.kind === 'network' ? 'common.error.network' : 'messaging.new.sendFailed');
    }
    setSending(false);
  };

  // Spec part 1 §2: the recipient links to the healthcare team's page where the person has one: an
  // occupational customer on a brand with the team page (the shell's routes leave it out elsewhere).
  const hasTeamPage = shell.user?.occupationalHealthcare === true && shell.hasRoute(TEAM_ROUTE_ID);
  const subjectCounterId = `${id}-subject-counter`;
  const subjectErrorId = `${id}-subject-error`;
  const recipient = recipients[0];
  // a submit's error stays until the next submit; the too-long one follows the text as it changes
  const contentError: FieldErrorId | undefined = messageTooLong(content)
    ? 'messaging.composer.tooLong'
    : errors.content === 'messaging.composer.tooLong'
      ? undefined
      : errors.content;

  return (
    <form className="portal-vstack-l" noValidate onSubmit={(event) => void submit(event)}>
      {recipients.length === 1 && recipient ? (
        <dl className={`${styles.recipient} portal-vstack-xxs portal-m0`}>
          <dt className="portal-field__label">{intl.formatMessage({ id: 'messaging.new.recipient' })}</dt>
          <dd>{hasTeamPage ? <ShellLink routeId={TEAM_ROUTE_ID}>{recipient.name}</ShellLink> : recipient.name}</dd>
        </dl>
      ) : (
        <fieldset className={`${styles.fieldset} portal-vstack-xs portal-m0`}>
          <legend className="portal-field__label">{intl.formatMessage({ id: 'messaging.new.recipient' })}</legend>
          {recipients.map((option) => (
            <label key={option.id} className="portal-items-center portal-flex portal-touch portal-gap-xs">
              <input
                type="radio"
                name={`${id}-recipient`}
                value={option.id}
                checked={recipientId === option.id}
                disabled={sending}
                onChange={() => setRecipientId(option.id)}
              />
              {option.name}
            </label>
          ))}
          {hasTeamPage ? (
            <p>
              <ShellLink routeId={TEAM_ROUTE_ID}>{intl.formatMessage({ id: 'messaging.new.teamLink' })}</ShellLink>
            </p>
          ) : null}
        </fieldset>
      )}

      <div className="portal-field">
        <label htmlFor={`${id}-subject`} className="portal-field__label">
          {intl.formatMessage({ id: 'messaging.new.subject' })}
        </label>
        <input
          ref={subjectInput}
          id={`${id}-subject`}
          type="text"
          className={TEXT_INPUT_CLASS}
          value={subject}
          required
          autoComplete="off"
          readOnly={sending}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? `${subjectCounterId} ${subjectErrorId}` : subjectCounterId}
          // never cut (issue 28): the counter shows the length, and a subject over it is refused on send with its message
          onChange={(event) => setSubject(event.target.value)}
        />
        <CharacterCount id={subjectCounterId} value={subject} max={THREAD_SUBJECT_MAX_LENGTH} />
        {errors.title && (
          <p id={subjectErrorId} className="portal-field__error portal-bold">
            {intl.formatMessage({ id: errors.title }, { max: THREAD_SUBJECT_MAX_LENGTH })}
          </p>
        )}
      </div>

      <MessageField
        ref={messageInput}
        value={content}
        onChange={setContent}
        required
        readOnly={sending}
        error={contentError ? intl.formatMessage({ id: contentError }, { max: MESSAGE_CONTENT_MAX_LENGTH }) : null}
      />
      <AttachmentPicker attachments={attachments} disabled={sending} />

      {formError && <Alert variant="error">{intl.formatMessage({ id: formError })}</Alert>}
      <div className="portal-actions-end portal-full-small">
        <Button
          type="submit"
          disabled={attachments.uploading && !sending}
          loading={sending}
          loadingLabel={intl.formatMessage({ id: 'messaging.composer.sending' })}
        >
          {intl.formatMessage({ id: 'messaging.composer.send' })}
        </Button>
      </div>
    </form>
  );
}
