import { z } from 'zod';
import * as sharedApi from '../index';
import { EARLIEST_BOOKING_DATE, EARLIEST_DATE, LATEST_BOOKING_DATE, LATEST_DATE } from './common';
import { TEXT_NUL_MESSAGE, textCharacterMessage } from './text';

/**
 * Issue 27: every field of every request schema, found by walking the schemas (so a new request
 * schema or field is covered without a new test). A request schema is an export named
 * `…RequestSchema`, `…QuerySchema`, `…ParamsSchema` or `…BodySchema`, plus the GraphQL inputs the
 * server checks with shared-api's schemas.
 */

type Segment = string | number;
interface Field {
  path: Segment[];
  /** JSON Schema `format` of a string field (date, date-time, email…) */
  format: string | undefined;
}
type JsonSchema = {
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

const extraRequestSchemas: Record<string, z.ZodType> = {
  outgoingMessageContentSchema: sharedApi.outgoingMessageContentSchema,
  newThreadTitleSchema: sharedApi.newThreadTitleSchema,
  outgoingAttachmentSchema: sharedApi.outgoingAttachmentSchema,
  questionnaireResponseSchema: sharedApi.questionnaireResponseSchema,
};

const requestSchemas: [string, z.ZodType][] = [
  ...Object.entries(sharedApi).filter((entry): entry is [string, z.ZodType] => /(Request|Query|Params|Body)Schema$/.test(entry[0]) && entry[1] instanceof z.ZodType),
  ...Object.entries(extraRequestSchemas),
];

/** Every string field of `schema` with its path (arrays at index 0, free keys as `x`). */
function stringFields(schema: z.ZodType): Field[] {
  const root = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const fields: Field[] = [];
  const seen = new Set<string>();
  const walk = (node: JsonSchema | boolean | undefined, path: Segment[], refs: string[]) => {
    if (!node || node === true) return;
    if (node.$ref) {
      // a recursive schema (questionnaire items) is followed once
      if (refs.includes(node.$ref)) return;
      const name = node.$ref.replace('#/$defs/', '');
      walk(node.$ref === '#' ? root : root.$defs?.[name], path, [...refs, node.$ref]);
      return;
    }
    for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) walk(branch, path, refs);
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (types.includes('string')) {
      const key = JSON.stringify(path);
      if (!seen.has(key)) fields.push({ path, format: node.format });
      seen.add(key);
    }
    for (const [name, property] of Object.entries(node.properties ?? {})) walk(property, [...path, name], refs);
    if (node.additionalProperties && typeof node.additionalProperties === 'object') walk(node.additionalProperties, [...path, 'x'], refs);
    if (node.items) walk(node.items, [...path, 0], refs);
  };
  walk(root, [], []);
  return fields;
}

/** A value holding `leaf` at `path` and nothing else. */
function valueAt(path: Segment[], leaf: string): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path as [Segment, ...Segment[]];
  return typeof head === 'number' ? [valueAt(rest, leaf)] : { [head]: valueAt(rest, leaf) };
}

/** The messages of the issues at exactly `path` when `leaf` is put there. */
function messagesAt(schema: z.ZodType, path: Segment[], leaf: string): string[] {
  const result = schema.safeParse(valueAt(path, leaf));
  const wanted = path.join('.');
  return (result.error?.issues ?? []).filter((issue) => issue.path.map(String).join('.') === wanted).map((issue) => issue.message);
}

const cases = requestSchemas.flatMap(([name, schema]) => stringFields(schema).map((field) => ({ name, schema, ...field, label: `${name} ${field.path.join('.') || '(the value)'}` })));

/**
 * The fields that take line breaks and tabs: texts a person writes in a text area. Any other field
 * is single-line. A field added here is a decision: say why next to it.
 */
const MULTI_LINE_FIELDS = new Set([
  'renewalRequestSchema general.healthChanged.additional',
  'renewalRequestSchema prescriptions.0.reason',
  'renewalRequestSchema prescriptions.0.answers.usedAsInstructed.additional',
  'renewalRequestSchema prescriptions.0.answers.sideEffects.additional',
  'reserveAppointmentRequestSchema description',
  'arrivalReasonRequestSchema arrivalReason',
  'outgoingMessageContentSchema (the value)',
  // the accessibility statement's feedback: a text area where the problem is described
  'accessibilityFeedbackRequestSchema description',
  // a 'text' question's answer, and the question's text echoed back with it
  'questionnaireResponseSchema item.0.answer.0.valueString',
  'questionnaireResponseSchema item.0.text',
]);

describe('the request schemas are found', () => {
  test('by name, with their string fields', () => {
    expect(requestSchemas.length).toBeGreaterThanOrEqual(50);
    expect(cases.length).toBeGreaterThanOrEqual(80);
    const labels = cases.map((c) => c.label);
    // the fields issue 27 names, and the date fields of the booking calendar
    for (const label of ['paymentRequestSchema customer.firstName', 'paymentRequestSchema items.0.productCode', 'contactUpdateRequestSchema streetAddress', 'appointmentSearchQuerySchema startDate', 'pohjolaCheckParamsSchema date']) {
      expect(labels).toContain(label);
    }
    for (const label of MULTI_LINE_FIELDS) expect(labels).toContain(label);
  });
});

