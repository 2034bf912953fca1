import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Tabs, type TabItem } from './Tabs';

const tabs: TabItem[] = [
  { id: 'overview', label: 'Overview', panel: <p>Overview text</p> },
  { id: 'practices', label: 'Reimbursement practices', panel: <p>Practices text</p> },
  { id: 'faq', label: 'FAQ', panel: <button type="button">Inside FAQ</button> },
];

function selectedTab() {
  return screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true');
}

describe('Tabs', () => {
  test('follows the WAI-ARIA tabs pattern: roles, names, aria-selected, aria-controls, one tab stop', () => {
    render(<Tabs tabs={tabs} label="Sickness fund" />);
    const list = screen.getByRole('tablist', { name: 'Sickness fund' });
    const all = screen.getAllByRole('tab');
    expect(all).toHaveLength(3);
    expect(list).toContainElement(all[0] ?? null);
    const overview = screen.getByRole('tab', { name: 'Overview' });
    expect(overview).toHaveAttribute('aria-selected', 'true');
    expect(overview).toHaveAttribute('tabindex', '0');
    for (const tab of all.slice(1)) {
      expect(tab).toHaveAttribute('aria-selected', 'false');
      expect(tab).toHaveAttribute('tabindex', '-1');
    }
    // every tab controls an existing panel that is labelled by the tab
    for (const tab of all) {
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      expect(panel).toHaveAttribute('role', 'tabpanel');
      expect(panel).toHaveAttribute('aria-labelledby', tab.id);
    }
    // only the selected panel is shown
    expect(screen.getByRole('tabpanel', { name: 'Overview' })).toHaveTextContent('Overview text');
    expect(screen.queryByText('Practices text')).not.toBeVisible();
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
  });

  test('Left/Right move focus and selection with wrap-around; Home/End go to the ends', async () => {
    const user = userEvent.setup();
    const onSelect = jest.fn();
    render(<Tabs tabs={tabs} label="Sickness fund" onSelect={onSelect} />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    const practices = screen.getByRole('tab', { name: 'Reimbursement practices' });
    expect(practices).toHaveFocus();
    expect(selectedTab()).toBe(practices);
    expect(practices).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Reimbursement practices' })).toHaveTextContent('Practices text');

    await user.keyboard('{ArrowRight}{ArrowRight}'); // FAQ, then wraps to Overview
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}'); // wraps back to the last
    expect(screen.getByRole('tab', { name: 'FAQ' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'FAQ' })).toHaveFocus();
    expect(selectedTab()).toBe(screen.getByRole('tab', { name: 'FAQ' }));
    expect(onSelect.mock.calls.map(([id]) => id)).toEqual(['practices', 'faq', 'overview', 'faq', 'overview', 'faq']);

    // Tab leaves the list for the panel, not the next tab
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'FAQ' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Inside FAQ' })).toHaveFocus();
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(screen.getByRole('tab', { name: 'FAQ' })).toHaveFocus();
  });

  test('other keys do nothing and clicking selects', async () => {
    const user = userEvent.setup();
    render(<Tabs tabs={tabs} label="Sickness fund" />);
    await user.tab();
    await user.keyboard('{ArrowDown}a');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveFocus();
    expect(selectedTab()).toBe(screen.getByRole('tab', { name: 'Overview' }));
    await user.click(screen.getByRole('tab', { name: 'FAQ' }));
    expect(selectedTab()).toBe(screen.getByRole('tab', { name: 'FAQ' }));
    expect(screen.getByRole('tabpanel', { name: 'FAQ' })).toBeVisible();
  });

  test('uncontrolled default selection', () => {
    render(<Tabs tabs={tabs} label="Sickness fund" defaultSelected="faq" />);
    expect(selectedTab()).toHaveAccessibleName('FAQ');
  });

  test('controlled: shows the given tab and reports choices without changing on its own', async () => {
    const user = userEvent.setup();
    const onSelect = jest.fn();
    const { rerender } = render(<Tabs tabs={tabs} label="Sickness fund" selected="practices" onSelect={onSelect} />);
    expect(selectedTab()).toHaveAccessibleName('Reimbursement practices');
    await user.click(screen.getByRole('tab', { name: 'FAQ' }));
    expect(onSelect).toHaveBeenCalledWith('faq');
    expect(selectedTab()).toHaveAccessibleName('Reimbursement practices');
    rerender(<Tabs tabs={tabs} label="Sickness fund" selected="faq" onSelect={onSelect} />);
    expect(selectedTab()).toHaveAccessibleName('FAQ');
    // an unknown id falls back to the first tab so the list keeps a tab stop
    rerender(<Tabs tabs={tabs} label="Sickness fund" selected="gone" onSelect={onSelect} />);
    expect(selectedTab()).toHaveAccessibleName('Overview');
    expect(selectedTab()).toHaveAttribute('tabindex', '0');
  });

  test('controlled with state in the parent follows the keyboard', async () => {
    const user = userEvent.setup();
    function Parent() {
      const [tab, setTab] = useState('overview');
      return <Tabs tabs={tabs} label="Sickness fund" selected={tab} onSelect={setTab} />;
    }
    render(<Parent />);
    await user.tab();
    await user.keyboard('{End}');
    expect(selectedTab()).toHaveAccessibleName('FAQ');
    expect(screen.getByRole('tab', { name: 'FAQ' })).toHaveFocus();
  });

  test('manual activation: arrows move focus only; Enter and Space select', async () => {
    const user = userEvent.setup();
    render(<Tabs tabs={tabs} label="Sickness fund" activation="manual" />);
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Reimbursement practices' })).toHaveFocus();
    expect(selectedTab()).toHaveAccessibleName('Overview');
    await user.keyboard('{Enter}');
    expect(selectedTab()).toHaveAccessibleName('Reimbursement practices');
    await user.keyboard('{ArrowRight} ');
    expect(selectedTab()).toHaveAccessibleName('FAQ');
  });

  test('labelled by a visible heading instead of a label', () => {
    render(
      <>
        <h2 id="fund-heading">Fund</h2>
        <Tabs tabs={tabs} labelledBy="fund-heading" />
      </>,
    );
    expect(screen.getByRole('tablist', { name: 'Fund' })).toBeInTheDocument();
  });

  test('the tab list scrolls sideways rather than wrapping at narrow widths', () => {
    const css = readFileSync(path.join(__dirname, 'Tabs.css'), 'utf8');
    const list = /\.portal-tabs__list\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(list).toMatch(/overflow-x:\s*auto/);
    expect(list).not.toMatch(/flex-wrap:\s*wrap/);
    const tab = /\.portal-tabs__tab\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(tab).toMatch(/white-space:\s*nowrap/);
    expect(tab).toMatch(/min-height:\s*44px/);
  });
});
