import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3StorageConfig } from './config';
import { contentDisposition, type AttachmentStorage } from './storage';

/**
 * Browsers PUT under `uploads/`; sealing copies an object to `attachments/`, where no presigned
 * PUT reaches, so a checked file cannot be swapped while its upload URL is still valid. Both live
 * under `message-attachments/`, so the bucket may hold other things too.
 */
const UPLOAD_PREFIX = 'message-attachments/uploads/';
const FINAL_PREFIX = 'message-attachments/final/';

function secondsUntil(date: Date): number {
  // The presigner wants whole seconds, at least 1.
  return Math.max(1, Math.floor((date.getTime() - Date.now()) / 1000));
}

function isMissing(err: unknown): boolean {
  return (
    err instanceof S3ServiceException &&
    (err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)
  );
}

export function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // The SDK's default (WHEN_SUPPORTED) bakes the CRC32 of an empty body into presigned PUT URLs,
    // and S3, MinIO and R2 then refuse the browser's real upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * S3-compatible storage: the browser PUTs to and GETs from the bucket with presigned URLs, the
 * server only reads an object's beginning back to check it. The bucket needs a CORS rule allowing
 * PUT from the portal's origin, and the portal's CSP connect-src the bucket's origin.
 */
export function createS3Storage(config: S3StorageConfig, client: S3Client = createS3Client(config)): AttachmentStorage {
  const Bucket = config.bucket;
  const uploadKey = (key: string) => `${UPLOAD_PREFIX}${key}`;
  const objectKey = (key: string) => `${FINAL_PREFIX}${key}`;

  async function sizeOf(Key: string): Promise<number | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
      return head.ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  return {
    kind: 's3',
    async uploadUrl(key, expiresAt) {
      // No ContentType in the signature: the browser sends the file's own, which is checked later.
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: uploadKey(key) }), { expiresIn: secondsUntil(expiresAt) });
    },
    async downloadUrl(key, file, expiresAt) {
      const command = new GetObjectCommand({
        Bucket,
        Key: objectKey(key),
        ResponseContentDisposition: contentDisposition(file.fileName),
        // The checked type, not whatever the browser claimed when it uploaded.
        ResponseContentType: file.contentType,
        ResponseCacheControl: 'private, no-store',
      });
      return getSignedUrl(client, command, { expiresIn: secondsUntil(expiresAt) });
    },
    async seal(key, maxBytes) {
      const uploaded = await sizeOf(uploadKey(key));
      if (uploaded === null) {
        // Sealed before (a message that then failed to send): the final copy is what counts.
        const sealed = await sizeOf(objectKey(key));
        return sealed === null ? null : { size: sealed };
      }
      if (uploaded > maxBytes) return { size: uploaded };
      // CopySource is URL-encoded in general; our keys are [A-Za-z0-9_-] and slashes, nothing to encode.
      await client.send(new CopyObjectCommand({ Bucket, Key: objectKey(key), CopySource: `${Bucket}/${uploadKey(key)}` }));
      await client.send(new DeleteObjectCommand({ Bucket, Key: uploadKey(key) }));
      // The upload may have been replaced between the HEAD and the copy: the copy's size is the truth.
      const size = await sizeOf(objectKey(key));
      return size === null ? null : { size };
    },
    async stat(key) {
      const size = await sizeOf(objectKey(key));
      return size === null ? null : { size };
    },
    async readHead(key, bytes) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key), Range: `bytes=0-${bytes - 1}` }));
        // A server that ignores Range sends everything: the caller has checked the size first.
        return object.Body ? (await object.Body.transformToByteArray()).subarray(0, bytes) : new Uint8Array();
      } catch (err) {
        if (isMissing(err)) return null;
        // An empty object has no byte 0: S3 answers 416 to any range.
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 416) return new Uint8Array();
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: uploadKey(key) }));
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
  };
}
