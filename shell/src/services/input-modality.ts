/**
 * Whether the person moves around with the keyboard: `data-input="keyboard"` on <html> after a key
 * that moves focus or follows a link (Tab, Enter, Space, arrows), removed by any pointer. A page's
 * heading is focused by script on arrival (tabindex=-1); its focus ring shows only for keyboard
 * users (CSS), so arriving by a click or a page load draws no box around the heading.
 */
const NAVIGATION_KEYS = new Set(['Tab', 'Enter', ' ', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown', 'Escape']);

export function trackInputModality(root: HTMLElement = document.documentElement): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (NAVIGATION_KEYS.has(event.key)) root.dataset.input = 'keyboard';
  };
  const onPointer = () => {
    delete root.dataset.input;
  };
  window.addEventListener('keydown', onKey, true);
  window.addEventListener('pointerdown', onPointer, true);
  return () => {
    window.removeEventListener('keydown', onKey, true);
    window.removeEventListener('pointerdown', onPointer, true);
  };
}
