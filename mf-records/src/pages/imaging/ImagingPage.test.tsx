import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeShell, pageState, renderWithShell } from '../../../test/shell-fake';
import { HELSINKI_NOW, imagingState } from '../../../test/lab-fixtures';
import { ImagingPage } from './ImagingPage';

describe('imaging page', () => {
  afterEach(() => jest.useRealTimers());

  test('lists results with name or "No title", and date, each linking to its result page', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockResolvedValueOnce(pageState('records.imaging', imagingState));
    renderWithShell(<ImagingPage />, shell);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    const list = await screen.findByRole('list', { name: 'Imaging results' });
    const [named, untitled] = within(list).getAllByRole('listitem');
    expect(named).toHaveTextContent('Chest X-ray');
    expect(named).toHaveTextContent('20 February 2026');
    expect(within(named!).getByRole('link', { name: 'Chest X-ray, 20 February 2026' })).toHaveAttribute('href', '/en/imaging/2026-02-20');
    expect(untitled).toHaveTextContent('No title');
    const untitledLink = within(untitled!).getByRole('link', { name: 'No title, 20 January 2026' });
    expect(untitledLink).toHaveAttribute('href', '/en/imaging/2026-01-20');
    expect(screen.getByRole('heading', { level: 1, name: 'Imaging results' })).toHaveFocus();
    await userEvent.click(untitledLink);
    expect(shell.navigate).toHaveBeenCalledWith('/en/imaging/2026-01-20');
  });

  test('imaging referrals with validity, and the nearest imaging centre of the brand', () => {
    jest.useFakeTimers({ now: HELSINKI_NOW });
    const shell = createFakeShell();
    shell.takeInitialPageState.mockReturnValue(pageState('records.imaging', imagingState));
    renderWithShell(<ImagingPage />, shell);
    const section = screen.getByRole('region', { name: 'Imaging referrals' });
    const [tomorrow, expired] = within(within(section).getByRole('list', { name: 'Imaging referrals' })).getAllByRole('listitem');
    expect(tomorrow).toHaveTextContent('Valid until 12 May 2026');
    expect(tomorrow).toHaveTextContent('Expires tomorrow');
    expect(within(tomorrow!).getByRole('link', { name: /^Shoulder ultrasound/ })).toHaveAttribute('href', '/en/imagingreferral/21');
    expect(expired).toHaveTextContent('Not valid');
    expect(within(section).getByRole('link', { name: 'Find the nearest imaging centre' })).toHaveAttribute('href', 'https://example.invalid/imaging');
  });

  test('Finnish fallback title, dates and paths', () => {
    const shell = createFakeShell({ lang: 'fi' });
    shell.takeInitialPageState.mockReturnValue(pageState('records.imaging', imagingState));
    renderWithShell(<ImagingPage />, shell);
    expect(screen.getByText('Ei otsikkoa')).toBeInTheDocument();
    expect(screen.getByText('20.2.2026', { selector: 'time' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chest X-ray, 20.2.2026' })).toHaveAttribute('href', '/fi/kuvantaminen/2026-02-20');
    expect(screen.getByRole('link', { name: /^Knee X-ray/ })).toHaveAttribute('href', '/fi/kuvantamislahete/22');
  });

  test('error with retry, and the empty texts', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockRejectedValueOnce(new Error('x')).mockResolvedValueOnce(pageState('records.imaging', { results: [], referrals: [] }));
    renderWithShell(<ImagingPage />, shell);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have no imaging results.')).toBeInTheDocument();
    expect(screen.getByText('You have no imaging referrals.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find the nearest imaging centre' })).toBeInTheDocument();
  });
});
