import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FrontPageState } from '@portal/shared-api';
import { createFakeShell, mountSummaryParcel, pageState } from '../../test/shell-fake';
import { emptySummary, summaryFixture } from '../../test/fixtures';

function block(name: string) {
  return screen.getByRole('region', { name });
}

describe('records summary parcel', () => {
  test('shows the blocks in the spec order, at most three items each', async () => {
    await mountSummaryParcel(createFakeShell(), summaryFixture);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Visits',
      'Prescriptions',
      'Laboratory results',
      'Questionnaires',
      'Imaging results',
    ]);
    const visits = block('Visits');
    expect(within(visits).getAllByRole('listitem')).toHaveLength(3);
    expect(within(visits).getByText('Endocrinology')).toBeInTheDocument();
    expect(within(visits).getByText('10 May 2026 at 15:00 · Anna Lääkäri')).toBeInTheDocument();
    expect(within(visits).queryByText('Physiotherapy')).not.toBeInTheDocument();
  });

  test('prescriptions show medicine, strength and issued date, and the renew link when renewal is possible', async () => {
    await mountSummaryParcel(createFakeShell(), summaryFixture);
    const prescriptions = block('Prescriptions');
    expect(within(prescriptions).getByText('Thyroxin 50 mikrog')).toBeInTheDocument();
    expect(within(prescriptions).getByText('Issued 5 January 2026')).toBeInTheDocument();
    expect(within(prescriptions).getByRole('link', { name: 'Renew prescriptions' })).toHaveAttribute('href', '/en/prescriptions');
  });

  test('each prescription opens the prescriptions list at it (#prescription-<id>), through the shell', async () => {
    const shell = createFakeShell({ lang: 'fi' });
    await mountSummaryParcel(shell, summaryFixture);
    const prescriptions = block('Reseptit');
    expect(within(prescriptions).getByRole('link', { name: 'Thyroxin 50 mikrog' })).toHaveAttribute('href', '/fi/reseptit#prescription-p1');
    expect(within(prescriptions).getByRole('link', { name: 'Burana 400 mg' })).toHaveAttribute('href', '/fi/reseptit#prescription-p2');
    // the block's own links still open the list at its top
    expect(within(prescriptions).getByRole('link', { name: 'Näytä kaikki reseptit' })).toHaveAttribute('href', '/fi/reseptit');
    await userEvent.click(within(prescriptions).getByRole('link', { name: 'Burana 400 mg' }));
    expect(shell.navigate).toHaveBeenCalledWith('/fi/reseptit#prescription-p2');
  });

  test('no renew link when prescriptions cannot be renewed', async () => {
    await mountSummaryParcel(createFakeShell(), { ...summaryFixture, canRenewPrescriptions: false });
    expect(screen.queryByRole('link', { name: 'Renew prescriptions' })).not.toBeInTheDocument();
  });

  test('laboratory shows each date with its tests and a status in words', async () => {
    await mountSummaryParcel(createFakeShell(), summaryFixture);
    const items = within(block('Laboratory results')).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('2 April 2026');
    expect(items[0]).toHaveTextContent('Blood count, TSH');
    expect(items[0]).toHaveTextContent('Pending');
    expect(items[1]).toHaveTextContent('CRP');
    expect(items[1]).toHaveTextContent('Ready');
  });

  test('imaging falls back to "No title"; questionnaires show sent date and answered or open', async () => {
    await mountSummaryParcel(createFakeShell(), summaryFixture);
    const imaging = block('Imaging results');
    expect(within(imaging).getByText('Chest X-ray')).toBeInTheDocument();
    expect(within(imaging).getByText('No title')).toBeInTheDocument();
    const [open, answered] = within(block('Questionnaires')).getAllByRole('listitem');
    expect(open).toHaveTextContent('Health survey');
    expect(open).toHaveTextContent('Sent 1 May 2026');
    expect(open).toHaveTextContent('Open');
    expect(answered).toHaveTextContent('Answered');
  });

  test('each block links to its list page and navigates through the shell', async () => {
    const shell = createFakeShell({ lang: 'fi' });
    await mountSummaryParcel(shell, summaryFixture);
    const links: Array<[string, string]> = [
      ['Näytä kaikki käynnit', '/fi/kaynnit'],
      ['Näytä kaikki reseptit', '/fi/reseptit'],
      ['Näytä kaikki laboratoriotulokset', '/fi/laboratorio'],
      ['Näytä kaikki kyselyt', '/fi/kyselyt'],
      ['Näytä kaikki kuvantamistulokset', '/fi/kuvantaminen'],
    ];
    for (const [name, href] of links) expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    await userEvent.click(screen.getByRole('link', { name: 'Näytä kaikki laboratoriotulokset' }));
    expect(shell.navigate).toHaveBeenCalledWith('/fi/laboratorio');
  });

  test.each([
    ['fi', ['/fi/kaynnit/', '/fi/reseptit', '/fi/laboratoriotulos/', '/fi/kyselyt/', '/fi/kuvantaminen/']],
    ['sv', ['/sv/besoken/', '/sv/recept', '/sv/laboratorieresultat/', '/sv/rundfraga/', '/sv/bildbehandling/']],
    ['en', ['/en/visits/', '/en/prescriptions', '/en/laboratoryresult/', '/en/questionnaires/', '/en/imaging/']],
  ] as const)('every row of every block opens its item (%s)', async (lang, prefixes) => {
    const shell = createFakeShell({ lang });
    await mountSummaryParcel(shell, summaryFixture);
    const regions = screen.getAllByRole('region');
    regions.forEach((region, index) => {
      const rows = within(region).getAllByRole('listitem');
      for (const row of rows) {
        const link = within(row).getByRole('link');
        expect(link.getAttribute('href')).toMatch(new RegExp(`^${prefixes[index]}`));
      }
    });
    const firstVisit = within(regions[0]!).getAllByRole('listitem')[0]!;
    await userEvent.click(within(firstVisit).getByRole('link'));
    expect(shell.navigate).toHaveBeenCalledWith(within(firstVisit).getByRole('link').getAttribute('href'));
  });

  test('empty blocks show their own texts and the questionnaires block is hidden', async () => {
    await mountSummaryParcel(createFakeShell(), emptySummary);
    expect(within(block('Visits')).getByText('You have no visits yet.')).toBeInTheDocument();
    expect(within(block('Prescriptions')).getByText('You have no prescriptions.')).toBeInTheDocument();
    expect(within(block('Laboratory results')).getByText('You have no laboratory results.')).toBeInTheDocument();
    expect(within(block('Imaging results')).getByText('You have no imaging results.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Questionnaires' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Renew prescriptions' })).not.toBeInTheDocument();
  });

  test('a missing summary shows one error whose retry reloads the front page state', async () => {
    const shell = createFakeShell();
    const reloaded: FrontPageState = { firstName: 'Mikko', summaries: { 'mf-records': summaryFixture } };
    shell.loadPage.mockResolvedValueOnce(pageState('front-page', reloaded));
    await mountSummaryParcel(shell, undefined);
    expect(screen.getByRole('alert')).toHaveTextContent('Your health records could not be loaded.');
    expect(screen.queryByRole('heading', { name: 'Visits' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    // the retry's code is a chunk of its own, so the state is asked for once that chunk has arrived
    expect(await screen.findByRole('heading', { name: 'Visits' })).toBeInTheDocument();
    expect(shell.loadPage).toHaveBeenCalledWith('front-page', {}, expect.any(AbortSignal));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a failed retry shows the error again', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockRejectedValueOnce(new Error('Network Error'));
    await mountSummaryParcel(shell, undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(shell.errors.report).toHaveBeenCalled();
  });
});
