import { CreateAttachmentUploadDocument, type MessagingClient, type OutgoingAttachmentInput } from '@portal/shared-api';

/** What the upload needs of `fetch` (kept small so tests hand in a fake without the DOM's Response). */
export type PutFile = (url: string, init: { method: 'PUT'; headers: Record<string, string>; body: Blob; signal: AbortSignal; credentials: 'same-origin' }) => Promise<{
  ok: boolean;
  status: number;
}>;

/** The PUT answered with an error status: the file is marked failed in the composer. */
export class AttachmentUploadError extends Error {
  override readonly name = 'AttachmentUploadError';
  constructor(readonly status: number) {
    super(`Attachment upload failed with HTTP ${status}`);
  }
}

/**
 * The upload URL with the session's csrfToken added when the URL is this portal's own (the server's
 * local-disk storage checks it like every state-changing call). A presigned S3 URL on another origin
 * must not get it: its signature covers the query, and the token must not leak to another host.
 * '//other.example/…' is another origin even though it starts with '/'.
 */
export function uploadUrlFor(url: string, csrfToken: string | null | undefined, pageOrigin: string): string {
  if (!csrfToken) return url;
  const target = new URL(url, pageOrigin);
  if (target.origin !== pageOrigin) return url;
  target.searchParams.set('csrfToken', csrfToken);
  // keep a relative URL relative (same origin either way)
  return url.startsWith('/') ? `${target.pathname}${target.search}${target.hash}` : target.toString();
}

export interface UploadOptions {
  client: MessagingClient;
  file: File;
  csrfToken: string | null | undefined;
  signal: AbortSignal;
  pageOrigin?: string;
  putFile?: PutFile;
}

/**
 * Spec part 1 §7: CreateAttachmentUpload gives `{ key, url }`, then the file goes to `url` with PUT
 * and the file's Content-Type. The answer is what SendMessage / SendMessageInNewThread carry.
 * Throws an ApiError (ticket), AttachmentUploadError (PUT status) or the fetch failure.
 */
export async function uploadAttachment({
  client,
  file,
  csrfToken,
  signal,
  pageOrigin = window.location.origin,
  putFile = (url, init) => globalThis.fetch(url, init),
}: UploadOptions): Promise<OutgoingAttachmentInput> {
  const { createAttachmentUpload } = await client.request(CreateAttachmentUploadDocument, {}, { signal });
  // A file the browser has no type for goes without the header rather than with a made-up one.
  const headers: Record<string, string> = file.type ? { 'Content-Type': file.type } : {};
  const response = await putFile(uploadUrlFor(createAttachmentUpload.url, csrfToken, pageOrigin), {
    method: 'PUT',
    headers,
    body: file,
    signal,
    credentials: 'same-origin',
  });
  if (!response.ok) throw new AttachmentUploadError(response.status);
  return { key: createAttachmentUpload.key, fileName: file.name, contentType: file.type };
}
