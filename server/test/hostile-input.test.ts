import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { and, eq, isNull } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  buildSchema,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  Kind,
  parse,
  typeFromAST,
  type GraphQLInputType,
  type OperationDefinitionNode,
} from 'graphql';
import * as sharedApi from '@portal/shared-api';
import { messagingErrorCodes, messagingTypeDefs } from '@portal/shared-api';
import { customerUserIdOf, teamRecipients } from '../src/modules/messaging/queries';
import { messagingMessages, messagingThreads } from '../src/modules/messaging/schema';
import { prescriptions, questionnaireInvitations } from '../src/modules/records/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { addDays, helsinkiToday } from '@portal/shared-i18n';
import { createTestApp, personIdOf, signIn, type SignedInCaller, type TestApp } from './helpers';
import { insertInvoice, paymentRequestFor, postPayment } from './payments-checkout-fixtures';
import { isDateField, requestFields, type RequestField, type Segment } from './request-fields';

/**
 * Issue 10 §3: hostile input never answers 5xx, and every refusal names what was at fault. A
 * property-based run (fast-check, fixed seed) sends generated hostile requests to every route the
 * server declares and every GraphQL operation the portal sends: NUL characters, deep nesting, huge
 * strings, wrong types, unknown keys, non-Latin and broken percent-encoded paths, anonymously and
 * as a signed-in patient with a valid csrfToken (so the requests reach validation). Each request
 * starts from a valid one where the route has one, so a single hostile field gets past the rest.
 */

const SEED = 20_261_124;
const STAFF_TOKEN = 'hostile-input-staff-token-0123456789';
/** Requests per REST route and method, per GraphQL operation, and of the GraphQL envelope itself. */
const RUNS_PER_ROUTE = 110;
const RUNS_PER_OPERATION = 100;
const RUNS_OF_ENVELOPE = 250;
const MIN_REQUESTS = 10_000;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

// ---------------------------------------------------------------------------------------------
// What the server declares

/** The typed documents the portal sends (shared-api's generated operations). */
function portalOperations(): { name: string; document: string; operation: OperationDefinitionNode }[] {
  return Object.entries(sharedApi)
    .filter(([name, value]) => name.endsWith('Document') && value instanceof String)
    .map(([name, value]) => {
      const document = String(value);
      const operation = parse(document).definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
      assert.ok(operation, name);
      return { name, document, operation };
    });
}

// ---------------------------------------------------------------------------------------------
// Generators

const NASTY_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\u0000\u0000\u0000',
  '€',
  '/fi/€',
  'äö',
  '日本語のテキスト',
  'مرحبا',
  '😀',
  '\uD800',
  '\u202Eexe.pdf',
  '%00',
  '%E0%A4%A',
  '%',
  '%zz',
  '%C0%AF',
  '../../etc/passwd',
  '\\',
  '//evil.example',
  'javascript:alert(1)',
  "' or '1'='1",
  '<script>alert(1)</script>',
  '\r\nX-Injected: 1',
  ' ',
  '',
  '__proto__',
  'constructor',
  '-1',
  '0',
  '1e309',
  'NaN',
  '9'.repeat(30),
  // issue 27: control characters (beyond NUL) and the text-direction overrides, and dates no window takes
  'Katu 1\r\nX-Injected: 1',
  '\u001B[2J',
  'a\u0085b',
  '\u2066x\u2069',
  '0000-01-01',
  '9999-12-31',
  '2026-02-30',
  '2026-13-01',
];

/** Dates no window takes: year 0, 0001 and 9999, days that do not exist, and just past the widest window's ends. */
const OUT_OF_WINDOW_DATES = ['0000-01-01', '0001-01-01', '9999-12-31', '2026-02-30', '2026-13-01', '2027-02-29', '1899-12-31', '2201-01-01'];
/** Far dates inside the general window (1900–2200), some outside the booking calendar's. */
const FAR_DATES_IN_WINDOW = ['1900-01-01', '1950-06-15', '2099-12-31', '2150-06-15', '2200-12-31'];
/** What every date field is sent (issue 27: `?startDate=9999-12-31` answered 500). */
const BOUNDARY_DATES = [...OUT_OF_WINDOW_DATES, ...FAR_DATES_IN_WINDOW];
/** Characters no text field takes: NUL, a right-to-left override, an escape, a C1 control. */
const FORBIDDEN_IN_ANY_TEXT = ['a\u0000b', '\u202Efdp.exe', 'a\u001B[31mb', 'a\u009Bb'];
/** A line break and a tab: refused in a single-line field. */
const FORBIDDEN_IN_SINGLE_LINE = ['Katu 1\r\nX-Injected: 1', 'a\nb', 'a\tb'];
/**
 * The fields that take line breaks and tabs, by name: what a person writes in a text area (a
 * message, a reason, an answer, a description). Every other text field is single-line.
 */
const MULTI_LINE_FIELD_NAMES = new Set(['content', 'reason', 'additional', 'description', 'arrivalReason', 'valueString', 'text']);

/** Sizes around the server's limits: a title (70), a reason (500), a message (10,000), a form's answers (200,000). */
const HUGE_LENGTHS = [71, 501, 4_097, 10_001, 200_001];
/** Bodies around the body limits (the GraphQL route's 512 KB, everyone else's 1 MB). */
const HUGE_BODY_LENGTHS = [600_000, 1_100_000];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 })).map(([a, b]) => `${a}\u0000${b}`) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...HUGE_LENGTHS), fc.constantFrom('x', 'ä', '\u0000')).map(([n, c]) => c.repeat(n)) },
);

const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('extra', 'prototype', '', '\u0000', 'a.b', '0', 'ä', '€uro'),
  fc.string({ maxLength: 8 }),
);

const hostileScalar: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(-1, 0, 9999, 10_000, 2_147_483_648, Number.MAX_SAFE_INTEGER, 1.5, -0.5, 1e300) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

const { value: hostileValue } = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileScalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 3, noNullPrototype: true }),
  ),
}));

/** JSON nested deeper than any parser stack should follow. */
const deepJson: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(65, 200, 5_000, 20_000), fc.constantFrom('[', '{"a":'))
  .map(([depth, open]) => open.repeat(depth) + '1' + (open === '[' ? ']' : '}').repeat(depth));

const RAW_BODIES = [
  '',
  ' ',
  '{',
  '{"a":1,}',
  'nul',
  '"\u0000"',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '[]',
  '0',
  'null',
  '\uFEFF{}',
];

const CONTENT_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=utf-16', 'application/octet-stream', '\u00e4/json'];

