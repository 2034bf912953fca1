import { screen } from '@testing-library/react';
import { createFakeShell, pageState } from '../../../test/shell-fake';
import { HELSINKI_NOW, imagingReferralState, renderRoute } from '../../../test/lab-fixtures';
import { ImagingReferralPage } from './ImagingReferralPage';

const ROUTE = 'records.imaging-referral';

function renderWithState(state: unknown, lang: 'fi' | 'sv' | 'en' = 'en') {
  const shell = createFakeShell({ lang });
  shell.takeInitialPageState.mockImplementation((routeId) => (routeId === ROUTE ? pageState(ROUTE, state, { id: '22' }) : null));
  const pattern = { fi: 'kuvantamislahete/:id', sv: 'bildbehandlingremiss/:id', en: 'imagingreferral/:id' }[lang];
  renderRoute(<ImagingReferralPage />, pattern, pattern.replace(':id', '22'), shell);
}

describe('imaging referral page', () => {
  beforeEach(() => jest.useFakeTimers({ now: HELSINKI_NOW }));
  afterEach(() => jest.useRealTimers());

  test('the referral, not valid once passed, without instructions when there are none; back to imaging', () => {
    renderWithState(imagingReferralState);
    expect(screen.getByRole('heading', { level: 1, name: 'Knee X-ray' })).toHaveFocus();
    expect(screen.getByText('Not valid')).toBeInTheDocument();
    expect(screen.getByText('Polven röntgenkuvaus seisten.')).toHaveAttribute('lang', 'fi');
    expect(screen.getByText('The description is available in Finnish only.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Instructions for the patient' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to imaging/ })).toHaveAttribute('href', '/en/imaging');
  });

  test('not found, in Finnish', () => {
    renderWithState({ status: 'not-found' }, 'fi');
    expect(screen.getByRole('heading', { level: 1, name: 'Lähetettä ei löytynyt' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Takaisin kuvantamiseen/ })).toHaveAttribute('href', '/fi/kuvantaminen');
  });

  test.each([
    ['fi', 'Etsi lähin kuvantamisyksikkö'],
    ['sv', 'Hitta närmaste bildbehandlingsenhet'],
    ['en', 'Find the nearest imaging centre'],
  ] as const)('links the brand\'s nearest imaging centre (%s)', (lang, name) => {
    renderWithState(imagingReferralState, lang);
    expect(screen.getByRole('link', { name })).toHaveAttribute('href', 'https://example.invalid/imaging');
  });
});
