import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InitialState, SessionUser } from '@portal/shared-api';
import { initialState, routeTable } from '../test/fixtures';
import { renderShell } from '../test/render-shell';
import { accountRoutes } from './account-routes.testing';

// The header and side menu against mf-account's real routes.json and catalogues (spec part 2 §2.4).
const routes = [...routeTable(), ...accountRoutes()];
const mikko = initialState().user as SessionUser;
const aino: SessionUser = { ...mikko, firstName: 'Aino', lastName: 'Korhonen', occupationalHealthcare: true, features: ['is-finnair-sickness-fund-member'] };

function renderWithAccount(path: string, state: Partial<InitialState> = {}) {
  return renderShell(path, { state: { routes, ...state } });
}
const menu = () => screen.getByRole('navigation', { name: 'Main menu' });
const header = () => screen.getByRole('banner');

describe('the user menu', () => {
  test('holds My information, which opens the account page client-side and closes the menu', async () => {
    const user = userEvent.setup();
    const { runtime } = renderWithAccount('/en/visits');
    const button = within(header()).getByRole('button', { name: 'User menu: Mikko Virtanen' });
    await user.click(button);
    const link = within(header()).getByRole('link', { name: 'My information' });
    expect(link).toHaveAttribute('href', '/en/my-information');
    expect(within(header()).getByRole('button', { name: 'Log out' })).toBeVisible();
    await user.click(link);
    expect(window.location.pathname).toBe('/en/my-information');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(runtime.redirect).not.toHaveBeenCalled();
  });

  test('Log out asks first: focus moves into the dialog, Escape closes it and focus returns to the user menu', async () => {
    const user = userEvent.setup();
    const { runtime } = renderWithAccount('/en/visits');
    const button = within(header()).getByRole('button', { name: /User menu/ });
    await user.click(button);
    await user.click(within(header()).getByRole('button', { name: 'Log out' }));
    const dialog = screen.getByRole('dialog', { name: 'Log out?' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to log out of the service?');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(runtime.api.logout).not.toHaveBeenCalled();
  });

  test('confirming ends the session on the server and loads the login page in the page language', async () => {
    const user = userEvent.setup();
    const { runtime } = renderWithAccount('/sv/besoken', { lang: 'sv' });
    await user.click(within(header()).getByRole('button', { name: 'Användarmeny: Mikko Virtanen' }));
    await user.click(within(header()).getByRole('button', { name: 'Logga ut' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Vill du logga ut?' })).getByRole('button', { name: 'Logga ut' }));
    await waitFor(() => expect(runtime.redirect).toHaveBeenCalledWith('/sv/logga-in'));
    expect(runtime.api.logout).toHaveBeenCalledTimes(1);
  });
});

describe('the header’s info link', () => {
  test('a logged-in patient gets the Finnish help page, marked as Finnish, whatever the page language', () => {
    renderWithAccount('/en/visits');
    const info = within(header()).getByRole('link', { name: 'Ohjeita' });
    expect(info).toHaveAttribute('href', '/fi/ohjeita');
    expect(info).toHaveAttribute('hreflang', 'fi');
    expect(info).toHaveAttribute('lang', 'fi');
  });

  test('an anonymous visitor gets none, nor does an environment without the help page', () => {
    const anonymous = renderWithAccount('/en/eula', { user: null, session: null });
    expect(within(header()).queryByRole('link', { name: 'Ohjeita' })).not.toBeInTheDocument();
    anonymous.unmount();
    renderShell('/en/visits');
    expect(within(header()).queryByRole('link', { name: 'Ohjeita' })).not.toBeInTheDocument();
  });
});

describe('the side menu’s account entries', () => {
  test('a private customer: my information titled with the patient’s name and the use of my data; no team, fund or chat', async () => {
    const user = userEvent.setup();
    renderWithAccount('/en/visits');
    const myInformation = within(menu()).getByRole('link', { name: 'Mikko Virtanen' });
    expect(myInformation).toHaveAttribute('href', '/en/my-information');
    expect(within(menu()).getByRole('link', { name: 'Use of my data' })).toHaveAttribute('href', '/en/use-of-my-data');
    expect(within(menu()).queryByRole('link', { name: 'Occupational health care team' })).not.toBeInTheDocument();
    expect(within(menu()).queryByRole('heading', { name: 'Occupational health care' })).not.toBeInTheDocument();
    expect(within(menu()).queryByRole('link', { name: 'Sickness fund' })).not.toBeInTheDocument();
    expect(within(menu()).queryByRole('link', { name: 'Children\'s chat' })).not.toBeInTheDocument();
    await user.click(myInformation);
    expect(window.location.pathname).toBe('/en/my-information');
    expect(within(menu()).getByRole('link', { name: 'Mikko Virtanen' })).toHaveAttribute('aria-current', 'page');
  });

  test('in Finnish the entries have Finnish paths and labels', () => {
    renderWithAccount('/fi/kaynnit', { lang: 'fi' });
    const nav = screen.getByRole('navigation', { name: 'Päävalikko' });
    expect(within(nav).getByRole('link', { name: 'Mikko Virtanen' })).toHaveAttribute('href', '/fi/omat-tiedot');
    expect(within(nav).getByRole('link', { name: 'Tietojeni käyttö' })).toHaveAttribute('href', '/fi/tietojeni-kaytto');
  });

  test('an occupational customer and sickness fund member has the team and the sickness fund, each under its group', () => {
    renderWithAccount('/en/visits', { user: aino, features: ['sickness-fund-page'] });
    const occupational = within(menu()).getByRole('list', { name: 'Occupational health care' });
    expect(within(occupational).getByRole('link', { name: 'Occupational health care team' })).toHaveAttribute(
      'href',
      '/en/occupational-health-care-team',
    );
    const fund = within(menu()).getByRole('list', { name: 'Sickness fund' });
    expect(within(fund).getByRole('link', { name: 'Sickness fund' })).toHaveAttribute('href', '/en/sairauskassa');
    expect(within(menu()).getByRole('link', { name: 'Aino Korhonen' })).toBeInTheDocument();
  });

  test('the sickness fund needs both the environment’s page feature and the patient’s membership', () => {
    const memberOnly = renderWithAccount('/en/visits', { user: aino });
    expect(within(menu()).queryByRole('link', { name: 'Sickness fund' })).not.toBeInTheDocument();
    memberOnly.unmount();
    renderWithAccount('/en/visits', { user: { ...aino, features: [] }, features: ['sickness-fund-page'] });
    expect(within(menu()).queryByRole('link', { name: 'Sickness fund' })).not.toBeInTheDocument();
    expect(within(menu()).getByRole('link', { name: 'Occupational health care team' })).toBeInTheDocument();
  });

  test('the children’s brand: children’s chat with the pikkutsatti feature, and never the occupational team', () => {
    const children: Partial<InitialState> = { brand: 'children', config: { ...initialState().config, brand: 'children' }, user: aino };
    const without = renderWithAccount('/en/visits', children);
    expect(within(menu()).queryByRole('link', { name: 'Children\'s chat' })).not.toBeInTheDocument();
    without.unmount();
    renderWithAccount('/en/visits', { ...children, features: ['pikkutsatti'] });
    expect(within(menu()).getByRole('link', { name: 'Children\'s chat' })).toHaveAttribute('href', '/en/pikkutsatti');
    expect(within(menu()).queryByRole('link', { name: 'Occupational health care team' })).not.toBeInTheDocument();
  });

  test('a guardian acting for a child sees the child’s name on my information', () => {
    const leena: SessionUser = { ...mikko, firstName: 'Leena', lastName: 'Laine', actingFor: { firstName: 'Ella', lastName: 'Laine' } };
    renderWithAccount('/en/visits', { user: leena });
    expect(within(menu()).getByRole('link', { name: 'Ella Laine' })).toHaveAttribute('href', '/en/my-information');
    expect(within(menu()).queryByRole('link', { name: 'Leena Laine' })).not.toBeInTheDocument();
  });

  test('the small-screen log-out action opens the same confirmation and returns focus to itself', async () => {
    const user = userEvent.setup();
    renderWithAccount('/en/visits');
    const action = within(menu()).getByRole('button', { name: 'Log out' });
    expect(action.closest('li')).toHaveClass('shell-menu__item--small-screen-only');
    await user.click(action);
    expect(screen.getByRole('dialog', { name: 'Log out?' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(action).toHaveFocus();
  });
});
