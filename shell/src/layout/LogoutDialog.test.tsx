import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderShell } from '../test/render-shell';

async function openLogout() {
  const user = userEvent.setup();
  const header = screen.getByRole('banner');
  await user.click(within(header).getByRole('button', { name: /User menu/ }));
  await user.click(within(header).getByRole('button', { name: 'Log out' }));
  return user;
}

describe('logout', () => {
  test('asks first; cancel (or Escape) keeps the session', async () => {
    const { runtime } = renderShell('/en/visits');
    const user = await openLogout();
    const dialog = screen.getByRole('dialog', { name: 'Log out?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await openLogout();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(runtime.api.logout).not.toHaveBeenCalled();
    expect(runtime.redirect).not.toHaveBeenCalled();
  });

  test('focus stays inside the dialog', async () => {
    renderShell('/en/visits');
    const user = await openLogout();
    const dialog = screen.getByRole('dialog');
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Log out' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  test('confirm logs out through the API and loads the login page', async () => {
    const { runtime } = renderShell('/en/visits');
    const user = await openLogout();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(runtime.redirect).toHaveBeenCalledWith('/en/login'));
    expect(runtime.api.logout).toHaveBeenCalledTimes(1);
  });

  test('a failed logout says so and keeps the user on the page', async () => {
    const { runtime } = renderShell('/en/visits', { api: { logout: jest.fn().mockRejectedValue(new Error('offline')) } });
    const user = await openLogout();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Logging out failed. Please try again.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(runtime.redirect).not.toHaveBeenCalled();
  });
});
