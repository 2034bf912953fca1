/** What the thread read state rule needs to know about one thread and one user. */
export interface ReadStateFacts {
  /** the user the answer is for */
  userId: number;
  /** when that user last read the thread; null when never */
  readAt: Date | null;
  /** the newest message's time; null when the thread has no messages */
  latestMessageAt: Date | null;
  /** the thread's current assignment, if any */
  currentAssignment: { assigneeUserId: number; assignedAt: Date } | null;
  timestampForProfessionals: Date | null;
}

/**
 * Spec part 1 §4 "Thread read state": a thread counts as read for a user when it has no messages,
 * or when that user's read time is at or after the latest of the latest message time, the current
 * assignment time (only if that user is the assignee) and the professionals timestamp.
 */
export function isThreadRead(facts: ReadStateFacts): boolean {
  if (facts.latestMessageAt === null) return true;
  if (facts.readAt === null) return false;
  let latest = facts.latestMessageAt.getTime();
  if (facts.currentAssignment && facts.currentAssignment.assigneeUserId === facts.userId) {
    latest = Math.max(latest, facts.currentAssignment.assignedAt.getTime());
  }
  if (facts.timestampForProfessionals) latest = Math.max(latest, facts.timestampForProfessionals.getTime());
  return facts.readAt.getTime() >= latest;
}