/** A JSON value's leaf paths (objects and arrays included, so whole branches are replaced too). */
function pathsOf(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const here = prefix.length ? [prefix] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, index) => pathsOf(item, [...prefix, index]))];
  if (value && typeof value === 'object') return [...here, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...prefix, key]))];
  return here;
}

function setAt(value: Json, path: (string | number)[], replacement: Json | undefined): Json {
  if (path.length === 0) return replacement ?? null;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) {
    const copy = [...value];
    if (replacement === undefined && rest.length === 0) copy.splice(Number(head), 1);
    else copy[Number(head)] = setAt(copy[Number(head)] ?? null, rest, replacement);
    return copy;
  }
  if (value && typeof value === 'object') {
    const copy: { [key: string]: Json } = { ...value };
    if (replacement === undefined && rest.length === 0) delete copy[String(head)];
    else copy[String(head)] = setAt(copy[String(head)] ?? null, rest, replacement);
    return copy;
  }
  return value;
}

/**
 * One valid value made hostile in one place: a field replaced (by a hostile string, which keeps a
 * string a string, or by any hostile value), removed, an unknown key added, or the whole value
 * replaced. The valid value itself comes through now and then.
 */
function mutated(template: Json): fc.Arbitrary<Json> {
  const paths = pathsOf(template);
  const objects = [[] as (string | number)[], ...paths].filter((path) => {
    let node: Json = template;
    for (const key of path) node = Array.isArray(node) ? (node[Number(key)] ?? null) : node && typeof node === 'object' ? (node[String(key)] ?? null) : null;
    return node !== null && typeof node === 'object' && !Array.isArray(node);
  });
  const somePath = paths.length ? fc.constantFrom(...paths) : fc.constant([] as (string | number)[]);
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(template) },
    { weight: 5, arbitrary: fc.tuple(somePath, hostileString).map(([path, value]) => setAt(template, path, value)) },
    { weight: 3, arbitrary: fc.tuple(somePath, hostileValue).map(([path, value]) => setAt(template, path, value)) },
    { weight: 1, arbitrary: somePath.map((path) => setAt(template, path, undefined)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(objects.length ? fc.constantFrom(...objects) : fc.constant([] as (string | number)[]), hostileKey, hostileValue)
        .map(([path, key, value]) => setAt(template, [...path, key], value)),
    },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** A body: JSON made from a valid one, or bytes no valid request has. */
function hostileBody(template: Json | undefined): fc.Arbitrary<{ payload: string; contentType: string | undefined }> {
  const json = (value: Json) => ({ payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' });
  return fc.oneof(
    { weight: 8, arbitrary: mutated(template ?? {}).map(json) },
    { weight: 2, arbitrary: deepJson.map((payload) => ({ payload, contentType: 'application/json' })) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES).map((payload) => ({ payload, contentType: 'application/json' })) },
    { weight: 1, arbitrary: fc.constantFrom(...HUGE_BODY_LENGTHS).map((n) => ({ payload: JSON.stringify({ text: 'x'.repeat(n) }), contentType: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc.tuple(mutated(template ?? {}), fc.constantFrom<string | undefined>(...CONTENT_TYPES, undefined)).map(([value, contentType]) => ({
        payload: JSON.stringify(value) ?? '',
        contentType,
      })),
    },
  );
}

/** encodeURIComponent, for any string: a lone surrogate (which no URL can carry) is sent as U+FFFD. */
const safeEncode = (text: string) => encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

/** A path segment: a valid value, or one encoded (or broken) in a hostile way. */
function hostileSegment(valid: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: valid.length ? fc.constantFrom(...valid.map(safeEncode)) : fc.constant('1') },
    { weight: 4, arbitrary: hostileString.filter((s) => s.length < 5_000).map(safeEncode) },
    { weight: 2, arbitrary: fc.constantFrom('%E0%A4%A', '%', '%zz', '%00', '%C0%AF', '%2F..%2F', '..', '.', '%E2%82%AC', 'x'.repeat(101), '%ED%A0%80') },
  );
}

function queryString(entries: [string, Json][]): string {
  const parts: string[] = [];
  for (const [key, value] of entries) {
    // An array is a repeated parameter (?a=1&a=2), which the query parser turns into an array.
    for (const item of Array.isArray(value) ? value : [value]) {
      const text = item === null ? '' : typeof item === 'object' ? JSON.stringify(item) : String(item);
      parts.push(`${safeEncode(key)}=${/^%[0-9A-Za-z]{0,2}/.test(text) && text.length < 12 ? text : safeEncode(text)}`);
    }
  }
  return parts.join('&');
}

// ---------------------------------------------------------------------------------------------
// What a valid request to each route looks like (the hostile ones start from these)

interface Fixtures {
  threadIds: string[];
  messageIds: string[];
  recipientIds: string[];
  professionalIds: string[];
  renewableIds: string[];
  invitationId: string;
  routeIds: string[];
  pagePaths: string[];
}

interface RestTemplate {
  params?: Record<string, string[]>;
  query?: Record<string, string>;
  body?: Json;
}

function restTemplates(f: Fixtures): Record<string, RestTemplate> {
  const staffThread = { threadId: f.threadIds };
  return {
    'POST /api/prescription-renewals': {
      body: {
        general: { healthChanged: { answer: 'no' } },
        prescriptions: [{ id: f.renewableIds[0]!, reason: 'Lääke loppuu.', answers: { usedAsInstructed: { answer: 'yes' }, sideEffects: { answer: 'no' } } }],
      },
    },
    'POST /api/mfa-onboarding': { query: { lang: 'fi' }, body: { phoneNumber: '+358 40 123 4567' } },
    'PUT /api/mfa-onboarding': { body: { challengeResponseFromUser: '1234' } },
    'GET /api/dev/sms-outbox': { query: { phoneNumber: '+358401234567' } },
    'GET /api/pages/:routeId': { params: { routeId: f.routeIds }, query: { lang: 'fi', id: f.threadIds[0]!, ids: f.renewableIds.join(',') } },
    'GET /oauth/authenticate': { query: { lang: 'fi', acr_values: 'nordea', next: '/fi/viestit' } },
    'GET /oauth/callback': { query: { state: 'abc', code: 'def' } },
    'GET /api/staff/messaging/threads': { query: { identityCode: PERSONAS.mikko } },
    'POST /api/staff/messaging/threads/:threadId/replies': { params: staffThread, body: { professionalUserId: Number(f.professionalIds[0]), content: 'Hei!' } },
    'POST /api/staff/messaging/threads/:threadId/assign': { params: staffThread, body: { assigneeUserId: Number(f.professionalIds[0]) } },
    'POST /api/staff/messaging/threads/:threadId/close': { params: staffThread },
    'POST /api/staff/messaging/threads/:threadId/reopen': { params: staffThread },
    'POST /api/staff/messaging/messages/:messageId/delete': { params: { messageId: f.messageIds }, body: { deletedByUserId: Number(f.professionalIds[0]), reason: 'Väärä ketju' } },
    'GET /:lang': { params: { lang: ['fi', 'sv', 'en'] } },
    'GET /:lang/*': { params: { lang: ['fi'], '*': f.pagePaths } },
  };
}

/** Valid variables of each portal operation; any other operation gets values built from its variable types. */
function operationTemplates(f: Fixtures): Record<string, Record<string, Json>> {
  const wellbeingAnswers = { resourceType: 'QuestionnaireResponse', status: 'completed', item: [{ linkId: 'mood', answer: [{ valueInteger: 2 }] }, { linkId: 'notes', answer: [{ valueString: 'Hyvin menee.' }] }] };
  return {
    MessagingThreads: { pagination: { limit: 10, offset: 0 } },
    MessagingThreadForCustomer: { id: f.threadIds[0]!, pagination: { limit: 10, offset: 0 } },
    AttachmentDownloadUrl: { id: '1' },
    CreateAttachmentUpload: {},
    SendMessageInNewThread: {
      title: 'Kysymys',
      type: 'customer',
      participantIds: [f.recipientIds[0]!],
      separateThreadPerParticipant: false,
      firstMessage: { content: 'Hei!', attachments: [], questionnaireInvitations: [] },
      lang: 'fi',
    },
    SendMessage: { threadId: f.threadIds[0]!, message: { content: 'Kiitos!', attachments: [], questionnaireInvitations: [] } },
    MarkAsRead: { threadId: f.threadIds[0]! },
    // answers is JSON in a string: its inside is made hostile separately (see answersArbitrary)
    AnswerQuestionnaire: { questionnaireInvitationId: f.invitationId, answers: JSON.stringify(wellbeingAnswers) },
  };
}

const messagingSchema = buildSchema(messagingTypeDefs);

/** A plausible value of a GraphQL input type, for operations without a template. */
function sampleInput(type: GraphQLInputType): Json {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return [sampleInput(nullable.ofType)];
  const named = getNamedType(nullable);
  if (isEnumType(named)) return named.getValues()[0]?.value ?? null;
  if (isInputObjectType(named)) {
    return Object.fromEntries(Object.values(named.getFields()).filter((field) => isNonNullType(field.type)).map((field) => [field.name, sampleInput(field.type)]));
  }
  return { Int: 1, Float: 1, Boolean: false, ID: '1', String: 'x' }[named.name] ?? 'x';
}

function variablesTemplate(operation: OperationDefinitionNode, templates: Record<string, Record<string, Json>>): Record<string, Json> {
  const known = operation.name ? templates[operation.name.value] : undefined;
  if (known) return known;
  return Object.fromEntries(
    (operation.variableDefinitions ?? []).map((definition) => {
      const type = typeFromAST(messagingSchema, definition.type as Parameters<typeof typeFromAST>[1]) as GraphQLInputType | undefined;
      return [definition.variable.name.value, type ? sampleInput(type) : null];
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// The checks

const knownCodes = new Set<string>(messagingErrorCodes);

interface ValidationBody {
  type?: unknown;
  details?: { path?: unknown; message?: unknown }[];
}

/** What is wrong with an answer; null when it is a proper one (any 2xx-4xx in the app's shapes). */
function fault(res: LightMyRequestResponse, graphql: boolean, head: boolean): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  // A HEAD answer has the status and headers of its GET, and no body to read.
  if (head) return null;
  const isJson = String(res.headers['content-type'] ?? '').includes('json');
  let body: unknown = null;
  if (isJson && res.body) {
    try {
      body = JSON.parse(res.body);
    } catch {
      return `answered ${res.statusCode} with JSON that does not parse`;
    }
  }
  if (graphql && body && typeof body === 'object' && 'errors' in body && Array.isArray(body.errors)) {
    for (const error of body.errors as { extensions?: { code?: unknown; details?: { path?: unknown }[] } }[]) {
      const code = error.extensions?.code;
      if (typeof code !== 'string' || !knownCodes.has(code)) return `a GraphQL error without a contract code: ${res.body.slice(0, 300)}`;
      if (code === 'INTERNAL') return `a GraphQL error INTERNAL: ${res.body.slice(0, 300)}`;
      for (const detail of error.extensions?.details ?? []) {
        if (typeof detail.path !== 'string' || detail.path === '') return `a GraphQL problem without a path: ${res.body.slice(0, 300)}`;
      }
    }
    return null;
  }
  // A page for a person (the test broker's forms) says what is wrong in words, not as JSON.
  if (String(res.headers['content-type'] ?? '').startsWith('text/html')) return null;
  if (res.statusCode === 400) {
    const refusal = body as ValidationBody | null;
    if (refusal?.type !== 'ValidationError' || !Array.isArray(refusal.details) || refusal.details.length === 0) {
      return `a 400 not in the app's ValidationError shape: ${res.body.slice(0, 300)}`;
    }
  }
  const details = (body as ValidationBody | null)?.details;
  if ((body as ValidationBody | null)?.type === 'ValidationError' && Array.isArray(details)) {
    for (const detail of details) {
      if (typeof detail.path !== 'string' || detail.path === '') return `a ${res.statusCode} problem without a path: ${res.body.slice(0, 300)}`;
      if (typeof detail.message !== 'string' || detail.message === '') return `a ${res.statusCode} problem without a message: ${res.body.slice(0, 300)}`;
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------

let t: TestApp;
let fixtures: Fixtures;
let patient: SignedInCaller;
let sent = 0;

async function freshPatient(): Promise<SignedInCaller> {
  return signIn(t.app, PERSONAS.mikko);
}

async function loadFixtures(): Promise<Fixtures> {
  const { app } = t;
  const personId = await personIdOf(app, PERSONAS.mikko);
  const customerUserId = await customerUserIdOf(app.db, personId);
  assert.ok(customerUserId, "Mikko's messaging user");
  const threads = await app.db.select({ id: messagingThreads.id }).from(messagingThreads).where(eq(messagingThreads.customerUserId, customerUserId));
  const messages = await app.db
    .select({ id: messagingMessages.id })
    .from(messagingMessages)
    .innerJoin(messagingThreads, eq(messagingThreads.id, messagingMessages.threadId))
    .where(eq(messagingThreads.customerUserId, customerUserId));
  const recipients = await teamRecipients(app.db);
  const professionals = await app.inject({ url: '/api/staff/messaging/professionals', headers: { authorization: `Bearer ${STAFF_TOKEN}` } });
  assert.equal(professionals.statusCode, 200, professionals.body);
  const renewable = await app.db
    .select({ id: prescriptions.id })
    .from(prescriptions)
    .where(and(eq(prescriptions.personId, personId), eq(prescriptions.isRenewable, true)));
  const [invitation] = await app.db
    .select({ id: questionnaireInvitations.id })
    .from(questionnaireInvitations)
    .where(and(eq(questionnaireInvitations.personId, personId), eq(questionnaireInvitations.formId, 'wellbeing-v1'), isNull(questionnaireInvitations.answeredAt)));
  assert.ok(invitation, "Mikko's unanswered questionnaire");
  const routes = app.routeTable.current();
  const pagePaths = routes.map((route) => route.paths.fi.replace(/:[a-zA-Z]+/g, String(threads[0]!.id)));
  return {
    threadIds: threads.map((row) => String(row.id)),
    messageIds: messages.map((row) => String(row.id)),
    recipientIds: recipients.map((row) => String(row.id)),
    professionalIds: (professionals.json() as { professionals: { id: number }[] }).professionals.map((p) => String(p.id)),
    renewableIds: renewable.map((row) => String(row.id)),
    invitationId: String(invitation.id),
    routeIds: routes.map((route) => route.id),
    pagePaths,
  };
}

/** Sends one request as `caller` and returns what is wrong with the answer (null: nothing). */
async function send(request: InjectOptions & { url: string }, caller: 'anonymous' | 'patient', graphql = false): Promise<string | null> {
  return (await deliver(request, caller, graphql)).problem;
}

/** send, with the answer (null when the request could not be answered). */
async function deliver(
  request: InjectOptions & { url: string },
  caller: 'anonymous' | 'patient',
  graphql = false,
): Promise<{ problem: string | null; res: LightMyRequestResponse | null }> {
  const headers: Record<string, string> = { ...(request.headers as Record<string, string> | undefined) };
  let url = request.url;
  if (caller === 'patient') {
    headers.cookie = patient.cookie;
    url += `${url.includes('?') ? '&' : '?'}csrfToken=${safeEncode(patient.csrfToken)}`;
  }
  if (url.startsWith('/api/staff/')) headers.authorization = `Bearer ${STAFF_TOKEN}`;
  sent++;
  let res: LightMyRequestResponse;
  try {
    res = await t.app.inject({ ...request, url, headers });
  } catch (error) {
    return { problem: `the request could not be answered: ${(error as Error).message}`, res: null };
  }
  // A logout (or anything else that ends the session) takes the patient's session with it.
  if (caller === 'patient' && String(res.headers['set-cookie'] ?? '').includes('portal_session=;')) patient = await freshPatient();
  const problem = fault(res, graphql, request.method === 'HEAD');
  return { problem: problem && `${request.method} ${url.slice(0, 200)} as ${caller}: ${problem}`, res };
}

/** `value` with `leaf` at `path`, containers made where missing (arrays for numeric segments). */
function withLeaf(value: Json | undefined, path: Segment[], leaf: string): Json {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path as [Segment, ...Segment[]];
  if (typeof head === 'number') {
    const copy = Array.isArray(value) ? [...value] : [];
    copy[head] = withLeaf(copy[head], rest, leaf);
    return copy;
  }
  const copy: { [key: string]: Json } = value && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};
  copy[head] = withLeaf(copy[head], rest, leaf);
  return copy;
}

/**
 * A request to `route` from its template (a valid one where the test has it), with `values` put
 * in their fields: a path parameter, a query parameter (a repeated one sent once) or a body field.
 */
function requestWithFields(route: { method: string; url: string; schema: { querystring?: unknown; body?: unknown; params?: unknown } }, template: RestTemplate, values: [RequestField, string][]): InjectOptions & { url: string } {
  const path = route.url.replace(/:([A-Za-z0-9_]+)|\*/g, (_m, name: string | undefined) => {
    const given = values.find(([field]) => field.part === 'params' && field.path[0] === (name ?? '*'));
    // a parameter that is a choice (kela-card/image/:side) gets its first one, so the others reach validation
    const choice = requestFields(route.schema).find((field) => field.part === 'params' && field.path[0] === name)?.choices[0];
    return safeEncode(given ? given[1] : (template.params?.[name ?? '*']?.[0] ?? (typeof choice === 'string' ? choice : '1')));
  });
  const query: Record<string, Json> = { ...template.query };
  let body: Json | undefined = template.body ?? (route.schema.body ? {} : undefined);
  for (const [field, value] of values) {
    if (field.part === 'querystring') query[String(field.path[0])] = value;
    if (field.part === 'body') body = withLeaf(body, field.path, value);
  }
  const qs = queryString(Object.entries(query));
  return {
    method: route.method as InjectOptions['method'],
    url: qs ? `${path}?${qs}` : path,
    ...(body !== undefined ? { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
  };
}

/** The problem when `res` is not a 400 naming `path` among its details; null when it is. */
function notRefusedAt(res: LightMyRequestResponse | null, path: string): string | null {
  if (!res) return 'no answer';
  if (res.statusCode !== 400) return `answered ${res.statusCode}, not 400: ${res.body.slice(0, 200)}`;
  const details = (JSON.parse(res.body) as ValidationBody).details ?? [];
  return details.some((detail) => detail.path === path) ? null : `a 400 that does not name ${path}: ${res.body.slice(0, 300)}`;
}

before(async () => {
  // The staff API exists only with its token; fair use would answer most of this run 429 before
  // validation, so its limits are out of the way.
  t = await createTestApp({
    STAFF_API_TOKEN: STAFF_TOKEN,
    API_RATE_LIMIT_PER_SESSION: '1000000',
    API_RATE_LIMIT_PER_CLIENT: '1000000',
    // the reservation routes' own limit (per address) would answer most of them 429 before validation
    RESERVATION_RATE_LIMIT_PER_MINUTE: '1000',
    // and so would the accessibility feedback's hourly limit
    ACCESSIBILITY_FEEDBACK_PER_HOUR: '10000',
  });
  fixtures = await loadFixtures();
  patient = await freshPatient();
});
after(async () => t?.close());

/** Runs a property and returns its failure (with the counterexample), or null. */
async function check<T>(arbitrary: fc.Arbitrary<T>, numRuns: number, run: (value: T) => Promise<string | null>): Promise<string | null> {
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      const problem = await run(value);
      if (problem) throw new Error(problem);
    }),
    { seed: SEED, numRuns, endOnFailure: true },
  );
  if (!details.failed) return null;
  const message = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  return `${message}\n      generated: ${fc.stringify(details.counterexample).slice(0, 1_000)}`;
}

describe('hostile input (property-based, fixed seed)', () => {
  const failures: string[] = [];

  // Hostile requests start from these; one that is refused already would test nothing past it.
  it('the valid requests the hostile ones start from are accepted', async () => {
    const templates = restTemplates(fixtures);
    for (const key of ['POST /api/prescription-renewals', 'POST /api/mfa-onboarding', 'POST /api/staff/messaging/threads/:threadId/replies', 'GET /api/staff/messaging/threads']) {
      const [method, url] = key.split(' ') as [string, string];
      const template = templates[key]!;
      const path = url.replace(/:([A-Za-z]+)/g, (_m, name: string) => template.params?.[name]?.[0] ?? '');
      const query = queryString(Object.entries(template.query ?? {}));
      const res = await t.app.inject({
        method: method as InjectOptions['method'],
        url: `${path}?${query}&csrfToken=${encodeURIComponent(patient.csrfToken)}`,
        headers: { cookie: patient.cookie, authorization: `Bearer ${STAFF_TOKEN}` },
        ...(template.body ? { payload: template.body as object } : {}),
      });
      assert.ok(res.statusCode < 300, `${key}: ${res.statusCode} ${res.body}`);
    }
    const operations = operationTemplates(fixtures);
    for (const { name, document, operation } of portalOperations()) {
      // attachment 1 is nobody's: NOT_FOUND is its valid answer
      if (name === 'AttachmentDownloadUrlDocument') continue;
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/customer-messaging?csrfToken=${encodeURIComponent(patient.csrfToken)}`,
        headers: { cookie: patient.cookie },
        payload: { query: document, variables: variablesTemplate(operation, operations) },
      });
      assert.equal((res.json() as { errors?: unknown }).errors, undefined, `${name}: ${res.body}`);
    }
    await t.app.db.update(questionnaireInvitations).set({ answeredAt: null, answers: null }).where(eq(questionnaireInvitations.id, Number(fixtures.invitationId)));
  });

  it('every REST route answers hostile requests without a 5xx and names the field at fault', async (context) => {
    const templates = restTemplates(fixtures);
    // Every route the app has registered (parametric ones as declared, e.g. /api/pages/:routeId).
    const routes = t.app.routeCatalogue.filter((route) => route.url !== '/api/customer-messaging');
    assert.ok(routes.length >= 20, `the route catalogue has ${routes.length} routes`);
    for (const route of routes) {
      const template = templates[`${route.method} ${route.url}`] ?? templates[`GET ${route.url}`] ?? {};
      const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((m) => m[1] ?? '*');
      const segments = fc.tuple(...names.map((name) => hostileSegment(template.params?.[name] ?? [])));
      const query = fc.oneof(
        { weight: 3, arbitrary: mutated(template.query ?? {}) },
        { weight: 1, arbitrary: fc.dictionary(hostileKey, hostileScalar, { maxKeys: 4, noNullPrototype: true }) },
      );
      const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
      const body = hasBody ? fc.option(hostileBody(template.body), { freq: 8 }) : fc.constant(null);
      const caller = fc.constantFrom<'anonymous' | 'patient'>('anonymous', 'patient', 'patient');
      const failure = await check(fc.record({ segments, query, body, caller }), RUNS_PER_ROUTE, async (value) => {
        let i = 0;
        const path = route.url.replace(/:([A-Za-z0-9_]+)|\*/g, () => value.segments[i++] ?? '');
        const entries = value.query && typeof value.query === 'object' && !Array.isArray(value.query) ? Object.entries(value.query) : [['q', value.query] as [string, Json]];
        const qs = queryString(entries);
        return send(
          {
            method: route.method as InjectOptions['method'],
            url: qs ? `${path}?${qs}` : path,
            ...(value.body ? { payload: value.body.payload, headers: value.body.contentType ? { 'content-type': value.body.contentType } : {} } : {}),
          },
          value.caller,
        );
      });
      if (failure) failures.push(`${route.method} ${route.url}: ${failure}`);
    }
    context.diagnostic(`REST: ${routes.length} routes`);
  });

  it('every GraphQL operation the portal sends answers hostile variables with a contract code and field paths', async () => {
    const templates = operationTemplates(fixtures);
    for (const { name, document, operation } of portalOperations()) {
      const variables = variablesTemplate(operation, templates);
      const answers = answersArbitrary(variables);
      const failure = await check(fc.record({ variables: fc.oneof({ weight: 4, arbitrary: mutated(variables) }, { weight: 1, arbitrary: answers }), caller: fc.constantFrom<'anonymous' | 'patient'>('anonymous', 'patient', 'patient', 'patient') }), RUNS_PER_OPERATION, async (value) => {
        const problem = await send(
          { method: 'POST', url: '/api/customer-messaging', headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' }, payload: JSON.stringify({ query: document, variables: value.variables }) },
          value.caller,
          true,
        );
        // An answered questionnaire is answered for good; the next run needs it open again.
        if (name === 'AnswerQuestionnaireDocument') {
          await t.app.db.update(questionnaireInvitations).set({ answeredAt: null, answers: null }).where(eq(questionnaireInvitations.id, Number(fixtures.invitationId)));
        }
        return problem;
      });
      if (failure) failures.push(`GraphQL ${name}: ${failure}`);
    }
  });

  it('the GraphQL envelope: operation names, documents, nesting and page sizes', async () => {
    const operations = portalOperations();
    const documents = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...operations.map((o) => o.document)) },
      { weight: 1, arbitrary: fc.constant('query A { __typename } query B { __typename }') },
      { weight: 1, arbitrary: hostileString },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.constantFrom(0, 1, 10, 100, 1000, 9999, 10_000, -1), fc.constantFrom(0, 1, 10, 100, 1000, 9999, 10_000))
          .map(([a, b]) => `query { messagingThreads(pagination: { limit: ${a} }) { paginatedThreads { messages(pagination: { limit: ${b} }) { totalCount paginatedMessages { id } } } } }`),
      },
      { weight: 1, arbitrary: fc.constantFrom(65, 300, 3000).map((n) => `query { ${'messagingThreads { paginatedThreads { '.repeat(1)}${'__typename '.repeat(n)} } } }`) },
    );
    const envelope = fc.record(
      { query: fc.oneof(documents, hostileValue), operationName: fc.oneof(hostileValue, fc.constantFrom('A', 'B', 'MessagingThreads')), variables: hostileValue, extensions: hostileValue },
      { requiredKeys: [] },
    );
    const body = fc.oneof(
      { weight: 6, arbitrary: envelope.map((value) => ({ payload: JSON.stringify(value), contentType: 'application/json' })) },
      { weight: 1, arbitrary: fc.array(envelope, { maxLength: 3 }).map((value) => ({ payload: JSON.stringify(value), contentType: 'application/json' })) },
      { weight: 2, arbitrary: hostileBody({ query: operations[0]!.document, variables: {} }) },
    );
    const accept = fc.constantFrom('application/graphql-response+json', 'application/json', 'application/graphql-response+json;q=1', 'text/html', '*/*', '');
    const failure = await check(fc.record({ body, accept }), RUNS_OF_ENVELOPE, async (value) =>
      send(
        {
          method: 'POST',
          url: '/api/customer-messaging',
          payload: value.body.payload,
          headers: { ...(value.body.contentType ? { 'content-type': value.body.contentType } : {}), ...(value.accept ? { accept: value.accept } : {}) },
        },
        'patient',
        true,
      ),
    );
    if (failure) failures.push(`GraphQL envelope: ${failure}`);
  });

  // issue 27: every date field the routes' schemas declare (query, body, path), each alone and all
  // at once, with dates no window takes and far ones inside the widest; those outside are refused
  // at the field's path
  it('every date field of every REST route answers boundary dates without a 5xx, refusing those outside its window at its path', async (context) => {
    const templates = restTemplates(fixtures);
    const inWindow = addDays(helsinkiToday(), 1);
    const asFormat = (field: RequestField, date: string) => (field.format === 'date-time' ? `${date}T12:00:00Z` : date);
    let fields = 0;
    for (const route of t.app.routeCatalogue.filter((r) => r.method !== 'HEAD' && r.url !== '/api/customer-messaging')) {
      const dates = requestFields(route.schema).filter(isDateField);
      if (dates.length === 0) continue;
      fields += dates.length;
      const template = templates[`${route.method} ${route.url}`] ?? templates[`GET ${route.url}`] ?? {};
      for (const date of BOUNDARY_DATES) {
        const variants: [RequestField | null, [RequestField, string][]][] = [
          [null, dates.map((field) => [field, asFormat(field, date)])],
          ...dates.map((field): [RequestField, [RequestField, string][]] => [field, dates.map((other) => [other, asFormat(other, other === field ? date : inWindow)])]),
        ];
        for (const [field, values] of variants) {
          for (const caller of ['anonymous', 'patient'] as const) {
            const { problem, res } = await deliver(requestWithFields(route, template, values), caller);
            if (problem) failures.push(`${route.method} ${route.url} (${date}): ${problem}`);
            // signed in, past the session's checks, an impossible date is the schema's refusal
            else if (caller === 'patient' && field && OUT_OF_WINDOW_DATES.includes(date)) {
              const refusal = notRefusedAt(res, field.path.join('.'));
              if (refusal) failures.push(`${route.method} ${route.url} ${field.part} ${field.path.join('.')}=${date}: ${refusal}`);
            }
          }
        }
      }
    }
    // the appointment search's and the calendar's startDate and endDate, the Pohjola check's date
    assert.ok(fields >= 5, `only ${fields} date fields were found in the routes' schemas`);
    // The pages' own query and path parameters have no schema: every page gets the calendar's
    // parameters (the booking lists read startDate leniently), and each date parameter of a path
    // (the route table's pattern: laboratory and imaging results) the boundary dates.
    const routes = t.app.routeTable.current();
    for (const pageRoute of routes) {
      const dateParams = Object.entries(pageRoute.params ?? {})
        .filter(([, pattern]) => pattern.includes('{4}-'))
        .map(([name]) => name);
      for (const date of OUT_OF_WINDOW_DATES.slice(0, 5)) {
        const url = `/api/pages/${encodeURIComponent(pageRoute.id)}?lang=fi&startDate=${date}&endDate=${date}${dateParams.map((name) => `&${name}=${date}`).join('')}`;
        const problem = await send({ method: 'GET', url }, 'patient');
        if (problem) failures.push(`page ${pageRoute.id} (${date}): ${problem}`);
      }
      for (const date of dateParams.length ? BOUNDARY_DATES : []) {
        const problem = await send({ method: 'GET', url: `/api/pages/${encodeURIComponent(pageRoute.id)}?lang=fi${dateParams.map((name) => `&${name}=${date}`).join('')}` }, 'patient');
        if (problem) failures.push(`page ${pageRoute.id} (${date}): ${problem}`);
      }
    }
    context.diagnostic(`dates: ${fields} date fields in the routes' schemas, ${routes.length} pages`);
  });

  // issue 27: NUL, CR/LF, a tab, an escape, a C1 control and U+202E in every text field the
  // routes' schemas declare answer 400 at the field's path (line breaks and tabs are a multi-line
  // field's own)
  it('every text field of every REST route refuses control and text-direction characters at its path', async (context) => {
    const templates = restTemplates(fixtures);
    let fields = 0;
    for (const route of t.app.routeCatalogue.filter((r) => r.method !== 'HEAD' && r.url !== '/api/customer-messaging')) {
      // csrfToken is the session check's (a second one is sent with every request); a choice is refused as not one of its values
      const texts = requestFields(route.schema).filter((field) => !isDateField(field) && !field.isChoice && field.path[0] !== 'csrfToken');
      const template = templates[`${route.method} ${route.url}`] ?? templates[`GET ${route.url}`] ?? {};
      for (const field of texts) {
        fields++;
        const name = String(field.path.filter((segment) => typeof segment === 'string').at(-1));
        const values = [...FORBIDDEN_IN_ANY_TEXT, ...(MULTI_LINE_FIELD_NAMES.has(name) ? [] : FORBIDDEN_IN_SINGLE_LINE)];
        for (const value of values) {
          const { problem, res } = await deliver(requestWithFields(route, template, [[field, value]]), 'patient');
          // A route that refuses the caller before it reads the request (an expired upload link's
          // 403, the SMS login's 401 without a session to resume) stores nothing either; any
          // answer it does read must be a 400 naming the field.
          const refusedEarlier = res !== null && res.statusCode > 400 && res.statusCode < 500;
          const refusal = problem ?? (refusedEarlier ? null : notRefusedAt(res, field.path.join('.')));
          if (refusal) failures.push(`${route.method} ${route.url} ${field.part} ${field.path.join('.')}=${JSON.stringify(value)}: ${refusal}`);
        }
      }
    }
    assert.ok(fields >= 60, `only ${fields} text fields were found in the routes' schemas`);
    context.diagnostic(`texts: ${fields} text fields`);
  });

  it(`sends at least ${MIN_REQUESTS} requests, none answered with a 5xx or a pathless refusal`, (context) => {
    console.info(`hostile input: ${sent} requests sent`);
    context.diagnostic(`${sent} hostile requests sent`);
    assert.deepEqual(failures, []);
    assert.ok(sent >= MIN_REQUESTS, `only ${sent} requests were sent`);
  });
});

// The findings of issue 10 §3, one by one.
describe('hostile input: the cases the issue names', () => {
  const json = (res: LightMyRequestResponse) => res.json() as { type?: string; details?: { path: string; message: string }[] };
  const refusedAt = (res: LightMyRequestResponse, status = 400) => {
    assert.equal(res.statusCode, status, res.body);
    const body = json(res);
    assert.equal(body.type, 'ValidationError', res.body);
    return (body.details ?? []).map((d) => d.path);
  };
  const asPatient = (url: string) => `${url}${url.includes('?') ? '&' : '?'}csrfToken=${encodeURIComponent(patient.csrfToken)}`;
  const post = (url: string, payload: string | object, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: asPatient(url), headers: { cookie: patient.cookie, 'content-type': contentType }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });
  const staff = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/staff/messaging${url}`, headers: { authorization: `Bearer ${STAFF_TOKEN}` }, ...(payload ? { payload } : {}) });
  const gql = async (payload: object | string) => {
    const res = await post('/api/customer-messaging', payload);
    const body = res.json() as { errors?: { extensions?: { code?: string; details?: { path: string; message: string }[] } }[] };
    return { status: res.statusCode, errors: body.errors ?? [], body: res.body };
  };
  const renewal = (reason: string) => ({
    general: { healthChanged: { answer: 'no' } },
    prescriptions: [{ id: fixtures.renewableIds[0]!, reason, answers: { usedAsInstructed: { answer: 'yes' }, sideEffects: { answer: 'no' } } }],
  });

  it('a NUL in a renewal reason, a staff reply, a delete reason or a staff query answers 400 at the field', async () => {
    const renewed = await post('/api/prescription-renewals', renewal('Lääke\u0000 loppuu'));
    assert.deepEqual(refusedAt(renewed), ['prescriptions.0.reason']);
    assert.equal(json(renewed).details?.[0]?.message, sharedApi.TEXT_NUL_MESSAGE);
    const thread = fixtures.threadIds[0]!;
    const professional = Number(fixtures.professionalIds[0]);
    assert.deepEqual(refusedAt(await staff('POST', `/threads/${thread}/replies`, { professionalUserId: professional, content: 'Hei\u0000' })), ['content']);
    assert.deepEqual(refusedAt(await staff('POST', `/messages/${fixtures.messageIds[0]!}/delete`, { deletedByUserId: professional, reason: '\u0000' })), ['reason']);
    assert.deepEqual(refusedAt(await staff('GET', `/threads?identityCode=${encodeURIComponent(`${PERSONAS.mikko}\u0000`.slice(1))}`)), ['identityCode']);
  });

  it("a NUL in a message's content or a new thread's title answers BAD_USER_INPUT at the field", async () => {
    const sendNew = await gql({
      query: String(sharedApi.SendMessageInNewThreadDocument),
      variables: { title: 'Otsikko\u0000', type: 'customer', participantIds: [fixtures.recipientIds[0]!], firstMessage: { content: 'Hei\u0000' } },
    });
    assert.equal(sendNew.errors[0]?.extensions?.code, 'BAD_USER_INPUT', sendNew.body);
    assert.deepEqual(sendNew.errors[0]?.extensions?.details?.map((d) => d.path), ['title', 'firstMessage.content']);
    const send = await gql({ query: String(sharedApi.SendMessageDocument), variables: { threadId: fixtures.threadIds[0]!, message: { content: '\u0000' } } });
    assert.deepEqual(send.errors[0]?.extensions?.details, [{ path: 'message.content', message: sharedApi.TEXT_NUL_MESSAGE }]);
  });

  // issue 27
  it('a NUL in a payment request\'s customer or item answers 400 at the field; the request is otherwise valid', async () => {
    const invoice = await insertInvoice(t.app, await personIdOf(t.app, PERSONAS.mikko));
    const valid = paymentRequestFor(invoice);
    const cases: [object, string, string][] = [
      [{ ...valid, customer: { ...valid.customer, firstName: 'Mik\u0000ko' } }, 'customer.firstName', sharedApi.TEXT_NUL_MESSAGE],
      [{ ...valid, customer: { ...valid.customer, lastName: 'Virtanen\u0000' } }, 'customer.lastName', sharedApi.TEXT_NUL_MESSAGE],
      [{ ...valid, customer: { ...valid.customer, phone: '+358401234567\u0000' } }, 'customer.phone', sharedApi.TEXT_NUL_MESSAGE],
      [{ ...valid, items: [{ ...valid.items[0]!, productCode: `${invoice.invoiceNumber}\u0000` }] }, 'items.0.productCode', sharedApi.TEXT_NUL_MESSAGE],
      [{ ...valid, customer: { ...valid.customer, firstName: 'Mikko\r\nX' } }, 'customer.firstName', sharedApi.textCharacterMessage(0x0d)],
      [{ ...valid, customer: { ...valid.customer, lastName: '\u202Enenatriv' } }, 'customer.lastName', sharedApi.textCharacterMessage(0x202e)],
    ];
    for (const [body, path, message] of cases) {
      const res = await postPayment(t.app, patient, body);
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(json(res).details, [{ path, message }]);
    }
  });

  it('CR/LF and U+202E in an address answer 400 at the field; surrounding line breaks are still trimmed away', async () => {
    const contact = { streetAddress: 'Aleksanterinkatu 15', postalCode: '00120', postOffice: 'Helsinki', emailAddress: 'mikko.uusi@example.fi', phoneNumber: '040 765 4321' };
    const put = (body: object) =>
      t.app.inject({ method: 'PUT', url: asPatient('/api/user'), headers: { cookie: patient.cookie, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    const saved = await put(contact);
    assert.equal(saved.statusCode, 200, saved.body);
    const cases: [object, string, string][] = [
      [{ ...contact, streetAddress: 'Katu 15\r\nX: 1' }, 'streetAddress', sharedApi.textCharacterMessage(0x0d)],
      [{ ...contact, streetAddress: 'Aleksanterinkatu\n15' }, 'streetAddress', sharedApi.textCharacterMessage(0x0a)],
      [{ ...contact, postOffice: '\u202Eiknisleh' }, 'postOffice', sharedApi.textCharacterMessage(0x202e)],
      [{ ...contact, postOffice: 'Hel\u2066sinki' }, 'postOffice', sharedApi.textCharacterMessage(0x2066)],
      [{ ...contact, streetAddress: 'Katu\u00001' }, 'streetAddress', sharedApi.TEXT_NUL_MESSAGE],
    ];
    for (const [body, path, message] of cases) {
      const res = await put(body);
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(json(res).details, [{ path, message }]);
    }
    // surrounding spaces and line breaks are trimmed as before
    const trimmed = await put({ ...contact, streetAddress: '\r\n Aleksanterinkatu 15 \n' });
    assert.equal(trimmed.statusCode, 200, trimmed.body);
    assert.equal((trimmed.json() as { patient: { streetAddress: string } }).patient.streetAddress, 'Aleksanterinkatu 15');
  });

  it('a date past any window answers 400 at the field in the appointment search, the calendar and the Pohjola check', async () => {
    const window = `Use a date from ${sharedApi.EARLIEST_BOOKING_DATE} to ${sharedApi.LATEST_BOOKING_DATE}`;
    const asked = async (url: string) => json(await t.app.inject({ url: asPatient(url), headers: { cookie: patient.cookie } }));
    assert.deepEqual((await asked('/api/appointments?startDate=9999-12-31')).details, [{ path: 'startDate', message: window }]);
    assert.deepEqual((await asked('/api/appointments?startDate=0000-01-01')).details, [{ path: 'startDate', message: window }]);
    assert.deepEqual((await asked('/api/appointments?startDate=2026-02-30')).details, [{ path: 'startDate', message: sharedApi.DATE_FORMAT_MESSAGE }]);
    assert.deepEqual((await asked('/api/appointments/available-appointment-dates?startDate=9999-12-01&endDate=9999-12-31')).details, [
      { path: 'startDate', message: window },
      { path: 'endDate', message: window },
    ]);
    assert.deepEqual((await asked('/api/insurance/pohjola-check/9999-12-31')).details, [{ path: 'date', message: window }]);
    // the calendar's last month is searched as before
    const far = await t.app.inject({ url: '/api/appointments/available-appointment-dates?startDate=2099-12-01&endDate=2099-12-31' });
    assert.equal(far.statusCode, 200, far.body);
  });

  it('5,000 nested arrays answer 400 at body on the GraphQL route and on a REST route; prototype poisoning is still refused', async () => {
    const deep = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
    for (const url of ['/api/customer-messaging', '/api/prescription-renewals']) {
      const res = await post(url, deep);
      assert.deepEqual(refusedAt(res), ['body']);
      assert.match(json(res).details?.[0]?.message ?? '', /nested too deep/);
    }
    // 64 levels are fine as JSON (the schema refuses the shape, not the parser)
    const deepest = `{"general":${'['.repeat(63)}${']'.repeat(63)}}`;
    assert.notDeepEqual(refusedAt(await post('/api/prescription-renewals', deepest)), ['body']);
    for (const poisoned of ['{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}']) {
      assert.deepEqual(refusedAt(await post('/api/prescription-renewals', poisoned)), ['body']);
    }
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('operationName 5, or two operations and no operationName, answer BAD_USER_INPUT at operationName', async () => {
    for (const payload of [{ query: '{ __typename }', operationName: 5 }, { query: 'query A { __typename } query B { __typename }' }]) {
      const answer = await gql(payload);
      assert.equal(answer.errors[0]?.extensions?.code, 'BAD_USER_INPUT', answer.body);
      assert.deepEqual(answer.errors[0]?.extensions?.details?.map((d) => d.path), ['operationName']);
    }
    const variables = await gql({ query: '{ __typename }', variables: 'x' });
    assert.deepEqual([variables.errors[0]?.extensions?.code, variables.errors[0]?.extensions?.details?.[0]?.path], ['BAD_USER_INPUT', 'variables']);
  });

  it('page sizes count: 9999 threads × 9999 messages is TOO_COMPLEX, the portal\'s own list and thread are not', async () => {
    const nested = await gql({ query: 'query { messagingThreads(pagination: { limit: 9999 }) { paginatedThreads { messages(pagination: { limit: 9999 }) { totalCount } } } }' });
    assert.equal(nested.errors[0]?.extensions?.code, 'TOO_COMPLEX', nested.body);
    for (const [document, variables] of [
      [sharedApi.MessagingThreadsDocument, {}],
      [sharedApi.MessagingThreadForCustomerDocument, { id: fixtures.threadIds[0]! }],
    ] as const) {
      const answer = await gql({ query: String(document), variables });
      assert.deepEqual(answer.errors, [], answer.body);
    }
  });

  it('an unknown key, a malformed percent-encoding, an empty or malformed body and an unsupported type name what is wrong', async () => {
    assert.deepEqual(refusedAt(await post('/api/prescription-renewals', { ...renewal('Loppuu'), extra: 1 })), ['extra']);
    const nestedExtra = renewal('Loppuu');
    assert.deepEqual(refusedAt(await post('/api/prescription-renewals', { ...nestedExtra, general: { ...nestedExtra.general, extra: 1 } })), ['general.extra']);
    assert.deepEqual(refusedAt(await post('/api/mfa-onboarding', '5')), ['body']);
    assert.deepEqual(refusedAt(await t.app.inject({ url: '/api/pages/%E0%A4%A' })), ['url']);
    assert.deepEqual(refusedAt(await post('/api/prescription-renewals', '')), ['body']);
    assert.deepEqual(refusedAt(await post('/api/prescription-renewals', '{"general":')), ['body']);
    const unsupported = await post('/api/prescription-renewals', 'x', 'text/plain');
    assert.equal(unsupported.statusCode, 415, unsupported.body);
    assert.deepEqual(json(unsupported).details?.map((d) => d.path), ['content-type']);
  });
});

/** AnswerQuestionnaire's answers are JSON inside a string: hostile values inside a valid response. */
function answersArbitrary(variables: Record<string, Json>): fc.Arbitrary<Json> {
  if (typeof variables.answers !== 'string') return fc.constant(variables);
  const inner = JSON.parse(variables.answers) as Json;
  return fc.oneof(mutated(inner).map((answers) => ({ ...variables, answers: JSON.stringify(answers) ?? '' })), deepJson.map((answers) => ({ ...variables, answers })));
}
