import { ApiError } from '@portal/shared-api';
import { createMockMessagingClient } from '@portal/shared-api/mock';
import { AttachmentUploadError, uploadAttachment, uploadUrlFor, type PutFile } from './upload';

const ORIGIN = 'https://portal.example.fi';

describe('the upload URL (spec part 1 §7; the local storage needs the csrfToken, S3 must not get it)', () => {
  test('a path on this portal gets the csrfToken and stays relative', () => {
    expect(uploadUrlFor('/api/attachments/uploads/abc?expires=1', 'tok en', ORIGIN)).toBe('/api/attachments/uploads/abc?expires=1&csrfToken=tok+en');
  });

  test('an absolute URL on this portal gets it too', () => {
    expect(uploadUrlFor(`${ORIGIN}/api/attachments/uploads/abc`, 'tok', ORIGIN)).toBe(`${ORIGIN}/api/attachments/uploads/abc?csrfToken=tok`);
  });

  test('a presigned URL on another origin is left exactly as it is', () => {
    const s3 = 'https://bucket.s3.eu-north-1.amazonaws.com/k?X-Amz-Signature=abc&X-Amz-Expires=300';
    expect(uploadUrlFor(s3, 'tok', ORIGIN)).toBe(s3);
  });

  test("'//host/…' is another origin although it starts with '/'", () => {
    expect(uploadUrlFor('//evil.example/upload', 'tok', ORIGIN)).toBe('//evil.example/upload');
  });

  test('without a session token nothing is added', () => {
    expect(uploadUrlFor('/api/attachments/uploads/abc', undefined, ORIGIN)).toBe('/api/attachments/uploads/abc');
  });
});

describe('uploadAttachment', () => {
  const ticket = { createAttachmentUpload: { key: 'A'.repeat(32), url: '/api/attachments/uploads/1', expiresAt: '2026-05-10T12:05:00.000Z' } };

  test('asks for a ticket, PUTs the file with its Content-Type and returns what a message carries', async () => {
    const client = createMockMessagingClient({ CreateAttachmentUpload: ticket });
    const putFile = jest.fn<ReturnType<PutFile>, Parameters<PutFile>>(() => Promise.resolve({ ok: true, status: 200 }));
    const file = new File(['%PDF'], 'lausunto.pdf', { type: 'application/pdf' });
    const signal = new AbortController().signal;

    const result = await uploadAttachment({ client, file, csrfToken: 'csrf', signal, pageOrigin: ORIGIN, putFile });

    expect(result).toEqual({ key: 'A'.repeat(32), fileName: 'lausunto.pdf', contentType: 'application/pdf' });
    expect(client.callsOf('CreateAttachmentUpload')).toHaveLength(1);
    expect(putFile).toHaveBeenCalledWith('/api/attachments/uploads/1?csrfToken=csrf', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/pdf' },
      body: file,
      signal,
      credentials: 'same-origin',
    });
  });

  test('a file without a type goes without a Content-Type header', async () => {
    const client = createMockMessagingClient({ CreateAttachmentUpload: ticket });
    const putFile = jest.fn<ReturnType<PutFile>, Parameters<PutFile>>(() => Promise.resolve({ ok: true, status: 200 }));
    await uploadAttachment({ client, file: new File(['a'], 'notes.text'), csrfToken: null, signal: new AbortController().signal, putFile });
    expect(putFile.mock.calls[0]?.[1].headers).toEqual({});
  });

  test('an error status of the PUT fails the upload', async () => {
    const client = createMockMessagingClient({ CreateAttachmentUpload: ticket });
    const putFile: PutFile = () => Promise.resolve({ ok: false, status: 413 });
    await expect(
      uploadAttachment({ client, file: new File(['a'], 'a.pdf'), csrfToken: 'c', signal: new AbortController().signal, putFile }),
    ).rejects.toEqual(new AttachmentUploadError(413));
  });

  test('a refused ticket fails the upload without a PUT', async () => {
    const client = createMockMessagingClient({
      CreateAttachmentUpload: () => {
        throw new ApiError({ kind: 'network' });
      },
    });
    const putFile = jest.fn<ReturnType<PutFile>, Parameters<PutFile>>();
    await expect(
      uploadAttachment({ client, file: new File(['a'], 'a.pdf'), csrfToken: 'c', signal: new AbortController().signal, putFile }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(putFile).not.toHaveBeenCalled();
  });
});
