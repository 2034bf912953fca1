import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeShell, mountRecordsApp, pageState } from '../test/shell-fake';
import { imagingState } from '../test/fixtures';

describe('records app (./app)', () => {
  test('renders the page of the current path from the route table, in the current language, its heading focused', async () => {
    const shell = createFakeShell({ lang: 'sv' });
    shell.takeInitialPageState.mockReturnValue(pageState('records.imaging', imagingState));
    await mountRecordsApp(shell, '/sv/bildbehandling');
    expect(screen.getByRole('heading', { level: 1, name: 'Bildbehandlingsresultat' })).toHaveFocus();
    expect(screen.getByText('Ingen rubrik')).toBeInTheDocument();
  });

  test('renders nothing on a path of another remote', async () => {
    const { host } = await mountRecordsApp(createFakeShell({ lang: 'fi' }), '/fi/viestit');
    expect(host).toBeEmptyDOMElement();
  });

  test('a page that throws shows the error view, and its retry renders the page again', async () => {
    const shell = createFakeShell();
    shell.takeInitialPageState.mockImplementation(() => {
      throw new Error('boom');
    });
    shell.loadPage.mockResolvedValue(pageState('records.visits', { visits: [] }));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    await mountRecordsApp(shell, '/en/visits');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Apologies! Something went wrong...');
    expect(shell.errors.report).toHaveBeenCalledWith(expect.any(Error), 'mf-records');

    shell.takeInitialPageState.mockReturnValue(null);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Visits' })).toHaveFocus();
    expect(await screen.findByText('You have no visits.')).toBeInTheDocument();
  });
});
