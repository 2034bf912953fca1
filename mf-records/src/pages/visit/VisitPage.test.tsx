import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { mockFailure } from '@portal/shared-api/mock';
import { createFakeShell, mountRecordsApp, pageState, renderWithShell, type FakeShell } from '../../../test/shell-fake';
import { visitOkState, visitReport } from '../../../test/prescription-fixtures';
import { VisitPage } from './VisitPage';

const ROUTE = 'records.visit';

function renderVisit(state: unknown, shell: FakeShell = createFakeShell(), path = `/${shell.lang}/visits/7`) {
  if (state !== undefined) shell.takeInitialPageState.mockImplementation((routeId) => (routeId === ROUTE ? pageState(routeId, state) : null));
  renderWithShell(
    <Routes>
      <Route path="/:lang/visits/:id" element={<VisitPage />} />
      <Route path="/:lang/kaynnit/:id" element={<VisitPage />} />
    </Routes>,
    shell,
    path,
  );
  return shell;
}

describe('visit page', () => {
  test('asks the loader for the id of its path, with a spinner, and focuses the heading', () => {
    const shell = renderVisit(undefined);
    expect(shell.loadPage).toHaveBeenCalledWith(ROUTE, { id: '7' }, expect.any(AbortSignal));
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByRole('heading', { level: 1, name: 'Medical report' })).toHaveFocus();
  });

  test('shows the medical report: when, who, specialty, the patient, diagnoses and texts', () => {
    renderVisit(visitOkState);
    const report = screen.getByRole('article', { name: 'General practice' });
    expect(within(report).getByText('10 May 2026 at 15:00')).toHaveAttribute('datetime', '2026-05-10T12:00:00.000Z');
    expect(report).toHaveTextContent('Professional: Anna Lahtinen, Yleislääkäri');
    expect(within(report).getByTestId('avatar-initials')).toHaveTextContent('AL');

    const patient = screen.getByRole('region', { name: 'Patient' });
    expect(within(patient).getByText('Name').nextElementSibling).toHaveTextContent('Mikko Virtanen');
    expect(within(patient).getByText('Personal identity code').nextElementSibling).toHaveTextContent('150385-9013');

    const diagnoses = within(screen.getByRole('region', { name: 'Diagnoses' })).getAllByRole('listitem');
    expect(diagnoses.map((item) => item.textContent)).toEqual(['I10 Essentiaalinen verenpainetauti', 'E78.0 Puhdas hyperkolesterolemia']);

    const notes = screen.getByRole('region', { name: 'Notes' });
    expect(within(notes).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Tulosyy', 'Hoitosuunnitelma']);
    // plain text with its line breaks, never markup
    const body = within(notes).getByText(/Verenpaineen seuranta/);
    expect(body.textContent).toBe('Verenpaineen seuranta.\nKotimittauksissa keskimäärin 148/92.');
    expect(within(notes).getByText(/Elintapaohjaus/).textContent).toBe('<b>1.</b> Elintapaohjaus.\n2. Kontrolli.');
    expect(notes.querySelector('b')).toBeNull();
  });

  test('a picture when the practitioner has one; texts and diagnoses may be missing', () => {
    renderVisit({
      status: 'ok',
      visit: { ...visitReport, practitionerPictureUrl: 'https://example.invalid/anna.jpg', practitionerTitle: null, diagnoses: [], texts: [] },
    });
    expect(screen.queryByTestId('avatar-initials')).not.toBeInTheDocument();
    expect(document.querySelector('img[src="https://example.invalid/anna.jpg"]')).toHaveAttribute('alt', '');
    expect(screen.getByText('No diagnoses were recorded.')).toBeInTheDocument();
    expect(screen.getByText('No notes were written.')).toBeInTheDocument();
  });

  test('prints from its print button', async () => {
    const print = jest.spyOn(window, 'print').mockImplementation(() => {});
    renderVisit(visitOkState);
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  test("visit-not-found: 'Visit was not found' and the way back to the visits", () => {
    renderVisit({ status: 'visit-not-found' });
    expect(screen.getByText('Visit was not found')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Back to visits' });
    expect(links.every((link) => link.getAttribute('href') === '/en/visits')).toBe(true);
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  test('visit-not-found also after client-side navigation, where the loader answers 404', async () => {
    const shell = createFakeShell();
    // shared-api's loadPage answers the loader's 404 with its not-found page state
    shell.loadPage.mockResolvedValueOnce(pageState('records.visit', { status: 'visit-not-found' }));
    renderVisit(undefined, shell);
    expect(await screen.findByText('Visit was not found')).toBeInTheDocument();
  });

  test('a load error offers a retry; a state off the contract is an error too', async () => {
    const shell = createFakeShell();
    shell.loadPage
      .mockRejectedValueOnce(mockFailure({ kind: 'network' }))
      .mockResolvedValueOnce(pageState(ROUTE, { status: 'ok', visit: { id: 7 } }))
      .mockResolvedValueOnce(pageState(ROUTE, visitOkState));
    renderVisit(undefined, shell);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'General practice' })).toBeInTheDocument();
  });

  test('in Finnish, routed by the remote from /fi/kaynnit/:id', async () => {
    const shell = createFakeShell({ lang: 'fi' });
    shell.takeInitialPageState.mockImplementation((routeId) => (routeId === ROUTE ? pageState(routeId, visitOkState, { id: '7' }) : null));
    await mountRecordsApp(shell, '/fi/kaynnit/7');
    expect(screen.getByRole('heading', { level: 1, name: 'Käyntikertomus' })).toBeInTheDocument();
    expect(screen.getByText('Henkilötunnus').nextElementSibling).toHaveTextContent('150385-9013');
    expect(screen.getByText('10.5.2026 15:00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Takaisin käynteihin/ })).toHaveAttribute('href', '/fi/kaynnit');
  });
});
