/**
 * Finds the page's h1 in `area` once it exists (rendered at once, or after the page's code or data
 * arrived) and makes it focusable, so the caller can move focus there and announce the title. Gives
 * up after `timeoutMs` (a page without an h1). Used by the shell's layout and by a remote's page frame.
 */
export function watchPageHeading(area: HTMLElement, onFound: (heading: HTMLElement) => void, timeoutMs = 5000): () => void {
  const tryFocus = (): boolean => {
    const heading = area.querySelector<HTMLElement>('h1');
    if (!heading) return false;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    onFound(heading);
    return true;
  };
  if (tryFocus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = setTimeout(() => stop(), timeoutMs);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(area, { childList: true, subtree: true });
  return stop;
}
