import { asc, eq } from 'drizzle-orm';
import { isSubstituteCurrentOrUpcoming, type TeamMember, type TeamPageState } from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { personById } from '../../patients/index';
import { occupationalTeamMembers, occupationalTeams } from '../schema';

/** The page's route id, also the audit action of its read. */
export const TEAM_ROUTE_ID = 'account.team';

type MemberRow = typeof occupationalTeamMembers.$inferSelect;

/**
 * One member as the page shows it: the substitute and the absence period only while the period is
 * going on or ahead of `today` (Helsinki); a past absence, or half a substitute, is not shown.
 */
export function toTeamMember(row: MemberRow, today: string): TeamMember {
  const period = row.substituteName && row.substituteFrom && row.substituteTo ? { from: row.substituteFrom, to: row.substituteTo } : null;
  const shown = period && period.from <= period.to && isSubstituteCurrentOrUpcoming(period, today) ? period : null;
  return { id: row.id, name: row.name, substituteName: shown ? row.substituteName : null, substitutePeriod: shown };
}

/**
 * account.team (spec part 2 §2.4, §3 Occupational info): the employer and the responsible doctors and
 * nurses of `subjectPersonId`, in their order; 'no-team' for a person who is not an occupational
 * health customer or has no team on record (a guardian acting for a child meets this too). The caller
 * audits the read.
 */
export async function loadTeamPage(db: Database, subjectPersonId: string, today: string): Promise<TeamPageState> {
  const person = await personById(db, subjectPersonId);
  if (!person?.occupationalHealthcare) return { status: 'no-team' };
  const [team] = await db.select({ employerName: occupationalTeams.employerName }).from(occupationalTeams).where(eq(occupationalTeams.personId, subjectPersonId));
  if (!team) return { status: 'no-team' };
  const members = await db
    .select()
    .from(occupationalTeamMembers)
    .where(eq(occupationalTeamMembers.personId, subjectPersonId))
    .orderBy(asc(occupationalTeamMembers.role), asc(occupationalTeamMembers.position), asc(occupationalTeamMembers.name));
  return {
    status: 'ok',
    employerName: team.employerName,
    responsibleDoctors: members.filter((row) => row.role === 'doctor').map((row) => toTeamMember(row, today)),
    responsibleNurses: members.filter((row) => row.role === 'nurse').map((row) => toTeamMember(row, today)),
  };
}
