import { useRef, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEditModeFocus } from './useEditModeFocus';
import { useLifetimeSignal } from './useLifetimeSignal';

describe('useLifetimeSignal', () => {
  test('the signal is live while the component is shown and aborted once it goes away', () => {
    let getSignal: () => AbortSignal | undefined = () => undefined;
    function Probe() {
      getSignal = useLifetimeSignal();
      return null;
    }
    const { unmount } = render(<Probe />);
    const signal = getSignal();
    expect(signal).toBeDefined();
    expect(signal?.aborted).toBe(false);
    unmount();
    expect(signal?.aborted).toBe(true);
  });
});

describe('useEditModeFocus', () => {
  function Block() {
    const [mode, setMode] = useState<'read' | 'edit' | 'saving'>('read');
    const editButton = useRef<HTMLButtonElement>(null);
    const firstInput = useRef<HTMLInputElement>(null);
    useEditModeFocus(mode, editButton, firstInput);
    return mode === 'read' ? (
      <button ref={editButton} onClick={() => setMode('edit')}>
        Edit
      </button>
    ) : (
      <>
        <input ref={firstInput} aria-label="Street address" />
        <button onClick={() => setMode('read')}>Cancel</button>
      </>
    );
  }

  test('editing puts the focus in the first field; cancelling returns it to Edit', async () => {
    const user = userEvent.setup();
    render(<Block />);
    expect(screen.getByRole('button', { name: 'Edit' })).not.toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('textbox', { name: 'Street address' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus();
  });

  test('the first render moves no focus', () => {
    act(() => {
      render(<Block />);
    });
    expect(document.body).toHaveFocus();
  });
});
