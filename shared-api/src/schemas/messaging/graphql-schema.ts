/**
 * The customer messaging GraphQL schema (spec part 1 §3 messaging entities, §7 operations), served at
 * /api/customer-messaging. It is the single source: the server builds its executable schema from it
 * and `pnpm --filter @portal/shared-api run codegen` generates the client's types from it and from
 * ./operations.ts (a test fails when the generated file is stale).
 *
 * Deliberately left out for customers: identity codes (customerSsn), professionals' e-mail
 * addresses, user names in other systems and absences' internal messages.
 */
export const messagingTypeDefs = /* GraphQL */ `
  "An instant, ISO 8601 with offset (UTC), e.g. 2026-11-23T08:15:00.000Z"
  scalar DateTime

  enum ThreadType {
    customer
    hr
    supervisor
  }

  enum SortOrder {
    asc
    desc
  }

  enum Language {
    fi
    sv
    en
  }

  input PaginationInput {
    "default 9999 (spec part 1 §9)"
    limit: Int = 9999
    offset: Int = 0
  }

  interface MessagingUser {
    id: ID!
    firstName: String!
    lastName: String!
    title: String
  }

  type CustomerUser implements MessagingUser {
    id: ID!
    firstName: String!
    lastName: String!
    title: String
    "the customer's own address; null when the customer has none (the 'Sinä' rule of spec part 1 §2)"
    emailAddress: String
  }

  type ProfessionalUser implements MessagingUser {
    id: ID!
    firstName: String!
    lastName: String!
    title: String
    "absences that have not ended yet, the current one first"
    absences: [Absence!]!
  }

  type HrUser implements MessagingUser {
    id: ID!
    firstName: String!
    lastName: String!
    title: String
    companyName: String
  }

  type Absence {
    absenceeUserId: ID!
    startDate: DateTime!
    endDate: DateTime!
    substituteUserIds: [ID!]!
    substitutes: [ProfessionalUser!]!
  }

  type Assignment {
    assignee: ProfessionalUser!
    assignedAt: DateTime!
  }

  type ReadStatus {
    readBy: ID!
    readAt: DateTime!
  }

  type Attachment {
    id: ID!
    fileName: String!
    contentType: String!
  }

  type QuestionnaireForm {
    id: ID!
    title: String!
  }

  type QuestionnaireInvitation {
    id: ID!
    answeredAt: DateTime
    questionnaire: QuestionnaireForm!
  }

  type Message {
    id: ID!
    created: DateTime!
    "empty when the message has been deleted"
    content: String!
    author: MessagingUser!
    attachments: [Attachment!]!
    questionnaireInvitations: [QuestionnaireInvitation!]!
    deleted: Boolean!
    deletedBy: ID
    deletedAt: DateTime
    deletedReason: String
  }

  type PaginatedMessages {
    totalCount: Int!
    paginatedMessages: [Message!]!
  }

  type MessagingThread {
    id: ID!
    title: String!
    "false once a professional has closed the thread (spec part 1 §4 Closed thread)"
    isActive: Boolean!
    created: DateTime!
    threadType: ThreadType!
    participants: [MessagingUser!]!
    "the current assignment only"
    assignments: [Assignment!]!
    readStatus: [ReadStatus!]!
    "the thread read state rule of spec part 1 §4, for the signed-in customer"
    isRead: Boolean!
    messages(pagination: PaginationInput, sort: SortOrder = asc): PaginatedMessages!
    timestampForProfessionals: DateTime
  }

  type PaginatedThreads {
    totalCount: Int!
    paginatedThreads: [MessagingThread!]!
  }

  type AttachmentUpload {
    key: String!
    "PUT the file here with its Content-Type (and the session's csrfToken when it is this server)"
    url: String!
    expiresAt: DateTime!
  }

  input OutgoingAttachmentInput {
    key: String!
    fileName: String!
    contentType: String!
  }

  input OutgoingMessageInput {
    content: String!
    attachments: [OutgoingAttachmentInput!]! = []
    "questionnaire invitation ids; customers always send an empty list"
    questionnaireInvitations: [ID!]! = []
  }

  type NewThreadLink {
    threadId: ID!
    "the thread's page in the requested language, e.g. /fi/viestit/12"
    url: String!
  }

  type SendMessagePayload {
    type: String!
    message: Message!
  }

  type MarkAsReadPayload {
    type: String!
    thread: MessagingThread!
  }

  type AnswerQuestionnairePayload {
    type: String!
    invitation: QuestionnaireInvitation!
  }

  type Query {
    "the customer's threads, newest activity first"
    messagingThreads(pagination: PaginationInput): PaginatedThreads!
    "a thread where the signed-in customer (or their ward) is the customer participant; NOT_FOUND otherwise"
    messagingThreadForCustomer(id: ID!): MessagingThread!
    "a short-lived URL; only the thread's participants get one"
    attachmentDownloadUrl(id: ID!): String!
  }

  type Mutation {
    createAttachmentUpload: AttachmentUpload!
    "a list of links; exactly one means success"
    sendMessageInNewThread(
      title: String!
      type: ThreadType!
      participantIds: [ID!]!
      separateThreadPerParticipant: Boolean = false
      firstMessage: OutgoingMessageInput!
      lang: Language = fi
    ): [NewThreadLink!]!
    sendMessage(threadId: ID!, message: OutgoingMessageInput!): SendMessagePayload!
    markAsRead(threadId: ID!): MarkAsReadPayload!
    "answers is a FHIR R4 QuestionnaireResponse as a JSON string"
    answerQuestionnaire(questionnaireInvitationId: ID!, answers: String!): AnswerQuestionnairePayload!
  }
`;
