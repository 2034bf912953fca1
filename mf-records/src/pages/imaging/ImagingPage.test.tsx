import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeShell, pageState, renderWithShell } from '../../../test/shell-fake';
import { imagingState } from '../../../test/fixtures';
import { ImagingPage } from './ImagingPage';

describe('imaging page', () => {
  test('lists results with name or "No title", and date', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockResolvedValueOnce(pageState('records.imaging', imagingState));
    renderWithShell(<ImagingPage />, shell);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    const [named, untitled] = await screen.findAllByRole('listitem');
    expect(named).toHaveTextContent('Chest X-ray');
    expect(named).toHaveTextContent('20 February 2026');
    expect(untitled).toHaveTextContent('No title');
    expect(screen.getByRole('heading', { level: 1, name: 'Imaging results' })).toHaveFocus();
  });

  test('Finnish fallback title and dates', () => {
    const shell = createFakeShell({ lang: 'fi' });
    shell.takeInitialPageState.mockReturnValue(pageState('records.imaging', imagingState));
    renderWithShell(<ImagingPage />, shell);
    expect(screen.getByText('Ei otsikkoa')).toBeInTheDocument();
    expect(screen.getByText('20.2.2026')).toBeInTheDocument();
  });

  test('error with retry, and the empty text', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockRejectedValueOnce(new Error('x')).mockResolvedValueOnce(pageState('records.imaging', { results: [] }));
    renderWithShell(<ImagingPage />, shell);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have no imaging results.')).toBeInTheDocument();
  });
});
