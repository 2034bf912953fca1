import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  CLOSED_THREAD_TOAST_MS,
  MarkAsReadDocument,
  MessagingThreadForCustomerDocument,
  SendMessageDocument,
  toApiFailure,
} from '@portal/shared-api';
import { useLifetimeSignal, useMessagingClient, useShell } from '@portal/shared-ui';
import { usePolling } from '../../components/usePolling';
import type { OutgoingMessage } from '../../composer';
import { mergeMessages, type Thread, type ThreadMessage } from './thread-model';

/** Tags of this page's reported failures (spec part 1 §8: "a tag for the process"). */
export const THREAD_PROCESS = 'messaging-thread';
export const MARK_AS_READ_PROCESS = 'messaging-mark-as-read';

export type ThreadLoad =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'not-found' }
  /** `loadedAt`: when the answer arrived (the absence notice is judged against it) */
  | { status: 'ready'; thread: Thread; loadedAt: number };

export interface ThreadArrivals {
  /** messages from others that the latest refresh brought */
  messages: ThreadMessage[];
  /** grows with every refresh that brought some, so the same text is announced again */
  seq: number;
}

export interface UseThreadResult {
  load: ThreadLoad;
  /** the thread's messages, oldest first, with the customer's sent ones */
  messages: ThreadMessage[];
  /** a refresh failed: polling has stopped until `refresh` */
  refreshFailed: boolean;
  arrivals: ThreadArrivals;
  /** loads again after a load error */
  retry(): void;
  /** refreshes at once after a failed refresh, and polls again */
  refresh(): void;
  /** SendMessage; throws the ApiError on failure */
  send(message: OutgoingMessage): Promise<void>;
}

/**
 * The conversation's data (spec part 1 §4 "Conversation load", §2 "Conversation detail"):
 * - loads the thread; on a load error one reload is attempted before the error shows (not for an
 *   unknown or someone else's thread, which the server answers NOT_FOUND);
 * - refreshes every `pollIntervalMs` while the tab is visible; a failed refresh stops polling;
 * - marks the thread read (MarkAsRead) whenever an answer says it is unread by the customer;
 * - shows the closed-conversation toast (15 s) once per page visit;
 * - sends messages, keeping each sent one until the server's list has it.
 */
