import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_LOG_EXPORT_PATH, ACCESS_LOG_PATH, accessLogCategories, accessLogProfessionalRoles, accessLogRoles, type AccessLogEntry, type AccessLogPage, type DataAccessPageState } from '@portal/shared-api';
import { mockFailure, type MockRequest } from '@portal/shared-api/mock';
import { createFakeShell, pageState, renderWithShell } from '../../../test/shell-fake';
import { DataAccessPage } from './DataAccessPage';

const categories = ['visits', 'laboratory', 'messages', 'accessLog'] as const;

/** `count` rows, newest first, one minute apart, ids counting down from `newest`. */
function entries(count: number, newest: number, overrides: Partial<AccessLogEntry> = {}): AccessLogEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    id: String(newest - i),
    at: new Date(Date.UTC(2026, 10, 24, 6, 59 - i)).toISOString(),
    role: 'patient',
    byYou: true,
    categories: [categories[i % categories.length]!],
    ...overrides,
  }));
}

const logPage = (page: number, rows: AccessLogEntry[], totalCount: number): AccessLogPage => ({ entries: rows, page, pageSize: 25, totalCount, asOf: '61' });

const selfState = (log: AccessLogPage): DataAccessPageState => ({ subject: { kind: 'self' }, log });

function showState(state: DataAccessPageState, lang: 'en' | 'fi' | 'sv' = 'en') {
  const shell = createFakeShell({ lang });
  shell.takeInitialPageState.mockReturnValue(pageState('account.data-access', state));
  return renderWithShell(<DataAccessPage />, shell);
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('use of my data page', () => {
  test('loads its state, then lists who viewed what and when, in Helsinki time', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockResolvedValueOnce(
      pageState(
        'account.data-access',
        selfState(
          logPage(
            1,
            [
              { id: '3', at: '2026-11-24T06:05:00.000Z', role: 'patient', byYou: true, categories: ['accessLog'] },
              { id: '2', at: '2026-11-23T21:30:00.000Z', role: 'guardian', byYou: false, categories: ['laboratory'] },
              { id: '1', at: '2026-11-23T10:00:00.000Z', role: 'otherUser', byYou: false, categories: ['other'] },
            ],
            3,
          ),
        ),
      ),
    );
    renderWithShell(<DataAccessPage />, shell);
    expect(screen.getByRole('heading', { level: 1, name: 'Use of my data' })).toHaveFocus();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(shell.loadPage).toHaveBeenCalledWith('account.data-access', {}, expect.any(AbortSignal));

    const table = await screen.findByRole('table', { name: 'Views 1–3 of 3' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Time', 'Who', 'Data']);
    const [first, second, third] = bodyRows(table);
    expect(within(first as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['24 November 2026 at 8:05', 'You', 'Use of my data']);
    // 21:30 UTC is 23:30 in Helsinki (UTC+2 in November)
    expect(within(second as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '23 November 2026 at 23:30',
      'A guardian',
      'Laboratory results',
    ]);
    expect(third).toHaveTextContent('Another user of the service');
    expect(third).toHaveTextContent('Other health data');
    expect(within(first as HTMLElement).getByText(/8:05/).closest('time')).toHaveAttribute('dateTime', '2026-11-24T06:05:00.000Z');
    // one page: no pagination
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  test('the empty state', () => {
    showState(selfState(logPage(1, [], 0)), 'fi');
    expect(screen.getByText('Tietoja ei ole katsottu tässä palvelussa.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // the download is there all the same
    expect(screen.getByRole('link', { name: 'Lataa tietoni' })).toBeInTheDocument();
  });

  test('an error offers a retry; a state of another shape is an error', async () => {
    const shell = createFakeShell();
    shell.loadPage
      .mockResolvedValueOnce(pageState('account.data-access', { subject: { kind: 'self' }, log: { entries: [{ id: 1, action: 'records.visits' }] } }))
      .mockResolvedValueOnce(pageState('account.data-access', selfState(logPage(1, entries(2, 2), 2))));
    renderWithShell(<DataAccessPage />, shell);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Views 1–2 of 2' })).toBeInTheDocument();
  });

  test('pages 25 rows at a time with the shared pagination, asking the server for later pages as of page 1', async () => {
    const { shell } = showState(selfState(logPage(1, entries(25, 61), 61)));
    shell.api.use({
      [`GET ${ACCESS_LOG_PATH}`]: (request: MockRequest) => {
        const page = Number(request.searchParams.page);
        return logPage(page, entries(page === 3 ? 11 : 25, 61 - (page - 1) * 25, { categories: ['prescriptions'] }), 61);
      },
    });
    const table = screen.getByRole('table', { name: 'Views 1–25 of 61' });
    expect(bodyRows(table)).toHaveLength(25);
    const pagination = screen.getByRole('navigation', { name: 'Pages of the access log' });

    await userEvent.click(within(pagination).getByRole('button', { name: /^Next/ }));
    const second = await screen.findByRole('table', { name: 'Views 26–50 of 61' });
    expect(second).toHaveFocus();
    expect(bodyRows(second)[0]).toHaveTextContent('Prescriptions');
    expect(shell.api.calls.at(-1)).toMatchObject({ method: 'GET', path: ACCESS_LOG_PATH, searchParams: { page: '2', asOf: '61' } });

    await userEvent.click(within(screen.getByRole('navigation', { name: 'Pages of the access log' })).getByRole('button', { name: /3/ }));
    const third = await screen.findByRole('table', { name: 'Views 51–61 of 61' });
    expect(bodyRows(third)).toHaveLength(11);

    // back to page 1: the loader's page, without asking again
    const callsBefore = shell.api.calls.length;
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Pages of the access log' })).getByRole('button', { name: /1/ }));
    expect(await screen.findByRole('table', { name: 'Views 1–25 of 61' })).toHaveFocus();
    expect(shell.api.calls).toHaveLength(callsBefore);
  });

  test('a page that fails to load says so and can be tried again', async () => {
    const { shell } = showState(selfState(logPage(1, entries(25, 30), 30)));
    shell.api.use({ [`GET ${ACCESS_LOG_PATH}`]: mockFailure({ kind: 'network' }) });
    await userEvent.click(screen.getByRole('button', { name: /^Next/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The page of the access log could not be loaded.');
    // the page shown stays until another arrives
    expect(screen.getByRole('table', { name: 'Views 1–25 of 30' })).toBeInTheDocument();
    shell.api.use({ [`GET ${ACCESS_LOG_PATH}`]: logPage(2, entries(5, 5), 30) });
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Views 26–30 of 30' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('the download button links to the FHIR export in the page language, as a file', () => {
    for (const [lang, name] of [
      ['en', 'Download my data'],
      ['fi', 'Lataa tietoni'],
      ['sv', 'Ladda ner mina uppgifter'],
    ] as const) {
      const { unmount } = showState(selfState(logPage(1, entries(1, 1), 1)), lang);
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', `/api/account/data-export?lang=${lang}`);
      expect(link).toHaveAttribute('download');
      unmount();
    }
  });

  test("a guardian acting for the ward sees whose log it is, and the ward's download", () => {
    showState({ subject: { kind: 'ward', givenName: 'Ella' }, log: logPage(1, entries(2, 2, { role: 'guardian', byYou: true }), 2) });
    expect(screen.getByText('You are viewing the data of Ella.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Views 1–2 of 2' });
    expect(bodyRows(table)[0]).toHaveTextContent('You, as guardian');
    expect(screen.getByText(/Download the health records of Ella/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the data' })).toHaveAttribute('href', '/api/account/data-export?lang=en');
  });

  test('a healthcare professional (the staff messaging channels) is named as such in every language, never as another user', () => {
    for (const [lang, name] of [
      ['en', 'A healthcare professional'],
      ['fi', 'Terveydenhuollon ammattilainen'],
      ['sv', 'En yrkesutbildad person inom hälso- och sjukvården'],
    ] as const) {
      const { unmount } = showState(selfState(logPage(1, entries(1, 1, { role: 'professional', byYou: false, categories: ['messages'] }), 1)), lang);
      const [row] = bodyRows(screen.getByRole('table'));
      expect(within(row as HTMLElement).getAllByRole('cell')[1]).toHaveTextContent(new RegExp(`^${name}$`));
      expect(row).not.toHaveTextContent(/Another user|toinen käyttäjä|annan användare/);
      unmount();
    }
  });

  test('every category and role has a text in every language', () => {
    const kinds: AccessLogEntry[] = accessLogCategories.map((category, i) => ({ id: String(100 - i), at: '2026-11-24T06:00:00.000Z', role: 'patient' as const, byYou: i % 2 === 0, categories: [category] }));
    const readers: AccessLogEntry[] = [
      ...accessLogRoles.map((role, i) => ({ id: String(50 - i), at: '2026-11-24T06:00:00.000Z', role, byYou: false, categories: ['other' as const] })),
      ...accessLogProfessionalRoles.map((professionalRole, i) => ({
        id: String(30 - i),
        at: '2026-11-24T06:00:00.000Z',
        role: 'professional' as const,
        professionalRole,
        byYou: false,
        categories: ['messages' as const],
      })),
      { id: '20', at: '2026-11-24T06:00:00.000Z', role: 'patient', byYou: true, page: 'frontPage', categories: ['appointments', 'messages'] },
    ];
    for (const lang of ['en', 'fi', 'sv'] as const) {
      // a page holds 25 entries at most
      for (const all of [kinds, readers]) {
        const { unmount } = showState(selfState(logPage(1, all, all.length)), lang);
        const cells = screen.getAllByRole('cell');
        expect(cells).toHaveLength(all.length * 3);
        for (const cell of cells) expect(cell.textContent).not.toMatch(/account\.|^[a-z]+[A-Z][A-Za-z]*$|^(patient|guardian|other|doctor|nurse)$|\{/);
        unmount();
      }
    }
  });

  test('a page view is one row: the front page names itself and lists the kinds of data it read', () => {
    for (const [lang, page, kinds] of [
      ['en', 'Front page', ['Summary of health records', 'Messages', 'Appointments']],
      ['fi', 'Etusivu', ['Terveystietojen yhteenveto', 'Viestit', 'Ajanvaraukset']],
      ['sv', 'Startsidan', ['Sammandrag av hälsouppgifter', 'Meddelanden', 'Tidsbokningar']],
    ] as const) {
      const { unmount } = showState(
        selfState(
          logPage(
            1,
            [
              { id: '9', at: '2026-11-24T06:05:00.000Z', role: 'patient', byYou: true, categories: ['accessLog'] },
              { id: '8', at: '2026-11-24T06:04:00.000Z', role: 'patient', byYou: true, page: 'frontPage', categories: ['healthRecordSummary', 'messages', 'appointments'] },
              { id: '4', at: '2026-11-24T06:03:00.000Z', role: 'patient', byYou: true, categories: ['visits', 'laboratory'] },
            ],
            3,
          ),
        ),
        lang,
      );
      const [own, front, visit] = bodyRows(screen.getByRole('table'));
      expect(within(own as HTMLElement).queryByRole('list')).not.toBeInTheDocument();
      const frontData = within(front as HTMLElement).getAllByRole('cell')[2] as HTMLElement;
      expect(frontData).toHaveTextContent(new RegExp(`^${page}`));
      expect(within(frontData).getAllByRole('listitem').map((item) => item.textContent)).toEqual(kinds);
      // several kinds without a page: the list alone
      expect(within(visit as HTMLElement).getAllByRole('listitem')).toHaveLength(2);
      unmount();
    }
  });

  test("a professional's role is named when the log knows it", () => {
    for (const [lang, doctor, nurse] of [
      ['en', 'A doctor', 'A nurse'],
      ['fi', 'Lääkäri', 'Hoitaja'],
      ['sv', 'En läkare', 'En sjukskötare'],
    ] as const) {
      const { unmount } = showState(
        selfState(
          logPage(
            1,
            [
              { id: '2', at: '2026-11-24T06:05:00.000Z', role: 'professional', professionalRole: 'doctor', byYou: false, categories: ['messages'] },
              { id: '1', at: '2026-11-24T06:04:00.000Z', role: 'professional', professionalRole: 'nurse', byYou: false, categories: ['messages'] },
            ],
            2,
          ),
        ),
        lang,
      );
      const who = bodyRows(screen.getByRole('table')).map((row) => within(row).getAllByRole('cell')[1]?.textContent);
      expect(who).toEqual([doctor, nurse]);
      unmount();
    }
  });

  describe('the filter', () => {
    const filtered = (rows: AccessLogEntry[]) => logPage(1, rows, rows.length);

    test('asks the server for the kind of data and the days chosen, and clears back to the whole log', async () => {
      const { shell } = showState(selfState(logPage(1, entries(25, 61), 61)));
      shell.api.use({ [`GET ${ACCESS_LOG_PATH}`]: filtered(entries(3, 40, { categories: ['laboratory'] })) });
      const form = screen.getByRole('form', { name: 'Filter the log' });
      await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Kind of data' }), 'Laboratory results');
      fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2026-11-01' } });
      fireEvent.change(within(form).getByLabelText('To'), { target: { value: '2026-11-24' } });
      await userEvent.click(within(form).getByRole('button', { name: 'Show' }));

      const table = await screen.findByRole('table', { name: 'Views 1–3 of 3' });
      expect(table).toHaveFocus();
      expect(bodyRows(table).every((row) => within(row).getAllByRole('cell')[2]?.textContent === 'Laboratory results')).toBe(true);
      expect(shell.api.calls.at(-1)).toMatchObject({
        method: 'GET',
        path: ACCESS_LOG_PATH,
        searchParams: { page: '1', asOf: '61', categories: 'laboratory', from: '2026-11-01', to: '2026-11-24' },
      });
      // the CSV download takes the same filter
      expect(screen.getByRole('link', { name: 'Download the access log (CSV)' })).toHaveAttribute(
        'href',
        `${ACCESS_LOG_EXPORT_PATH}?lang=en&categories=laboratory&from=2026-11-01&to=2026-11-24`,
      );

      const calls = shell.api.calls.length;
      await userEvent.click(within(form).getByRole('button', { name: 'Clear the filter' }));
      expect(await screen.findByRole('table', { name: 'Views 1–25 of 61' })).toBeInTheDocument();
      expect(shell.api.calls).toHaveLength(calls);
      expect(within(form).getByRole('combobox', { name: 'Kind of data' })).toHaveValue('');
      expect(within(form).queryByRole('button', { name: 'Clear the filter' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Download the access log (CSV)' })).toHaveAttribute('href', `${ACCESS_LOG_EXPORT_PATH}?lang=en`);
    });

    test('a range that ends before it starts is refused at the "To" field, without asking the server', async () => {
      const { shell } = showState(selfState(logPage(1, entries(3, 3), 3)), 'fi');
      const form = screen.getByRole('form', { name: 'Rajaa katselukertoja' });
      fireEvent.change(within(form).getByLabelText('Alkaen'), { target: { value: '2026-11-24' } });
      fireEvent.change(within(form).getByLabelText('Asti'), { target: { value: '2026-11-01' } });
      await userEvent.click(within(form).getByRole('button', { name: 'Näytä' }));
      const to = within(form).getByLabelText('Asti');
      expect(to).toHaveFocus();
      expect(to).toHaveAttribute('aria-invalid', 'true');
      expect(to).toHaveAccessibleDescription('Tarkista päivämäärät: aikavälin loppu ei voi olla ennen sen alkua.');
      expect(shell.api.calls).toHaveLength(0);
    });

    test("the server's refusal of a filter (400) is said plainly; a filter that matches nothing says so", async () => {
      const { shell } = showState(selfState(logPage(1, entries(3, 3), 3)), 'sv');
      shell.api.use({ [`GET ${ACCESS_LOG_PATH}`]: mockFailure({ kind: 'validation', details: [{ path: 'from', message: 'Use a date from 1900-01-01 to 2200-12-31' }] }) });
      const form = screen.getByRole('form', { name: 'Filtrera loggen' });
      fireEvent.change(within(form).getByLabelText('Från'), { target: { value: '1800-01-01' } });
      await userEvent.click(within(form).getByRole('button', { name: 'Visa' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Filtret kunde inte användas. Kontrollera datumen och försök igen.');
      expect(shell.errors.report).not.toHaveBeenCalled();

      shell.api.use({ [`GET ${ACCESS_LOG_PATH}`]: filtered([]) });
      fireEvent.change(within(form).getByLabelText('Från'), { target: { value: '2020-01-01' } });
      await userEvent.click(within(form).getByRole('button', { name: 'Visa' }));
      expect(await screen.findByText('Inga visningar motsvarar filtret.')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Användningsloggens sidor' })).not.toBeInTheDocument();
      // the form stays, to try another filter
      expect(within(form).getByRole('button', { name: 'Ta bort filtret' })).toBeInTheDocument();
    });

    test('the log downloads as a CSV file in the page language', () => {
      for (const [lang, name] of [
        ['en', 'Download the access log (CSV)'],
        ['fi', 'Lataa käyttöloki (CSV)'],
        ['sv', 'Ladda ner användningsloggen (CSV)'],
      ] as const) {
        const { unmount } = showState(selfState(logPage(1, entries(1, 1), 1)), lang);
        const link = screen.getByRole('link', { name });
        expect(link).toHaveAttribute('href', `${ACCESS_LOG_EXPORT_PATH}?lang=${lang}`);
        expect(link).toHaveAttribute('download');
        unmount();
      }
    });
  });
});
