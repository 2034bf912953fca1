import type { MessageFieldsFragment, MessagingThreadForCustomerQuery } from '@portal/shared-api';
import { toHelsinkiDate, type IsoDate } from '@portal/shared-i18n';

export type Thread = MessagingThreadForCustomerQuery['messagingThreadForCustomer'];
export type ThreadMessage = MessageFieldsFragment;
export type Absence = Thread['assignments'][number]['assignee']['absences'][number];

export interface DateGroup {
  /** the Helsinki calendar date of the group's messages */
  date: IsoDate;
  messages: ThreadMessage[];
}

/** Oldest first, as the thread reads (equal instants keep their order). */
export function sortByCreated(messages: readonly ThreadMessage[]): ThreadMessage[] {
  return [...messages].sort((a, b) => Date.parse(a.created) - Date.parse(b.created));
}

/**
 * Spec part 1 §2: messages grouped by date in Helsinki time, so a message at 23:30 UTC in winter
 * (01:30 in Helsinki) belongs to the next day. Expects messages oldest first.
 */
export function groupByHelsinkiDate(messages: readonly ThreadMessage[]): DateGroup[] {
  const groups: DateGroup[] = [];
  for (const message of messages) {
    const date = toHelsinkiDate(message.created);
    const last = groups.at(-1);
    if (last && last.date === date) last.messages.push(message);
    else groups.push({ date, messages: [message] });
  }
  return groups;
}

/**
 * The messages to show: the server's thread plus the customer's sent messages the last answer did
 * not have yet (a refresh that started before a send must not hide the sent message).
 */
export function mergeMessages(fromServer: readonly ThreadMessage[], sent: readonly ThreadMessage[]): ThreadMessage[] {
  const known = new Set(fromServer.map((message) => message.id));
  return sortByCreated([...fromServer, ...sent.filter((message) => !known.has(message.id))]);
}

/** The current assignee's absence that covers `now` (spec part 1 §2 absence notice), if any. */
export function currentAbsence(thread: Thread, now: number): Absence | null {
  const assignee = thread.assignments[0]?.assignee;
  if (!assignee) return null;
  return assignee.absences.find((absence) => Date.parse(absence.startDate) <= now && now <= Date.parse(absence.endDate)) ?? null;
}
