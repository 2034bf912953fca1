import { isSubstituteCurrentOrUpcoming } from './team';
import { pageStateSchema as teamPageStateSchema } from './states/team';

describe('occupational health team contract (spec part 2 §2.4, §3 Occupational info)', () => {
  const member = { id: '1', name: 'Anna Lahtinen', substituteName: null, substitutePeriod: null };

  test('an ok state has the employer and the responsible doctors and nurses; a substitute has a period', () => {
    const ok = teamPageStateSchema.safeParse({
      status: 'ok',
      employerName: 'Lentoyhtiö Oy',
      responsibleDoctors: [member],
      responsibleNurses: [{ ...member, id: '2', substituteName: 'Pekka Ojala', substitutePeriod: { from: '2026-11-20', to: '2026-12-04' } }],
    });
    expect(ok.success).toBe(true);
  });

  test('a period that ends before it starts, a bad date or a missing employer is refused', () => {
    const base = { status: 'ok', employerName: 'Lentoyhtiö Oy', responsibleNurses: [] };
    const backwards = teamPageStateSchema.safeParse({ ...base, responsibleDoctors: [{ ...member, substituteName: 'X', substitutePeriod: { from: '2026-12-04', to: '2026-11-20' } }] });
    expect(backwards.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['responsibleDoctors.0.substitutePeriod.to']);
    expect(teamPageStateSchema.safeParse({ ...base, responsibleDoctors: [{ ...member, substitutePeriod: { from: '20.11.2026', to: '2026-12-04' } }] }).success).toBe(false);
    expect(teamPageStateSchema.safeParse({ ...base, employerName: '', responsibleDoctors: [] }).success).toBe(false);
  });

  test('the no-team and temporary-api-error states carry nothing else', () => {
    expect(teamPageStateSchema.parse({ status: 'no-team' })).toEqual({ status: 'no-team' });
    expect(teamPageStateSchema.parse({ status: 'temporary-api-error' })).toEqual({ status: 'temporary-api-error' });
    expect(teamPageStateSchema.safeParse({ status: 'maintenance' }).success).toBe(false);
  });

  test('a substitute is current or upcoming until the last day of the period', () => {
    const period = { from: '2026-11-20', to: '2026-12-04' };
    expect(isSubstituteCurrentOrUpcoming(period, '2026-11-01')).toBe(true);
    expect(isSubstituteCurrentOrUpcoming(period, '2026-11-24')).toBe(true);
    expect(isSubstituteCurrentOrUpcoming(period, '2026-12-04')).toBe(true);
    expect(isSubstituteCurrentOrUpcoming(period, '2026-12-05')).toBe(false);
  });
});
