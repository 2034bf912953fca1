import { inArray } from 'drizzle-orm';
import { DEFAULT_REMINDER_SETTING, type ReminderSetting } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { reminderPreferences } from './schema';

/** Each person's reminder setting; a person without a row has the default (24 hours before). */
export async function settingsOf(db: Database, personIds: readonly string[]): Promise<Map<string, ReminderSetting>> {
  const settings = new Map<string, ReminderSetting>(personIds.map((id) => [id, DEFAULT_REMINDER_SETTING]));
  if (personIds.length === 0) return settings;
  const rows = await db
    .select({ personId: reminderPreferences.personId, setting: reminderPreferences.setting })
    .from(reminderPreferences)
    .where(inArray(reminderPreferences.personId, [...personIds]));
  for (const row of rows) settings.set(row.personId, row.setting);
  return settings;
}

export async function settingOf(db: Database, personId: string): Promise<ReminderSetting> {
  return (await settingsOf(db, [personId])).get(personId)!;
}

/** Saves the person's setting (one row per person, replaced). */
export async function saveSetting(db: Database, personId: string, setting: ReminderSetting, now: Date): Promise<void> {
  await db
    .insert(reminderPreferences)
    .values({ personId, setting, updatedAt: now })
    .onConflictDoUpdate({ target: reminderPreferences.personId, set: { setting, updatedAt: now } });
}
