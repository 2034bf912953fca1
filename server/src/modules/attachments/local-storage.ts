import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ATTACHMENT_KEY_PATTERN } from '@portal/shared-api';
import type { AttachmentStorage, DownloadFile } from './storage';
import type { UrlSigner } from './url-signing';

export const UPLOAD_PATH_PREFIX = '/api/attachments/upload/';
export const DOWNLOAD_PATH_PREFIX = '/api/attachments/download/';

/** The local disk storage: the server's own signed PUT and GET routes in front of a folder. */
export interface LocalAttachmentStorage extends AttachmentStorage {
  readonly kind: 'local';
  readonly dir: string;
  /** reads (or creates) the URL secret, so no later call needs the database for it */
  prepare(): Promise<void>;
  /** the signature of an upload URL is right and `expires` (unix seconds) has not passed */
  verifyUpload(key: string, expires: number, signature: string, now?: Date): Promise<boolean>;
  verifyDownload(key: string, expires: number, name: string, signature: string, now?: Date): Promise<boolean>;
  /** stores the bytes whole or not at all (a reader never sees half a file) */
  write(key: string, bytes: Uint8Array): Promise<void>;
  openRead(key: string): ReadStream;
}

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Files under `dir` (`${DATA_DIR}/attachments`), named by key. URLs are root-relative: they are the
 * portal's own routes, whatever host name the browser used.
 */
export function createLocalStorage(options: { dir: string; signer: UrlSigner }): LocalAttachmentStorage {
  const { dir, signer } = options;
  const fileOf = (key: string) => {
    // Keys come from our own generator, but a route hands them in from the URL: never a path.
    if (!ATTACHMENT_KEY_PATTERN.test(key)) throw new Error('not an attachment key');
    return path.join(dir, key);
  };
  const uploadParts = (key: string, expires: number) => ['upload', key, String(expires)];
  const downloadParts = (key: string, expires: number, name: string) => ['download', key, String(expires), name];
  const notExpired = (expires: number, now: Date) => Number.isSafeInteger(expires) && expires >= unixSeconds(now);
  async function statFile(key: string): Promise<{ size: number } | null> {
    try {
      const info = await stat(fileOf(key));
      return { size: info.size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  return {
    kind: 'local',
    dir,
    async prepare() {
      await signer.sign([]);
    },
    async uploadUrl(key, expiresAt) {
      fileOf(key);
      const expires = unixSeconds(expiresAt);
      const signature = await signer.sign(uploadParts(key, expires));
      return `${UPLOAD_PATH_PREFIX}${key}?${new URLSearchParams({ expires: String(expires), signature })}`;
    },
    async downloadUrl(key, file: DownloadFile, expiresAt) {
      fileOf(key);
      const expires = unixSeconds(expiresAt);
      const signature = await signer.sign(downloadParts(key, expires, file.fileName));
      return `${DOWNLOAD_PATH_PREFIX}${key}?${new URLSearchParams({ expires: String(expires), signature, name: file.fileName })}`;
    },
    async verifyUpload(key, expires, signature, now = new Date()) {
      return notExpired(expires, now) && signer.verify(uploadParts(key, expires), signature);
    },
    async verifyDownload(key, expires, name, signature, now = new Date()) {
      return notExpired(expires, now) && signer.verify(downloadParts(key, expires, name), signature);
    },
    async write(key, bytes) {
      const file = fileOf(key);
      await mkdir(dir, { recursive: true });
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(tmp, bytes, { flag: 'wx', mode: 0o600 });
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    // The PUT route accepts one upload per key, so what is on disk is already final.
    seal: statFile,
    stat: statFile,
    async readHead(key, bytes) {
      let handle;
      try {
        handle = await open(fileOf(key), 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      try {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    openRead(key) {
      return createReadStream(fileOf(key));
    },
  };
}
