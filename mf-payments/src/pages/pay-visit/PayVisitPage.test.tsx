import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { Lang, PayVisitPageState } from '@portal/shared-api';
import { createFakeShell, pageState, renderWithShell, type FakeShell } from '../../../test/shell-fake';
import { PayVisitPage } from './PayVisitPage';

const PATHS: Record<Lang, string> = { en: '/en/pay-visit', fi: '/fi/maksa-kaynti', sv: '/sv/betala-besok' };

const state: PayVisitPageState = {
  ownVisitLinks: [
    { brand: 'adult', url: 'https://adult.example.invalid/fi/laskut' },
    { brand: 'children', url: 'https://children.example.invalid/fi/laskut' },
  ],
  childVisitUrl: 'https://adult.example.invalid/api/auth/guardian?next=%2Ffi%2Flaskut',
};

function setUp(lang: Lang = 'en', { search = '', shell = createFakeShell({ lang, user: null }) }: { search?: string; shell?: FakeShell } = {}) {
  shell.loadPage.mockResolvedValueOnce(pageState('payments.pay-visit', state));
  renderWithShell(
    <Routes>
      <Route path={PATHS[lang]} element={<PayVisitPage />} />
    </Routes>,
    shell,
    `${PATHS[lang]}${search}`,
  );
  return shell;
}

describe('pay visit, the invoice notification landing (spec part 2 §2.3, §1)', () => {
  test('asks whose visit to pay: the own visit at either brand, or a child’s through the guardian’s identification', async () => {
    const shell = setUp();
    expect(shell.loadPage).toHaveBeenCalledWith('payments.pay-visit', {}, expect.any(AbortSignal));
    expect(screen.getByRole('heading', { level: 1, name: 'Pay for a visit' })).toBeInTheDocument();
    expect(await screen.findByText('Whose visit do you want to pay for?')).toBeInTheDocument();

    const own = screen.getByRole('region', { name: 'My own visit' });
    expect(within(own).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Visit to the adult clinic', 'https://adult.example.invalid/fi/laskut'],
      ['Visit to the children\'s clinic', 'https://children.example.invalid/fi/laskut'],
    ]);

    const child = screen.getByRole('region', { name: 'My child\'s visit (under 18)' });
    expect(within(child).getByText(/We check that you are the child's guardian/)).toBeInTheDocument();
    expect(within(child).getByRole('link', { name: 'Identify yourself and pay' })).toHaveAttribute('href', state.childVisitUrl);
  });

  test('only the brands the server lists are offered', async () => {
    const shell = createFakeShell({ user: null });
    shell.loadPage.mockResolvedValueOnce(pageState('payments.pay-visit', { ...state, ownVisitLinks: [state.ownVisitLinks[0]!] }));
    renderWithShell(
      <Routes>
        <Route path="/en/pay-visit" element={<PayVisitPage />} />
      </Routes>,
      shell,
      '/en/pay-visit',
    );
    const own = await screen.findByRole('region', { name: 'My own visit' });
    expect(within(own).getAllByRole('link').map((link) => link.textContent)).toEqual(['Visit to the adult clinic']);
  });

  test('§1: the merger info notice with the date in the page’s language', async () => {
    setUp();
    expect(await screen.findByText('Our clinics have merged')).toBeInTheDocument();
    expect(screen.getByText(/merged on 1 June 2025/)).toBeInTheDocument();
  });

  test('links to this page in the other two languages by the shell’s route paths, keeping the notification link’s query', async () => {
    setUp('en', { search: '?utm_source=invoice' });
    await screen.findByRole('region', { name: 'My own visit' });
    const languages = screen.getByRole('navigation', { name: 'Language' });
    expect(within(languages).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('lang')])).toEqual([
      ['Suomeksi', '/fi/maksa-kaynti?utm_source=invoice', 'fi'],
      ['På svenska', '/sv/betala-besok?utm_source=invoice', 'sv'],
    ]);
  });

  test('in Finnish: the texts, the date and the links to the Swedish and English pages', async () => {
    setUp('fi');
    expect(screen.getByRole('heading', { level: 1, name: 'Maksa käynti' })).toBeInTheDocument();
    expect(await screen.findByText('Kenen käynnin haluat maksaa?')).toBeInTheDocument();
    expect(screen.getByText(/yhdistyivät 1\.6\.2025/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Oma käyntini' })).getByRole('link', { name: 'Käynti lastenklinikalla' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tunnistaudu ja maksa' })).toHaveAttribute('href', state.childVisitUrl);
    const languages = screen.getByRole('navigation', { name: 'Kieli' });
    expect(within(languages).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/sv/betala-besok', '/en/pay-visit']);
  });

  test('in Swedish: the texts and the links to the Finnish and English pages', async () => {
    setUp('sv');
    expect(screen.getByRole('heading', { level: 1, name: 'Betala för ett besök' })).toBeInTheDocument();
    expect(await screen.findByText('Vems besök vill du betala för?')).toBeInTheDocument();
    expect(screen.getByText(/gick samman 1\.6\.2025/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Mitt barns besök (under 18 år)' })).toBeInTheDocument();
    const languages = screen.getByRole('navigation', { name: 'Språk' });
    expect(within(languages).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/fi/maksa-kaynti', '/en/pay-visit']);
  });

  test('a failed load shows the error view with a retry; the language links stay usable meanwhile', async () => {
    const shell = createFakeShell({ user: null });
    shell.loadPage.mockRejectedValueOnce(new Error('offline'));
    setUp('en', { shell });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('navigation', { name: 'Language' })).toBeInTheDocument();
    await userEvent.click(retry);
    expect(await screen.findByRole('region', { name: 'My own visit' })).toBeInTheDocument();
  });
});
