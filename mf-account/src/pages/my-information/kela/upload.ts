import { KELA_UPLOAD_TIMEOUT_MS, kelaUploadHeaders } from '@portal/shared-api';

/** How one side's PUT ended badly: the server's status (400: the bytes were refused), a timeout, no answer, or the caller's abort. */
export class KelaUploadError extends Error {
  override readonly name = 'KelaUploadError';
  constructor(
    readonly reason: 'status' | 'timeout' | 'network' | 'aborted',
    readonly status: number | null = null,
  ) {
    super(`Kela card image upload failed: ${reason}${status === null ? '' : ` ${status}`}`);
  }
}

/**
 * The upload URL with the session's csrfToken added when the URL is this portal's own (the local
 * storage's PUT route checks it like every state-changing call). A presigned URL on another origin
 * never gets it: its signature covers the query, and the token must not leak to another host.
 */
export function kelaUploadUrl(url: string, csrfToken: string | null | undefined, pageOrigin: string): string {
  if (!csrfToken) return url;
  const target = new URL(url, pageOrigin);
  if (target.origin !== pageOrigin) return url;
  target.searchParams.set('csrfToken', csrfToken);
  return url.startsWith('/') && !url.startsWith('//') ? `${target.pathname}${target.search}${target.hash}` : target.toString();
}

export interface PutImageOptions {
  url: string;
  file: Blob;
  contentType: string;
  /** 0–100, as the bytes go */
  onProgress(percent: number): void;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * Spec part 2 §7: PUTs one side with its Content-Type, Cache-Control max-age=0 and the URL's
 * x-amz-meta-* query parameters as headers, giving up after 120 s. XMLHttpRequest because fetch
 * reports no upload progress. Resolves when the server answered 2xx.
 */
export function putKelaImage({ url, file, contentType, onProgress, signal, timeoutMs = KELA_UPLOAD_TIMEOUT_MS }: PutImageOptions): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new KelaUploadError('aborted'));
      return;
    }
    const xhr = new XMLHttpRequest();
    let settled = false;
    const finish = (error: KelaUploadError | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve();
    };
    // Our own timer rather than xhr.timeout: the same clock as the rest of the page (and the tests' fake one).
    const timer = setTimeout(() => {
      finish(new KelaUploadError('timeout'));
      xhr.abort();
    }, timeoutMs);
    const onAbort = () => {
      finish(new KelaUploadError('aborted'));
      xhr.abort();
    };
    signal?.addEventListener('abort', onAbort);

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        finish(null);
      } else {
        finish(new KelaUploadError('status', xhr.status));
      }
    });
    xhr.addEventListener('error', () => finish(new KelaUploadError('network')));
    xhr.addEventListener('abort', () => finish(new KelaUploadError('aborted')));

    xhr.open('PUT', url);
    // same-origin only: a presigned URL on the bucket must not get the portal's cookies
    xhr.withCredentials = false;
    for (const [name, value] of Object.entries(kelaUploadHeaders(url, contentType))) xhr.setRequestHeader(name, value);
    xhr.send(file);
  });
}
