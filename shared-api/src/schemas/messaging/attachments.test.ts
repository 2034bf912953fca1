import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_CONTENT_TYPES,
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MAX_TOTAL_BYTES,
  attachmentExtension,
  checkChosenFiles,
  isAllowedAttachmentContentType,
  isAllowedAttachmentExtension,
  normalizeContentType,
  outgoingAttachmentSchema,
} from './attachments';

const KEY = 'abcdefghijklmnopqrstuvwxyz012_-9';

describe('constants', () => {
  test('the total limit is 9 MB', () => {
    expect(ATTACHMENT_MAX_TOTAL_BYTES).toBe(9 * 1024 * 1024);
  });

  test('the picker accepts every extension and content type', () => {
    const accepted = ATTACHMENT_ACCEPT.split(',');
    for (const ext of ATTACHMENT_EXTENSIONS) expect(accepted).toContain(`.${ext}`);
    for (const type of ATTACHMENT_CONTENT_TYPES) expect(accepted).toContain(type);
  });

  test('old Office types and both RTF types are allowed', () => {
    for (const type of ['application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint', 'application/rtf', 'text/rtf']) {
      expect(isAllowedAttachmentContentType(type)).toBe(true);
    }
  });
});

describe('extensions and types', () => {
  test.each([
    ['report.PDF', 'pdf'],
    ['photo.final.JpE', 'jpe'],
    ['README', null],
    ['.bashrc', null],
    ['trailing.', null],
  ])('attachmentExtension(%s) = %s', (name, ext) => {
    expect(attachmentExtension(name)).toBe(ext);
  });

  test.each(['a.pdf', 'B.DOCX', 'c.Tiff', 'd.text', 'e.csv', 'f.ods', 'g.odt'])('%s is allowed', (name) => {
    expect(isAllowedAttachmentExtension(name)).toBe(true);
  });

  test.each(['a.exe', 'b.doc', 'c.pdf.exe', 'd.svg', 'e.html', 'f', 'g.zip'])('%s is not allowed', (name) => {
    expect(isAllowedAttachmentExtension(name)).toBe(false);
  });

  test('content types are compared without parameters and case', () => {
    expect(normalizeContentType(' Text/Plain; charset=UTF-8')).toBe('text/plain');
    expect(isAllowedAttachmentContentType('IMAGE/PNG')).toBe(true);
    expect(isAllowedAttachmentContentType('image/svg+xml')).toBe(false);
    expect(isAllowedAttachmentContentType('application/x-msdownload')).toBe(false);
    expect(isAllowedAttachmentContentType('')).toBe(false);
  });
});

describe('checkChosenFiles', () => {
  const file = (name: string, size: number, type: string) => ({ name, size, type });

  test('allowed files within the limit are ok', () => {
    expect(checkChosenFiles([file('a.pdf', 1000, 'application/pdf'), file('b.png', 2000, 'image/png')])).toEqual({ ok: true });
  });

  test('an empty browser type is left to the extension', () => {
    expect(checkChosenFiles([file('notes.text', 10, '')])).toEqual({ ok: true });
    expect(checkChosenFiles([file('tool.exe', 10, '')])).toEqual({ ok: false, reason: 'type-not-allowed', fileName: 'tool.exe' });
  });

  test('a disallowed extension or type names the file', () => {
    expect(checkChosenFiles([file('a.pdf', 1, 'application/pdf'), file('b.exe', 1, 'application/pdf')])).toEqual({
      ok: false,
      reason: 'type-not-allowed',
      fileName: 'b.exe',
    });
    expect(checkChosenFiles([file('page.png', 1, 'text/html')])).toEqual({ ok: false, reason: 'type-not-allowed', fileName: 'page.png' });
  });

  test('a CSV reported as vnd.ms-excel (Windows) is fine', () => {
    expect(checkChosenFiles([file('data.csv', 10, 'application/vnd.ms-excel')])).toEqual({ ok: true });
  });

  test('exactly 9 MB is ok, one byte more is too large', () => {
    expect(checkChosenFiles([file('a.pdf', ATTACHMENT_MAX_TOTAL_BYTES, 'application/pdf')])).toEqual({ ok: true });
    expect(checkChosenFiles([file('a.pdf', ATTACHMENT_MAX_TOTAL_BYTES + 1, 'application/pdf')])).toEqual({
      ok: false,
      reason: 'too-large',
      fileName: 'a.pdf',
    });
  });

  test('files chosen earlier count towards the total', () => {
    expect(checkChosenFiles([file('b.png', 10, 'image/png')], ATTACHMENT_MAX_TOTAL_BYTES - 10)).toEqual({ ok: true });
    expect(checkChosenFiles([file('b.png', 11, 'image/png')], ATTACHMENT_MAX_TOTAL_BYTES - 10)).toEqual({
      ok: false,
      reason: 'too-large',
      fileName: 'b.png',
    });
  });

  test('no files is ok', () => {
    expect(checkChosenFiles([])).toEqual({ ok: true });
  });
});

describe('outgoingAttachmentSchema', () => {
  test('accepts a key, a plain name and a type', () => {
    const value = { key: KEY, fileName: 'Lääkärintodistus 2026.pdf', contentType: 'application/pdf' };
    expect(outgoingAttachmentSchema.parse(value)).toEqual(value);
    expect(outgoingAttachmentSchema.safeParse({ ...value, contentType: '' }).success).toBe(true);
  });

  test.each([
    ['a slash', 'a/b.pdf'],
    ['a backslash', '..\\b.pdf'],
    ['a NUL', 'a\u0000.pdf'],
    ['a line break', 'line\nbreak.pdf'],
    ['a right-to-left override', 'invoice\u202Efdp.exe'],
    ['nothing', ''],
    ['256 characters', 'x'.repeat(252) + '.pdf'],
    ['..', '..'],
  ])('rejects a file name with %s', (_label, fileName) => {
    expect(outgoingAttachmentSchema.safeParse({ key: KEY, fileName, contentType: 'application/pdf' }).success).toBe(false);
  });

  test.each([['short'], ['../../../etc/passwd/aaaaaaaaaaaaaaaaaaa'], [`${KEY}x`], ['abcdefghijklmnopqrstuvwxyz012_-!']])('rejects the key %j', (key) => {
    expect(outgoingAttachmentSchema.safeParse({ key, fileName: 'a.pdf', contentType: 'application/pdf' }).success).toBe(false);
  });
});
