import { and, eq, isNull } from 'drizzle-orm';
import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import type { MessagingSchema } from '@portal/shared-api';
import { messageOfAttachment } from '../attachments/index';
import { fhirTitleIn } from '../records/index';
import { auditedConcurrentRead, auditedRead } from '../patients/index';
import { withAttachmentsAndInvitations, type MessageView, type MessagingContext } from './context';
import { badUserInput, notFound } from './errors';
import { pagination, parseId, textProblems } from './inputs';
import { mutationResolvers } from './mutations';
import type { AbsenceRow, InvitationRow, MessageRow, MessagingUserRow, ThreadRow } from './queries';
import { threadOfCustomer, threadsPageWithLatest } from './queries';
import { isThreadRead } from './read-state';
import { messagingMessages, messagingThreads } from './schema';
import { firstNameIn, titleIn } from './vocabulary';

/**
 * The resolvers of messagingTypeDefs. Parents are database rows (queries.ts); every field that
 * needs more rows goes through the request's batching loaders, so a list costs a fixed number of
 * queries however long it is.
 */

const dateTime = new GraphQLScalarType<Date, string>({
  name: 'DateTime',
  description: 'An instant, ISO 8601 with offset (UTC)',
  serialize(value) {
    if (value instanceof Date) return value.toISOString();
    if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
    throw new GraphQLError('DateTime cannot represent this value');
  },
  parseValue(value) {
    if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return new Date(value);
    throw new GraphQLError('DateTime must be an ISO 8601 string', { extensions: { code: 'BAD_USER_INPUT' } });
  },
  parseLiteral(ast) {
    if (ast.kind === Kind.STRING && !Number.isNaN(Date.parse(ast.value))) return new Date(ast.value);
    throw new GraphQLError('DateTime must be an ISO 8601 string', { extensions: { code: 'BAD_USER_INPUT' } });
  },
});

/** Every kind of user: a team's name and a professional's title in the request's language. */
const localized = {
  firstName: (user: MessagingUserRow, _args: unknown, ctx: MessagingContext) => firstNameIn(user, ctx.lang),
  title: (user: MessagingUserRow, _args: unknown, ctx: MessagingContext) => titleIn(user, ctx.lang),
};

const users = {
  MessagingUser: {
    __resolveType: (user: MessagingUserRow) => user.userType,
  },
  CustomerUser: {
    ...localized,
    emailAddress: (user: MessagingUserRow) => user.email,
  },
  HrUser: {
    ...localized,
    companyName: (user: MessagingUserRow) => user.companyName,
  },
  ProfessionalUser: {
    ...localized,
    absences: (user: MessagingUserRow, _args: unknown, ctx: MessagingContext) => ctx.loaders.absences.load(user.id),
  },
  Absence: {
    absenceeUserId: (absence: AbsenceRow) => absence.absenteeUserId,
    startDate: (absence: AbsenceRow) => absence.startsAt,
    endDate: (absence: AbsenceRow) => absence.endsAt,
    substituteUserIds: (absence: AbsenceRow) => absence.substituteUserIds,
    substitutes: async (absence: AbsenceRow, _args: unknown, ctx: MessagingContext) => {
      const found = await Promise.all(absence.substituteUserIds.map((id) => ctx.loaders.users.load(id)));
      return found.filter((user): user is MessagingUserRow => user !== undefined);
    },
  },
};

async function authorOf(message: MessageRow, ctx: MessagingContext): Promise<MessagingUserRow> {
  const user = await ctx.loaders.users.load(message.authorUserId);
  if (!user) throw new Error(`author ${message.authorUserId} of message ${message.id} does not exist`);
  return user;
}

const threads = {
  MessagingThread: {
    created: (thread: ThreadRow) => thread.createdAt,
    isRead: (thread: ThreadRow, _args: unknown, ctx: MessagingContext) =>
      isThreadRead({
        userId: ctx.customerUserId,
        readAt: thread.customerReadAt,
        latestMessageAt: thread.lastMessageAt,
        currentAssignment: thread.currentAssignment,
        timestampForProfessionals: thread.timestampForProfessionals,
      }),
    participants: (thread: ThreadRow, _args: unknown, ctx: MessagingContext) => ctx.loaders.participants.load(thread.id),
    assignments: (thread: ThreadRow) => (thread.currentAssignment ? [thread.currentAssignment] : []),
    readStatus: async (thread: ThreadRow, _args: unknown, ctx: MessagingContext) =>
      (await ctx.loaders.readStatuses.load(thread.id)).map((status) => ({ readBy: status.userId, readAt: status.readAt })),
    messages: (thread: ThreadRow, args: MessagingSchema.MessagingThreadMessagesArgs, ctx: MessagingContext) => {
      const page = pagination(args.pagination, 'messages.pagination');
      return ctx.loaders.messagePages({ ...page, sort: args.sort ?? 'asc' }).load(thread.id);
    },
    timestampForProfessionals: (thread: ThreadRow) => thread.timestampForProfessionals,
  },
  PaginatedMessages: {
    paginatedMessages: (page: { messages: MessageRow[] }) => page.messages,
  },
  Assignment: {
    assignee: async (assignment: NonNullable<ThreadRow['currentAssignment']>, _args: unknown, ctx: MessagingContext) => {
      const user = await ctx.loaders.users.load(assignment.assigneeUserId);
      if (!user) throw new Error(`assignee ${assignment.assigneeUserId} of an assignment does not exist`);
      return user;
    },
  },
  Message: {
    created: (message: MessageRow) => message.createdAt,
    content: (message: MessageRow) => (message.deletedAt ? '' : message.content),
    author: (message: MessageView, _args: unknown, ctx: MessagingContext) => message.author ?? authorOf(message, ctx),
    // A deleted message keeps nothing to show: neither its files nor its questionnaires.
    attachments: (message: MessageView, _args: unknown, ctx: MessagingContext) =>
      message.deletedAt ? [] : (message.attachments ?? ctx.loaders.attachments.load(message.id)),
    questionnaireInvitations: (message: MessageView, _args: unknown, ctx: MessagingContext) =>
      message.deletedAt ? [] : (message.invitations ?? ctx.loaders.invitations.load(message.id)),
    deleted: (message: MessageRow) => message.deletedAt !== null,
    deletedBy: (message: MessageRow) => message.deletedByUserId,
    deletedAt: (message: MessageRow) => message.deletedAt,
    deletedReason: (message: MessageRow) => message.deletedReason,
  },
  QuestionnaireInvitation: {
    questionnaire: (invitation: InvitationRow, _args: unknown, ctx: MessagingContext) => ({
      id: invitation.questionnaireId,
      title: fhirTitleIn({ _title: invitation.questionnaireTitleTranslations }, invitation.questionnaireTitle, ctx.lang),
    }),
  },
};

