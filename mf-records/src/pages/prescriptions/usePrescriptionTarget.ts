import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { prescriptionFragment, prescriptionIdFromHash } from './prescription-fragment';

/**
 * The prescription the address names ('#prescription-<id>', see prescription-fragment.ts), and once
 * the list is shown, its row scrolled into view and focused, once per fragment. Focus moves after the
 * page frame (and, on client-side navigation, the shell) has focused the page's h1: a task later. A
 * prescription not on the shown page (another page of the list, or gone) leaves the page as it is,
 * the h1 focused.
 */
export function usePrescriptionTarget(listShown: boolean): string | null {
  const { hash } = useLocation();
  const targetId = prescriptionIdFromHash(hash);
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!listShown || targetId === null || handled.current === hash) return undefined;
    const timer = setTimeout(() => {
      handled.current = hash;
      const element = document.getElementById(prescriptionFragment(targetId));
      if (!element) return;
      element.focus({ preventScroll: true });
      // the middle of the screen: clear of the phone's sticky renewal bar
      element.scrollIntoView({ block: 'center' });
    });
    return () => clearTimeout(timer);
  }, [listShown, targetId, hash]);

  return targetId;
}
