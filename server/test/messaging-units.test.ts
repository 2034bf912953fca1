import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSchema, GraphQLError, parse, validate } from 'graphql';
import { MessagingThreadForCustomerDocument, MessagingThreadsDocument, messagingTypeDefs, TEXT_NUL_MESSAGE } from '@portal/shared-api';
import { createBatchLoader } from '../src/modules/messaging/batch-loader';
import { loadMessagingConfig, localizedAnnouncement, MessagingConfigError } from '../src/modules/messaging/config';
import { pageSizeCostRule, problemPathOf } from '../src/modules/messaging/graphql-server';
import { checkOutgoingMessage, checkTitle, pagination, parseAnswers, parseId, textProblems } from '../src/modules/messaging/inputs';
import { safeErrorForLog } from '../src/modules/messaging/log-safety';
import { isThreadRead, type ReadStateFacts } from '../src/modules/messaging/read-state';
import { bearerTokenMatches } from '../src/modules/messaging/staff-api';

const t0 = new Date('2026-11-20T10:00:00.000Z');
const later = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
const ME = 7;
const OTHER = 8;

function facts(overrides: Partial<ReadStateFacts>): ReadStateFacts {
  return { userId: ME, readAt: null, latestMessageAt: t0, currentAssignment: null, timestampForProfessionals: null, ...overrides };
}

describe('thread read state (spec part 1 §4)', () => {
  it('a thread without messages is read, even never opened and with later timestamps', () => {
    assert.equal(isThreadRead(facts({ latestMessageAt: null })), true);
    assert.equal(
      isThreadRead(facts({ latestMessageAt: null, timestampForProfessionals: later(5), currentAssignment: { assigneeUserId: ME, assignedAt: later(5) } })),
      true,
    );
  });

  it('a thread with messages that the user never read is unread', () => {
    assert.equal(isThreadRead(facts({ readAt: null })), false);
  });

  it('read at exactly the latest message time counts as read; before it, unread; after it, read', () => {
    assert.equal(isThreadRead(facts({ readAt: t0 })), true);
    assert.equal(isThreadRead(facts({ readAt: later(-1) })), false);
    assert.equal(isThreadRead(facts({ readAt: later(1) })), true);
  });

  it("the current assignment time counts only when the user is the assignee", () => {
    const assignment = { assigneeUserId: ME, assignedAt: later(10) };
    assert.equal(isThreadRead(facts({ readAt: later(5), currentAssignment: assignment })), false);
    assert.equal(isThreadRead(facts({ readAt: later(10), currentAssignment: assignment })), true);
    assert.equal(isThreadRead(facts({ readAt: later(5), currentAssignment: { assigneeUserId: OTHER, assignedAt: later(10) } })), true);
  });

  it('the professionals timestamp counts for everyone', () => {
    assert.equal(isThreadRead(facts({ readAt: later(5), timestampForProfessionals: later(10) })), false);
    assert.equal(isThreadRead(facts({ readAt: later(10), timestampForProfessionals: later(10) })), true);
  });

  it('the latest of the three decides', () => {
    const all = { latestMessageAt: later(1), currentAssignment: { assigneeUserId: ME, assignedAt: later(3) }, timestampForProfessionals: later(2) };
    assert.equal(isThreadRead(facts({ ...all, readAt: later(2) })), false);
    assert.equal(isThreadRead(facts({ ...all, readAt: later(3) })), true);
    assert.equal(isThreadRead(facts({ ...all, timestampForProfessionals: later(4), readAt: later(3) })), false);
  });

  it('older assignment and professionals timestamps do not hide a newer message', () => {
    const stale = { currentAssignment: { assigneeUserId: ME, assignedAt: later(-10) }, timestampForProfessionals: later(-10) };
    assert.equal(isThreadRead(facts({ ...stale, readAt: later(-5) })), false);
    assert.equal(isThreadRead(facts({ ...stale, readAt: t0 })), true);
  });
});

