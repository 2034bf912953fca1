import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CodeInput, emptyCode, type CodeInputKind } from './CodeInput';

interface HarnessProps {
  kind?: CodeInputKind;
  onComplete?: (code: string) => void;
  busy?: boolean;
  invalid?: boolean;
}

function Harness({ kind, onComplete = () => undefined, busy, invalid }: HarnessProps) {
  const [value, setValue] = useState(() => emptyCode(4));
  const [focusKey, setFocusKey] = useState(0);
  return (
    <>
      <CodeInput
        kind={kind}
        value={value}
        onValue={setValue}
        onComplete={onComplete}
        legend="Enter the code"
        boxLabel={(position, count) => `Box ${position} of ${count}`}
        describedBy={invalid ? 'code-error' : undefined}
        invalid={invalid}
        busy={busy}
        focusKey={focusKey}
      />
      {invalid && <p id="code-error">Wrong code</p>}
      <button type="button" onClick={() => setFocusKey((key) => key + 1)}>
        Try again
      </button>
    </>
  );
}

function renderCode(props: HarnessProps = {}) {
  const onComplete = jest.fn();
  render(<Harness onComplete={onComplete} {...props} />);
  const boxes = [1, 2, 3, 4].map((i) => screen.getByRole('textbox', { name: `Box ${i} of 4` }));
  const values = () => boxes.map((box) => (box as HTMLInputElement).value);
  return { onComplete, boxes, values };
}

describe('CodeInput, a one-time code (spec part 1 §5)', () => {
  test('four boxes named by the caller in a group named by its legend; the first offers the SMS code and has the focus', () => {
    const { boxes } = renderCode();
    expect(screen.getByRole('group', { name: 'Enter the code' })).toBeInTheDocument();
    expect(boxes[0]).toHaveAttribute('autocomplete', 'one-time-code');
    expect(boxes[1]).toHaveAttribute('autocomplete', 'off');
    expect(boxes.every((box) => box.getAttribute('inputmode') === 'numeric')).toBe(true);
    expect(boxes[0]).toHaveFocus();
  });

  test('a typed digit moves on, other characters are refused, and the fourth digit completes the code', async () => {
    const user = userEvent.setup();
    const { boxes, onComplete, values } = renderCode();
    await user.keyboard('a');
    expect(boxes[0]).toHaveValue('');
    expect(boxes[0]).toHaveFocus();
    await user.keyboard('1-2 3');
    expect(values()).toEqual(['1', '2', '3', '']);
    expect(boxes[3]).toHaveFocus();
    expect(onComplete).not.toHaveBeenCalled();
    await user.keyboard('4');
    expect(onComplete).toHaveBeenCalledWith('1234');
    expect(boxes[3]).toHaveFocus();
  });

  test('a pasted code fills every box, its spaces and dashes dropped', async () => {
    const user = userEvent.setup();
    const { boxes, onComplete, values } = renderCode();
    await user.click(boxes[0]!);
    await user.paste('12-3 4');
    expect(values()).toEqual(['1', '2', '3', '4']);
    expect(onComplete).toHaveBeenCalledWith('1234');
  });

  test('a code autofilled into the first box fills every box', () => {
    const { boxes, onComplete, values } = renderCode();
    // the phone's SMS code suggestion sets the whole code as the first box's value at once
    fireEvent.change(boxes[0]!, { target: { value: '5678' } });
    expect(values()).toEqual(['5', '6', '7', '8']);
    expect(onComplete).toHaveBeenCalledWith('5678');
  });

  test('Backspace clears a filled box and stays; in an empty box it moves back and clears the box before', async () => {
    const user = userEvent.setup();
    const { boxes, values } = renderCode();
    await user.keyboard('12');
    expect(boxes[2]).toHaveFocus();
    await user.click(boxes[1]!);
    await user.keyboard('{Backspace}');
    expect(values()).toEqual(['1', '', '', '']);
    expect(boxes[1]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(values()).toEqual(['', '', '', '']);
    expect(boxes[0]).toHaveFocus();
  });

  test('the arrow keys move between the boxes', async () => {
    const user = userEvent.setup();
    const { boxes } = renderCode();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(boxes[2]).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(boxes[1]).toHaveFocus();
  });

  test('while the code is checked the boxes are read-only and take nothing', async () => {
    const user = userEvent.setup();
    const { boxes, values } = renderCode({ busy: true });
    expect(boxes[0]).toHaveAttribute('readonly');
    await user.keyboard('1');
    await user.paste('1234');
    expect(values()).toEqual(['', '', '', '']);
  });

  test('a wrong code marks every box invalid, described by the error; a new focus key moves focus to the first box', async () => {
    const user = userEvent.setup();
    const { boxes } = renderCode({ invalid: true });
    expect(boxes.every((box) => box.getAttribute('aria-invalid') === 'true')).toBe(true);
    expect(screen.getByRole('group', { name: 'Enter the code' })).toHaveAccessibleDescription('Wrong code');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(boxes[0]).toHaveFocus();
  });
});

describe("CodeInput, an identity code's end part (spec part 2 §5)", () => {
  test('typing moves to the next box and the fourth completes the code; nothing offers an SMS code', async () => {
    const user = userEvent.setup();
    const { boxes, onComplete, values } = renderCode({ kind: 'identity-code-end' });
    expect(boxes.every((box) => box.getAttribute('autocomplete') === 'off')).toBe(true);
    expect(boxes[3]).toHaveAttribute('inputmode', 'text');
    await user.keyboard('9');
    expect(boxes[1]).toHaveFocus();
    await user.keyboard('01');
    expect(boxes[3]).toHaveFocus();
    expect(onComplete).not.toHaveBeenCalled();
    await user.keyboard('3');
    expect(onComplete).toHaveBeenCalledWith('9013');
    expect(values()).toEqual(['9', '0', '1', '3']);
  });

  test('a letter only in the fourth box, uppercased, and only a check letter; other characters are refused', async () => {
    const user = userEvent.setup();
    const { boxes, onComplete, values } = renderCode({ kind: 'identity-code-end' });
    await user.keyboard('a');
    expect(boxes[0]).toHaveValue('');
    expect(boxes[0]).toHaveFocus();
    await user.keyboard('12-3');
    expect(values().slice(0, 3)).toEqual(['1', '2', '3']);
    await user.keyboard('g');
    expect(boxes[3]).toHaveValue('');
    await user.keyboard('x');
    expect(boxes[3]).toHaveValue('X');
    expect(onComplete).toHaveBeenCalledWith('123X');
  });

  test('a pasted end part fills the boxes', async () => {
    const user = userEvent.setup();
    const { boxes, onComplete } = renderCode({ kind: 'identity-code-end' });
    await user.click(boxes[0]!);
    await user.paste('946d');
    expect(onComplete).toHaveBeenCalledWith('946D');
  });
});