export function useThread({
  threadId,
  pollIntervalMs,
  isOwnMessage,
}: {
  threadId: string;
  pollIntervalMs: number;
  isOwnMessage(message: ThreadMessage): boolean;
}): UseThreadResult {
  const client = useMessagingClient();
  const shell = useShell();
  const intl = useIntl();
  const [load, setLoad] = useState<ThreadLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [sent, setSent] = useState<ThreadMessage[]>([]);
  const [refreshFailed, setRefreshFailed] = useState(false);
  const [arrivals, setArrivals] = useState<ThreadArrivals>({ messages: [], seq: 0 });
  /** ids of the messages already shown, to tell which ones a refresh brought */
  const knownIds = useRef(new Set<string>());
  /** aborted when the page is left: refreshes, sends and MarkAsRead started from handlers */
  const lifetimeSignal = useLifetimeSignal();
  const marking = useRef(false);
  const closedToastShown = useRef(false);
  const isOwnRef = useRef(isOwnMessage);
  useEffect(() => {
    isOwnRef.current = isOwnMessage;
  });

  // The first load, and every retry.
  useEffect(() => {
    const controller = new AbortController();
    // in the page's language: the professionals' titles and the team's name come translated
    const fetchThread = () => client.request(MessagingThreadForCustomerDocument, { id: threadId }, { signal: controller.signal, lang: shell.lang });
    const run = async () => {
      try {
        let answer;
        try {
          answer = await fetchThread();
        } catch (first) {
          const kind = toApiFailure(first).kind;
          if (kind === 'not-found' || kind === 'aborted' || kind === 'unauthorized') throw first;
          // Spec part 1 §4: on load error a reload is attempted.
          answer = await fetchThread();
        }
        const thread = answer.messagingThreadForCustomer;
        knownIds.current = new Set(thread.messages.paginatedMessages.map((message) => message.id));
        setLoad({ status: 'ready', thread, loadedAt: Date.now() });
      } catch (error) {
        const failure = toApiFailure(error);
        if (controller.signal.aborted || failure.kind === 'aborted') return;
        if (failure.kind === 'not-found') {
          setLoad({ status: 'not-found' });
          return;
        }
        shell.errors.report(error, THREAD_PROCESS);
        setLoad({ status: 'error' });
      }
    };
    void run();
    return () => controller.abort();
  }, [client, shell, threadId, attempt]);

  const poll = useCallback(
    async (signal: AbortSignal) => {
      try {
        const { messagingThreadForCustomer: thread } = await client.request(MessagingThreadForCustomerDocument, { id: threadId }, { signal, lang: shell.lang });
        const arrived = thread.messages.paginatedMessages.filter((message) => !knownIds.current.has(message.id));
        for (const message of arrived) knownIds.current.add(message.id);
        const fromOthers = arrived.filter((message) => !isOwnRef.current(message));
        if (fromOthers.length > 0) setArrivals((previous) => ({ messages: fromOthers, seq: previous.seq + 1 }));
        setLoad({ status: 'ready', thread, loadedAt: Date.now() });
      } catch (error) {
        const failure = toApiFailure(error);
        if (signal.aborted || failure.kind === 'aborted') return;
        if (failure.kind === 'not-found') {
          // the thread went away (or access to it) while the page was open
          setLoad({ status: 'not-found' });
          return;
        }
        shell.errors.report(error, THREAD_PROCESS);
        setRefreshFailed(true);
      }
    },
    [client, shell, threadId],
  );

  usePolling(poll, { intervalMs: pollIntervalMs, enabled: load.status === 'ready' && !refreshFailed });

  const retry = useCallback(() => {
    setLoad({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  const refresh = useCallback(() => {
    const signal = lifetimeSignal();
    if (!signal || signal.aborted) return;
    setRefreshFailed(false);
    void poll(signal);
  }, [lifetimeSignal, poll]);

  const send = useCallback(
    async ({ content, attachments }: OutgoingMessage) => {
      const signal = lifetimeSignal();
      const answer = await client.request(
        SendMessageDocument,
        { threadId, message: { content, attachments, questionnaireInvitations: [] } },
        signal ? { signal, lang: shell.lang } : { lang: shell.lang },
      );
      const message = answer.sendMessage.message;
      knownIds.current.add(message.id);
      setSent((previous) => [...previous, message]);
    },
    [client, lifetimeSignal, shell.lang, threadId],
  );

  // Spec part 1 §2: marked read if unread by the customer.
  useEffect(() => {
    if (load.status !== 'ready' || load.thread.isRead || marking.current) return;
    const signal = lifetimeSignal();
    marking.current = true;
    client
      .request(MarkAsReadDocument, { threadId: load.thread.id }, signal ? { signal } : {})
      .then(({ markAsRead }) => {
        setLoad((current) =>
          current.status === 'ready' && current.thread.id === markAsRead.thread.id
            ? { ...current, thread: { ...current.thread, isRead: markAsRead.thread.isRead, readStatus: markAsRead.thread.readStatus } }
            : current,
        );
      })
      .catch((error: unknown) => {
        if (toApiFailure(error).kind !== 'aborted') shell.errors.report(error, MARK_AS_READ_PROCESS);
      })
      .finally(() => {
        marking.current = false;
      });
  }, [client, lifetimeSignal, load, shell]);

  // Spec part 1 §4 "Closed thread": a 15-second toast, once per visit; sending stays allowed.
  const closed = load.status === 'ready' && !load.thread.isActive;
  useEffect(() => {
    if (!closed || closedToastShown.current) return;
    closedToastShown.current = true;
    shell.toasts.show({ kind: 'info', text: intl.formatMessage({ id: 'messaging.thread.closed' }), durationMs: CLOSED_THREAD_TOAST_MS });
  }, [closed, intl, shell]);

  const messages = useMemo(() => (load.status === 'ready' ? mergeMessages(load.thread.messages.paginatedMessages, sent) : []), [load, sent]);

  return { load, messages, refreshFailed, arrivals, retry, refresh, send };
}
