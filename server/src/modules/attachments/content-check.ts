import { isUtf8 } from 'node:buffer';
import { fileTypeFromBuffer } from 'file-type';
import {
  attachmentExtension,
  normalizeContentType,
  type AttachmentContentType,
  type AttachmentExtension,
} from '@portal/shared-api';

/** file-type needs at most this many bytes for the formats we accept (its own "sample size"). */
export const CONTENT_SNIFF_BYTES = 4100;

const CFB = 'application/x-cfb';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const ODT = 'application/vnd.oasis.opendocument.text';
const ODS = 'application/vnd.oasis.opendocument.spreadsheet';
/** What detectContentType answers for bytes without magic that are valid UTF-8 text. */
export const DETECTED_TEXT = 'text/plain';

interface AttachmentFormat {
  /** what the bytes may be detected as */
  detected: readonly string[];
  extensions: readonly AttachmentExtension[];
  contentTypes: readonly AttachmentContentType[];
  /** the type of an undeclared file by its extension, when not the first of contentTypes */
  typeByExtension?: Partial<Record<AttachmentExtension, AttachmentContentType>>;
}

/**
 * The allowed formats (spec part 1 §5): a file passes when one format has its detected type, its
 * name's extension and its declared type. Password-protected .docx/.xlsx/.pptx are CFB containers,
 * like the old .doc/.xls/.ppt. Browsers on Windows report .rtf as msword and .csv as vnd.ms-excel.
 */
const FORMATS: readonly AttachmentFormat[] = [
  { detected: ['application/pdf'], extensions: ['pdf'], contentTypes: ['application/pdf'] },
  { detected: ['application/rtf'], extensions: ['rtf'], contentTypes: ['application/rtf', 'text/rtf', 'application/msword'] },
  { detected: [DOCX, CFB], extensions: ['docx'], contentTypes: [DOCX, 'application/msword'] },
  { detected: [XLSX, CFB], extensions: ['xlsx'], contentTypes: [XLSX, 'application/vnd.ms-excel'] },
  { detected: [PPTX, CFB], extensions: ['pptx'], contentTypes: [PPTX, 'application/vnd.ms-powerpoint'] },
  { detected: [ODT], extensions: ['odt'], contentTypes: [ODT] },
  { detected: [ODS], extensions: ['ods'], contentTypes: [ODS] },
  { detected: ['image/gif'], extensions: ['gif'], contentTypes: ['image/gif'] },
  { detected: ['image/jpeg'], extensions: ['jpeg', 'jpg', 'jpe'], contentTypes: ['image/jpeg'] },
  { detected: ['image/png'], extensions: ['png'], contentTypes: ['image/png'] },
  { detected: ['image/tiff'], extensions: ['tif', 'tiff'], contentTypes: ['image/tiff'] },
  {
    detected: [DETECTED_TEXT],
    extensions: ['txt', 'text', 'csv'],
    contentTypes: ['text/plain', 'text/csv', 'application/vnd.ms-excel'],
    typeByExtension: { csv: 'text/csv' },
  },
];

/** Every format's extensions and content types (tests hold them equal to the shared lists). */
export const FORMAT_EXTENSIONS: ReadonlySet<string> = new Set(FORMATS.flatMap((f) => f.extensions));
export const FORMAT_CONTENT_TYPES: ReadonlySet<string> = new Set(FORMATS.flatMap((f) => f.contentTypes));

/**
 * UTF-8 text without NUL bytes. A prefix (`complete` false) may end inside a multi-byte
 * character: up to three trailing bytes are forgiven then.
 */
function isUtf8Text(bytes: Uint8Array, complete: boolean): boolean {
  if (bytes.includes(0)) return false;
  if (isUtf8(bytes)) return true;
  if (complete) return false;
  for (let cut = 1; cut <= 3 && cut < bytes.length; cut++) {
    if (isUtf8(bytes.subarray(0, bytes.length - cut))) return true;
  }
  return false;
}

/**
 * What the bytes are, by their content: file-type's magic numbers, else text/plain for UTF-8 text
 * without NULs; null when neither (an unknown binary). `complete` false: `bytes` is only the
 * file's beginning (at least CONTENT_SNIFF_BYTES of it when the file is that long).
 */
export async function detectContentType(bytes: Uint8Array, complete: boolean): Promise<string | null> {
  if (bytes.length === 0) return null;
  let detected: string | undefined;
  try {
    detected = (await fileTypeFromBuffer(bytes))?.mime;
  } catch (_malformed) {
    // file-type throws on some truncated or malformed containers: an unknown binary to us.
    return null;
  }
  if (detected) return normalizeContentType(detected);
  return isUtf8Text(bytes, complete) ? DETECTED_TEXT : null;
}

/** A declared type that says nothing: no header, or what clients send when they do not know. */
export function isUndeclared(contentType: string | null | undefined): boolean {
  if (!contentType) return true;
  const type = normalizeContentType(contentType);
  return type === '' || type === 'application/octet-stream';
}

export type UploadVerdict = { ok: true } | { ok: false; reason: 'type-not-allowed' | 'content-mismatch' };

/**
 * The upload's check, before a file name is known: the bytes are an allowed format and, when the
 * upload declared a type, that type is allowed and fits the bytes (a PNG sent as application/pdf
 * fails, so does an executable sent as image/png).
 */
export function checkUpload(detected: string | null, declared: string | null | undefined): UploadVerdict {
  if (detected === null) return { ok: false, reason: 'type-not-allowed' };
  const byBytes = FORMATS.filter((f) => f.detected.includes(detected));
  if (byBytes.length === 0) return { ok: false, reason: 'type-not-allowed' };
  if (isUndeclared(declared)) return { ok: true };
  const type = normalizeContentType(declared ?? '');
  if (!FORMAT_CONTENT_TYPES.has(type)) return { ok: false, reason: 'type-not-allowed' };
  return byBytes.some((f) => (f.contentTypes as readonly string[]).includes(type)) ? { ok: true } : { ok: false, reason: 'content-mismatch' };
}

export type LinkVerdict = { ok: true; contentType: AttachmentContentType } | { ok: false };

/**
 * The message's check: the name's extension, the declared type and the bytes all belong to one
 * allowed format. An empty declared type (the browser did not know) takes the format's first type.
 * The answer's contentType is what downloads are served as.
 */
export function checkAttachment(detected: string | null, declared: string, fileName: string): LinkVerdict {
  const ext = attachmentExtension(fileName);
  if (detected === null || ext === null) return { ok: false };
  const type = isUndeclared(declared) ? null : normalizeContentType(declared);
  for (const format of FORMATS) {
    if (!format.detected.includes(detected) || !(format.extensions as readonly string[]).includes(ext)) continue;
    if (type === null) {
      return { ok: true, contentType: format.typeByExtension?.[ext as AttachmentExtension] ?? format.contentTypes[0]! };
    }
    const match = format.contentTypes.find((t) => t === type);
    if (match) return { ok: true, contentType: match };
  }
  return { ok: false };
}
