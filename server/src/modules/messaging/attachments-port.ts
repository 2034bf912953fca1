import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/index';
import {
  AttachmentError,
  attachmentsForMessages,
  createUploadTicket,
  downloadUrl,
  linkAttachments,
  type LinkedAttachment,
  type UploadTicket,
} from '../attachments/index';
import type { InputProblem } from './errors';

export type { LinkedAttachment, UploadTicket };

export interface OutgoingAttachment {
  key: string;
  fileName: string;
  contentType: string;
}

/**
 * What messaging needs of the attachments module: the resolvers call this port only, so the
 * storage stays the attachments module's business (and tests could hand in their own).
 */
export interface AttachmentsPort {
  createUploadTicket(db: Database, input: { uploaderPersonId: string }): Promise<UploadTicket>;
  /** all or nothing; throws an error that `inputProblem` turns into a BAD_USER_INPUT detail */
  linkAttachments(
    db: Database,
    input: { uploaderPersonId: string; messageId: number; attachments: readonly OutgoingAttachment[] },
  ): Promise<LinkedAttachment[]>;
  downloadUrl(db: Database, attachmentId: number): Promise<string | null>;
  attachmentsForMessages(db: Database, messageIds: readonly number[]): Promise<Map<number, LinkedAttachment[]>>;
  /** the client's mistake in an attachment, with its path under the message input; null for anything else */
  inputProblem(error: unknown, pathPrefix: string): InputProblem | null;
}

/**
 * The attachments module's service over the storage that `installAttachments(app)` decorates the
 * app with. The storage is looked up on use, so the plugins may be installed in either order.
 */
export function attachmentsOfApp(app: FastifyInstance): AttachmentsPort {
  const storage = () => {
    if (!app.hasDecorator('attachmentStorage')) throw new Error('installAttachments(app) has not been called');
    return app.attachmentStorage;
  };
  return {
    createUploadTicket: (db, input) => createUploadTicket(db, storage(), input),
    linkAttachments: (db, input) => linkAttachments(db, storage(), input),
    downloadUrl: (db, attachmentId) => downloadUrl(db, storage(), attachmentId),
    attachmentsForMessages: (db, messageIds) => attachmentsForMessages(db, messageIds),
    inputProblem(error, pathPrefix) {
      if (!(error instanceof AttachmentError)) return null;
      return { path: `${pathPrefix}.${error.path}`, message: error.message };
    },
  };
}
