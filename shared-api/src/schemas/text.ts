import { z } from 'zod';

/**
 * Text a person or a program sends (a message, a reason, a query parameter): any string the
 * database can store. PostgreSQL's text and jsonb cannot hold U+0000, so a NUL character would
 * only fail later, at the insert, as a server error; refusing it here makes it the sender's 400 at
 * the field's path. Every free-text field of a request uses this schema (limits are added to it:
 * `textSchema.trim().min(1).max(70)`); identifiers with a pattern of their own need not.
 */
export const TEXT_NUL_MESSAGE = 'Remove the null character (U+0000): text cannot contain it';

/** Whether `value` is text the server can store (see textSchema). */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000');
}

export const textSchema = z.string().refine(isStorableText, { message: TEXT_NUL_MESSAGE });
