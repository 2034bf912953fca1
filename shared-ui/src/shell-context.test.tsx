import { render, screen } from '@testing-library/react';
import { ShellProvider, useShell, type ShellContextValue } from './shell-context';

function Language() {
  return <p>{useShell().lang}</p>;
}

test('useShell reads the context the shell provides', () => {
  const value = { lang: 'sv' } as ShellContextValue; // only the field this test reads
  render(
    <ShellProvider value={value}>
      <Language />
    </ShellProvider>,
  );
  expect(screen.getByText('sv')).toBeInTheDocument();
});

test('useShell outside the shell says how to fix it', () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  expect(() => render(<Language />)).toThrow(/outside the shell context/);
});
