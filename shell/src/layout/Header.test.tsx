import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderShell } from '../test/render-shell';

describe('header', () => {
  test('the language picker shows the other two codes in upper case, each linking to the same page', () => {
    renderShell('/en/laboratory?page=2');
    const picker = screen.getByRole('navigation', { name: 'Choose language' });
    const links = within(picker).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['FI', 'SV']);
    const fi = within(picker).getByRole('link', { name: /Suomeksi/ });
    expect(fi).toHaveAttribute('href', '/fi/laboratorio?page=2');
    expect(fi).toHaveAttribute('hreflang', 'fi');
    expect(fi).toHaveAttribute('lang', 'fi');
    expect(within(picker).getByRole('link', { name: /På svenska/ })).toHaveAttribute('href', '/sv/laboratorium?page=2');
  });

  test('an anonymous visitor gets a log-in button that comes back to this page', () => {
    renderShell('/fi/eula', { state: { lang: 'fi', user: null, session: null } });
    expect(screen.getByRole('link', { name: 'Kirjaudu sisään' })).toHaveAttribute('href', '/fi/kirjaudu?nextPath=%2Ffi%2Feula');
    expect(screen.queryByRole('button', { name: /Käyttäjävalikko/ })).not.toBeInTheDocument();
  });

  test('the user menu opens, offers log out, and Escape closes it back to its button', async () => {
    const user = userEvent.setup();
    renderShell('/en/laboratory');
    const header = screen.getByRole('banner');
    const button = within(header).getByRole('button', { name: 'User menu: Mikko Virtanen' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(within(header).queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // no my-information page in this environment's route table
    expect(within(header).queryByRole('link', { name: 'My information' })).not.toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Log out' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  test('the side menu marks the current page and links client-side', async () => {
    const user = userEvent.setup();
    renderShell('/en/laboratory');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Laboratory' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(menu).getByRole('link', { name: 'Visits' }));
    expect(window.location.pathname).toBe('/en/visits');
    expect(within(menu).getByRole('link', { name: 'Visits' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('the expired-session page has a minimal header, no menu and no footer', () => {
    renderShell('/en/expired-session?next=%2Fen%2Fvisits', { state: { user: null, session: null } });
    expect(screen.getByRole('heading', { level: 1, name: 'Your session has ended' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in again' })).toHaveAttribute('href', '/en/login?nextPath=%2Fen%2Fvisits');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  test('the footer has customer service, the call-charge note, app links and terms of use', () => {
    renderShell('/en/laboratory');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: '010 123 4567' })).toHaveAttribute('href', 'tel:0101234567');
    expect(within(footer).getByText(/Calls to 010 numbers are charged/)).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Download on the App Store' })).toHaveAttribute('href', 'https://apps.example.test/ios');
    expect(within(footer).getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/en/eula');
  });

  test('after a client-side navigation focus moves to the new page heading and its title is announced', async () => {
    const user = userEvent.setup();
    renderShell('/en/laboratory');
    await user.click(screen.getByRole('link', { name: 'Terms of use' }));
    const heading = screen.getByRole('heading', { level: 1, name: 'Terms of use' });
    expect(heading).toHaveFocus();
    expect(document.title).toBe('Terms of use – Patient portal');
    expect(screen.getByText('Terms of use – Patient portal')).toBeInTheDocument();
  });

  test('an unknown path shows the not-found page in the main area', () => {
    renderShell('/en/no-such-page');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the front page' })).toHaveAttribute('href', '/en');
  });

  test('a signed-in page without a user loads the login page with nextPath', () => {
    const { runtime } = renderShell('/en/visits?x=1', { state: { user: null, session: null } });
    expect(runtime.redirect).toHaveBeenCalledWith('/en/login?nextPath=%2Fen%2Fvisits%3Fx%3D1');
  });
});
