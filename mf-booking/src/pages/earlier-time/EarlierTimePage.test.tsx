import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { createFakeShell, pageState, renderWithShell, type FakeShell } from '../../../test/shell-fake';
import { movableAppointment } from '../change-time/test-fixtures';
import { EarlierTimePage } from './EarlierTimePage';

const ROUTE = 'booking.earlier-time';
const TOKEN = 'kV2shfo2sleoRazFvYvrjr56r5B-To14';

const current = movableAppointment;

const offerState = {
  status: 'ok',
  offer: {
    id: '77',
    startDate: '2026-11-27T10:00:00.000Z',
    durationMinutes: 30,
    clinic: { id: 'HP', name: 'Lääkärikeskus Hakaniemi', municipality: 'Helsinki', isRemote: false },
    isRemote: false,
    isVideo: false,
    practitionerName: 'Anna Lahtinen',
  },
  current,
  expiresAt: '2026-11-24T12:00:00.000Z',
};

function renderPage(state: unknown, shell: FakeShell = createFakeShell()) {
  shell.takeInitialPageState.mockImplementation((routeId) => (routeId === ROUTE ? pageState(routeId, state, { token: TOKEN }) : null));
  renderWithShell(
    <Routes>
      <Route path="/:lang/earlier-time/:token" element={<EarlierTimePage />} />
    </Routes>,
    shell,
    `/${shell.lang}/earlier-time/${TOKEN}`,
  );
  return shell;
}

describe('the earlier-time offer (beyond the spec)', () => {
  test('the offered time against the current one; taking it opens the new appointment', async () => {
    const user = userEvent.setup();
    const shell = renderPage(offerState);
    expect(screen.getByRole('heading', { level: 1, name: 'An earlier time is available' })).toBeInTheDocument();
    const offered = screen.getByRole('region', { name: 'Offered time' });
    expect(within(offered).getByText('27 November 2026 at 12:00')).toBeInTheDocument();
    expect(offered).toHaveTextContent('Anna Lahtinen · Lääkärikeskus Hakaniemi · 30 min');
    expect(within(screen.getByRole('region', { name: 'Your current time' })).getByText('10 December 2026 at 10:00')).toBeInTheDocument();
    expect(screen.getByText('The offer is valid until 24 November 2026 at 14:00. The first to take it gets it.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Keep my current time' })).toHaveAttribute('href', '/en/appointment/100042');

    shell.api.use({ [`POST /api/earlier-time/${TOKEN}`]: { type: 'success', appointmentId: '100099' } });
    await user.click(screen.getByRole('button', { name: 'Take this time' }));
    expect(shell.navigate).toHaveBeenCalledWith('/en/appointment/100099');
    expect(shell.toasts.show).toHaveBeenCalledWith({ kind: 'success', text: 'Your appointment was moved to 27 November 2026 at 12:00.' });
  });

  test('someone else was first, or the offer expired meanwhile: says so and the current time stays', async () => {
    const user = userEvent.setup();
    const shell = renderPage(offerState);
    shell.api.use({ [`POST /api/earlier-time/${TOKEN}`]: { type: 'appointmentNotAvailable' } });
    await user.click(screen.getByRole('button', { name: 'Take this time' }));
    expect(await screen.findByText('Someone else already took this time. Your current appointment stays as it was.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take this time' })).not.toBeInTheDocument();
    expect(shell.navigate).not.toHaveBeenCalled();
  });

  test('the loader says expired, taken or not found (in Finnish)', () => {
    const { lang } = renderPage({ status: 'offer-expired' }, createFakeShell({ lang: 'fi' }));
    expect(lang).toBe('fi');
    expect(screen.getByText('Tämä tarjous on vanhentunut. Nykyinen varauksesi pysyy ennallaan.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kaikki ajanvaraukset' })).toHaveAttribute('href', '/fi/ajanvaraukset');
  });

  test('not found and taken', () => {
    renderPage({ status: 'offer-not-found' });
    expect(screen.getByText('The offer was not found.')).toBeInTheDocument();
    renderPage({ status: 'offer-taken' });
    expect(screen.getByText('Someone else already took this time. Your current appointment stays as it was.')).toBeInTheDocument();
  });
});
