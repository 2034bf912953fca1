import { z } from 'zod';

/**
 * Text a person or a program sends (a name, an address, a message, a reason, a query parameter).
 * Every free-text field of a request uses one of these schemas (limits are added to it:
 * `trimmedTextSchema.min(1).max(70)`); identifiers with a pattern of their own need not.
 *
 * - A NUL character (U+0000) cannot be stored: PostgreSQL's text and jsonb refuse it, so it would
 *   only fail later, at the insert, as a server error. It has a message of its own.
 * - Other control characters (C0 U+0001–U+001F, DEL U+007F, C1 U+0080–U+009F) have no business in a
 *   text a person typed: a CR/LF in an address breaks the lines of a letter, a log or a CSV, and a
 *   terminal obeys the escapes. A multi-line field (a message, a reason) takes line feed, carriage
 *   return and tab, nothing else; a single-line field takes none of them.
 * - The bidirectional embedding, override and isolate characters (U+202A–U+202E, U+2066–U+2069)
 *   make a text display in another order than it reads (`\u202Efdp.exe` shows as `exe.pdf`), in
 *   the portal and in whatever shows it next (the staff's system, an invoice, a letter).
 */
export const TEXT_NUL_MESSAGE = 'Remove the null character (U+0000): text cannot contain it';

/** The refusal of any other character a text cannot contain, naming it (e.g. `U+202E`). */
export const textCharacterMessage = (codePoint: number) =>
  `Remove the character U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}: this text contains characters that are not allowed (control or text-direction characters)`;

/** Whether `value` is text the server can store (no U+0000); the least any text field asks. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000');
}

/** Control characters but the three a multi-line text uses (tab, line feed, carriage return), and the bidi controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
/** Every control character, line breaks and tab included, and the bidi controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/**
 * The message for the first character of `value` that a text field cannot contain, or null when
 * there is none. `multiline`: the field takes line breaks and tabs (a message body, a reason).
 */
export function textCharacterProblem(value: string, { multiline = false }: { multiline?: boolean } = {}): string | null {
  if (!isStorableText(value)) return TEXT_NUL_MESSAGE;
  const found = (multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).exec(value);
  return found ? textCharacterMessage(found[0].codePointAt(0) ?? 0) : null;
}

const refuseCharacters = (multiline: boolean) => (value: string, ctx: z.RefinementCtx) => {
  const message = textCharacterProblem(value, { multiline });
  if (message) ctx.addIssue({ code: 'custom', message });
};

/** A single-line text, as sent (tokens, names of things, query parameters). */
export const textSchema = z.string().superRefine(refuseCharacters(false));
/**
 * A single-line text trimmed before it is checked, for fields that trim: surrounding spaces and
 * line breaks are trimmed away as before, a line break inside is refused.
 */
export const trimmedTextSchema = z.string().trim().superRefine(refuseCharacters(false));
/** A multi-line text, as sent: line breaks and tabs are part of it. */
export const multilineTextSchema = z.string().superRefine(refuseCharacters(true));
/** A multi-line text trimmed before it is checked. */
export const trimmedMultilineTextSchema = z.string().trim().superRefine(refuseCharacters(true));
