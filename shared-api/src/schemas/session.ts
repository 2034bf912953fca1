import { z } from 'zod';
import { textSchema } from './text';
import { langSchema } from './common';

/**
 * GET /oauth/authenticate query (spec part 1 §7). `next` must be a same-site path, else the front page.
 * `acting=guardian` (children's brand, spec part 1 §4): the person identifies as a guardian and names
 * the child they act for; the server checks the mandate before any session exists.
 */
export const authenticateQuerySchema = z.object({
  lang: langSchema.default('fi'),
  next: textSchema.optional(),
  acr_values: textSchema.min(1).max(64),
  acting: z.enum(['guardian']).optional(),
});
export type AuthenticateQuery = z.infer<typeof authenticateQuerySchema>;

/** Every state-changing call carries ?csrfToken= (spec part 2 §7). */
export const csrfQuerySchema = z.object({ csrfToken: textSchema.min(1) });

/** POST /api/logout answer */
export const logoutResponseSchema = z.object({ type: z.literal('success') });

/** Identification options on the login page (spec part 1 §2 Login): acr_values per option. */
export const identificationMethods = [
  { id: 'mobiilivarmenne', name: 'Mobiilivarmenne' },
  { id: 'aktia', name: 'Aktia' },
  { id: 'alandsbanken', name: 'Ålandsbanken' },
  { id: 'danskebank', name: 'Danske Bank' },
  { id: 'handelsbanken', name: 'Handelsbanken' },
  { id: 'nordea', name: 'Nordea' },
  { id: 'omasaastopankki', name: 'OmaSäästöpankki' },
  { id: 'op', name: 'OP' },
  { id: 'poppankki', name: 'POP Pankki' },
  { id: 'saastopankki', name: 'Säästöpankki' },
  { id: 'spankki', name: 'S-Pankki' },
] as const;
export type IdentificationMethodId = (typeof identificationMethods)[number]['id'];
export const identificationMethodIds = identificationMethods.map((m) => m.id);

/**
 * After a successful sign-in the server redirects to `next#signed-in`; the shell pushes the
 * analytics event (authenticationSuccess, or hpaLogin for a guardian) once and removes the fragment.
 */
export const SIGNED_IN_FRAGMENT = 'signed-in';
