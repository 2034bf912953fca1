import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@portal/shared-api';
import { createFakeShell, pageState } from '../../../test/shell-fake';
import { laboratoryResultState, renderRoute } from '../../../test/lab-fixtures';
import { LaboratoryResultPage } from './LaboratoryResultPage';

const ROUTE = 'records.laboratory-result';
const DATE = '2026-04-02';

function renderResult(state: unknown = laboratoryResultState, lang: 'fi' | 'sv' | 'en' = 'en') {
  const shell = createFakeShell({ lang });
  shell.takeInitialPageState.mockImplementation((routeId) => (routeId === ROUTE ? pageState(ROUTE, state, { date: DATE }) : null));
  const pattern = { fi: 'laboratoriotulos/:date', sv: 'laboratorieresultat/:date', en: 'laboratoryresult/:date' }[lang];
  const view = renderRoute(<LaboratoryResultPage />, pattern, pattern.replace(':date', DATE), shell);
  return view;
}

/** The list item of a test, by the name on its disclosure button. */
function testRow(name: string) {
  const row = screen.getByRole('button', { name }).closest('li');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

/** What a test's row shows while closed: its name and result (the details stay hidden). */
function testSummary(name: string) {
  const summary = testRow(name).firstElementChild;
  if (!(summary instanceof HTMLElement)) throw new Error(`no summary for ${name}`);
  return summary;
}

describe('laboratory result page', () => {
  afterEach(() => jest.restoreAllMocks());

  test("the patient's full name, the title with the date, the intro, packages (package row and items) and single tests", () => {
    renderResult();
    expect(screen.getByRole('heading', { level: 1, name: 'Laboratory results 2 April 2026' })).toHaveFocus();
    expect(screen.getByText('Patient: Mikko Virtanen')).toBeInTheDocument();
    expect(screen.getByText(/These are the results of the samples taken on 2 April 2026\./)).toBeInTheDocument();

    const packages = screen.getByRole('region', { name: 'Test packages' });
    const pkg = within(packages).getByRole('heading', { level: 3, name: 'B -PVK+T' }).closest('li')!;
    expect(within(pkg).getByText('Basic blood count')).toBeInTheDocument();
    // the package row is pending while an item is
    expect(within(pkg.querySelector('div')!).getByText('Pending')).toBeInTheDocument();
    expect(within(pkg).getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['B -Hb', 'B -Leuk']);

    const tests = screen.getByRole('region', { name: 'Tests' });
    expect(within(tests).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['P -TSH', 'P -CRP', 'S -Borr-Ab', 'U -Plain']);
  });

  test('numeric results: prefix, number and unit, with the healthy or warning highlight in words and an icon', () => {
    renderResult();
    const tshRow = testSummary('P -TSH');
    expect(tshRow).toHaveTextContent('2.1 mU/l');
    const healthy = within(tshRow).getByText('Within the reference range');
    expect(healthy.querySelector('svg[aria-hidden="true"]')).not.toBeNull();

    const hbRow = testSummary('B -Hb');
    expect(hbRow).toHaveTextContent('128 g/l');
    const warning = within(hbRow).getByText('Outside the reference range');
    expect(warning.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(warning.className).not.toBe(healthy.className);

    // '<' on screen, 'less than' for a screen reader
    const crpValue = within(testSummary('P -CRP')).getByText((_, element) => element?.tagName === 'SPAN' && /^<\s*less than 3 mg\/l$/.test(element.textContent ?? ''));
    expect(crpValue.querySelector('[aria-hidden="true"]')).toHaveTextContent('<');
    expect(within(crpValue).getByText('less than', { exact: false })).toHaveClass('portal-visually-hidden');
  });

  test("textual results as text; a test that is not ready reads 'Pending'", () => {
    renderResult();
    expect(within(testSummary('S -Borr-Ab')).getByText('Negative')).toBeInTheDocument();
    expect(within(testSummary('B -Leuk')).getByText('Pending')).toBeInTheDocument();
    expect(testSummary('B -Leuk')).not.toHaveTextContent(/reference range/i);
  });

  test('a row expands and collapses with a real button: additional result, reference range and description', async () => {
    renderResult();
    const toggle = screen.getByRole('button', { name: 'P -CRP' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const details = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(details).not.toBeNull();
    expect(details).not.toBeVisible();
    expect(screen.queryByText('No signs of infection.')).not.toBeVisible();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(details).toBeVisible();
    const terms = within(details!).getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(['Additional result', 'Reference range']);
    expect(within(details!).getByText('No signs of infection.')).toBeVisible();
    expect(within(details!).getByText('at most 10 mg/l')).toBeVisible();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(details).not.toBeVisible();
  });

  test('the keyboard opens a row (Enter and Space) and a row without details says so', async () => {
    renderResult();
    const toggle = screen.getByRole('button', { name: 'U -Plain' });
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(testRow('U -Plain')).getByText('No further details.')).toBeVisible();
    await userEvent.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    const tsh = screen.getByRole('button', { name: 'P -TSH' });
    tsh.focus();
    await userEvent.keyboard('{Enter}');
    expect(within(testRow('P -TSH')).getByText('0.5–3.6 mU/l')).toBeVisible();
    expect(within(testRow('P -TSH')).getByText('Thyroid-stimulating hormone')).toBeVisible();
  });

  test('a numeric test done more than once shows its history: a chart with a text alternative and the values as a table', async () => {
    renderResult();
    await userEvent.click(screen.getByRole('button', { name: 'P -TSH' }));
    const row = testRow('P -TSH');
    const chart = within(row).getByRole('img', {
      name: 'P -TSH: 4 results from 15 July 2025 to 2 April 2026, the latest 2.1 mU/l. Reference range 0.5–3.6 mU/l: 1 result outside it.',
    });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    // the reference range is drawn as a band, and one marker per result
    expect(chart.querySelectorAll('rect')).toHaveLength(1);
    expect(chart.querySelectorAll('circle, path[d$="Z"]')).toHaveLength(4);
    expect(within(row).getByText('The shaded band is the reference range.')).toBeVisible();

    const tableToggle = within(row).getByRole('button', { name: 'Results as a table' });
    expect(tableToggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(row).queryByRole('table')).not.toBeInTheDocument();
    await userEvent.click(tableToggle);
    expect(tableToggle).toHaveAttribute('aria-expanded', 'true');
    const table = within(row).getByRole('table', { name: 'P -TSH, results over time' });
    expect(tableToggle).toHaveAttribute('aria-controls', table.parentElement?.id);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['15 July 2025', '2.6 mU/l', 'Within the reference range'],
      ['20 October 2025', '3.3 mU/l', 'Within the reference range'],
      ['2 January 2026', '4.2 mU/l', 'Outside the reference range'],
      ['2 April 2026', '2.1 mU/l', 'Within the reference range'],
    ]);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Date', 'Result', 'Assessment']);
  });

  test('a test with a single result has no history chart', async () => {
    renderResult();
    await userEvent.click(screen.getByRole('button', { name: 'P -CRP' }));
    expect(within(testRow('P -CRP')).queryByRole('img')).not.toBeInTheDocument();
    expect(within(testRow('P -CRP')).queryByRole('button', { name: 'Results as a table' })).not.toBeInTheDocument();
  });

  test('the print button prints the page', async () => {
    const print = jest.spyOn(window, 'print').mockImplementation(() => {});
    renderResult();
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  test("the print stylesheet leaves out the portal's landmarks and the buttons, and prints every closed detail", () => {
    const { container } = renderResult();
    // the hooks the stylesheet keys on (CSS Modules class names are their keys in tests)
    expect(container.querySelector('section.printable')).toContainElement(screen.getByRole('heading', { level: 1 }));
    expect(screen.getByRole('button', { name: 'Print' })).toHaveClass('noPrint');
    // closed details are in the page (hidden), so printing can open them
    expect(container.querySelectorAll('.details[hidden]')).toHaveLength(6);
    const css = readFileSync(path.join(__dirname, 'LaboratoryResultPage.module.css'), 'utf8');
    const print = css.slice(css.indexOf('@media print'));
    expect(print).toMatch(/:global\(body\):has\(\.printable\) :is\(header, nav, footer, aside\) \{\s*display: none !important;/);
    expect(print).toMatch(/\.noPrint,\s*\.tableToggle \{\s*display: none !important;/);
    expect(print).toMatch(/\.details\[hidden\],\s*\.tableWrapper\[hidden\] \{\s*display: block !important;/);
  });

  test('Finnish: decimal comma and the texts', () => {
    renderResult(laboratoryResultState, 'fi');
    expect(screen.getByRole('heading', { level: 1, name: 'Laboratoriotulokset 2.4.2026' })).toBeInTheDocument();
    expect(testSummary('P -TSH')).toHaveTextContent('2,1 mU/l');
    expect(within(testSummary('P -TSH')).getByText('Viitealueella')).toBeInTheDocument();
    expect(within(testSummary('B -Hb')).getByText('Viitealueen ulkopuolella')).toBeInTheDocument();
    expect(within(testSummary('B -Leuk')).getByText('Kesken')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tulosta' })).toBeInTheDocument();
  });

  test("the not-found state: 'Results were not found', no print button, focus on the page's heading", () => {
    renderResult({ status: 'not-found' });
    expect(screen.getByText('Results were not found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Laboratory results' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to laboratory results/ })).toHaveAttribute('href', '/en/laboratory');
  });

  test("client-side: asks the loader with the date; its 404 is 'Results were not found', not an error", async () => {
    const shell = createFakeShell();
    // shared-api's loadPage answers the loader's 404 with its not-found page state
    shell.loadPage.mockResolvedValueOnce(pageState(ROUTE, { status: 'not-found' }, { date: DATE }));
    renderRoute(<LaboratoryResultPage />, 'laboratoryresult/:date', `laboratoryresult/${DATE}`, shell);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByText('Results were not found')).toBeInTheDocument();
    expect(shell.loadPage).toHaveBeenCalledWith(ROUTE, { date: DATE }, expect.any(AbortSignal));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a load error shows the error view; retry loads the result', async () => {
    const shell = createFakeShell();
    let fail: (error: Error) => void = () => {};
    shell.loadPage
      .mockReturnValueOnce(new Promise((_, reject) => (fail = reject)))
      .mockResolvedValueOnce(pageState(ROUTE, laboratoryResultState, { date: DATE }));
    renderRoute(<LaboratoryResultPage />, 'laboratoryresult/:date', `laboratoryresult/${DATE}`, shell);
    await act(async () => fail(new ApiError({ kind: 'network' })));
    expect(screen.getByRole('alert')).toHaveTextContent('Apologies! Something went wrong...');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Patient: Mikko Virtanen')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Laboratory results 2 April 2026' })).toHaveFocus();
  });
});
