import { z } from 'zod';
import { questionnaireInvitationSchema } from '../questionnaires';

/** records.questionnaire (questionnaires/:id): one of the patient's questionnaire invitations. */
export const pageStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('maintenance-mode') }),
  z.object({ status: z.literal('not-found') }),
  z.object({ status: z.literal('ok'), invitation: questionnaireInvitationSchema }),
]);
export type PageState = z.infer<typeof pageStateSchema>;
