import { ApiError } from '../client/api-error';
import type { MessagingClient, MessagingDocument, MessagingRequestOptions } from '../client/messaging-client';
import type * as Ops from '../schemas/messaging/generated';
import type { Lang } from '../schemas/common';

/** Every operation of operations.ts: its name → [result, variables]. */
export interface MessagingOperationTypes {
  MessagingThreads: [Ops.MessagingThreadsQuery, Ops.MessagingThreadsQueryVariables];
  MessagingThreadForCustomer: [Ops.MessagingThreadForCustomerQuery, Ops.MessagingThreadForCustomerQueryVariables];
  AttachmentDownloadUrl: [Ops.AttachmentDownloadUrlQuery, Ops.AttachmentDownloadUrlQueryVariables];
  CreateAttachmentUpload: [Ops.CreateAttachmentUploadMutation, Ops.CreateAttachmentUploadMutationVariables];
  SendMessageInNewThread: [Ops.SendMessageInNewThreadMutation, Ops.SendMessageInNewThreadMutationVariables];
  SendMessage: [Ops.SendMessageMutation, Ops.SendMessageMutationVariables];
  MarkAsRead: [Ops.MarkAsReadMutation, Ops.MarkAsReadMutationVariables];
  AnswerQuestionnaire: [Ops.AnswerQuestionnaireMutation, Ops.AnswerQuestionnaireMutationVariables];
}
export type MessagingOperationName = keyof MessagingOperationTypes;

/** A handler answers with the operation's data, or throws (e.g. `mockFailure({ kind: 'network' })`). */
export type MessagingMockHandlers = {
  [K in MessagingOperationName]?:
    | MessagingOperationTypes[K][0]
    | ((variables: MessagingOperationTypes[K][1], signal?: AbortSignal) => MessagingOperationTypes[K][0] | Promise<MessagingOperationTypes[K][0]>);
};

export interface MockMessagingCall {
  operationName: MessagingOperationName;
  variables: unknown;
  /** the language the request asked its answer in (MessagingRequestOptions.lang), when it did */
  lang?: Lang;
}

export interface MockMessagingClient extends MessagingClient {
  /** every request made, in order */
  readonly calls: MockMessagingCall[];
  /** the calls of one operation */
  callsOf<K extends MessagingOperationName>(name: K): Array<MessagingOperationTypes[K][1]>;
  /** adds or replaces handlers */
  use(handlers: MessagingMockHandlers): void;
}

/** The operation's name from its document text: `query MessagingThreads(` → MessagingThreads. */
export function operationNameOf(document: string): MessagingOperationName {
  const match = /\b(?:query|mutation)\s+([A-Za-z0-9_]+)/.exec(document);
  if (!match?.[1]) throw new Error('mock messaging client: the document has no operation name');
  return match[1] as MessagingOperationName;
}

/**
 * A fake messaging GraphQL client for remote tests: answers each operation from its handler, typed
 * by the generated operation types so fakes cannot drift from the schema. An operation without a
 * handler fails the call (the test sees which one).
 */
export function createMockMessagingClient(initial: MessagingMockHandlers = {}): MockMessagingClient {
  const handlers: MessagingMockHandlers = { ...initial };
  const calls: MockMessagingCall[] = [];
  return {
    calls,
    callsOf: <K extends MessagingOperationName>(name: K) =>
      calls.filter((c) => c.operationName === name).map((c) => c.variables as MessagingOperationTypes[K][1]),
    use(more) {
      Object.assign(handlers, more);
    },
    async request<TResult, TVariables>(document: MessagingDocument<TResult, TVariables>, variables: TVariables, options: MessagingRequestOptions = {}) {
      const operationName = operationNameOf(document.toString());
      calls.push({ operationName, variables, ...(options.lang ? { lang: options.lang } : {}) });
      const handler: unknown = handlers[operationName];
      if (handler === undefined) {
        throw new ApiError({ kind: 'unexpected', message: `mock messaging client: no handler for ${operationName}` });
      }
      if (options.signal?.aborted) throw new ApiError({ kind: 'aborted' });
      const answer = typeof handler === 'function' ? await (handler as (v: unknown, s?: AbortSignal) => unknown)(variables, options.signal) : handler;
      // a copy, so a page that mutates what it got cannot change the next answer
      return JSON.parse(JSON.stringify(answer)) as TResult;
    },
  };
}
