import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@portal/shared-api';
import { createFakeShell, pageState } from '../../../test/shell-fake';
import { HELSINKI_NOW, laboratoryReferralState, renderRoute } from '../../../test/lab-fixtures';
import { LaboratoryReferralPage } from './LaboratoryReferralPage';

const ROUTE = 'records.laboratory-referral';
const PATTERNS = { fi: 'laboratoriolahete/:id', sv: 'laboratorieremiss/:id', en: 'laboratoryreferral/:id' } as const;

function renderWithState(state: unknown, lang: 'fi' | 'sv' | 'en' = 'en') {
  const shell = createFakeShell({ lang });
  shell.takeInitialPageState.mockImplementation((routeId) => (routeId === ROUTE ? pageState(ROUTE, state, { id: '11' }) : null));
  renderRoute(<LaboratoryReferralPage />, PATTERNS[lang], PATTERNS[lang].replace(':id', '11'), shell);
  return shell;
}

/** The definition list's value for a term. */
function fact(term: string) {
  const terms = screen.getAllByRole('term');
  const found = terms.find((t) => t.textContent === term);
  if (!found?.nextElementSibling) throw new Error(`no ${term}`);
  return found.nextElementSibling as HTMLElement;
}

describe('laboratory referral page', () => {
  beforeEach(() => jest.useFakeTimers({ now: HELSINKI_NOW }));
  afterEach(() => jest.useRealTimers());

  test('title, creation date, validity with its label, practitioner, the Finnish description, instructions', () => {
    renderWithState(laboratoryReferralState);
    expect(screen.getByRole('heading', { level: 1, name: 'Lipid control' })).toHaveFocus();
    expect(fact('Created')).toHaveTextContent('6 May 2026');
    expect(fact('Validity')).toHaveTextContent('Valid until 29 May 2026');
    expect(fact('Validity')).toHaveTextContent('Expires in 3 weeks');
    expect(fact('Referring practitioner')).toHaveTextContent('Riikka RantanenEndocrinologist');
    expect(within(fact('Referring practitioner')).getByTestId('avatar-initials')).toHaveTextContent('RR');
    const description = screen.getByRole('region', { name: 'Description' });
    expect(within(description).getByText('The description is available in Finnish only.')).toBeInTheDocument();
    expect(within(description).getByText('Rasva-arvojen kontrolli paastonäytteenä.')).toHaveAttribute('lang', 'fi');
    expect(screen.getByRole('link', { name: 'Instructions for the patient' })).toHaveAttribute('href', 'https://example.invalid/instructions');
    expect(screen.getByRole('link', { name: /Back to laboratory results/ })).toHaveAttribute('href', '/en/laboratory');
  });

  test('in Finnish the description needs no note; in Swedish it has one', () => {
    renderWithState(laboratoryReferralState, 'fi');
    expect(screen.getByText('Rasva-arvojen kontrolli paastonäytteenä.')).toBeInTheDocument();
    expect(screen.queryByText('Kuvaus on saatavilla vain suomeksi.')).not.toBeInTheDocument();
    expect(fact('Voimassaolo')).toHaveTextContent('Voimassa 29.5.2026 asti');
    expect(screen.getByRole('link', { name: /Takaisin laboratoriotuloksiin/ })).toHaveAttribute('href', '/fi/laboratorio');
  });

  test('Swedish: the Finnish-only note', () => {
    renderWithState(laboratoryReferralState, 'sv');
    expect(screen.getByText('Beskrivningen finns endast på finska.')).toBeInTheDocument();
    expect(fact('Giltighet')).toHaveTextContent('Giltig till 29.5.2026');
  });

  test("an expired referral is 'Not valid'", () => {
    if (laboratoryReferralState.status !== 'ok') throw new Error('fixture');
    renderWithState({ status: 'ok', referral: { ...laboratoryReferralState.referral, validUntil: '2026-05-10' } });
    expect(fact('Validity')).toHaveTextContent(/^Not valid$/);
  });

  test('not found: the heading says so, with a text', () => {
    renderWithState({ status: 'not-found' });
    expect(screen.getByRole('heading', { level: 1, name: 'Referral was not found' })).toHaveFocus();
    expect(screen.getByText('The referral may have been removed, or it belongs to someone else.')).toBeInTheDocument();
  });

  test('client-side: asks with the id; a 404 is not found; a failure offers a retry', async () => {
    jest.useRealTimers();
    const shell = createFakeShell();
    // shared-api's loadPage answers the loader's 404 with its not-found page state
    shell.loadPage.mockResolvedValueOnce(pageState(ROUTE, { status: 'not-found' }, { id: '99' }));
    renderRoute(<LaboratoryReferralPage />, PATTERNS.en, 'laboratoryreferral/99', shell);
    expect(await screen.findByRole('heading', { level: 1, name: 'Referral was not found' })).toBeInTheDocument();
    expect(shell.loadPage).toHaveBeenCalledWith(ROUTE, { id: '99' }, expect.any(AbortSignal));

    const failing = createFakeShell();
    failing.loadPage.mockRejectedValueOnce(new ApiError({ kind: 'network' })).mockResolvedValueOnce(pageState(ROUTE, laboratoryReferralState, { id: '11' }));
    renderRoute(<LaboratoryReferralPage />, PATTERNS.en, 'laboratoryreferral/11', failing);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lipid control' })).toBeInTheDocument();
  });

  test.each([
    ['fi', 'Etsi lähin laboratorio'],
    ['sv', 'Hitta närmaste laboratorium'],
    ['en', 'Find the nearest laboratory'],
  ] as const)('links the brand\'s nearest laboratory (%s)', (lang, name) => {
    renderWithState(laboratoryReferralState, lang);
    expect(screen.getByRole('link', { name })).toHaveAttribute('href', 'https://example.invalid/lab');
  });
});
