import { z } from 'zod';

/**
 * The fields of a route's request schemas (app.routeCatalogue's `schema`: zod, as fastify-type-
 * provider-zod takes them), found through their JSON Schema: the hostile-input test sends each
 * string field the characters a text cannot hold, and each date field the dates no window takes.
 */

export type Segment = string | number;

export interface RequestField {
  part: 'querystring' | 'body' | 'params';
  /** arrays at index 0; a free key (catchall) as `x` */
  path: Segment[];
  /** JSON Schema format of the string: 'date', 'date-time', 'email'…; undefined for plain text */
  format: string | undefined;
  /** an enum or a constant: refused when it is anything else, never stored as typed */
  isChoice: boolean;
  /** an enum's values or a constant's one (empty for any other field) */
  choices: unknown[];
}

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

/** By its shape: shared-api may resolve a zod of its own, which instanceof would not know. */
function isZod(schema: unknown): schema is z.ZodType {
  return typeof schema === 'object' && schema !== null && '_zod' in schema;
}

/** Every string field of one schema, with its path. */
export function stringFields(schema: z.ZodType): Omit<RequestField, 'part'>[] {
  const root = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const fields = new Map<string, Omit<RequestField, 'part'>>();
  const walk = (node: JsonSchema | boolean | undefined, path: Segment[], refs: readonly string[]): void => {
    if (!node || node === true) return;
    if (node.$ref) {
      // a recursive schema (questionnaire items) is followed once
      if (refs.includes(node.$ref)) return;
      walk(node.$ref === '#' ? root : root.$defs?.[node.$ref.replace('#/$defs/', '')], path, [...refs, node.$ref]);
      return;
    }
    for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) walk(branch, path, refs);
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (types.includes('string') && !fields.has(JSON.stringify(path))) {
      const choices = node.enum ?? (node.const !== undefined ? [node.const] : []);
      fields.set(JSON.stringify(path), { path, format: node.format, isChoice: choices.length > 0, choices });
    }
    for (const [name, property] of Object.entries(node.properties ?? {})) walk(property, [...path, name], refs);
    if (node.additionalProperties && typeof node.additionalProperties === 'object') walk(node.additionalProperties, [...path, 'x'], refs);
    if (node.items) walk(node.items, [...path, 0], refs);
  };
  walk(root, [], []);
  return [...fields.values()];
}

/** The string fields of a route's querystring, body and path parameters (a part without a zod schema has none). */
export function requestFields(schema: { querystring?: unknown; body?: unknown; params?: unknown }): RequestField[] {
  return (['querystring', 'body', 'params'] as const).flatMap((part) => {
    const partSchema = schema[part];
    return isZod(partSchema) ? stringFields(partSchema).map((field) => ({ ...field, part })) : [];
  });
}

export const isDateField = (field: RequestField) => field.format === 'date' || field.format === 'date-time';