describe('loadMessagingConfig', () => {
  it('defaults: ok, no announcement, the shared poll interval, no staff API', () => {
    const config = loadMessagingConfig({});
    assert.equal(config.status, 'ok');
    assert.equal(config.announcement.active, false);
    assert.equal(config.pollIntervalMs, 120_000);
    assert.equal(config.staffApiToken, null);
  });

  it('reads maintenance mode, the announcement JSON, the poll interval and the staff token', () => {
    const config = loadMessagingConfig({
      MESSAGING_STATUS: 'maintenance-mode',
      MESSAGING_ANNOUNCEMENT: JSON.stringify({
        active: true,
        announcementType: 'warning',
        heading: { fi: 'Huolto', sv: 'Underhåll', en: 'Maintenance' },
        description: { fi: 'Kuvaus', sv: 'Beskrivning', en: 'Description' },
      }),
      MESSAGING_POLL_INTERVAL_MS: '5000',
      STAFF_API_TOKEN: 'a-long-enough-staff-token',
    });
    assert.equal(config.status, 'maintenance-mode');
    assert.equal(config.pollIntervalMs, 5000);
    assert.equal(config.staffApiToken, 'a-long-enough-staff-token');
    assert.deepEqual(localizedAnnouncement(config.announcement, 'sv'), {
      active: true,
      heading: 'Underhåll',
      description: 'Beskrivning',
      announcementType: 'warning',
    });
  });

  it('refuses bad values with every problem named', () => {
    assert.throws(() => loadMessagingConfig({ MESSAGING_STATUS: 'down' }), MessagingConfigError);
    assert.throws(() => loadMessagingConfig({ MESSAGING_ANNOUNCEMENT: '{not json' }), /MESSAGING_ANNOUNCEMENT/);
    assert.throws(() => loadMessagingConfig({ MESSAGING_ANNOUNCEMENT: JSON.stringify({ active: true, heading: { fi: 'x' } }) }), /MESSAGING_ANNOUNCEMENT/);
    assert.throws(() => loadMessagingConfig({ MESSAGING_POLL_INTERVAL_MS: '10' }), /MESSAGING_POLL_INTERVAL_MS/);
    assert.throws(() => loadMessagingConfig({ STAFF_API_TOKEN: 'short' }), /STAFF_API_TOKEN/);
  });
});

describe('messaging inputs', () => {
  it('ids: digits only and within the database range, else NOT_FOUND', () => {
    assert.equal(parseId('12', 'Thread'), 12);
    for (const bad of ['x', '-1', '0', '1.5', '', '99999999999', ' 1']) {
      assert.throws(() => parseId(bad, 'Thread'), (error: { extensions?: { code?: string } }) => error.extensions?.code === 'NOT_FOUND', bad);
    }
  });

  it('pagination: default 9999 from 0; out of range is BAD_USER_INPUT at its path', () => {
    assert.deepEqual(pagination(undefined), { limit: 9999, offset: 0 });
    assert.throws(
      () => pagination({ limit: 10_000 }),
      (error: { extensions?: { details?: { path: string }[] } }) => error.extensions?.details?.[0]?.path === 'pagination.limit',
    );
    assert.throws(() => pagination({ offset: -1 }, 'messages.pagination'), (error: { extensions?: { details?: { path: string }[] } }) =>
      error.extensions?.details?.[0]?.path === 'messages.pagination.offset',
    );
  });

  it('title: trimmed, 1..70 characters', () => {
    assert.deepEqual(checkTitle('  Hei  '), { problems: [], title: 'Hei' });
    assert.equal(checkTitle('x'.repeat(70)).problems.length, 0);
    assert.equal(checkTitle('x'.repeat(71)).problems[0]?.path, 'title');
    assert.equal(checkTitle('   ').problems[0]?.path, 'title');
  });

  it('message: trimmed text needed unless files are attached; no questionnaire invitations from customers', () => {
    const base = { content: '', attachments: [], questionnaireInvitations: [] };
    assert.equal(checkOutgoingMessage({ ...base, content: '  \n ' }, 'message').problems[0]?.path, 'message.content');
    assert.deepEqual(checkOutgoingMessage({ ...base, attachments: [{ key: 'k', fileName: 'a.pdf', contentType: 'application/pdf' }] }, 'm').problems, []);
    assert.equal(checkOutgoingMessage({ ...base, content: ' moi ' }, 'm').content, 'moi');
    assert.equal(checkOutgoingMessage({ ...base, content: 'x'.repeat(10_001) }, 'm').problems[0]?.path, 'm.content');
    assert.equal(checkOutgoingMessage({ ...base, content: 'x', questionnaireInvitations: ['1'] }, 'm').problems[0]?.path, 'm.questionnaireInvitations');
  });

  it('answers: a JSON object whose resourceType is QuestionnaireResponse', () => {
    assert.deepEqual(parseAnswers('{"resourceType":"QuestionnaireResponse","item":[]}'), { resourceType: 'QuestionnaireResponse', item: [] });
    for (const bad of ['nope', '[]', '"x"', '{"resourceType":"Patient"}', 'null']) {
      assert.throws(() => parseAnswers(bad), (error: { extensions?: { details?: { path: string }[] } }) => error.extensions?.details?.[0]?.path === 'answers', bad);
    }
  });

  it('answers: nested too deep, or with a NUL spelled \\u0000, is BAD_USER_INPUT before anything walks or stores it', () => {
    const detailsOf = (raw: string) => {
      try {
        parseAnswers(raw);
      } catch (error) {
        return (error as { extensions?: { details?: { path: string; message: string }[] } }).extensions?.details;
      }
      return undefined;
    };
    const deep = `{"resourceType":"QuestionnaireResponse","x":${'['.repeat(5_000)}${']'.repeat(5_000)}}`;
    assert.equal(detailsOf(deep)?.[0]?.path, 'answers');
    assert.match(detailsOf(deep)?.[0]?.message ?? '', /nested too deep/);
    const nul = JSON.stringify({ resourceType: 'QuestionnaireResponse', item: [{ linkId: 'notes', answer: [{ valueString: 'a\u0000b' }] }] });
    assert.deepEqual(detailsOf(nul), [{ path: 'answers.item.0.answer.0.valueString', message: TEXT_NUL_MESSAGE }]);
    const nulKey = JSON.stringify({ resourceType: 'QuestionnaireResponse', ['k\u0000']: 1 });
    assert.deepEqual(detailsOf(nulKey)?.map((d) => d.path), ['answers.k\\u0000']);
  });

  it('text: every string of the arguments that the database cannot store, at its path', () => {
    assert.deepEqual(textProblems({ title: 'Hei', firstMessage: { content: 'ok', attachments: [{ contentType: 'x', fileName: 'a.pdf' }] } }), []);
    assert.deepEqual(textProblems({ title: 'a\u0000', firstMessage: { content: 'ok', attachments: [{ contentType: '\u0000', fileName: 'a.pdf' }] }, participantIds: ['1', '\u0000'] }), [
      { path: 'title', message: TEXT_NUL_MESSAGE },
      { path: 'firstMessage.attachments.0.contentType', message: TEXT_NUL_MESSAGE },
      { path: 'participantIds.1', message: TEXT_NUL_MESSAGE },
    ]);
  });
});

