import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import './CharacterCount.css';

/**
 * The length a field's limit is checked against: the text trimmed, as the request schemas trim it
 * before their `.max()` (issue 28), so spaces or line breaks around a text never make it too long
 * and the count never disagrees with the refusal. UTF-16 code units, as zod and `maxLength` count.
 */
export function countedLength(value: string): number {
  return value.trim().length;
}

/** Whether `value` is longer than `max` once trimmed: the form refuses it and says so at the field. */
export function isOverLimit(value: string, max: number): boolean {
  return countedLength(value) > max;
}

/** From this share of the limit on, the count is also announced (earlier it would only chatter). */
const NEAR_SHARE = 0.9;
/**
 * The announcement waits until typing pauses: a screen reader would otherwise read every keystroke's
 * count over what the person is typing.
 */
export const CHARACTER_COUNT_ANNOUNCE_DELAY_MS = 1000;

export interface CharacterCountProps {
  /** the id that the field's aria-describedby names, so the count is read with the field */
  id: string;
  value: string;
  max: number;
}

/**
 * The visible count of a long free-text field ("1 234 / 10 000 characters", numbers in the page's
 * language), instead of a `maxLength` that cuts what is pasted or typed. The field keeps the whole
 * text; the form refuses it over the limit with a message of its own at the field. The count is
 * shown as an error when over. A polite live region announces what is left, or how much too much,
 * only when the limit is near or passed, once typing pauses.
 */
export function CharacterCount({ id, value, max }: CharacterCountProps) {
  const intl = useIntl();
  const count = countedLength(value);
  const over = count > max;
  const near = count >= Math.floor(max * NEAR_SHARE);
  const announcement = over
    ? intl.formatMessage({ id: 'common.characterCount.over' }, { count: count - max })
    : near
      ? intl.formatMessage({ id: 'common.characterCount.remaining' }, { count: max - count })
      : '';
  const [announced, setAnnounced] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(announcement), CHARACTER_COUNT_ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [announcement]);

  return (
    <>
      <p id={id} className={over ? 'portal-character-count portal-character-count--over' : 'portal-character-count'}>
        {intl.formatMessage({ id: 'common.characterCount.count' }, { count, max })}
      </p>
      {/* always in the page, so that assistive technology is listening when its text changes */}
      <p className="portal-visually-hidden" aria-live="polite" aria-atomic="true">
        {announced}
      </p>
    </>
  );
}
