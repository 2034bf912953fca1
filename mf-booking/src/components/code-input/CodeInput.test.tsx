import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithShell } from '../../../test/shell-fake';
import { CodeInput } from './CodeInput';

function renderCode() {
  const onComplete = jest.fn();
  renderWithShell(<CodeInput label="The last 4 characters of your personal identity code" onComplete={onComplete} />);
  const boxes = [1, 2, 3, 4].map((i) => screen.getByRole('textbox', { name: `Character ${i} of 4` }));
  return { onComplete, boxes };
}

describe('the 4-box identity-code end part (spec part 2 §5)', () => {
  test('four labelled boxes in a named group; typing moves to the next box and the fourth completes the code', async () => {
    const user = userEvent.setup();
    const { onComplete, boxes } = renderCode();
    expect(screen.getByRole('group', { name: 'The last 4 characters of your personal identity code' })).toBeInTheDocument();
    await user.click(boxes[0]!);
    await user.keyboard('9');
    expect(boxes[1]).toHaveFocus();
    await user.keyboard('01');
    expect(boxes[3]).toHaveFocus();
    expect(onComplete).not.toHaveBeenCalled();
    await user.keyboard('3');
    expect(onComplete).toHaveBeenCalledWith('9013');
    expect(boxes.map((box) => (box as HTMLInputElement).value)).toEqual(['9', '0', '1', '3']);
  });

  test('a letter only in the fourth box, uppercased; other characters are refused', async () => {
    const user = userEvent.setup();
    const { onComplete, boxes } = renderCode();
    await user.click(boxes[0]!);
    await user.keyboard('a');
    expect(boxes[0]).toHaveValue('');
    expect(boxes[0]).toHaveFocus();
    await user.keyboard('12-3');
    expect(boxes.slice(0, 3).map((box) => (box as HTMLInputElement).value)).toEqual(['1', '2', '3']);
    await user.keyboard('g');
    expect(boxes[3]).toHaveValue('');
    await user.keyboard('x');
    expect(boxes[3]).toHaveValue('X');
    expect(onComplete).toHaveBeenCalledWith('123X');
  });

  test('Backspace in an empty box moves back and clears the box before it', async () => {
    const user = userEvent.setup();
    const { boxes, onComplete } = renderCode();
    await user.click(boxes[0]!);
    await user.keyboard('12');
    expect(boxes[2]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(boxes[1]).toHaveFocus();
    expect(boxes[1]).toHaveValue('');
    await user.keyboard('{Backspace}');
    expect(boxes[0]).toHaveFocus();
    expect(boxes[0]).toHaveValue('');
    await user.keyboard('4567');
    expect(onComplete).toHaveBeenCalledWith('4567');
  });

  test('a pasted end part fills the boxes', async () => {
    const user = userEvent.setup();
    const { boxes, onComplete } = renderCode();
    await user.click(boxes[0]!);
    await user.paste('946d');
    expect(onComplete).toHaveBeenCalledWith('946D');
  });
});
