import { useMessageDates } from './dates';

/**
 * A message's date as the lists show it (spec part 1 §9): relative within 24 h, 'yesterday' for
 * 24–48 h, else a short date; the full date and time in the tooltip and the machine-readable value.
 */
export function MessageDate({ value, className }: { value: string; className?: string }) {
  const dates = useMessageDates();
  return (
    <time className={className} dateTime={value} title={dates.dateTime(value)}>
      {dates.relative(value)}
    </time>
  );
}
