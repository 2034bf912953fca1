import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { practitioners } from '../clinics/schema';
import { people } from '../patients/schema';
import { questionnaireInvitations } from '../records/schema';

/** Messaging user types (spec part 1 §3 enumerations: messaging user type). */
export const MESSAGING_USER_TYPES = ['CustomerUser', 'ProfessionalUser', 'HrUser'] as const;
export type MessagingUserType = (typeof MESSAGING_USER_TYPES)[number];

/** Thread types (spec part 1 §3, §6). */
export const THREAD_TYPES = ['customer', 'hr', 'supervisor'] as const;
export type ThreadType = (typeof THREAD_TYPES)[number];

/** Absence approval types (spec part 1 §3 enumerations); the professional's role in messaging. */
export const PROFESSIONAL_ROLES = ['Doctor', 'Nurse', 'Supervisor'] as const;

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Everyone who writes or receives messages (spec part 1 §3 Customer, Professional and Hr user).
 * A customer user is a person of the portal; a professional may be one of the clinics'
 * practitioners. A team recipient (e.g. "Terveystiimi") is a professional user that stands for a
 * healthcare team: new conversations are addressed to it.
 */
export const messagingUsers = pgTable(
  'messaging_users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userType: text('user_type', { enum: MESSAGING_USER_TYPES }).notNull(),
    personId: uuid('person_id').references(() => people.id, { onDelete: 'cascade' }),
    practitionerId: integer('practitioner_id').references(() => practitioners.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    title: text('title'),
    email: text('email'),
    companyName: text('company_name'),
    /** professionals only: Doctor, Nurse or Supervisor */
    role: text('role', { enum: PROFESSIONAL_ROLES }),
    isTeamRecipient: boolean('is_team_recipient').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    // One messaging user per person and type: the customer user of a subject is found by person.
    uniqueIndex('messaging_users_person_type_idx').on(t.personId, t.userType).where(sql`${t.personId} is not null`),
    index('messaging_users_team_idx').on(t.isTeamRecipient).where(sql`${t.isTeamRecipient}`),
  ],
);

/** A professional's absence (spec part 1 §3: absenceeUserId, startDate, endDate, internalMessage). */
export const messagingAbsences = pgTable(
  'messaging_absences',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    absenteeUserId: integer('absentee_user_id')
      .notNull()
      .references(() => messagingUsers.id, { onDelete: 'cascade' }),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    /** for colleagues only; never sent to customers */
    internalMessage: text('internal_message'),
  },
  (t) => [index('messaging_absences_absentee_idx').on(t.absenteeUserId, t.endsAt)],
);

export const messagingAbsenceSubstitutes = pgTable(
  'messaging_absence_substitutes',
  {
    absenceId: integer('absence_id')
      .notNull()
      .references(() => messagingAbsences.id, { onDelete: 'cascade' }),
    substituteUserId: integer('substitute_user_id')
      .notNull()
      .references(() => messagingUsers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.absenceId, t.substituteUserId] })],
);

/**
 * A conversation (spec part 1 §3 Messaging thread). `customerUserId` repeats the customer
 * participant so a customer's list is one index range; `lastMessageAt` is kept by whoever inserts a
 * message (messages.ts) and `lastActivityAt` follows it (the creation time before the first
 * message), so the list is read in order from its index alone.
 */
export const messagingThreads = pgTable(
  'messaging_threads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    threadType: text('thread_type', { enum: THREAD_TYPES }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    timestampForProfessionals: timestamptz('timestamp_for_professionals'),
    customerUserId: integer('customer_user_id')
      .notNull()
      .references(() => messagingUsers.id, { onDelete: 'cascade' }),
    /** the newest message's time; null before the first message */
    lastMessageAt: timestamptz('last_message_at'),
    /**
     * How many messages the thread has, deleted ones included (they stay, marked). Kept by
     * insertMessage in the message's transaction: the polled list shows it for every thread, and
     * counting a long conversation's messages on every poll would cost more than the rest of the list.
     */
    messageCount: integer('message_count').notNull().default(0),
    lastActivityAt: timestamptz('last_activity_at')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(last_message_at, created_at)`),
  },
  (t) => [index('messaging_threads_customer_activity_idx').on(t.customerUserId, t.lastActivityAt.desc(), t.id.desc())],
);

export const messagingThreadParticipants = pgTable(
  'messaging_thread_participants',
  {
    threadId: integer('thread_id')
      .notNull()
      .references(() => messagingThreads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => messagingUsers.id, { onDelete: 'cascade' }),
    addedAt: timestamptz('added_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] }), index('messaging_thread_participants_user_idx').on(t.userId)],
);

/** Who handles a thread; the customer sees the current assignment only. */
export const messagingAssignments = pgTable(
  'messaging_assignments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => messagingThreads.id, { onDelete: 'cascade' }),
    assigneeUserId: integer('assignee_user_id')
      .notNull()
      .references(() => messagingUsers.id, { onDelete: 'cascade' }),
    assignedAt: timestamptz('assigned_at').notNull().defaultNow(),
    isCurrent: boolean('is_current').notNull().default(true),
  },
  (t) => [uniqueIndex('messaging_assignments_current_idx').on(t.threadId).where(sql`${t.isCurrent}`)],
);

/** When a user last read a thread (spec part 1 §3 readStatus; the rule is in read-state.ts). */
export const messagingReadStatus = pgTable(
  'messaging_read_status',
  {
    threadId: integer('thread_id')
      .notNull()
      .references(() => messagingThreads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => messagingUsers.id, { onDelete: 'cascade' }),
    readAt: timestamptz('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] })],
);

/** A message; a deleted one keeps its row (who, when, why) and loses its content. */
export const messagingMessages = pgTable(
  'messaging_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => messagingThreads.id, { onDelete: 'cascade' }),
    authorUserId: integer('author_user_id')
      .notNull()
      .references(() => messagingUsers.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    content: text('content').notNull(),
    deletedAt: timestamptz('deleted_at'),
    deletedByUserId: integer('deleted_by_user_id').references(() => messagingUsers.id),
    deletedReason: text('deleted_reason'),
  },
  (t) => [index('messaging_messages_thread_idx').on(t.threadId, t.createdAt, t.id)],
);

/** Questionnaire invitations a professional sent with a message (the records module's invitations). */
export const messagingMessageQuestionnaires = pgTable(
  'messaging_message_questionnaires',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messagingMessages.id, { onDelete: 'cascade' }),
    invitationId: integer('invitation_id')
      .notNull()
      .references(() => questionnaireInvitations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.invitationId] }), index('messaging_message_questionnaires_invitation_idx').on(t.invitationId)],
);
