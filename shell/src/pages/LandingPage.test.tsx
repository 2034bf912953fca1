import { act, screen, within } from '@testing-library/react';
import { renderShell } from '../test/render-shell';

const childrenBrand = { brand: 'children' as const, user: null, session: null };

/** The page's error notice (the layout's toast region has an alert region of its own). */
const notice = () => within(screen.getByRole('main')).getByRole('alert');

describe("children's-brand landing", () => {
  afterEach(() => jest.useRealTimers());

  test('offers own and child’s matters, with no menu or footer', () => {
    renderShell('/en/transaction-path', { state: childrenBrand });
    expect(screen.getByRole('heading', { level: 1, name: 'Choose whose matters you are handling' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /My own matters/ })).toHaveAttribute('href', '/en/login?nextPath=%2Fen');
    expect(screen.getByRole('link', { name: /My child's matters/ })).toHaveAttribute('href', '/en/login?nextPath=%2Fen&acting=guardian');
    expect(screen.getByText(/aged 12 and older/)).toBeInTheDocument();
    expect(screen.getByText(/aged 11 or younger/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Choose language' })).toBeInTheDocument();
  });

  test('does not exist on the adult brand', () => {
    renderShell('/en/transaction-path', { state: { user: null, session: null } });
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  test.each([
    ['disallowed', 'You cannot act on behalf of this person'],
    ['unknown', 'An unknown error has occurred'],
  ])('?error=%s shows an error notice in the page under the heading, and it stays', (error, text) => {
    jest.useFakeTimers();
    renderShell(`/en/transaction-path?error=${error}`, { state: childrenBrand });
    expect(notice()).toHaveTextContent(text);
    act(() => jest.advanceTimersByTime(60_000));
    expect(notice()).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: /My child's matters/ })).toBeInTheDocument();
  });

  test('the disallowed notice points to the authorisation service', () => {
    renderShell('/en/transaction-path?error=disallowed', { state: childrenBrand });
    expect(notice()).toHaveTextContent('Suomi.fi e-Authorizations');
  });

  test('no notice without an error, or for an error value it does not know', () => {
    renderShell('/en/transaction-path?error=something-else', { state: childrenBrand });
    expect(screen.getByRole('heading', { level: 1, name: 'Choose whose matters you are handling' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('alert')).not.toBeInTheDocument();
  });
});
