import { useId, useState } from 'react';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Lang } from '@portal/shared-i18n';
import { renderWithIntl } from '../test-utils/render';
import { CHARACTER_COUNT_ANNOUNCE_DELAY_MS, CharacterCount, countedLength, isOverLimit } from './CharacterCount';

/** A field as the forms wire it: no maxLength, the count read with the textarea. */
function Field({ max, initial = '' }: { max: number; initial?: string }) {
  const id = useId();
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor={id}>Message</label>
      <textarea id={id} value={value} aria-describedby={`${id}-count`} onChange={(event) => setValue(event.target.value)} />
      <CharacterCount id={`${id}-count`} value={value} max={max} />
    </>
  );
}

const liveRegion = () => document.querySelector('[aria-live="polite"]');

function renderField(props: { max: number; initial?: string }, lang: Lang = 'en') {
  renderWithIntl(<Field {...props} />, { lang });
  return screen.getByRole('textbox', { name: 'Message' });
}

describe('CharacterCount', () => {
  afterEach(() => jest.useRealTimers());

  test('counts the trimmed text, as the schemas check it', () => {
    expect(countedLength('  Hei\n')).toBe(3);
    expect(isOverLimit(`${'a'.repeat(5)}   `, 5)).toBe(false);
    expect(isOverLimit('a'.repeat(6), 5)).toBe(true);
  });

  test('is read with its field, with the numbers grouped in the page language', () => {
    const field = renderField({ max: 10_000, initial: 'a'.repeat(1234) });
    expect(field).toHaveAccessibleDescription('1,234 / 10,000 characters');
  });

  test.each<[Lang, string]>([
    ['fi', '1\u00a0234 / 10\u00a0000 merkkiä'],
    ['sv', '1\u00a0234 / 10\u00a0000 tecken'],
  ])('in %s, the groups kept together by no-break spaces', (lang, text) => {
    const { container } = renderWithIntl(<CharacterCount id="count" value={'a'.repeat(1234)} max={10_000} />, { lang });
    // textContent, not getByText: its matcher folds the no-break spaces into plain ones
    expect(container.querySelector('#count')?.textContent).toBe(text);
  });

  test('a pasted text longer than the limit stays whole, and the count shows it as an error', async () => {
    const user = userEvent.setup();
    const field = renderField({ max: 10 });
    await user.click(field);
    await user.paste('a'.repeat(15));
    expect(field).toHaveValue('a'.repeat(15));
    const count = screen.getByText('15 / 10 characters');
    expect(count).toHaveClass('portal-character-count--over');
  });

  test('says nothing while far from the limit, then announces politely once typing pauses', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const field = renderField({ max: 100 });
    await user.type(field, 'a'.repeat(50));
    act(() => jest.advanceTimersByTime(CHARACTER_COUNT_ANNOUNCE_DELAY_MS));
    expect(liveRegion()).toHaveTextContent(/^$/);

    await user.type(field, 'a'.repeat(45));
    // not while typing goes on
    expect(liveRegion()).toHaveTextContent(/^$/);
    act(() => jest.advanceTimersByTime(CHARACTER_COUNT_ANNOUNCE_DELAY_MS));
    expect(liveRegion()).toHaveTextContent('5 characters left');

    await user.type(field, 'a'.repeat(6));
    act(() => jest.advanceTimersByTime(CHARACTER_COUNT_ANNOUNCE_DELAY_MS));
    expect(liveRegion()).toHaveTextContent('1 character too many');
    expect(screen.getByText('101 / 100 characters')).toHaveClass('portal-character-count--over');
  });

  test('at the limit it is not an error', () => {
    renderField({ max: 10, initial: 'a'.repeat(10) });
    expect(screen.getByText('10 / 10 characters')).not.toHaveClass('portal-character-count--over');
  });
});
