/**
 * The operations the portal sends to /api/customer-messaging (spec part 1 §7). Codegen reads the
 * strings marked GraphQL below; the typed documents it generates (./generated.ts) are what the
 * client sends. Change an operation here, then run `pnpm --filter @portal/shared-api run codegen`.
 */

export const messagingUserFields = /* GraphQL */ `
  fragment MessagingUserFields on MessagingUser {
    __typename
    id
    firstName
    lastName
    title
    ... on CustomerUser {
      emailAddress
    }
    ... on HrUser {
      companyName
    }
  }
`;

export const messageFields = /* GraphQL */ `
  fragment MessageFields on Message {
    id
    created
    content
    deleted
    deletedBy
    deletedAt
    deletedReason
    author {
      ...MessagingUserFields
    }
    attachments {
      id
      fileName
      contentType
    }
    questionnaireInvitations {
      id
      answeredAt
      questionnaire {
        id
        title
      }
    }
  }
`;

export const messagingThreadsQuery = /* GraphQL */ `
  query MessagingThreads($pagination: PaginationInput = { limit: 9999 }) {
    messagingThreads(pagination: $pagination) {
      totalCount
      paginatedThreads {
        id
        title
        isActive
        created
        threadType
        isRead
        messages(pagination: { limit: 1 }, sort: desc) {
          totalCount
          paginatedMessages {
            ...MessageFields
          }
        }
      }
    }
  }
`;

export const messagingThreadForCustomerQuery = /* GraphQL */ `
  query MessagingThreadForCustomer($id: ID!, $pagination: PaginationInput = { limit: 9999 }) {
    messagingThreadForCustomer(id: $id) {
      id
      title
      isActive
      created
      threadType
      isRead
      timestampForProfessionals
      participants {
        ...MessagingUserFields
      }
      assignments {
        assignedAt
        assignee {
          id
          firstName
          lastName
          title
          absences {
            absenceeUserId
            startDate
            endDate
            substituteUserIds
            substitutes {
              id
              firstName
              lastName
              title
            }
          }
        }
      }
      readStatus {
        readBy
        readAt
      }
      messages(pagination: $pagination, sort: asc) {
        totalCount
        paginatedMessages {
          ...MessageFields
        }
      }
    }
  }
`;

export const attachmentDownloadUrlQuery = /* GraphQL */ `
  query AttachmentDownloadUrl($id: ID!) {
    attachmentDownloadUrl(id: $id)
  }
`;

export const createAttachmentUploadMutation = /* GraphQL */ `
  mutation CreateAttachmentUpload {
    createAttachmentUpload {
      key
      url
      expiresAt
    }
  }
`;

export const sendMessageInNewThreadMutation = /* GraphQL */ `
  mutation SendMessageInNewThread(
    $title: String!
    $type: ThreadType!
    $participantIds: [ID!]!
    $separateThreadPerParticipant: Boolean = false
    $firstMessage: OutgoingMessageInput!
    $lang: Language
  ) {
    sendMessageInNewThread(
      title: $title
      type: $type
      participantIds: $participantIds
      separateThreadPerParticipant: $separateThreadPerParticipant
      firstMessage: $firstMessage
      lang: $lang
    ) {
      threadId
      url
    }
  }
`;

export const sendMessageMutation = /* GraphQL */ `
  mutation SendMessage($threadId: ID!, $message: OutgoingMessageInput!) {
    sendMessage(threadId: $threadId, message: $message) {
      type
      message {
        ...MessageFields
      }
    }
  }
`;

export const markAsReadMutation = /* GraphQL */ `
  mutation MarkAsRead($threadId: ID!) {
    markAsRead(threadId: $threadId) {
      type
      thread {
        id
        isRead
        readStatus {
          readBy
          readAt
        }
      }
    }
  }
`;

export const answerQuestionnaireMutation = /* GraphQL */ `
  mutation AnswerQuestionnaire($questionnaireInvitationId: ID!, $answers: String!) {
    answerQuestionnaire(questionnaireInvitationId: $questionnaireInvitationId, answers: $answers) {
      type
      invitation {
        id
        answeredAt
      }
    }
  }
`;
