import { useCallback } from 'react';
import { AttachmentDownloadUrlDocument } from '@portal/shared-api';
import { useShell, useMessagingClient } from '@portal/shared-ui';

export const DOWNLOAD_PROCESS = 'messaging-attachment-download';

/** Only web addresses are opened: a `javascript:` or `data:` URL from anywhere is refused. */
function safeUrl(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/**
 * Spec part 1 §2, §7, §8: an attachment downloads through a short-lived URL (AttachmentDownloadUrl)
 * opened in a new tab; a failed download is silently ignored (but reported).
 *
 * Why a blank tab first: browsers only let a page open a tab during the click itself, and the URL
 * arrives a moment later. So the click opens an empty tab at once, cuts its link back to the portal
 * (`opener = null`, what 'noopener' would do, which we cannot pass because we need the handle), and
 * sends it to the URL when it arrives; on failure the empty tab is closed again. The alternative, an
 * `<a target="_blank">` whose href is fetched on hover or focus, does not work on touch screens (no
 * hover) and can hand out a URL that has expired by the time of the click.
 */
export function useAttachmentDownload(): (attachmentId: string) => void {
  const client = useMessagingClient();
  const shell = useShell();
  return useCallback(
    (attachmentId: string) => {
      const tab = window.open('', '_blank');
      if (tab) tab.opener = null;
      client
        .request(AttachmentDownloadUrlDocument, { id: attachmentId })
        .then(({ attachmentDownloadUrl }) => {
          const url = safeUrl(attachmentDownloadUrl);
          if (!url) throw new Error('The attachment download URL is not a web address');
          if (tab && !tab.closed) tab.location.href = url;
          // the browser refused the blank tab: one more try, which it may refuse too
          else window.open(url, '_blank', 'noopener');
        })
        .catch((error: unknown) => {
          tab?.close();
          shell.errors.report(error, DOWNLOAD_PROCESS);
        });
    },
    [client, shell],
  );
}
