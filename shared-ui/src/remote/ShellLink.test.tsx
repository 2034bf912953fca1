import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeShell, routeTableFor } from '../test-utils';
import { ShellProvider } from '../shell-context';
import { ShellLink } from './ShellLink';

const routes = routeTableFor('mf-test', [
  { id: 'records.prescriptions', paths: { fi: 'reseptit', sv: 'recept', en: 'prescriptions' }, kind: 'logged-in' },
  { id: 'records.visit', paths: { fi: 'kaynnit/:id', sv: 'besoken/:id', en: 'visits/:id' }, kind: 'logged-in' },
]);

describe('ShellLink', () => {
  test('links by route id and a plain click navigates through the shell', async () => {
    const shell = createFakeShell(routes, { lang: 'fi' });
    render(
      <ShellProvider value={shell}>
        <ShellLink routeId="records.visit" params={{ id: 'v1' }}>
          Käynti
        </ShellLink>
      </ShellProvider>,
    );
    const link = screen.getByRole('link', { name: 'Käynti' });
    expect(link).toHaveAttribute('href', '/fi/kaynnit/v1');
    await userEvent.click(link);
    expect(shell.navigate).toHaveBeenCalledWith('/fi/kaynnit/v1');
  });

  test('a hash names a place on the page, in the href and in the navigation', async () => {
    const shell = createFakeShell(routes, { lang: 'fi' });
    render(
      <ShellProvider value={shell}>
        <ShellLink routeId="records.prescriptions" hash="prescription-p 1">
          Thyroxin
        </ShellLink>
      </ShellProvider>,
    );
    const link = screen.getByRole('link', { name: 'Thyroxin' });
    expect(link).toHaveAttribute('href', '/fi/reseptit#prescription-p%201');
    await userEvent.click(link);
    expect(shell.navigate).toHaveBeenCalledWith('/fi/reseptit#prescription-p%201');
  });
});
