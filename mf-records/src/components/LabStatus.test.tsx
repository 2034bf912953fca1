import { screen } from '@testing-library/react';
import { createFakeShell, renderWithShell } from '../../test/shell-fake';
import { LabStatus } from './LabStatus';

test.each([
  ['fi', true, 'Valmis'],
  ['fi', false, 'Kesken'],
  ['sv', true, 'Klar'],
  ['sv', false, 'Väntar'],
  ['en', true, 'Ready'],
  ['en', false, 'Pending'],
] as const)('lab date status in %s (ready %s) reads "%s"', (lang, isReady, text) => {
  renderWithShell(<LabStatus isReady={isReady} />, createFakeShell({ lang }));
  expect(screen.getByText(text)).toBeInTheDocument();
});
