import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeShell, pageState, renderWithShell } from '../../../test/shell-fake';
import { prescriptionsState } from '../../../test/fixtures';
import { PrescriptionsPage } from './PrescriptionsPage';

describe('prescriptions page', () => {
  test('loading, then the list: renewable ones say so, others say the medicine cannot be renewed', async () => {
    const shell = createFakeShell();
    let answer: (value: ReturnType<typeof pageState>) => void = () => {};
    shell.loadPage.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderWithShell(<PrescriptionsPage />, shell);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByRole('heading', { level: 1, name: 'Prescriptions' })).toHaveFocus();
    answer(pageState('records.prescriptions', prescriptionsState));
    const [renewable, notRenewable] = await screen.findAllByRole('listitem');
    expect(renewable).toHaveTextContent('Thyroxin 50 mikrog');
    expect(renewable).toHaveTextContent('Can be renewed');
    expect(renewable).toHaveTextContent('Issued 5 January 2026');
    expect(notRenewable).toHaveTextContent('Oxynorm 5 mg');
    expect(notRenewable).toHaveTextContent('Lääkettä ei voi uusia');
  });

  test.each(['fi', 'sv', 'en'] as const)('the non-renewable text is the spec\'s Finnish text in %s', (lang) => {
    const shell = createFakeShell({ lang });
    shell.takeInitialPageState.mockReturnValue(pageState('records.prescriptions', prescriptionsState));
    renderWithShell(<PrescriptionsPage />, shell);
    expect(screen.getByText('Lääkettä ei voi uusia')).toBeInTheDocument();
  });

  test('error with retry, and the empty text', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockRejectedValueOnce(new Error('500')).mockResolvedValueOnce(pageState('records.prescriptions', { prescriptions: [] }));
    renderWithShell(<PrescriptionsPage />, shell);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have no prescriptions.')).toBeInTheDocument();
  });
});