const queries = {
  messagingThreads: (_root: unknown, args: MessagingSchema.QueryMessagingThreadsArgs, ctx: MessagingContext) => {
    const page = pagination(args.pagination);
    return auditedConcurrentRead(ctx.db, ctx.access, 'messaging.threads', async () => {
      // The list's rows come with each thread's newest message, which is what the portal's list asks
      // for (messages(pagination: { limit: 1 }, sort: desc)): that field finds them already loaded.
      const { totalCount, threads: rows } = await threadsPageWithLatest(ctx.db, ctx.customerUserId, page);
      const latest = await withAttachmentsAndInvitations(ctx.db, ctx.services.attachments, new Map(rows.map((row) => [row.id, row.latest])));
      const newest = ctx.loaders.messagePages({ limit: 1, offset: 0, sort: 'desc' });
      for (const [threadId, messages] of latest) newest.prime(threadId, messages);
      return { totalCount, paginatedThreads: rows };
    });
  },

  messagingThreadForCustomer: async (_root: unknown, args: MessagingSchema.QueryMessagingThreadForCustomerArgs, ctx: MessagingContext) => {
    const threadId = parseId(args.id, 'Thread');
    const thread = await auditedConcurrentRead(ctx.db, ctx.access, 'messaging.thread', () => threadOfCustomer(ctx.db, ctx.customerUserId, threadId), {
      threadId,
    });
    if (!thread) throw notFound('Thread not found');
    return thread;
  },

  attachmentDownloadUrl: async (_root: unknown, args: MessagingSchema.QueryAttachmentDownloadUrlArgs, ctx: MessagingContext) => {
    const attachmentId = parseId(args.id, 'Attachment');
    const url = await auditedRead(
      ctx.db,
      ctx.access,
      'messaging.attachment-download',
      async () => {
        // Only a file sent in one of this customer's threads: anyone else's answers like a missing one.
        // (the attachment's message is the attachments module's to say; the thread is this module's)
        const messageId = await messageOfAttachment(ctx.db, attachmentId);
        const [visible] =
          messageId === null
            ? []
            : await ctx.db
                .select({ id: messagingMessages.id })
                .from(messagingMessages)
                .innerJoin(messagingThreads, eq(messagingThreads.id, messagingMessages.threadId))
                .where(and(eq(messagingMessages.id, messageId), eq(messagingThreads.customerUserId, ctx.customerUserId), isNull(messagingMessages.deletedAt)));
        return visible ? ctx.services.attachments.downloadUrl(ctx.db, attachmentId) : null;
      },
      { attachmentId },
    );
    if (!url) throw notFound('Attachment not found');
    return url;
  },
};

// `never`: each resolver declares its own arguments; the wrapper only walks them.
type RootResolver = (root: unknown, args: never, ctx: MessagingContext) => unknown;

/**
 * Every operation's arguments are checked for text the database cannot store before its resolver
 * runs (a NUL in a title, a message, a file's type …): BAD_USER_INPUT at the argument's path, the
 * same answer and message as the REST routes' textSchema.
 */
function withTextChecks<T extends Record<string, RootResolver>>(resolvers: T): T {
  return Object.fromEntries(
    Object.entries(resolvers).map(([name, resolve]) => [
      name,
      (root: unknown, args: Record<string, unknown>, ctx: MessagingContext) => {
        const problems = textProblems(args);
        if (problems.length) throw badUserInput(problems);
        return resolve(root, args as never, ctx);
      },
    ]),
    // Object.fromEntries forgets the keys; they are exactly those of `resolvers`.
  ) as unknown as T;
}

export const messagingResolvers = {
  DateTime: dateTime,
  Query: withTextChecks(queries),
  Mutation: withTextChecks(mutationResolvers),
  ...users,
  ...threads,
};
