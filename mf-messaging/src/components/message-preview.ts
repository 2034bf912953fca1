import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { MessageFieldsFragment } from '@portal/shared-api';

/** Longest preview, in characters; the rest is cut with '…' (the row also ends it at one line). */
export const PREVIEW_MAX_LENGTH = 140;

export interface MessagePreview {
  text: string;
  /** the message was deleted: `text` is 'This message has been deleted.' */
  deleted: boolean;
}

/** One line of a message's text: whitespace collapsed, cut at `max` characters. */
export function oneLine(content: string, max = PREVIEW_MAX_LENGTH): string {
  const line = content.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/**
 * A message in one line (spec part 1 §2 Conversation list): its content, 'This message has been
 * deleted.' when deleted, or the number of attachments when it has no text.
 */
export function useMessagePreview(): (message: Pick<MessageFieldsFragment, 'content' | 'deleted' | 'attachments'>) => MessagePreview {
  const intl = useIntl();
  return useCallback(
    (message) => {
      if (message.deleted) return { text: intl.formatMessage({ id: 'messaging.common.deleted' }), deleted: true };
      const text = oneLine(message.content);
      if (text === '' && message.attachments.length > 0) {
        return { text: intl.formatMessage({ id: 'messaging.common.attachmentCount' }, { count: message.attachments.length }), deleted: false };
      }
      return { text, deleted: false };
    },
    [intl],
  );
}
