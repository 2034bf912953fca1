import { z } from 'zod';
import { textSchema } from '../text';

/**
 * The Kela card (spec part 2 §3 Kela card, §4 Kela images, §5, §7, §9): the front and back images of
 * the patient's Kela card. The browser asks for two upload URLs (init-upload), PUTs each side there,
 * then finish-upload has the server check the bytes and make them the person's card.
 */
export const KELA_CARD_PATH = '/api/kela-card';
export const KELA_INIT_UPLOAD_PATH = '/api/kela-card/init-upload';
export const KELA_FINISH_UPLOAD_PATH = '/api/kela-card/finish-upload';
/** GET `${KELA_CARD_IMAGE_PATH}/front|back`: the saved image itself (the URLs of GET /api/kela-card point here) */
export const KELA_CARD_IMAGE_PATH = '/api/kela-card/image';

/** spec §9: the PUT of one side gives up after this long */
export const KELA_UPLOAD_TIMEOUT_MS = 120_000;
/** spec §5 and §9: JPEG and PNG only */
export const KELA_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export type KelaMimeType = (typeof KELA_MIME_TYPES)[number];
/** The largest image accepted (the attachment storage's limit of one file). */
export const KELA_MAX_IMAGE_BYTES = 9_437_184;
export const KELA_SIDES = ['front', 'back'] as const;
export type KelaSide = (typeof KELA_SIDES)[number];

/** spec §5: what a file that is not JPEG or PNG gets (by its declared type or, on the server, its bytes) */
export const KELA_FILE_TYPE_MESSAGE = 'The image file does not meet the requirements. Allowed file formats: JPEG, PNG';

export const isKelaMimeType = (value: string): value is KelaMimeType => (KELA_MIME_TYPES as readonly string[]).includes(value);

export const kelaSideSchema = z.enum(KELA_SIDES);

/** The csrfToken every Kela call carries as a query parameter (spec §7). */
export const kelaQuerySchema = z.object({ csrfToken: textSchema.max(200).optional() });

// GET /api/kela-card?csrfToken
export const kelaCardResponseSchema = z.object({
  imageUrl: z.object({
    /** short-lived URLs of the saved images; null when there is no card */
    front: z.string().nullable(),
    back: z.string().nullable(),
  }),
});
export type KelaCardResponse = z.infer<typeof kelaCardResponseSchema>;

const kelaMimeTypeSchema = z.enum(KELA_MIME_TYPES, { error: KELA_FILE_TYPE_MESSAGE });

// POST /api/kela-card/init-upload?csrfToken
export const kelaInitUploadRequestSchema = z.object({
  mimetypes: z.object({ front: kelaMimeTypeSchema, back: kelaMimeTypeSchema }),
});
export type KelaInitUploadRequest = z.infer<typeof kelaInitUploadRequestSchema>;

export const kelaInitUploadResponseSchema = z.object({
  /**
   * PUT the side here with its Content-Type, `Cache-Control: max-age=0` and every `x-amz-meta-*`
   * query parameter as a header. A root-relative URL is the portal itself: add the csrfToken.
   */
  front: z.object({ url: z.string() }),
  back: z.object({ url: z.string() }),
  /** names this upload in finish-upload; single-use, the uploader's own, short-lived */
  token: z.string(),
});
export type KelaInitUploadResponse = z.infer<typeof kelaInitUploadResponseSchema>;

// GET /api/kela-card/finish-upload?csrfToken&token
export const kelaFinishUploadQuerySchema = kelaQuerySchema.extend({ token: textSchema.min(1).max(200) });
export const kelaFinishUploadResponseSchema = z.object({ type: z.literal('success') });
export type KelaFinishUploadResponse = z.infer<typeof kelaFinishUploadResponseSchema>;

/**
 * The headers of the PUT of one side (spec §7): its Content-Type, Cache-Control max-age=0 and the
 * URL's `x-amz-meta-*` query parameters copied into headers.
 */
export function kelaUploadHeaders(url: string, contentType: string): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': contentType, 'Cache-Control': 'max-age=0' };
  const query = url.indexOf('?');
  if (query < 0) return headers;
  for (const [name, value] of new URLSearchParams(url.slice(query + 1))) {
    if (name.toLowerCase().startsWith('x-amz-meta-')) headers[name.toLowerCase()] = value;
  }
  return headers;
}
