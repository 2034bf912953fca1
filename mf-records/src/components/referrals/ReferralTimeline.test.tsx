import { screen, within } from '@testing-library/react';
import type { ReferralListItem } from '@portal/shared-api';
import { createFakeShell, renderWithShell } from '../../../test/shell-fake';
import { ReferralTimeline } from './ReferralTimeline';

// 00:30 on 11 May 2026 in Helsinki (summer time, UTC+3) is still 10 May in UTC.
const HELSINKI_AFTER_MIDNIGHT = new Date('2026-05-10T21:30:00Z');

const referral = (validUntil: string): ReferralListItem => ({
  id: '1',
  type: 'laboratory',
  title: 'Lipid control',
  creationDate: '2026-01-05',
  validUntil,
  practitioner: { id: '7', name: 'Riikka Rantanen', title: null, pictureUrl: null },
});

function validityOf(validUntil: string, lang: 'fi' | 'en' = 'en') {
  const { unmount } = renderWithShell(
    <ReferralTimeline referrals={[referral(validUntil)]} routeId="records.laboratory-referral" titleId="records.laboratory.referrals.title" emptyId="records.laboratory.referrals.empty" />,
    createFakeShell({ lang }),
  );
  const row = within(screen.getByRole('list')).getByRole('listitem');
  // the row's text after the title and the practitioner
  const text = row.textContent?.replace(/^.*?Riikka Rantanen/, '').replace(/(5\.1\.2026|5 January 2026)$/, '');
  unmount();
  return text;
}

describe('referral validity in the timeline (spec part 1 §2 "Timeline lists", §9), today in Europe/Helsinki', () => {
  beforeEach(() => jest.useFakeTimers({ now: HELSINKI_AFTER_MIDNIGHT }));
  afterEach(() => jest.useRealTimers());

  test.each([
    ['2026-05-11', 'Valid until 11 May 2026 · Expires today'],
    ['2026-05-12', 'Valid until 12 May 2026 · Expires tomorrow'],
    ['2026-05-15', 'Valid until 15 May 2026 · Expires in 4 days'],
    // 7 < days < 27: in weeks
    ['2026-05-19', 'Valid until 19 May 2026 · Expires in a week'],
    ['2026-05-25', 'Valid until 25 May 2026 · Expires in 2 weeks'],
    ['2026-06-06', 'Valid until 6 June 2026 · Expires in 4 weeks'],
    ['2026-06-10', 'Valid until 10 June 2026 · Expires in a month'],
    // more than 30 days away: the date only
    ['2026-06-11', 'Valid until 11 June 2026'],
    // its last day was yesterday in Helsinki, though still today in UTC
    ['2026-05-10', 'Not valid'],
  ])('valid until %s reads "%s"', (validUntil, text) => {
    expect(validityOf(validUntil)).toBe(text);
  });

  test('in Finnish', () => {
    expect(validityOf('2026-05-12', 'fi')).toBe('Voimassa 12.5.2026 asti · Päättyy huomenna');
    expect(validityOf('2026-05-10', 'fi')).toBe('Ei voimassa');
  });

  test('the title links to the referral page, told apart from same-titled ones by its date', () => {
    renderWithShell(
      <ReferralTimeline referrals={[referral('2026-06-11')]} routeId="records.imaging-referral" titleId="records.imaging.referrals.title" emptyId="records.imaging.referrals.empty" />,
      createFakeShell(),
    );
    expect(screen.getByRole('region', { name: 'Imaging referrals' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lipid control, Created 5 January 2026' })).toHaveAttribute('href', '/en/imagingreferral/1');
  });

  test('no referrals: the empty text', () => {
    renderWithShell(
      <ReferralTimeline referrals={[]} routeId="records.imaging-referral" titleId="records.imaging.referrals.title" emptyId="records.imaging.referrals.empty" />,
      createFakeShell(),
    );
    expect(screen.getByText('You have no imaging referrals.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
