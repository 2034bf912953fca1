import { z } from 'zod';
import { messagingRecipientSchema } from '../pages';
import { pageStateSchema as messagingPageStateSchema } from './conversations';

/** messaging.new: the messaging pages' state and the recipients a new conversation can be addressed to. */
export const pageStateSchema = messagingPageStateSchema.extend({
  recipients: z.array(messagingRecipientSchema),
});
export type PageState = z.infer<typeof pageStateSchema>;
