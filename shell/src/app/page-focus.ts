/**
 * Finds the page's h1 once it exists (rendered by the shell at once, or later by a remote) and makes it
 * focusable, so the caller can move focus there and announce the title. Gives up after `timeoutMs` (a page without an h1).
 */
export function watchPageHeading(main: HTMLElement, onFound: (heading: HTMLElement) => void, timeoutMs = 5000): () => void {
  const tryFocus = (): boolean => {
    const heading = main.querySelector<HTMLElement>('h1');
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
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}
