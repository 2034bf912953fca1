/** What downloads are served as: the checked type and the patient's file name. */
export interface DownloadFile {
  fileName: string;
  contentType: string;
}

/**
 * Where attachment bytes live. Keys are the server's random upload keys (never user input).
 * `kind` tells who sees the bytes on upload: 'local' receives them through the server's own PUT
 * route and checks them there; 's3' lets the browser PUT straight to the bucket, so the server
 * checks them (reading the beginning back) when the attachment is linked to a message.
 */
export interface AttachmentStorage {
  readonly kind: 'local' | 's3';
  /** a URL the browser PUTs the file to, valid until `expiresAt` */
  uploadUrl(key: string, expiresAt: Date): Promise<string>;
  /** a URL that downloads the file as an attachment named `file.fileName`, valid until `expiresAt` */
  downloadUrl(key: string, file: DownloadFile, expiresAt: Date): Promise<string>;
  /**
   * Makes the uploaded bytes final: after it no upload URL can change what stat, readHead and
   * downloadUrl see (S3 copies the object away from the presigned PUT's reach; the local PUT is
   * one-shot, so there it only looks). A file over `maxBytes` is left where it is. Null when
   * nothing was uploaded; otherwise the size of the (final) file.
   */
  seal(key: string, maxBytes: number): Promise<{ size: number } | null>;
  /** the final file's size; null when there is none */
  stat(key: string): Promise<{ size: number } | null>;
  /** the final file's first `bytes` bytes (fewer when it is shorter); null when there is none */
  readHead(key: string, bytes: number): Promise<Uint8Array | null>;
  /** removes the file (uploaded and final); nothing happens when there is none */
  delete(key: string): Promise<void>;
}

/** RFC 6266 / 5987: an ASCII fallback for old clients and the exact UTF-8 name for the rest. */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
