import { useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { MESSAGE_CONTENT_MAX_LENGTH, toApiFailure, type OutgoingAttachmentInput } from '@portal/shared-api';
import { Alert, Button } from '@portal/shared-ui';
import { AttachmentPicker } from './AttachmentPicker';
import { MessageField, messageTooLong } from './MessageField';
import { useAttachments, type AttachmentsApi } from './useAttachments';
import type { PutFile } from './upload';
import styles from './Composer.module.css';

export interface OutgoingMessage {
  content: string;
  attachments: OutgoingAttachmentInput[];
}

/**
 * Spec part 1 §5 "Send button (thread)": something to send (trimmed text, or at least one uploaded
 * attachment) and no upload still running. Sending itself is shown on the button (busy, clicks ignored).
 */
export function canSendMessage(text: string, attachments: Pick<AttachmentsApi, 'uploaded' | 'uploading'>): boolean {
  return (text.trim() !== '' || attachments.uploaded.length > 0) && !attachments.uploading;
}

/**
 * The thread's composer: message, attachments, send. `onSend` throws on failure (an ApiError); the
 * composer then says so and keeps what was typed and chosen (docs/product-decisions.md, "Behaviour of API calls": keep what the user
 * typed). On success the text and the attachments are cleared. A text over the limit is kept whole
 * and refused on send with its error at the field, which takes focus (issue 28).
 */
export function Composer({ onSend, putFile }: { onSend(message: OutgoingMessage): Promise<void>; putFile?: PutFile }) {
  const intl = useIntl();
  const headingId = useId();
  const attachments = useAttachments(putFile ? { putFile } : {});
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [errorId, setErrorId] = useState<'messaging.composer.sendFailed' | 'common.error.network' | null>(null);
  const [sentNotice, setSentNotice] = useState('');
  const canSend = canSendMessage(text, attachments);
  const tooLong = messageTooLong(text);
  const textarea = useRef<HTMLTextAreaElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSend || sending) return;
    if (tooLong) {
      textarea.current?.focus();
      return;
    }
    setSending(true);
    setErrorId(null);
    setSentNotice('');
    try {
      await onSend({ content: text.trim(), attachments: attachments.uploaded.map((entry) => entry.attachment) });
      setText('');
      attachments.clear();
      setSentNotice(intl.formatMessage({ id: 'messaging.composer.sent' }));
    } catch (error) {
      const failure = toApiFailure(error);
      if (failure.kind !== 'aborted') setErrorId(failure.kind === 'network' ? 'common.error.network' : 'messaging.composer.sendFailed');
    } finally {
      setSending(false);
    }
  };

  return (
    <section className={`${styles.composer} portal-box portal-box--surface`} aria-labelledby={headingId}>
      <h2 id={headingId} className={`${styles.heading} portal-mb-s portal-title-l`}>
        {intl.formatMessage({ id: 'messaging.composer.heading' })}
      </h2>
      <form className="portal-form" noValidate onSubmit={(event) => void submit(event)}>
        <MessageField
          ref={textarea}
          value={text}
          onChange={setText}
          readOnly={sending}
          // shown while it is too long, not only after a send: the count already says so in red
          error={tooLong ? intl.formatMessage({ id: 'messaging.composer.tooLong' }, { max: MESSAGE_CONTENT_MAX_LENGTH }) : null}
        />
        <AttachmentPicker attachments={attachments} disabled={sending} />
        {errorId && <Alert variant="error">{intl.formatMessage({ id: errorId })}</Alert>}
        <div className="portal-actions-end portal-full-small">
          <Button
            type="submit"
            disabled={!canSend && !sending}
            loading={sending}
            loadingLabel={intl.formatMessage({ id: 'messaging.composer.sending' })}
          >
            {intl.formatMessage({ id: 'messaging.composer.send' })}
          </Button>
        </div>
        <p role="status" className="portal-visually-hidden">
          {sentNotice}
        </p>
      </form>
    </section>
  );
}
