import { VisuallyHidden } from './VisuallyHidden';

/**
 * A link's text, named for screen readers "<text>, <context>" (e.g. "Pay, Invoice 1004" or
 * "Endocrinology, 10 May 2026 at 15:00"): the context tells apart links that share their visible text.
 *
 * The whole name is one visually hidden text and the visible text is hidden from screen readers. A
 * hidden ", context" put after the visible text is out of the flow (position: absolute), so browsers
 * and jsdom join it as a block of its own and the name gets a stray space ("Pay , Invoice 1004").
 */
export function LinkName({ text, context }: { text: string; context: string }) {
  return (
    <>
      <span aria-hidden="true">{text}</span>
      <VisuallyHidden>{`${text}, ${context}`}</VisuallyHidden>
    </>
  );
}

