import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeShell, pageState, renderWithShell, type FakeShell } from '../../../test/shell-fake';
import { prescriptionsState } from '../../../test/fixtures';
import { manyRenewable, prescriptionListState } from '../../../test/prescription-fixtures';
import { PrescriptionsPage } from './PrescriptionsPage';

function renderList(state: unknown = prescriptionListState, shell: FakeShell = createFakeShell(), path?: string) {
  shell.takeInitialPageState.mockImplementation((routeId) => (routeId === 'records.prescriptions' ? pageState(routeId, state) : null));
  renderWithShell(<PrescriptionsPage />, shell, path);
  return shell;
}

const row = (name: string) => {
  const item = screen.getAllByRole('listitem').find((li) => li.textContent?.includes(name));
  if (!item) throw new Error(`no row ${name}`);
  return item;
};

describe('prescriptions page', () => {
  test('loading, then the list: renewable ones say so, others say the medicine cannot be renewed', async () => {
    const shell = createFakeShell();
    let answer: (value: ReturnType<typeof pageState>) => void = () => {};
    shell.loadPage.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderWithShell(<PrescriptionsPage />, shell);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByRole('heading', { level: 1, name: 'Prescriptions' })).toHaveFocus();
    answer(pageState('records.prescriptions', prescriptionsState));
    const list = await screen.findByRole('list', { name: 'Prescriptions' });
    const [renewable, notRenewable] = within(list).getAllByRole('listitem');
    expect(renewable).toHaveTextContent('Thyroxin 50 mikrog');
    expect(renewable).toHaveTextContent('Can be renewed');
    expect(renewable).toHaveTextContent('Issued 5 January 2026');
    expect(notRenewable).toHaveTextContent('Oxynorm 5 mg');
    expect(notRenewable).toHaveTextContent('Lääkettä ei voi uusia');
  });

  test('shows every field of a prescription: dosage, use, form, package, total amount, treatment length', () => {
    renderList();
    const buranaRow = row('Burana 400 mg');
    const field = (label: string) => within(buranaRow).getByText(label).nextElementSibling;
    expect(field('Dosage')).toHaveTextContent('1 tabletti tarvittaessa');
    expect(field('Used for')).toHaveTextContent('Kipuun');
    expect(field('Form')).toHaveTextContent('tabletti');
    expect(field('Package')).toHaveTextContent('2 × 30 kpl');
    expect(field('Total amount')).toHaveTextContent('2 pakkausta');
    expect(field('Treatment length')).toHaveTextContent('3 months');
    expect(within(row('Amoxin 750 mg')).getByText('Treatment length').nextElementSibling).toHaveTextContent('10 days');
    // no length given: no row for it
    expect(within(row('Panacod')).queryByText('Treatment length')).not.toBeInTheDocument();
  });

  test.each(['fi', 'sv', 'en'] as const)("the non-renewable text is the spec's Finnish text in %s", (lang) => {
    renderList(prescriptionListState, createFakeShell({ lang }));
    expect(screen.getAllByText('Lääkettä ei voi uusia')).toHaveLength(2);
  });

  test('renewable prescriptions have a checkbox named by the medicine; the others have none', () => {
    renderList();
    expect(screen.getByRole('group', { name: 'Choose the prescriptions to renew' })).toBeInTheDocument();
    for (const name of ['Thyroxin 100 mikrog', 'Burana 400 mg', 'Ventoline Evohaler 0,1 mg/annos']) {
      expect(screen.getByRole('checkbox', { name })).not.toBeChecked();
    }
    for (const name of ['Amoxin 750 mg', 'Panacod 500 mg/30 mg']) {
      expect(within(row(name)).queryByRole('checkbox')).not.toBeInTheDocument();
      expect(row(name)).toHaveTextContent('Lääkettä ei voi uusia');
    }
    // three medicines plus select-all
    expect(screen.getAllByRole('checkbox')).toHaveLength(4);
  });

  test('choosing prescriptions fills the cart, announces the count politely and links to the renewal page with their ids', async () => {
    const shell = renderList();
    const cart = screen.getByRole('region', { name: 'Prescriptions to renew' });
    const status = within(cart).getByRole('status');
    expect(status).toHaveTextContent('No prescriptions chosen. Choose the ones to renew from the list.');
    expect(within(cart).queryByRole('link')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Ventoline Evohaler 0,1 mg/annos' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Thyroxin 100 mikrog' }));
    expect(status).toHaveTextContent('2 prescriptions chosen');
    expect(within(cart).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Thyroxin 100 mikrog', 'Ventoline Evohaler 0,1 mg/annos']);
    const renew = within(cart).getByRole('link', { name: 'Renew selected prescriptions' });
    // in list order, comma-separated
    expect(renew).toHaveAttribute('href', '/en/prescription-renewal/11,13');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Ventoline Evohaler 0,1 mg/annos' }));
    expect(status).toHaveTextContent('1 prescription chosen');
    expect(within(cart).getByRole('link', { name: 'Renew selected prescriptions' })).toHaveAttribute('href', '/en/prescription-renewal/11');

    await userEvent.click(within(cart).getByRole('link', { name: 'Renew selected prescriptions' }));
    expect(shell.navigate).toHaveBeenCalledWith('/en/prescription-renewal/11');
  });

  describe('on a phone (360 px)', () => {
    const original = window.matchMedia;
    beforeEach(() => {
      window.matchMedia = ((query: string) => ({
        matches: query.includes('max-width: 480px'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      })) as unknown as typeof window.matchMedia;
    });
    afterEach(() => {
      window.matchMedia = original;
    });

    test.each([
      ['fi', 'Thyroxin 100 mikrog', '2 reseptiä valittu', 'Uusi valitut reseptit', '/fi/reseptin-uusinta/11,13'],
      ['sv', 'Thyroxin 100 mikrog', '2 recept valda', 'Förnya valda recept', '/sv/receptfornyelse/11,13'],
      ['en', 'Thyroxin 100 mikrog', '2 prescriptions chosen', 'Renew selected prescriptions', '/en/prescription-renewal/11,13'],
    ] as const)('a bar before the list keeps the count and the renew button in reach (%s)', async (lang, medicine, count, renew, href) => {
      renderList(prescriptionListState, createFakeShell({ lang }));
      expect(screen.queryByText(count)).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('checkbox', { name: 'Ventoline Evohaler 0,1 mg/annos' }));
      await userEvent.click(screen.getByRole('checkbox', { name: medicine }));
      const links = screen.getAllByRole('link', { name: renew });
      expect(links).toHaveLength(2);
      // the bar's button comes before the list, the cart's after it
      const firstCheckbox = screen.getAllByRole('checkbox')[0]!;
      expect(links[0]!.compareDocumentPosition(firstCheckbox) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(links[0]).toHaveAttribute('href', href);
      expect(screen.getAllByText(count)).toHaveLength(2);
    });
  });

  test('select-all chooses every renewable prescription, shows a mixed state for some, and clears them all', async () => {
    renderList();
    const selectAll = screen.getByRole('checkbox', { name: 'Select all renewable prescriptions' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Burana 400 mg' }));
    expect(selectAll).toBePartiallyChecked();

    await userEvent.click(selectAll);
    expect(selectAll).toBeChecked();
    for (const name of ['Thyroxin 100 mikrog', 'Burana 400 mg', 'Ventoline Evohaler 0,1 mg/annos']) {
      expect(screen.getByRole('checkbox', { name })).toBeChecked();
    }
    expect(screen.getByRole('link', { name: 'Renew selected prescriptions' })).toHaveAttribute('href', '/en/prescription-renewal/11,12,13');

    await userEvent.click(selectAll);
    expect(screen.getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked)).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Renew selected prescriptions' })).not.toBeInTheDocument();
  });

  test('works from the keyboard: Tab reaches the checkboxes and Space toggles them', async () => {
    renderList();
    await userEvent.tab();
    expect(screen.getByRole('checkbox', { name: 'Select all renewable prescriptions' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('checkbox', { name: 'Thyroxin 100 mikrog' })).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Thyroxin 100 mikrog' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('1 prescription chosen');
  });

  test('the choice is kept across pages and select-all takes renewable prescriptions on every page', async () => {
    renderList(manyRenewable(12));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Medicine 1 1 mg' }));
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Page 2' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Medicine 12 1 mg' }));
    expect(screen.getByRole('status')).toHaveTextContent('2 prescriptions chosen');
    expect(screen.getByRole('link', { name: 'Renew selected prescriptions' })).toHaveAttribute('href', '/en/prescription-renewal/101,112');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all renewable prescriptions' }));
    expect(screen.getByRole('status')).toHaveTextContent('12 prescriptions chosen');
  });

  test('more than 20 chosen: the cart says so and offers no link', async () => {
    renderList(manyRenewable(21));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all renewable prescriptions' }));
    expect(screen.getByText('You can renew at most 20 prescriptions at a time.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Renew selected prescriptions' })).not.toBeInTheDocument();
  });

  test('without the prescription-renewal feature there are no checkboxes, no select-all and no cart', () => {
    renderList(prescriptionListState, createFakeShell({ features: [] }));
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Prescriptions to renew' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Lääkettä ei voi uusia')).toHaveLength(2);
  });

  test('with nothing renewable there is nothing to choose', () => {
    renderList({ prescriptions: prescriptionListState.prescriptions.filter((p) => !p.isRenewable) });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Prescriptions to renew' })).not.toBeInTheDocument();
  });

  test.each([
    ['fi', 'Reseptien uusinta ei ole käytettävissä', 'Uusi valitut reseptit'],
    ['sv', 'Förnyelse av recept är inte tillgänglig', 'Förnya valda recept'],
    ['en', 'Prescription renewals are offline', 'Renew selected prescriptions'],
  ] as const)('while messaging is in maintenance: the notice, no checkboxes and no cart (%s)', (lang, notice, renew) => {
    renderList({ ...prescriptionListState, renewalMaintenance: true }, createFakeShell({ lang }));
    expect(screen.getByRole('heading', { level: 2, name: notice })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: renew })).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
  });

  test('in Finnish', async () => {
    renderList(prescriptionListState, createFakeShell({ lang: 'fi' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Valitse kaikki uusittavissa olevat reseptit' }));
    expect(screen.getByRole('status')).toHaveTextContent('3 reseptiä valittu');
    expect(screen.getByRole('link', { name: 'Uusi valitut reseptit' })).toHaveAttribute('href', '/fi/reseptin-uusinta/11,12,13');
    expect(within(row('Thyroxin')).getByText('Hoidon kesto').nextElementSibling).toHaveTextContent('1 vuosi');
  });

  test('error with retry, and the empty text', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockRejectedValueOnce(new Error('500')).mockResolvedValueOnce(pageState('records.prescriptions', { prescriptions: [] }));
    renderWithShell(<PrescriptionsPage />, shell);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have no prescriptions.')).toBeInTheDocument();
  });

  describe('opened at one prescription (#prescription-<id>, from the front page)', () => {
    let scrollIntoView: jest.Mock;
    const original = Element.prototype.scrollIntoView;
    beforeEach(() => {
      scrollIntoView = jest.fn();
      Element.prototype.scrollIntoView = scrollIntoView;
    });
    afterEach(() => {
      Element.prototype.scrollIntoView = original;
      jest.useRealTimers();
    });
    const heading = () => screen.getByRole('heading', { level: 1, name: 'Prescriptions' });
    /**
     * The tests of a fragment that moves nothing: on fake timers (called before the render), so
     * `settle` runs the page's deferred focus (a zero-delay timeout once the list shows,
     * usePrescriptionTarget) at once instead of waiting "long enough" for it.
     */
    const fakeTimers = () => jest.useFakeTimers();
    const settle = () => act(() => jest.runOnlyPendingTimers());
    const fakeTimersUser = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

    test('on a full page load: that prescription is scrolled into view and focused, after the heading', async () => {
      renderList(prescriptionListState, createFakeShell({ features: [] }), '/en/prescriptions#prescription-21');
      const amoxin = within(row('Amoxin 750 mg')).getByText('Amoxin 750 mg');
      await waitFor(() => expect(amoxin).toHaveFocus());
      expect(scrollIntoView).toHaveBeenCalledTimes(1);
      expect(scrollIntoView.mock.contexts[0]).toBe(amoxin);
      // the other rows are as ever: not focusable by script
      expect(within(row('Thyroxin 100 mikrog')).getByText('Thyroxin 100 mikrog')).not.toHaveAttribute('tabindex');
    });

    test('with the renewal choice: the named prescription is focused, its checkbox works as before', async () => {
      renderList(prescriptionListState, createFakeShell(), '/en/prescriptions#prescription-12');
      const burana = screen.getByRole('checkbox', { name: 'Burana 400 mg' });
      await waitFor(() => expect(document.activeElement).toContainElement(screen.getByText('Burana 400 mg')));
      expect(row('Burana 400 mg')).toContainElement(document.activeElement as HTMLElement);
      await userEvent.click(screen.getByText('Burana 400 mg'));
      expect(burana).toBeChecked();
    });

    test('on client-side navigation: focus moves to the prescription once the list has arrived', async () => {
      const shell = createFakeShell({ features: [] });
      let answer: (value: ReturnType<typeof pageState>) => void = () => {};
      shell.loadPage.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
      renderWithShell(<PrescriptionsPage />, shell, '/en/prescriptions#prescription-13');
      expect(heading()).toHaveFocus();
      answer(pageState('records.prescriptions', prescriptionListState));
      const ventoline = await screen.findByText('Ventoline Evohaler 0,1 mg/annos');
      await waitFor(() => expect(ventoline).toHaveFocus());
    });

    test('an unknown prescription leaves the page as it is: the heading focused, nothing scrolled', async () => {
      fakeTimers();
      renderList(prescriptionListState, createFakeShell(), '/en/prescriptions#prescription-999');
      settle();
      expect(heading()).toHaveFocus();
      expect(scrollIntoView).not.toHaveBeenCalled();
    });

    test('a prescription on another page of the list leaves the first page shown, the heading focused', async () => {
      fakeTimers();
      renderList(manyRenewable(12), createFakeShell(), '/en/prescriptions#prescription-112');
      settle();
      expect(heading()).toHaveFocus();
      expect(scrollIntoView).not.toHaveBeenCalled();
      expect(screen.getByRole('checkbox', { name: 'Medicine 1 1 mg' })).toBeInTheDocument();
      // paging there later does not pull focus away from the pagination
      await fakeTimersUser().click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Page 2' }));
      settle();
      expect(screen.getByRole('checkbox', { name: 'Medicine 12 1 mg' })).toBeInTheDocument();
      expect(scrollIntoView).not.toHaveBeenCalled();
    });

    test('other fragments are not prescriptions: the heading keeps focus', async () => {
      fakeTimers();
      renderList(prescriptionListState, createFakeShell(), '/en/prescriptions#main-content');
      settle();
      expect(heading()).toHaveFocus();
      expect(scrollIntoView).not.toHaveBeenCalled();
    });
  });
});
