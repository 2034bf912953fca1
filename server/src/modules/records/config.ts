import { z } from 'zod';
import { questionnairesStatusSchema, type QuestionnairesStatus } from '@portal/shared-api';
import { ConfigError, type Env } from '../../config/env';

/**
 * The records module's configuration: the outage states of the systems behind its pages, read once
 * at start-up (an unknown value stops the server).
 */
export interface RecordsConfig {
  /** QUESTIONNAIRES_STATUS: 'maintenance-mode' takes both questionnaire pages (and answering) offline */
  questionnairesStatus: QuestionnairesStatus;
  /** IMAGING_API_STATUS: 'temporary-error' makes the imaging result page answer temporary-api-error */
  imagingApiStatus: ImagingApiStatus;
}

/**
 * The imaging service's state, from IMAGING_API_STATUS: `ok` (default), or `temporary-error`, which
 * makes the imaging result page answer its temporary-api-error state ('This section is temporarily
 * unavailable.', spec §2 "Imaging result", §8), as when the imaging system behind it is down.
 */
export const imagingApiStatusSchema = z.enum(['ok', 'temporary-error']);
export type ImagingApiStatus = z.infer<typeof imagingApiStatusSchema>;

export class ImagingConfigError extends ConfigError {}

/** Reads IMAGING_API_STATUS (an empty value counts as unset); throws ImagingConfigError on an unknown value. */
export function loadImagingApiStatus(env: Env = process.env): ImagingApiStatus {
  const raw = env.IMAGING_API_STATUS;
  if (raw === undefined || raw === '') return 'ok';
  const parsed = imagingApiStatusSchema.safeParse(raw);
  if (!parsed.success) throw new ImagingConfigError(`Invalid IMAGING_API_STATUS '${raw}': expected one of ${imagingApiStatusSchema.options.join(', ')}`);
  return parsed.data;
}

export class QuestionnairesConfigError extends ConfigError {}

/** Reads QUESTIONNAIRES_STATUS (an empty value counts as unset); throws QuestionnairesConfigError on an unknown value. */
export function loadQuestionnairesStatus(env: Env = process.env): QuestionnairesStatus {
  const raw = env.QUESTIONNAIRES_STATUS;
  if (raw === undefined || raw === '') return 'ok';
  const parsed = questionnairesStatusSchema.safeParse(raw);
  if (!parsed.success) {
    throw new QuestionnairesConfigError(`Invalid QUESTIONNAIRES_STATUS '${raw}': expected one of ${questionnairesStatusSchema.options.join(', ')}`);
  }
  return parsed.data;
}

export function loadRecordsConfig(env: Env = process.env): RecordsConfig {
  return { questionnairesStatus: loadQuestionnairesStatus(env), imagingApiStatus: loadImagingApiStatus(env) };
}
