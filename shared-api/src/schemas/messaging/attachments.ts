import { z } from 'zod';
import { textSchema } from '../text';

/** Spec part 1 §5 and §9: the files of one message together at most 9 MB. */
export const ATTACHMENT_MAX_TOTAL_BYTES = 9437184;

/** Spec part 1 §5: allowed file name extensions, compared case-insensitively. */
export const ATTACHMENT_EXTENSIONS = [
  'pdf',
  'rtf',
  'ods',
  'odt',
  'pptx',
  'xlsx',
  'docx',
  'gif',
  'jpeg',
  'jpg',
  'jpe',
  'png',
  'tif',
  'tiff',
  'csv',
  'txt',
  'text',
] as const;
export type AttachmentExtension = (typeof ATTACHMENT_EXTENSIONS)[number];

/**
 * Spec part 1 §5: allowed MIME types. The old Office types stay because browsers on Windows report
 * them for files with allowed extensions (a .csv as vnd.ms-excel, an .rtf as msword).
 */
export const ATTACHMENT_CONTENT_TYPES = [
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/pdf',
  'application/rtf',
  'text/rtf',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'image/gif',
  'image/jpeg',
  'image/png',
  'image/tiff',
  'text/csv',
  'text/plain',
] as const;
export type AttachmentContentType = (typeof ATTACHMENT_CONTENT_TYPES)[number];

/** The `accept` attribute of the (multiple) file picker. */
export const ATTACHMENT_ACCEPT = [...ATTACHMENT_EXTENSIONS.map((e) => `.${e}`), ...ATTACHMENT_CONTENT_TYPES].join(',');

/** Upload keys are 24 random bytes in base64url, made by the server; never user input. */
export const ATTACHMENT_KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;

const extensions: ReadonlySet<string> = new Set(ATTACHMENT_EXTENSIONS);
const contentTypes: ReadonlySet<string> = new Set(ATTACHMENT_CONTENT_TYPES);

/** The lower-cased extension after the last dot, or null ('.bashrc' and 'README' have none). */
export function attachmentExtension(fileName: string): string | null {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0 || dot === fileName.length - 1) return null;
  return fileName.slice(dot + 1).toLowerCase();
}

export function isAllowedAttachmentExtension(fileName: string): boolean {
  const ext = attachmentExtension(fileName);
  return ext !== null && extensions.has(ext);
}

/** 'Text/Plain; charset=UTF-8' → 'text/plain' */
export function normalizeContentType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

export function isAllowedAttachmentContentType(contentType: string): boolean {
  return contentTypes.has(normalizeContentType(contentType));
}

export interface ChosenFile {
  name: string;
  size: number;
  /** the browser's guess; '' when it has none (then the extension decides) */
  type: string;
}

export type ChosenFilesCheck = { ok: true } | { ok: false; reason: 'too-large' | 'type-not-allowed'; fileName?: string };

/**
 * The file picker's check before anything is uploaded: every file needs an allowed extension and an
 * allowed (or no) type, and all files of the message, with those chosen earlier, at most 9 MB. The
 * server checks the bytes again; this only spares the patient a useless upload.
 */
export function checkChosenFiles(files: readonly ChosenFile[], alreadyChosenBytes = 0): ChosenFilesCheck {
  for (const file of files) {
    const typeOk = file.type === '' || isAllowedAttachmentContentType(file.type);
    if (!isAllowedAttachmentExtension(file.name) || !typeOk) {
      return { ok: false, reason: 'type-not-allowed', fileName: file.name };
    }
  }
  let total = alreadyChosenBytes;
  for (const file of files) {
    total += file.size;
    if (total > ATTACHMENT_MAX_TOTAL_BYTES) return { ok: false, reason: 'too-large', fileName: file.name };
  }
  return { ok: true };
}

/**
 * C0 and C1 controls, and the bidirectional format characters that make 'invoice\u202Efdp.exe'
 * look like 'invoiceexe.pdf'.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export const attachmentFileNameSchema = z
  .string()
  .min(1)
  .max(255)
  .refine((name) => !/[/\\]/.test(name), { message: 'The file name must not contain / or \\' })
  .refine((name) => !FORBIDDEN_NAME_CHARACTERS.test(name), { message: 'The file name must not contain control characters' })
  .refine((name) => name !== '.' && name !== '..', { message: 'Not a file name' });

/** One attachment of SendMessage / SendMessageInNewThread: an uploaded key and how to show it. */
export const outgoingAttachmentSchema = z.object({
  key: z.string().regex(ATTACHMENT_KEY_PATTERN, 'Not an upload key'),
  fileName: attachmentFileNameSchema,
  /** the file's type as the browser reported it ('' when unknown) */
  contentType: textSchema.max(255),
});
export type OutgoingAttachment = z.infer<typeof outgoingAttachmentSchema>;
