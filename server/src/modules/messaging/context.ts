import type { Lang } from '@portal/shared-api';
import type { Database } from '../../db/index';
import type { PatientAccess } from '../patients/index';
import type { AttachmentsPort, LinkedAttachment } from './attachments-port';
import { createBatchLoader, type BatchLoader } from './batch-loader';
import {
  absencesOf,
  invitationsOfMessages,
  messagePagesOf,
  participantsOf,
  readStatusesOf,
  usersByIds,
  type AbsenceRow,
  type InvitationRow,
  type MessagePage,
  type MessagePageArgs,
  type MessageRow,
  type MessagingUserRow,
} from './queries';

/** What the resolvers share besides the request's own data. */
export interface MessagingServices {
  attachments: AttachmentsPort;
  /** the thread page's path, e.g. /fi/viestit/12 */
  threadPath(lang: Lang, threadId: number): string;
  /** AnswerQuestionnaire is refused while the questionnaires are in maintenance (QUESTIONNAIRES_STATUS) */
  questionnairesStatus: 'ok' | 'maintenance-mode';
}

/**
 * A message with what the portal always shows with it, fetched for the whole batch at once so the
 * Message fields resolve without waiting (a list of 200 threads or a thread of 2000 messages is
 * mostly Message fields). A message written in this request has none of them: its fields use the
 * loaders then.
 */
export interface MessageView extends MessageRow {
  author?: MessagingUserRow;
  attachments?: LinkedAttachment[];
  invitations?: InvitationRow[];
}

export interface MessageViewPage {
  totalCount: number;
  messages: MessageView[];
}

/** Adds the files and questionnaires of the messages that have some (at most two queries). */
export async function withAttachmentsAndInvitations(
  db: Database,
  attachments: AttachmentsPort,
  pages: Map<number, MessagePage>,
): Promise<Map<number, MessageViewPage>> {
  const messages = [...pages.values()].flatMap((page) => page.messages);
  const withFiles = messages.filter((message) => message.hasAttachments).map((message) => message.id);
  const withInvitations = messages.filter((message) => message.hasInvitations).map((message) => message.id);
  const [files, invitations] = await Promise.all([
    withFiles.length ? attachments.attachmentsForMessages(db, withFiles) : new Map<number, LinkedAttachment[]>(),
    withInvitations.length ? invitationsOfMessages(db, withInvitations) : new Map<number, InvitationRow[]>(),
  ]);
  const views = new Map<number, MessageViewPage>();
  for (const [threadId, page] of pages) {
    views.set(threadId, {
      totalCount: page.totalCount,
      messages: page.messages.map(({ author, hasAttachments: _files, hasInvitations: _invitations, ...message }) => ({
        ...message,
        ...(author ? { author } : {}),
        attachments: files.get(message.id) ?? [],
        invitations: invitations.get(message.id) ?? [],
      })),
    });
  }
  return views;
}

/** One request's loaders: each batches the lookups of one GraphQL level into one query. */
export interface MessagingLoaders {
  users: BatchLoader<number, MessagingUserRow | undefined>;
  participants: BatchLoader<number, MessagingUserRow[]>;
  readStatuses: BatchLoader<number, { userId: number; readAt: Date }[]>;
  absences: BatchLoader<number, AbsenceRow[]>;
  attachments: BatchLoader<number, LinkedAttachment[]>;
  invitations: BatchLoader<number, InvitationRow[]>;
  /** one loader per distinct page argument (the list asks limit 1 desc of every thread) */
  messagePages(args: MessagePageArgs): BatchLoader<number, MessageViewPage>;
}

export interface MessagingContext {
  db: Database;
  access: PatientAccess;
  /** the subject's customer messaging user (the gate has made sure there is one) */
  customerUserId: number;
  loaders: MessagingLoaders;
  services: MessagingServices;
  now: Date;
  /** the language the answer's fixed texts are in (titles, team names): the request's Accept-Language */
  lang: Lang;
}

export function createLoaders(db: Database, attachments: AttachmentsPort, now: Date): MessagingLoaders {
  const pages = new Map<string, BatchLoader<number, MessageViewPage>>();
  return {
    users: createBatchLoader((ids) => usersByIds(db, ids), () => undefined),
    participants: createBatchLoader((ids) => participantsOf(db, ids), () => []),
    readStatuses: createBatchLoader((ids) => readStatusesOf(db, ids), () => []),
    absences: createBatchLoader((ids) => absencesOf(db, ids, now), () => []),
    attachments: createBatchLoader((ids) => attachments.attachmentsForMessages(db, ids), () => []),
    invitations: createBatchLoader((ids) => invitationsOfMessages(db, ids), () => []),
    messagePages(args) {
      const key = `${args.limit}:${args.offset}:${args.sort}`;
      let loader = pages.get(key);
      if (!loader) {
        loader = createBatchLoader(
          async (ids) => withAttachmentsAndInvitations(db, attachments, await messagePagesOf(db, ids, args)),
          () => ({ totalCount: 0, messages: [] }),
        );
        pages.set(key, loader);
      }
      return loader;
    },
  };
}
