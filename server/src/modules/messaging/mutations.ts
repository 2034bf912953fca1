import type { MessagingSchema } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { withTransaction } from '../../db/transaction';
import { auditedRead } from '../patients/index';
import { answerQuestionnaireInvitation } from '../records/index';
import type { MessagingContext } from './context';
import { badUserInput, messagingError, notFound, type InputProblem } from './errors';
import { checkOutgoingMessage, checkTitle, parseAnswers, parseId } from './inputs';
import { teamRecipients, threadOfCustomer, type InvitationRow, type MessageRow } from './queries';
import { createThread, insertMessage, markRead } from './thread-writes';

/**
 * The customer's mutations (spec part 1 §7). Each answers `{ type: 'success', … }` (docs/product-decisions.md, "Behaviour of API calls")
 * or a BAD_USER_INPUT with field paths; writes that belong together share one transaction.
 */

/** Runs `work` in a transaction; an attachment the service refuses becomes BAD_USER_INPUT at `pathPrefix`. */
async function inTransaction<T>(ctx: MessagingContext, pathPrefix: string, work: (tx: Database) => Promise<T>): Promise<T> {
  try {
    // Nothing inside may use ctx.db (PGlite has one connection).
    return await withTransaction(ctx.db, work);
  } catch (error) {
    const problem = ctx.services.attachments.inputProblem(error, pathPrefix);
    if (problem) throw badUserInput([problem]);
    throw error;
  }
}

/** Inserts the customer's message with its files and marks the thread read by its writer. */
async function writeCustomerMessage(
  tx: Database,
  ctx: MessagingContext,
  input: { threadId: number; content: string; attachments: MessagingSchema.OutgoingAttachmentInput[] },
): Promise<MessageRow> {
  const message = await insertMessage(tx, { threadId: input.threadId, authorUserId: ctx.customerUserId, content: input.content });
  await ctx.services.attachments.linkAttachments(tx, {
    uploaderPersonId: ctx.access.actorPersonId,
    messageId: message.id,
    attachments: input.attachments,
  });
  // Whoever writes has read the thread up to their own message.
  await markRead(tx, { threadId: input.threadId, userId: ctx.customerUserId });
  return message;
}

async function sendMessageInNewThread(_root: unknown, args: MessagingSchema.MutationSendMessageInNewThreadArgs, ctx: MessagingContext) {
  const problems: InputProblem[] = [];
  const title = checkTitle(args.title);
  problems.push(...title.problems);
  if (args.type !== 'customer') problems.push({ path: 'type', message: "A customer's thread is of type 'customer'" });
  const recipients = new Set((await teamRecipients(ctx.db)).map((user) => String(user.id)));
  if (args.participantIds.length === 0) problems.push({ path: 'participantIds', message: 'Choose a recipient' });
  args.participantIds.forEach((id, index) => {
    if (!recipients.has(id)) problems.push({ path: `participantIds.${index}`, message: 'Not a recipient you can write to' });
  });
  const firstMessage = { ...args.firstMessage, attachments: args.firstMessage.attachments ?? [], questionnaireInvitations: args.firstMessage.questionnaireInvitations ?? [] };
  const message = checkOutgoingMessage(firstMessage, 'firstMessage');
  problems.push(...message.problems);
  const participantIds = [...new Set(args.participantIds)].map(Number);
  const separate = Boolean(args.separateThreadPerParticipant) && participantIds.length > 1;
  if (separate && firstMessage.attachments.length > 0) {
    problems.push({ path: 'firstMessage.attachments', message: 'Files can be sent to one recipient at a time' });
  }
  if (problems.length) throw badUserInput(problems);

  const groups = separate ? participantIds.map((id) => [id]) : [participantIds];
  const threadIds = await auditedRead(
    ctx.db,
    ctx.access,
    'messaging.new-thread',
    () =>
      inTransaction(ctx, 'firstMessage', async (tx) => {
        const created: number[] = [];
        for (const group of groups) {
          const threadId = await createThread(tx, {
            title: title.title,
            threadType: 'customer',
            customerUserId: ctx.customerUserId,
            participantUserIds: group,
          });
          await writeCustomerMessage(tx, ctx, { threadId, content: message.content, attachments: firstMessage.attachments });
          created.push(threadId);
        }
        return created;
      }),
    { participantIds },
  );
  const lang = args.lang ?? 'fi';
  return threadIds.map((threadId) => ({ threadId, url: ctx.services.threadPath(lang, threadId) }));
}

