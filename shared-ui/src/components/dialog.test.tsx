import { useRef, useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog, type DialogProps } from './Dialog';

function Harness(props: Pick<DialogProps, 'initialFocus' | 'closeLabel'> & { removeOpener?: boolean }) {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState(1);
  const fallback = useRef<HTMLParagraphElement>(null);
  return (
    <>
      {!(props.removeOpener && open) && (
        <button type="button" onClick={() => setOpen(true)}>
          Sign out
        </button>
      )}
      {/* where focus goes when the opener has gone */}
      <p ref={fallback} tabIndex={-1}>
        Outcome
      </p>
      {open && (
        <Dialog
          title="Sign out?"
          description="Your session ends."
          onDismiss={() => setOpen(false)}
          fallbackFocus={() => fallback.current}
          initialFocus={props.initialFocus}
          closeLabel={props.closeLabel}
          actions={
            <>
              <button type="button" onClick={() => setOpen(false)}>
                Cancel
              </button>
              {step === 1 && (
                <button type="button" onClick={() => setStep(2)}>
                  Next
                </button>
              )}
            </>
          }
        />
      )}
    </>
  );
}

describe('Dialog', () => {
  test('opens with focus on its first control, keeps Tab inside, and Escape closes it with focus back on the opener', async () => {
    const user = userEvent.setup();
    render(<Harness initialFocus="first-control" />);
    const opener = screen.getByRole('button', { name: 'Sign out' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Sign out?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Your session ends.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Next' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  test('a flow dialog takes the focus itself, and its close button closes it', async () => {
    const user = userEvent.setup();
    render(<Harness closeLabel="Close" />);
    const opener = screen.getByRole('button', { name: 'Sign out' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Sign out?' });
    expect(dialog).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  test('when the focused control goes with its step, focus stays in the dialog', async () => {
    const user = userEvent.setup();
    render(<Harness initialFocus="first-control" />);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out?' });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(dialog).toHaveFocus();
  });

  test('when the opener has gone, focus goes to the fallback as the dialog closes', async () => {
    const user = userEvent.setup();
    render(<Harness removeOpener />);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Outcome')).toHaveFocus();
  });
});
