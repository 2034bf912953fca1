import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@portal/shared-api';
import { createFakeShell, pageState } from '../../../test/shell-fake';
import { imagingResultState, renderRoute } from '../../../test/lab-fixtures';
import { ImagingResultPage } from './ImagingResultPage';

const ROUTE = 'records.imaging-result';
const DATE = '2026-02-20';

function renderWithState(state: unknown, lang: 'fi' | 'en' = 'en') {
  const shell = createFakeShell({ lang });
  shell.takeInitialPageState.mockImplementation((routeId) => (routeId === ROUTE ? pageState(ROUTE, state, { date: DATE }) : null));
  const segment = lang === 'fi' ? 'kuvantaminen' : 'imaging';
  renderRoute(<ImagingResultPage />, `${segment}/:date`, `${segment}/${DATE}`, shell);
  return shell;
}

describe('imaging result page', () => {
  test("every result of the date: name (or 'No title'), imaging date, statement (or 'No doctor's statement')", () => {
    renderWithState(imagingResultState);
    expect(screen.getByRole('heading', { level: 1, name: 'Imaging results 20 February 2026' })).toHaveFocus();
    const [named, untitled] = screen.getAllByRole('article');
    expect(within(named!).getByRole('heading', { level: 2, name: 'Chest X-ray' })).toBeInTheDocument();
    expect(named).toHaveTextContent('Imaging date: 20 February 2026');
    expect(within(named!).getByRole('heading', { level: 3, name: "Doctor's statement" })).toBeInTheDocument();
    expect(within(named!).getByText('Lungs clear.')).toBeInTheDocument();
    expect(within(untitled!).getByRole('heading', { level: 2, name: 'No title' })).toBeInTheDocument();
    expect(within(untitled!).getByText("No doctor's statement")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to imaging/ })).toHaveAttribute('href', '/en/imaging');
  });

  test("temporary-api-error shows the error header 'This section is temporarily unavailable.' with a retry", async () => {
    const shell = renderWithState({ status: 'temporary-api-error' });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'This section is temporarily unavailable.' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    shell.loadPage.mockResolvedValueOnce(pageState(ROUTE, imagingResultState, { date: DATE }));
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Lungs clear.')).toBeInTheDocument();
    expect(shell.loadPage).toHaveBeenCalledWith(ROUTE, { date: DATE }, expect.any(AbortSignal));
  });

  test("not-found: 'Results were not found'", () => {
    renderWithState({ status: 'not-found' });
    expect(screen.getByText('Results were not found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Imaging results' })).toBeInTheDocument();
  });

  test('client-side 404 is the not-found text, other failures the error view', async () => {
    const shell = createFakeShell();
    // shared-api's loadPage answers the loader's 404 with its not-found page state
    shell.loadPage.mockResolvedValueOnce(pageState(ROUTE, { status: 'not-found' }, { date: DATE }));
    renderRoute(<ImagingResultPage />, 'imaging/:date', `imaging/${DATE}`, shell);
    expect(await screen.findByText('Results were not found')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    const other = createFakeShell();
    other.loadPage.mockRejectedValueOnce(new ApiError({ kind: 'http', status: 500 }));
    renderRoute(<ImagingResultPage />, 'imaging/:date', `imaging/${DATE}`, other);
    expect(await screen.findByRole('alert')).toHaveTextContent('Apologies! Something went wrong...');
  });

  test('Finnish texts and dates', () => {
    renderWithState(imagingResultState, 'fi');
    expect(screen.getByRole('heading', { level: 1, name: 'Kuvantamistulokset 20.2.2026' })).toBeInTheDocument();
    expect(screen.getByText('Ei otsikkoa')).toBeInTheDocument();
    expect(screen.getByText('Ei lääkärin lausuntoa')).toBeInTheDocument();
    for (const article of screen.getAllByRole('article')) expect(article).toHaveTextContent('Kuvantamispäivä: 20.2.2026');
  });
});
