import { z } from 'zod';
import { isoDateSchema } from '../common';

/**
 * records.laboratory (spec part 1 §2 "Laboratory list", "Imaging and laboratory referral pages"):
 * results grouped by sample date, newest first (a date is ready when every test of it is), and the
 * patient's laboratory referrals, newest first. Complete lists: the page paginates in the browser.
 */
export const laboratoryListTestSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  isReady: z.boolean(),
});
export const laboratoryListDateSchema = z.object({
  date: isoDateSchema,
  isReady: z.boolean(),
  /** single tests and packages (a package is one entry; its items are on the result page) */
  tests: z.array(laboratoryListTestSchema),
});
export type LaboratoryListTest = z.infer<typeof laboratoryListTestSchema>;
export type LaboratoryListDate = z.infer<typeof laboratoryListDateSchema>;

/** §Enumerations "number prefix": shown as >, >=, < and <= before the number. */
export const numberPrefixSchema = z.enum(['greaterThan', 'greaterThanOrEqual', 'lessThan', 'lessThanOrEqual']);
export type NumberPrefix = z.infer<typeof numberPrefixSchema>;

/** TextualLaboratoryResult (spec §3). */
export const textualLaboratoryResultSchema = z.object({
  __typename: z.literal('TextualLaboratoryResult'),
  resultText: z.string(),
});
/** NumeralLaboratoryResult (spec §3): the highlight is healthy or warning from isWithinReferenceRange; null means no judgement. */
export const numeralLaboratoryResultSchema = z.object({
  __typename: z.literal('NumeralLaboratoryResult'),
  prefix: numberPrefixSchema.nullable(),
  resultNumber: z.number(),
  isWithinReferenceRange: z.boolean().nullable(),
});
export const laboratoryResultValueSchema = z.discriminatedUnion('__typename', [textualLaboratoryResultSchema, numeralLaboratoryResultSchema]);
export type TextualLaboratoryResult = z.infer<typeof textualLaboratoryResultSchema>;
export type NumeralLaboratoryResult = z.infer<typeof numeralLaboratoryResultSchema>;
export type LaboratoryResultValue = z.infer<typeof laboratoryResultValueSchema>;

/** Either bound may be missing ('at most 3.0', 'at least 11'). */
export const referenceRangeSchema = z.object({ min: z.number().nullable(), max: z.number().nullable() });
export type ReferenceRange = z.infer<typeof referenceRangeSchema>;

/**
 * One earlier or later numeric result of the same test (same code) of the same patient: the
 * history the expanded row draws (beyond the spec). Oldest first, the page's own date included.
 */
export const laboratoryHistoryPointSchema = z.object({
  date: isoDateSchema,
  prefix: numberPrefixSchema.nullable(),
  resultNumber: z.number(),
  isWithinReferenceRange: z.boolean().nullable(),
});
export type LaboratoryHistoryPoint = z.infer<typeof laboratoryHistoryPointSchema>;

/** SingleLaboratoryTest (spec §3): a single test, or an item of a package. `result` is null until the test is ready. */
export const singleLaboratoryTestSchema = z.object({
  __typename: z.literal('SingleLaboratoryTest'),
  id: z.string(),
  code: z.string(),
  displayName: z.string(),
  isReady: z.boolean(),
  result: laboratoryResultValueSchema.nullable(),
  unit: z.string().nullable(),
  referenceRange: referenceRangeSchema.nullable(),
  description: z.string().nullable(),
  additionalResult: z.string().nullable(),
  /** numeric results of this test over time; shown when it has two or more points */
  history: z.array(laboratoryHistoryPointSchema),
});
/** LaboratoryTestPackage (spec §3): a package row and its items; ready when every item is. */
export const laboratoryTestPackageSchema = z.object({
  __typename: z.literal('LaboratoryTestPackage'),
  id: z.string(),
  code: z.string(),
  displayName: z.string(),
  isReady: z.boolean(),
  description: z.string().nullable(),
  items: z.array(singleLaboratoryTestSchema),
});
export const laboratoryTestSchema = z.discriminatedUnion('__typename', [singleLaboratoryTestSchema, laboratoryTestPackageSchema]);
export type SingleLaboratoryTest = z.infer<typeof singleLaboratoryTestSchema>;
export type LaboratoryTestPackage = z.infer<typeof laboratoryTestPackageSchema>;
export type LaboratoryTest = z.infer<typeof laboratoryTestSchema>;

