import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, helsinkiToday } from '@portal/shared-i18n';
import { createFakeShell, renderWithShell } from '../../test/shell-fake';
import { Avatar, initialsOf } from './Avatar';
import { Timeline, TimelineItem, Validity } from './Timeline';
import { relativeDate } from './TimelineDates';

describe('Timeline', () => {
  test('an item shows its avatar, title, subtitle, date and content, as a named list', () => {
    renderWithShell(
      <Timeline label="Certificates">
        <TimelineItem avatar={<Avatar name="Anna Lääkäri" />} title="Medical certificate A" subtitle="Anna Lääkäri" date="3 Nov 2026" dateTime="2026-11-03">
          <p>Sick leave</p>
        </TimelineItem>
      </Timeline>,
    );
    const item = within(screen.getByRole('list', { name: 'Certificates' })).getByRole('listitem');
    expect(within(item).getByTestId('avatar-initials')).toHaveTextContent('AL');
    expect(item).toHaveTextContent('Medical certificate A');
    expect(item).toHaveTextContent('Sick leave');
    expect(item.querySelector('time')).toHaveAttribute('datetime', '2026-11-03');
    expect(within(item).queryByRole('link')).not.toBeInTheDocument();
  });

  test('a linked item: the title is a link by route id that navigates through the shell', async () => {
    const shell = createFakeShell();
    renderWithShell(
      <Timeline>
        <TimelineItem title="Health survey" link={{ routeId: 'records.questionnaire', params: { id: '12' } }} highlighted />
      </Timeline>,
      shell,
    );
    const link = screen.getByRole('link', { name: 'Health survey' });
    expect(link).toHaveAttribute('href', '/en/questionnaires/12');
    await userEvent.click(link);
    expect(shell.navigate).toHaveBeenCalledWith('/en/questionnaires/12');
    expect(screen.getByRole('listitem').className).toContain('highlighted');
  });

  test('validity: valid until with a label within 30 days, no label further away, not valid once passed', () => {
    const today = '2026-11-23';
    const validity = (validUntil: string) => {
      const { container, unmount } = renderWithShell(<Validity validUntil={validUntil} today={today} />, createFakeShell({ lang: 'fi' }));
      const text = container.textContent;
      unmount();
      return text;
    };
    expect(validity('2026-11-26')).toBe('Voimassa 26.11.2026 asti · Päättyy 3 päivän kuluttua');
    expect(validity('2027-06-01')).toBe('Voimassa 1.6.2027 asti');
    expect(validity('2026-11-23')).toBe('Voimassa 23.11.2026 asti · Päättyy tänään');
    expect(validity('2026-11-22')).toBe('Ei voimassa');
  });

  test('an item with validUntil shows its validity against today', () => {
    renderWithShell(<TimelineItem title="Boostrix" validUntil={addDays(helsinkiToday(), 10)} />);
    expect(screen.getByRole('listitem')).toHaveTextContent('Valid until');
    expect(screen.getByRole('listitem')).toHaveTextContent('Expires in a week');
  });
});

describe('Avatar', () => {
  test('initials when there is no picture, a neutral figure without a name', () => {
    expect(initialsOf('Anna Maria Lääkäri')).toBe('AL');
    expect(initialsOf('Cher')).toBe('C');
    expect(initialsOf('  ')).toBe('');
    const { rerender } = renderWithShell(<Avatar name="tiina mattila" pictureUrl={null} />);
    expect(screen.getByTestId('avatar-initials')).toHaveTextContent('TM');
    rerender(<Avatar name={null} />);
    expect(screen.getByTestId('avatar-placeholder')).toHaveAttribute('aria-hidden', 'true');
  });

  test('a picture is decorative, and falls back to initials when it fails to load', () => {
    const { container } = renderWithShell(<Avatar name="Anna Lääkäri" pictureUrl="https://example.invalid/anna.jpg" />);
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('alt', '');
    fireEvent.error(img as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('avatar-initials')).toHaveTextContent('AL');
  });
});

describe('relative dates of the timelines (spec part 1 §9)', () => {
  const now = new Date('2026-11-23T12:00:00+02:00');
  test.each([
    ['2026-11-23T11:15:00+02:00', 'en', '45 min ago'],
    ['2026-11-23T02:00:00+02:00', 'en', '10 hr ago'],
    ['2026-11-22T02:00:00+02:00', 'en', 'yesterday'],
    ['2026-11-20T12:00:00+02:00', 'en', '20 November 2026'],
    ['2026-11-22T02:00:00+02:00', 'fi', 'eilen'],
    ['2026-11-23', 'en', 'today'],
    ['2026-11-22', 'sv', 'i går'],
    ['2026-11-21', 'fi', '21.11.2026'],
    ['2026-03-02', 'en', '2 March 2026'],
  ] as const)('%s in %s reads %s', (value, lang, expected) => {
    expect(relativeDate(value, lang, now)).toBe(expected);
  });
});
