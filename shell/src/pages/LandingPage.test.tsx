import { act, screen } from '@testing-library/react';
import { renderShell } from '../test/render-shell';

const childrenBrand = { brand: 'children' as const, user: null, session: null };

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
  ])('?error=%s shows an error toast for 20 seconds', (error, text) => {
    jest.useFakeTimers();
    renderShell(`/en/transaction-path?error=${error}`, { state: childrenBrand });
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    act(() => jest.advanceTimersByTime(19_999));
    expect(screen.getByText(text)).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });

  test('the disallowed toast points to the authorisation service', () => {
    renderShell('/en/transaction-path?error=disallowed', { state: childrenBrand });
    expect(screen.getByRole('alert')).toHaveTextContent('Suomi.fi e-Authorizations');
  });
});
