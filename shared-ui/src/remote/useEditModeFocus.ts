import { useEffect, useRef } from 'react';

/**
 * Focus in an edit-in-place block: into the first field when editing starts, back to the Edit
 * button when it ends (saved or cancelled).
 */
export function useEditModeFocus(mode: 'read' | 'edit' | 'saving', editButton: { current: HTMLElement | null }, firstInput: { current: HTMLElement | null }) {
  const previousMode = useRef(mode);
  useEffect(() => {
    if (mode === 'edit' && previousMode.current === 'read') firstInput.current?.focus();
    if (mode === 'read' && previousMode.current !== 'read') editButton.current?.focus();
    previousMode.current = mode;
  }, [mode, editButton, firstInput]);
}
