import { screen, within } from '@testing-library/react';
import { identificationMethods } from '@portal/shared-api';
import { renderShell } from '../test/render-shell';

const anonymous = { user: null, session: null };

function authenticateParams(href: string | null) {
  const url = new URL(href ?? '', 'https://portal.test');
  expect(url.pathname).toBe('/oauth/authenticate');
  return Object.fromEntries(url.searchParams);
}

describe('login page', () => {
  test('every identification method links to /oauth/authenticate with lang, next and acr_values', () => {
    renderShell('/sv/logga-in?nextPath=%2Fsv%2Frecept', { state: { ...anonymous, lang: 'sv' } });
    expect(screen.getByRole('heading', { level: 1, name: 'Logga in' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Identifieringssätt' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(identificationMethods.length);
    for (const method of identificationMethods) {
      const link = within(list).getByRole('link', { name: method.name });
      expect(authenticateParams(link.getAttribute('href'))).toEqual({ lang: 'sv', next: '/sv/recept', acr_values: method.id });
    }
  });

  test('without a same-site nextPath the user comes back to the front page', () => {
    renderShell('/en/login?nextPath=https%3A%2F%2Fevil.test', { state: anonymous });
    const link = screen.getByRole('link', { name: 'Nordea' });
    expect(authenticateParams(link.getAttribute('href')).next).toBe('/en');
  });

  test('?error=identification-failed shows the error', () => {
    renderShell('/en/login?error=identification-failed', { state: anonymous });
    const alert = screen.getAllByRole('alert').find((element) => element.textContent?.includes('Identification failed'));
    expect(alert).toBeDefined();
    expect(alert).toHaveTextContent('Try to identify yourself again');
  });

  test('the guardian marker from the landing is passed on', () => {
    renderShell('/en/login?nextPath=%2Fen&acting=guardian', { state: anonymous });
    expect(screen.getByText("Identify yourself as the guardian to handle your child's matters.")).toBeInTheDocument();
    expect(authenticateParams(screen.getByRole('link', { name: 'OP' }).getAttribute('href'))).toEqual({
      lang: 'en',
      next: '/en',
      acr_values: 'op',
      acting: 'guardian',
    });
  });
});