describe('messaging GraphQL: what a refusal names', () => {
  const pathOf = (message: string, code?: string) => problemPathOf(new GraphQLError(message, code ? { extensions: { code } } : {}));

  it("a variable's value at its own path, whatever the value prints as", () => {
    assert.equal(pathOf('Variable "$id" got invalid value []; ID cannot represent value: []'), 'id');
    assert.equal(pathOf('Variable "$firstMessage" got invalid value null at "firstMessage.attachments"; Expected non-nullable type'), 'firstMessage.attachments');
    assert.equal(pathOf('Variable "$participantIds" got invalid value 5 at "participantIds[1]"; ID cannot represent value: 5'), 'participantIds.1');
    assert.equal(pathOf('Variable "$title" got invalid value "x at \\"y\\"; " at "title"; String cannot represent'), 'title');
    assert.equal(pathOf('Variable "$questionnaireInvitationId" of non-null type "ID!" must not be null.'), 'questionnaireInvitationId');
  });

  it('the operation, a request parameter, or the document', () => {
    assert.equal(pathOf('Could not determine what operation to execute.', 'OPERATION_RESOLUTION_FAILURE'), 'operationName');
    assert.equal(pathOf('Expected "variables" param to be empty or an object, but given string.', 'BAD_REQUEST'), 'variables');
    assert.equal(pathOf('Expected "operationName" param to be a string, but given number.', 'BAD_REQUEST'), 'operationName');
    assert.equal(pathOf('Unexpected parameter "extra" in the request body.', 'BAD_REQUEST'), 'extra');
    assert.equal(pathOf('Must provide query string.', 'BAD_REQUEST'), 'query');
    assert.equal(pathOf('Syntax Error: Expected Name, found <EOF>.', 'GRAPHQL_PARSE_FAILED'), 'query');
    assert.equal(pathOf('Variable "$a" is never used.', 'GRAPHQL_VALIDATION_FAILED'), 'query');
  });
});