describe('every string field of every request schema refuses characters a text cannot hold, at its path', () => {
  test.each(cases.map((c) => [c.label, c] as const))('%s', (_label, { schema, path, label }) => {
    expect(messagesAt(schema, path, 'a\u0000b')).not.toEqual([]);
    expect(messagesAt(schema, path, 'a\u202Eb')).not.toEqual([]);
    expect(messagesAt(schema, path, 'a\u001Bb')).not.toEqual([]);
    expect(messagesAt(schema, path, 'a\u0085b')).not.toEqual([]);
    if (MULTI_LINE_FIELDS.has(label)) {
      // a line break is no problem of characters (the field may still refuse the value for its own rules)
      expect(messagesAt(schema, path, 'a\nb\r\nc\td').filter((message) => message.startsWith('Remove the character'))).toEqual([]);
    } else {
      expect(messagesAt(schema, path, 'a\nb')).not.toEqual([]);
      expect(messagesAt(schema, path, 'a\r\nb')).not.toEqual([]);
    }
  });

  test('a free-text field says which character, and NUL as before', () => {
    expect(messagesAt(sharedApi.contactUpdateRequestSchema, ['streetAddress'], 'Katu\r\n1')).toEqual([textCharacterMessage(0x0d)]);
    expect(messagesAt(sharedApi.contactUpdateRequestSchema, ['postOffice'], 'Helsinki\u202E')).toContain(textCharacterMessage(0x202e));
    expect(messagesAt(sharedApi.paymentRequestSchema, ['customer', 'firstName'], 'Matti\u0000')).toEqual([TEXT_NUL_MESSAGE]);
    expect(messagesAt(sharedApi.paymentRequestSchema, ['items', 0, 'productCode'], 'P\u0000')).toEqual([TEXT_NUL_MESSAGE]);
  });
});

const dateCases = cases.filter((c) => c.format === 'date' || c.format === 'date-time');
/** In the booking calendar's window: every booking date field takes it, and so does every other. */
const bookingDay = '2050-06-15';
const asFormat = (date: string, format: string | undefined) => (format === 'date-time' ? `${date}T10:00:00Z` : date);

describe('every date field of every request schema has a window', () => {
  test('the date fields are found', () => {
    expect(dateCases.map((c) => c.label)).toEqual(
      expect.arrayContaining([
        'appointmentSearchQuerySchema startDate',
        'appointmentSearchQuerySchema endDate',
        'availableDatesQuerySchema startDate',
        'availableDatesQuerySchema endDate',
        'pohjolaCheckParamsSchema date',
        'questionnaireResponseSchema authored',
        'questionnaireResponseSchema item.0.answer.0.valueDate',
      ]),
    );
  });

  test.each(dateCases.map((c) => [c.label, c] as const))('%s', (_label, { schema, path, format }) => {
    // year 0, 0001 and 9999, days that do not exist, and dates past either end of the widest window
    for (const date of ['0000-01-01', '0001-01-01', '9999-12-31', '2026-02-30', '2026-13-01', '2026-00-10', '2027-02-29', '1899-12-31', '2201-01-01']) {
      expect(messagesAt(schema, path, asFormat(date, format))).not.toEqual([]);
    }
    for (const date of [bookingDay, '2028-02-29']) expect(messagesAt(schema, path, asFormat(date, format))).toEqual([]);
  });

  test('a window names its ends; the booking calendar is narrower than the general one', () => {
    expect(sharedApi.isoDateSchema.safeParse(EARLIEST_DATE).success).toBe(true);
    expect(sharedApi.isoDateSchema.safeParse(LATEST_DATE).success).toBe(true);
    expect(sharedApi.isoDateSchema.safeParse('9999-12-31').error?.issues[0]?.message).toBe(`Use a date from ${EARLIEST_DATE} to ${LATEST_DATE}`);
    expect(sharedApi.isoDateSchema.safeParse('2026-02-30').error?.issues[0]?.message).toBe(sharedApi.DATE_FORMAT_MESSAGE);
    expect(sharedApi.bookingDateSchema.safeParse(EARLIEST_BOOKING_DATE).success).toBe(true);
    expect(sharedApi.bookingDateSchema.safeParse(LATEST_BOOKING_DATE).success).toBe(true);
    expect(sharedApi.bookingDateSchema.safeParse('2150-01-01').error?.issues[0]?.message).toBe(`Use a date from ${EARLIEST_BOOKING_DATE} to ${LATEST_BOOKING_DATE}`);
    expect(messagesAt(sharedApi.appointmentSearchQuerySchema, ['startDate'], '9999-12-31')).toEqual([`Use a date from ${EARLIEST_BOOKING_DATE} to ${LATEST_BOOKING_DATE}`]);
  });
});
