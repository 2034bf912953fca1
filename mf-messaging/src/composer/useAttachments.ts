import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { checkChosenFiles, type OutgoingAttachmentInput } from '@portal/shared-api';
import { useShell, useMessagingClient } from '@portal/shared-ui';
import { uploadAttachment, type PutFile } from './upload';

interface AttachmentBase {
  /** local id of the chosen file (not the server's) */
  id: string;
  fileName: string;
  size: number;
  /** the browser's type for the file; '' when it has none */
  fileType: string;
}

/**
 * A chosen file (spec part 1 §3 "Uploaded attachment"): uploading, then uploaded (with the storage
 * key) or error. A failed upload is not retryable: the patient removes it and chooses it again.
 */
export type ComposerAttachment =
  | (AttachmentBase & { type: 'uploading' })
  | (AttachmentBase & { type: 'uploaded'; key: string })
  | (AttachmentBase & { type: 'error'; errorMessageId: AttachmentErrorMessageId; isRetryable: false });

export type AttachmentErrorMessageId = 'messaging.attachments.uploadFailed' | 'messaging.attachments.rejected';

export interface AttachmentsApi {
  items: readonly ComposerAttachment[];
  /** checks the files (types, 9 MB together with the files already chosen) and starts their uploads */
  add(files: readonly File[]): void;
  /** removes a file (and cancels its upload) */
  remove(id: string): void;
  /** after a successful send: forgets every file */
  clear(): void;
  /** a send answered that these attachments were refused (e.g. a validation path firstMessage.attachments.N) */
  markRejected(ids: readonly string[]): void;
  /** at least one upload still running: sending waits */
  uploading: boolean;
  /** what a message carries: the uploaded files, in the order chosen, with their local ids */
  uploaded: ReadonlyArray<{ id: string; attachment: OutgoingAttachmentInput }>;
  /** the latest upload outcome, for a polite live region ('' when none) */
  announcement: string;
}

/** Where errors of this part are reported (spec part 1 §8: a tag for the process). */
export const UPLOAD_PROCESS = 'messaging-attachment-upload';

let nextLocalId = 1;

/**
 * The composer's chosen files. Uploads start as soon as files are chosen (spec part 1 §7), each on
 * its own; leaving the page or removing a file aborts its upload.
 */
export function useAttachments({ putFile }: { putFile?: PutFile } = {}): AttachmentsApi {
  const client = useMessagingClient();
  const shell = useShell();
  const intl = useIntl();
  const [items, setItems] = useState<readonly ComposerAttachment[]>([]);
  const [announcement, setAnnouncement] = useState('');
  // The list as of the last change, so two quick choices both count the bytes chosen before them.
  const itemsRef = useRef<readonly ComposerAttachment[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  const update = useCallback((change: (current: readonly ComposerAttachment[]) => readonly ComposerAttachment[]) => {
    itemsRef.current = change(itemsRef.current);
    setItems(itemsRef.current);
  }, []);

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
    };
  }, []);

  const add = useCallback(
    (files: readonly File[]) => {
      if (files.length === 0) return;
      const alreadyChosenBytes = itemsRef.current.filter((item) => item.type !== 'error').reduce((sum, item) => sum + item.size, 0);
      const check = checkChosenFiles(files, alreadyChosenBytes);
      if (!check.ok) {
        // Spec part 1 §8: the too-large texts are an error toast; a refused type gets one of its own.
        shell.toasts.show(
          check.reason === 'too-large'
            ? {
                kind: 'error',
                text: intl.formatMessage({ id: 'messaging.attachments.tooLarge' }),
                detail: intl.formatMessage({ id: 'messaging.attachments.maxSize' }),
              }
            : {
                kind: 'error',
                text: intl.formatMessage({ id: 'messaging.attachments.typeNotAllowed' }),
                detail: intl.formatMessage({ id: 'messaging.attachments.typeNotAllowedDetail' }, { fileName: check.fileName ?? '' }),
              },
        );
        return;
      }
      for (const file of files) {
        const id = `attachment-${nextLocalId++}`;
        const controller = new AbortController();
        controllers.current.set(id, controller);
        update((current) => [...current, { id, fileName: file.name, size: file.size, fileType: file.type, type: 'uploading' }]);
        uploadAttachment({ client, file, csrfToken: shell.user?.csrfToken, signal: controller.signal, ...(putFile ? { putFile } : {}) })
          .then(({ key }) => {
            if (controller.signal.aborted) return;
            update((current) => current.map((item) => (item.id === id ? { ...item, type: 'uploaded', key } : item)));
            setAnnouncement(intl.formatMessage({ id: 'messaging.attachments.uploadedAnnouncement' }, { fileName: file.name }));
          })
          .catch((error: unknown) => {
            if (controller.signal.aborted) return;
            shell.errors.report(error, UPLOAD_PROCESS);
            update((current) =>
              current.map((item) =>
                item.id === id ? { ...item, type: 'error', errorMessageId: 'messaging.attachments.uploadFailed', isRetryable: false } : item,
              ),
            );
            setAnnouncement(intl.formatMessage({ id: 'messaging.attachments.uploadFailedAnnouncement' }, { fileName: file.name }));
          })
          .finally(() => {
            if (controllers.current.get(id) === controller) controllers.current.delete(id);
          });
      }
    },
    [client, intl, putFile, shell, update],
  );

  const remove = useCallback(
    (id: string) => {
      controllers.current.get(id)?.abort();
      controllers.current.delete(id);
      update((current) => current.filter((item) => item.id !== id));
    },
    [update],
  );

  const clear = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    controllers.current.clear();
    update(() => []);
    setAnnouncement('');
  }, [update]);

  const markRejected = useCallback(
    (ids: readonly string[]) => {
      update((current) =>
        current.map((item) => (ids.includes(item.id) ? { ...item, type: 'error', errorMessageId: 'messaging.attachments.rejected', isRetryable: false } : item)),
      );
    },
    [update],
  );

  const uploaded = useMemo(
    () =>
      items.flatMap((item) =>
        item.type === 'uploaded' ? [{ id: item.id, attachment: { key: item.key, fileName: item.fileName, contentType: item.fileType } }] : [],
      ),
    [items],
  );

  return { items, add, remove, clear, markRejected, uploading: items.some((item) => item.type === 'uploading'), uploaded, announcement };
}
