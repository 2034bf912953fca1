import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './Tabs.css';

export interface TabItem {
  /** stable, unique within the Tabs; what `selected` and `onSelect` speak of */
  id: string;
  label: ReactNode;
  panel: ReactNode;
}

export interface TabsProps {
  tabs: readonly TabItem[];
  /** the tab list's accessible name (e.g. the page's heading); or give `labelledBy` */
  label?: string;
  /** id of a visible element naming the tab list */
  labelledBy?: string;
  /** controlled: the selected tab's id (pair with onSelect) */
  selected?: string;
  /** uncontrolled: the tab selected first; default the first tab */
  defaultSelected?: string;
  onSelect?(id: string): void;
  /**
   * 'automatic' (default): arrow keys move focus and select, as WAI-ARIA recommends when panels show at once;
   * 'manual': arrow keys only move focus, Enter or Space selects (for panels that are slow to show).
   */
  activation?: 'automatic' | 'manual';
  className?: string;
}

/**
 * WAI-ARIA tabs (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/): one tab stop for the list (roving tabindex),
 * Left/Right move between tabs (wrapping), Home/End go to the first/last. Every panel stays in the DOM
 * (hidden when not selected) so each tab's aria-controls points at an element. The list scrolls sideways
 * on narrow screens instead of wrapping.
 */
export function Tabs({
  tabs,
  label,
  labelledBy,
  selected,
  defaultSelected,
  onSelect,
  activation = 'automatic',
  className,
}: TabsProps) {
  const baseId = useId();
  const [uncontrolled, setUncontrolled] = useState(defaultSelected ?? tabs[0]?.id);
  const current = selected ?? uncontrolled;
  // An unknown id (e.g. a stale controlled value) falls back to the first tab so one tab is always reachable.
  const selectedId = tabs.some((tab) => tab.id === current) ? current : tabs[0]?.id;
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;

  const select = (id: string) => {
    if (selected === undefined) setUncontrolled(id);
    if (id !== selectedId) onSelect?.(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = (index + 1) % tabs.length;
        break;
      case 'ArrowLeft':
        next = (index - 1 + tabs.length) % tabs.length;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = tabs.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    const target = tabs[next];
    if (!target) return;
    tabRefs.current.get(target.id)?.focus();
    if (activation === 'automatic') select(target.id);
  };

  return (
    <div className={className ? `portal-tabs ${className}` : 'portal-tabs'}>
      <div className="portal-tabs__list" role="tablist" aria-label={labelledBy ? undefined : label} aria-labelledby={labelledBy}>
        {tabs.map((tab, index) => {
          const isSelected = tab.id === selectedId;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              className="portal-tabs__tab"
              aria-selected={isSelected}
              aria-controls={panelId(tab.id)}
              // the selected tab is the list's one tab stop; arrow keys move focus to the others (roving tabindex)
              tabIndex={isSelected ? 0 : -1}
              onClick={() => select(tab.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={panelId(tab.id)}
          aria-labelledby={tabId(tab.id)}
          className="portal-tabs__panel"
          // the panel itself is a tab stop so keyboard users reach text-only panels (APG recommendation)
          tabIndex={0}
          hidden={tab.id !== selectedId}
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
