import type { z } from 'zod';
import { isStorableText, newThreadTitleSchema, outgoingMessageContentSchema, TEXT_NUL_MESSAGE } from '@portal/shared-api';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../../http/json-body';
import { badUserInput, notFound, type InputProblem } from './errors';

/** Spec part 1 §9: thread and message lists default to (and stop at) 9999. */
export const PAGINATION_MAX_LIMIT = 9999;
/** Attachments of one message; the 9 MB total is the attachments module's check. */
export const MAX_ATTACHMENTS_PER_MESSAGE = 20;
/** A QuestionnaireResponse is a form's answers; this keeps one request bounded. */
export const MAX_ANSWERS_LENGTH = 200_000;

const INT4_MAX = 2_147_483_647;

/**
 * A database id from a GraphQL ID. Anything else (letters, negative, too large) names nothing, so
 * it answers NOT_FOUND like an id that does not exist: the client learns nothing either way.
 */
export function parseId(raw: string, what: string): number {
  if (!/^[0-9]{1,10}$/.test(raw)) throw notFound(`${what} not found`);
  const id = Number(raw);
  if (id < 1 || id > INT4_MAX) throw notFound(`${what} not found`);
  return id;
}

export interface PaginationArgs {
  limit?: number | null;
  offset?: number | null;
}

export function pagination(args: PaginationArgs | null | undefined, path = 'pagination'): { limit: number; offset: number } {
  const limit = args?.limit ?? PAGINATION_MAX_LIMIT;
  const offset = args?.offset ?? 0;
  const problems: InputProblem[] = [];
  if (limit < 0 || limit > PAGINATION_MAX_LIMIT) problems.push({ path: `${path}.limit`, message: `Must be between 0 and ${PAGINATION_MAX_LIMIT}` });
  if (offset < 0 || offset > INT4_MAX) problems.push({ path: `${path}.offset`, message: 'Must not be negative' });
  if (problems.length) throw badUserInput(problems);
  return { limit, offset };
}

/** A key as a path segment: printable even when it is the very character refused. */
const segment = (key: string) => (isStorableText(key) ? key : JSON.stringify(key).slice(1, -1));

/**
 * Every string in `value` (an operation's arguments, parsed JSON) that the database could not store
 * (shared-api's textSchema: no U+0000), keys included, each at its path under `path`. GraphQL's
 * String and ID take any text, so this is the check that every text argument passes.
 */
export function textProblems(value: unknown, path = ''): InputProblem[] {
  const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
  if (typeof value === 'string') return isStorableText(value) ? [] : [{ path: path || 'value', message: TEXT_NUL_MESSAGE }];
  if (Array.isArray(value)) return value.flatMap((item, index) => textProblems(item, at(index)));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [
      ...(isStorableText(key) ? [] : [{ path: at(segment(key)), message: TEXT_NUL_MESSAGE }]),
      ...textProblems(item, at(segment(key))),
    ]);
  }
  return [];
}

function zodProblems(result: z.ZodSafeParseResult<unknown>, path: string): InputProblem[] {
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: [path, ...issue.path.map(String)].join('.'), message: issue.message }));
}

export interface OutgoingMessageArgs {
  content: string;
  attachments: readonly { key: string; fileName: string; contentType: string }[];
  questionnaireInvitations: readonly string[];
}

/**
 * A customer's outgoing message (spec part 1 §5 Send button): the trimmed text must not be empty
 * unless files are attached; customers never send questionnaire invitations. Returns the problems
 * (paths under `path`) and the text to store.
 */
export function checkOutgoingMessage(message: OutgoingMessageArgs, path: string): { problems: InputProblem[]; content: string } {
  const problems = zodProblems(outgoingMessageContentSchema.safeParse(message.content), `${path}.content`);
  const content = message.content.trim();
  if (problems.length === 0 && content === '' && message.attachments.length === 0) {
    problems.push({ path: `${path}.content`, message: 'Write a message or attach a file' });
  }
  if (message.attachments.length > MAX_ATTACHMENTS_PER_MESSAGE) {
    problems.push({ path: `${path}.attachments`, message: `At most ${MAX_ATTACHMENTS_PER_MESSAGE} files` });
  }
  if (message.questionnaireInvitations.length > 0) {
    problems.push({ path: `${path}.questionnaireInvitations`, message: 'Customers do not send questionnaire invitations' });
  }
  return { problems, content };
}

/** The new thread's subject (spec part 1 §5: trimmed, 1–70 characters). */
export function checkTitle(title: string): { problems: InputProblem[]; title: string } {
  const parsed = newThreadTitleSchema.safeParse(title);
  return parsed.success ? { problems: [], title: parsed.data } : { problems: zodProblems(parsed, 'title'), title };
}

/**
 * AnswerQuestionnaire's answers: a JSON object with resourceType 'QuestionnaireResponse' (FHIR R4).
 * The check against the invitation's form is checkQuestionnaireAnswers (records module).
 */
export function parseAnswers(raw: string): Record<string, unknown> {
  const problem = (message: string) => badUserInput([{ path: 'answers', message }]);
  if (raw.length > MAX_ANSWERS_LENGTH) throw problem('The answers are too long');
  // JSON inside a string escapes the request body's depth limit; everything that walks it recurses.
  if (jsonDepthExceeds(raw, MAX_JSON_DEPTH)) throw problem(`The answers are nested too deep (at most ${MAX_JSON_DEPTH} levels)`);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw problem('Must be JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw problem('Must be a JSON object');
  // JSON may spell a NUL as \u0000, which only appears once parsed (and jsonb cannot store it).
  const unstorable = textProblems(value, 'answers');
  if (unstorable.length) throw badUserInput(unstorable);
  const answers = value as Record<string, unknown>;
  if (answers.resourceType !== 'QuestionnaireResponse') throw problem("resourceType must be 'QuestionnaireResponse'");
  return answers;
}
