import { GraphQLError } from 'graphql';
import { messagingErrorCodes, type MessagingErrorCode } from '@portal/shared-api';

/** A field problem of BAD_USER_INPUT, e.g. { path: 'firstMessage.content', message: 'Required' }. */
export interface InputProblem {
  path: string;
  message: string;
}

/**
 * The only errors the messaging endpoint shows as they are: a code from the contract's list and a
 * message written for the client. Everything else is masked into INTERNAL (see graphql-server.ts).
 */
export function messagingError(code: MessagingErrorCode, message: string, details?: InputProblem[]): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...(details ? { details } : {}) } });
}

export const badUserInput = (details: InputProblem[]) => messagingError('BAD_USER_INPUT', 'Invalid input', details);
export const notFound = (what = 'Not found') => messagingError('NOT_FOUND', what);

const knownCodes = new Set<string>(messagingErrorCodes);

/** True for an error this module raised on purpose (its code is one of the contract's). */
export function isExpectedError(error: unknown): boolean {
  if (!(error instanceof GraphQLError)) return false;
  const code = error.extensions?.code;
  return typeof code === 'string' && knownCodes.has(code);
}
