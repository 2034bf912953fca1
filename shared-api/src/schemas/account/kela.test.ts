import {
  isKelaMimeType,
  KELA_FILE_TYPE_MESSAGE,
  kelaFinishUploadQuerySchema,
  kelaInitUploadRequestSchema,
  kelaUploadHeaders,
} from './kela';

describe('Kela card contracts (spec part 2 §5, §7)', () => {
  test('init-upload takes only image/jpeg and image/png, naming the failing side with the §5 message', () => {
    expect(kelaInitUploadRequestSchema.safeParse({ mimetypes: { front: 'image/jpeg', back: 'image/png' } }).success).toBe(true);
    const bad = kelaInitUploadRequestSchema.safeParse({ mimetypes: { front: 'image/gif', back: 'image/png' } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['mimetypes.front', KELA_FILE_TYPE_MESSAGE]]);
    const missing = kelaInitUploadRequestSchema.safeParse({ mimetypes: { front: 'image/png' } });
    expect(missing.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['mimetypes.back']);
  });

  test('isKelaMimeType is exact (no parameters, no case games)', () => {
    expect(isKelaMimeType('image/png')).toBe(true);
    expect(isKelaMimeType('image/jpeg')).toBe(true);
    expect(isKelaMimeType('image/jpg')).toBe(false);
    expect(isKelaMimeType('IMAGE/PNG')).toBe(false);
    expect(isKelaMimeType('')).toBe(false);
  });

  test('finish-upload needs a token', () => {
    expect(kelaFinishUploadQuerySchema.safeParse({ csrfToken: 'c' }).success).toBe(false);
    expect(kelaFinishUploadQuerySchema.safeParse({ csrfToken: 'c', token: 't' }).success).toBe(true);
  });

  test('the PUT headers: the type, no caching and the x-amz-meta-* query parameters, nothing else of the query', () => {
    expect(kelaUploadHeaders('/api/attachments/upload/k?expires=1&signature=s', 'image/png')).toEqual({
      'Content-Type': 'image/png',
      'Cache-Control': 'max-age=0',
    });
    expect(
      kelaUploadHeaders('https://bucket.example/u/k?X-Amz-Signature=x&x-amz-meta-person=abc&X-Amz-Meta-Side=front%20side', 'image/jpeg'),
    ).toEqual({ 'Content-Type': 'image/jpeg', 'Cache-Control': 'max-age=0', 'x-amz-meta-person': 'abc', 'x-amz-meta-side': 'front side' });
  });
});
