import { useId, useRef, type ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import { ATTACHMENT_ACCEPT } from '@portal/shared-api';
import { Button, Spinner, useShell, VisuallyHidden } from '@portal/shared-ui';
import { formatFileSize } from '@portal/shared-i18n';
import type { AttachmentsApi, ComposerAttachment } from './useAttachments';
import styles from './Composer.module.css';

/**
 * The attachment picker (spec part 1 §5): a visible button opens the browser's (multiple) file
 * picker; the chosen files are listed with name, size, their upload state and a remove button.
 * The file input itself stays hidden: the button is the one control keyboard and screen reader
 * users meet, and its hint tells which files are allowed.
 */
export function AttachmentPicker({ attachments, disabled = false }: { attachments: AttachmentsApi; disabled?: boolean }) {
  const intl = useIntl();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // the same file can be chosen again after removing it
    event.target.value = '';
    attachments.add(files);
  };

  return (
    <div className="portal-vstack-xs">
      <div className="portal-row portal-items-center portal-gap-xs">
        <Button variant="secondary" size="small" aria-describedby={hintId} disabled={disabled} onClick={() => input.current?.click()}>
          {intl.formatMessage({ id: 'messaging.attachments.add' })}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          hidden
          tabIndex={-1}
          aria-label={intl.formatMessage({ id: 'messaging.attachments.add' })}
          onChange={onChange}
        />
        <p id={hintId} className="portal-field__hint">
          {intl.formatMessage({ id: 'messaging.attachments.hint' })}
        </p>
      </div>
      {attachments.items.length > 0 && (
        <ul className="portal-vstack-xxs portal-plain-list" aria-label={intl.formatMessage({ id: 'messaging.attachments.listLabel' })}>
          {attachments.items.map((item) => (
            <AttachmentRow key={item.id} item={item} onRemove={() => attachments.remove(item.id)} disabled={disabled} />
          ))}
        </ul>
      )}
      <p role="status" className="portal-visually-hidden">
        {attachments.announcement}
      </p>
    </div>
  );
}

function AttachmentRow({ item, onRemove, disabled }: { item: ComposerAttachment; onRemove(): void; disabled: boolean }) {
  const intl = useIntl();
  const { lang } = useShell();
  return (
    <li className={item.type === 'error' ? `${styles.file} ${styles.fileError}` : styles.file}>
      <span className="portal-wrap-anywhere portal-min-w0">{item.fileName}</span>
      <span className="portal-muted portal-small">{formatFileSize(item.size, lang)}</span>
      {item.type === 'uploading' && (
        <span className={styles.fileState}>
          <Spinner size="small" label={intl.formatMessage({ id: 'messaging.attachments.uploading' }, { fileName: item.fileName })} />
        </span>
      )}
      {item.type === 'error' && (
        <span className="portal-error-text portal-small portal-bold">
          {intl.formatMessage({ id: item.errorMessageId })}
        </span>
      )}
      <Button variant="tertiary" size="small" className={styles.remove} disabled={disabled} onClick={onRemove}>
        {intl.formatMessage({ id: 'messaging.attachments.remove' })}
        <VisuallyHidden> {item.fileName}</VisuallyHidden>
      </Button>
    </li>
  );
}
