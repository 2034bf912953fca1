import { z } from 'zod';
import { textSchema } from '../text';

/**
 * The `saveAction` query parameter of My information (spec part 2 §2.2, §4 "Contact information and
 * my information"): a url-safe base64 JSON of what happens after the patient saves. Another page
 * (the reservation page, an appointment, the invoice payment page) sends the patient to
 * `/{lang}/omat-tiedot?saveAction=…` with `encodeSaveAction(...)`, and My information reads it with
 * `decodeSaveAction`. The four follow-ups:
 *
 * - `reload`: stay on My information (its saved values shown again); the default.
 * - `appointment-reservation`: back to the appointment reservation.
 * - `appointment`: back to the appointment; with `tab: 'consent'` My information opens on its second
 *   tab (permissions and agreements), for an appointment that needs the consent form.
 * - `invoice-payment`: on to the invoice payment page.
 *
 * Targets are given as `path` (the remotes that own them build it with `shell.href(...)`), and only
 * a same-origin page path `/{fi|sv|en}/…` is accepted: never another site, a protocol-relative
 * `//host` or a `javascript:` URL, whatever the query parameter says.
 */

export const SAVE_ACTION_PARAM = 'saveAction';
/** A follow-up path longer than this is refused (the whole parameter stays well within a URL). */
export const SAVE_ACTION_PATH_MAX_LENGTH = 1000;

const PAGE_PATH_PATTERN = /^\/(fi|sv|en)(\/[^\s/\\?#][^\s\\?#]*)?\/?(\?[^\s#]*)?(#\S*)?$/;
const ORIGIN_PROBE = 'https://portal.invalid';

/** Whether `path` is a page path of this site: `/{lang}` or `/{lang}/…`, with an optional query and anchor. */
export function isLocalPagePath(path: string): boolean {
  if (path.length > SAVE_ACTION_PATH_MAX_LENGTH || !PAGE_PATH_PATTERN.test(path) || path.includes('//')) return false;
  // Any control character (a tab or newline the URL parser would drop) is refused outright.
  for (const char of path) if (char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f) return false;
  try {
    return new URL(path, ORIGIN_PROBE).origin === ORIGIN_PROBE;
  } catch {
    return false;
  }
}

export const localPagePathSchema = textSchema.refine(isLocalPagePath, { message: 'A page path of this site: /{fi|sv|en}/…' });

export const myInformationTabs = ['contact', 'consent'] as const;
export const myInformationTabSchema = z.enum(myInformationTabs);
export type MyInformationTab = z.infer<typeof myInformationTabSchema>;

export const saveActionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('reload') }),
  z.strictObject({ type: z.literal('appointment-reservation'), path: localPagePathSchema }),
  z.strictObject({ type: z.literal('appointment'), path: localPagePathSchema, tab: myInformationTabSchema.optional() }),
  z.strictObject({ type: z.literal('invoice-payment'), path: localPagePathSchema }),
]);
export type SaveAction = z.infer<typeof saveActionSchema>;
export type SaveActionType = SaveAction['type'];

export const RELOAD_SAVE_ACTION: SaveAction = { type: 'reload' };

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(encoded: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) return null;
  const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
  try {
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The `saveAction` parameter's value for `action` (url-safe base64 of its JSON, no padding). */
export function encodeSaveAction(action: SaveAction): string {
  return toBase64Url(JSON.stringify(saveActionSchema.parse(action)));
}

/** The follow-up a `saveAction` value names, or null when it is absent, malformed or points elsewhere. */
export function decodeSaveAction(value: string | null | undefined): SaveAction | null {
  if (!value) return null;
  const json = fromBase64Url(value);
  if (json === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  const result = saveActionSchema.safeParse(parsed);
  return result.success ? result.data : null;
}

/** Where the browser goes after a save: the follow-up's path, or null to stay (reload). */
export function followUpPathOf(action: SaveAction): string | null {
  return action.type === 'reload' ? null : action.path;
}

/** The tab My information opens on: permissions and agreements when going back to the appointment with tab consent. */
export function initialMyInformationTab(action: SaveAction | null): MyInformationTab {
  return action?.type === 'appointment' && action.tab === 'consent' ? 'consent' : 'contact';
}