async function sendMessage(_root: unknown, args: MessagingSchema.MutationSendMessageArgs, ctx: MessagingContext) {
  const threadId = parseId(args.threadId, 'Thread');
  const outgoing = { ...args.message, attachments: args.message.attachments ?? [], questionnaireInvitations: args.message.questionnaireInvitations ?? [] };
  const { problems, content } = checkOutgoingMessage(outgoing, 'message');
  if (problems.length) throw badUserInput(problems);
  const message = await auditedRead(
    ctx.db,
    ctx.access,
    'messaging.send-message',
    async () => {
      // A closed thread still takes the customer's message (spec part 1 §4 Closed thread).
      const thread = await threadOfCustomer(ctx.db, ctx.customerUserId, threadId);
      if (!thread) throw notFound('Thread not found');
      return inTransaction(ctx, 'message', (tx) => writeCustomerMessage(tx, ctx, { threadId, content, attachments: outgoing.attachments }));
    },
    { threadId },
  );
  return { type: 'success', message };
}

async function markAsRead(_root: unknown, args: MessagingSchema.MutationMarkAsReadArgs, ctx: MessagingContext) {
  const threadId = parseId(args.threadId, 'Thread');
  const thread = await auditedRead(
    ctx.db,
    ctx.access,
    'messaging.mark-as-read',
    async () => {
      if (!(await threadOfCustomer(ctx.db, ctx.customerUserId, threadId))) throw notFound('Thread not found');
      await markRead(ctx.db, { threadId, userId: ctx.customerUserId });
      return threadOfCustomer(ctx.db, ctx.customerUserId, threadId);
    },
    { threadId },
  );
  if (!thread) throw notFound('Thread not found');
  return { type: 'success', thread };
}

async function answerQuestionnaire(_root: unknown, args: MessagingSchema.MutationAnswerQuestionnaireArgs, ctx: MessagingContext) {
  // The pages hide the forms while surveys are out of use (spec §8); a direct call is refused too.
  if (ctx.services.questionnairesStatus === 'maintenance-mode') throw messagingError('MAINTENANCE', 'Surveys are temporarily out of use');
  const invitationId = parseId(args.questionnaireInvitationId, 'Questionnaire invitation');
  const answers = parseAnswers(args.answers);
  const invitation = await auditedRead(
    ctx.db,
    ctx.access,
    'messaging.answer-questionnaire',
    async (subjectPersonId): Promise<InvitationRow> => {
      // The answers must fit the invitation's form (FHIR R4); the records module stores them, once.
      const outcome = await answerQuestionnaireInvitation(ctx.db, subjectPersonId, invitationId, answers);
      if (outcome.type === 'not-found') throw notFound('Questionnaire invitation not found');
      if (outcome.type === 'already-answered') throw badUserInput([{ path: 'questionnaireInvitationId', message: 'The questionnaire has already been answered' }]);
      if (outcome.type === 'invalid') throw badUserInput(outcome.problems);
      return outcome.invitation;
    },
    { invitationId },
  );
  return { type: 'success', invitation };
}

async function createAttachmentUpload(_root: unknown, _args: unknown, ctx: MessagingContext) {
  // The uploader is the signed-in person (also when acting for a child): the upload route checks it.
  return ctx.services.attachments.createUploadTicket(ctx.db, { uploaderPersonId: ctx.access.actorPersonId });
}

export const mutationResolvers = {
  createAttachmentUpload,
  sendMessageInNewThread,
  sendMessage,
  markAsRead,
  answerQuestionnaire,
};
