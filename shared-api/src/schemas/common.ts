import { z } from 'zod';

export const languages = ['fi', 'sv', 'en'] as const;
export const langSchema = z.enum(languages);
export type Lang = z.infer<typeof langSchema>;

export const brands = ['adult', 'children'] as const;
export const brandSchema = z.enum(brands);
export type Brand = z.infer<typeof brandSchema>;

export const environments = ['development', 'production'] as const;
export const environmentSchema = z.enum(environments);
export type Environment = z.infer<typeof environmentSchema>;

/** ISO 8601 instant with offset, e.g. 2026-11-22T10:00:00.000Z */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
/** Calendar date yyyy-MM-dd (Europe/Helsinki) */
export const isoDateSchema = z.iso.date();

/** A localized text, one per language; used where texts travel as data (route table menu labels). */
export const localizedTextSchema = z.object({ fi: z.string(), sv: z.string(), en: z.string() });
export type LocalizedText = z.infer<typeof localizedTextSchema>;
