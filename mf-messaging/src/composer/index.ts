// The composer of the thread page and the parts the new-conversation page builds its form from.
export { Composer, canSendMessage, type OutgoingMessage } from './Composer';
export { MessageField, messageTooLong, type MessageFieldProps } from './MessageField';
export { AttachmentPicker } from './AttachmentPicker';
export { useAttachments, type AttachmentsApi, type ComposerAttachment } from './useAttachments';
export { uploadAttachment, uploadUrlFor, AttachmentUploadError, type PutFile } from './upload';