describe('messaging GraphQL: page sizes count in the cost', () => {
  const schema = buildSchema(messagingTypeDefs);
  const refusals = (document: string) =>
    validate(schema, parse(document), [pageSizeCostRule()]).map((error) => ({ code: error.extensions.code, message: error.message }));
  const threads = (outer: string, inner: string) =>
    `query { messagingThreads${outer} { paginatedThreads { id messages${inner} { totalCount paginatedMessages { id } } } } }`;

  it("passes the portal's own documents, whatever page sizes their variables carry", () => {
    assert.deepEqual(refusals(String(MessagingThreadsDocument)), []);
    assert.deepEqual(refusals(String(MessagingThreadForCustomerDocument)), []);
  });

  it('refuses nested pages whose sizes multiply past the largest single page', () => {
    assert.deepEqual(refusals(threads('(pagination: { limit: 9999 })', '(pagination: { limit: 9999 })')).map((r) => r.code), ['TOO_COMPLEX']);
    assert.match(refusals(threads('(pagination: { limit: 9999 })', '(pagination: { limit: 9999 })'))[0]?.message ?? '', /99980001 items/);
    // no pagination is the default page (9999), and so is a size given in a variable
    assert.equal(refusals(threads('', '')).length, 1);
    assert.equal(refusals(`query($p: PaginationInput) { messagingThreads(pagination: $p) { paginatedThreads { messages(pagination: $p) { totalCount } } } }`).length, 1);
    assert.equal(refusals(threads('(pagination: { limit: 100 })', '(pagination: { limit: 100 })')).length, 1);
    // a fragment or an alias does not hide a page
    assert.equal(
      refusals(`query { messagingThreads { ...T } } fragment T on PaginatedThreads { paginatedThreads { messages { totalCount } } }`).length,
      1,
    );
  });

  it('lets through pages whose product stays within it', () => {
    assert.deepEqual(refusals(threads('(pagination: { limit: 10 })', '(pagination: { limit: 999 })')), []);
    assert.deepEqual(refusals(threads('(pagination: { limit: 9999 })', '(pagination: { limit: 1 })')), []);
    assert.deepEqual(refusals(threads('(pagination: { limit: 0 })', '')), []);
  });
});

describe('batch loader', () => {
  it('answers every key asked in one tick with one batch, and caches', async () => {
    const batches: number[][] = [];
    const loader = createBatchLoader(
      async (keys: number[]) => {
        batches.push(keys);
        return new Map(keys.filter((k) => k !== 3).map((k) => [k, k * 10]));
      },
      () => -1,
    );
    const answers = await Promise.all([1, 2, 3, 2].map((k) => loader.load(k)));
    assert.deepEqual(answers, [10, 20, -1, 20]);
    assert.deepEqual(batches, [[1, 2, 3]]);
    assert.equal(await loader.load(1), 10);
    assert.equal(batches.length, 1);
  });

  it('rejects every waiting key when the batch fails, and tries again later', async () => {
    let fail = true;
    const loader = createBatchLoader(
      async (keys: number[]) => {
        if (fail) throw new Error('db down');
        return new Map(keys.map((k) => [k, k]));
      },
      () => 0,
    );
    await assert.rejects(Promise.all([loader.load(1), loader.load(2)]), /db down/);
    fail = false;
    assert.equal(await loader.load(1), 1);
  });
});

describe('what the log may see', () => {
  it('a database error keeps its statement but not its parameters, nor identity codes', () => {
    const error = new Error('Failed query: insert into "messaging_messages" ("content") values ($1)\nparams: Salainen viesti 150385-9013');
    const logged = safeErrorForLog(error);
    assert.match(logged.message, /Failed query: insert into/);
    assert.doesNotMatch(JSON.stringify(logged), /Salainen|150385-9013/);
  });
});

describe('staff bearer token', () => {
  it('matches only the exact token in a Bearer header', () => {
    const token = 'a-long-enough-staff-token';
    assert.equal(bearerTokenMatches(`Bearer ${token}`, token), true);
    assert.equal(bearerTokenMatches(`bearer ${token}`, token), true);
    assert.equal(bearerTokenMatches(`Bearer ${token}x`, token), false);
    assert.equal(bearerTokenMatches(token, token), false);
    assert.equal(bearerTokenMatches(undefined, token), false);
    assert.equal(bearerTokenMatches('Bearer ', token), false);
  });
});
