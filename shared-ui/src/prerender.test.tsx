import { useId } from 'react';
import { buildFrontPageState, buildRecordsSummary } from '@portal/shared-api/mock';
import { FormattedMessage } from 'react-intl';
import { createFakeShell, initialStateFor, pageState, serverHtmlInDocument } from './test-utils';
import { createParcelPrerenderer, frontPageSummaryProps } from './prerender';

// The parcel pre-renderer (issue 15): each remote's front-page summary rendered on the server from the
// front page's state, in that remote's texts, with ids unique across the page's parcels.

/** A summary block as the remotes write them: a region named by its heading. */
function Block({ summary }: { summary: unknown }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>
        <FormattedMessage id="test.title" />
      </h2>
      <p>{JSON.stringify(summary).length}</p>
    </section>
  );
}

const messages = (title: string) => ({ fi: { 'test.title': `${title} fi` }, sv: { 'test.title': `${title} sv` }, en: { 'test.title': `${title} en` } });
const recordsParcel = createParcelPrerenderer({ remoteId: 'mf-records', messages: messages('Visits'), parcels: { './summary': { component: Block, props: frontPageSummaryProps } } });
// a parcel whose props do not come from the front page's state
const bookingParcel = createParcelPrerenderer({ remoteId: 'mf-booking', messages: messages('Appointments'), parcels: { './summary': { component: Block, props: () => ({ summary: {} }) } } });

function frontPage(lang: 'fi' | 'sv' | 'en', summaries: Record<string, unknown>) {
  const shell = createFakeShell([], { lang });
  return initialStateFor(shell, pageState('front-page', buildFrontPageState({ firstName: 'Aino', summaries })));
}

/** A summary with a control in it: it needs its code whatever it declares. */
function BlockWithButton() {
  return (
    <section>
      <button type="button">Mark read</button>
    </section>
  );
}

describe('front-page parcels pre-rendered on the server', () => {
  test('complete (its code not loaded with the page) unless it says it needs its code or has a control', () => {
    const state = frontPage('fi', { 'mf-records': buildRecordsSummary() });
    const props = () => ({ summary: {} });
    const render = (parcel: Parameters<typeof createParcelPrerenderer>[0]['parcels'][string]) =>
      createParcelPrerenderer({ remoteId: 'mf-x', messages: messages('X'), parcels: { './summary': parcel } })({ state, url: '/fi', exposed: './summary' });
    expect(render({ component: Block, props })?.complete).toBe(true);
    expect(render({ component: Block, props, needsCode: true })?.complete).toBe(false);
    expect(render({ component: BlockWithButton, props })?.complete).toBe(false);
  });

  test("each parcel's regions stay named by their own heading: ids are unique across the page's parcels", () => {
    const state = frontPage('sv', { 'mf-records': buildRecordsSummary() });
    const page = serverHtmlInDocument(
      `${recordsParcel({ state, url: '/sv', exposed: './summary' })?.html}${bookingParcel({ state, url: '/sv', exposed: './summary' })?.html}`,
    );
    const regions = [...page.querySelectorAll('section')];
    expect(regions.map((region) => region.getAttribute('aria-labelledby'))).toHaveLength(new Set(regions.map((region) => region.getAttribute('aria-labelledby'))).size);
    const ids = [...page.querySelectorAll('[id]')].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
    // the region's name is its own heading, in the page's language
    expect(regions.map((region) => page.ownerDocument.getElementById(region.getAttribute('aria-labelledby') ?? '')?.textContent)).toEqual(['Visits sv', 'Appointments sv']);
  });

  test("nothing for a remote without a summary in the state (its loader failed), another page's state, or a parcel it does not have", () => {
    expect(recordsParcel({ state: frontPage('en', {}), url: '/en', exposed: './summary' })).toBeNull();
    const shell = createFakeShell([], { lang: 'en' });
    expect(recordsParcel({ state: initialStateFor(shell, pageState('records.visits', { visits: [] })), url: '/en/visits', exposed: './summary' })).toBeNull();
    expect(recordsParcel({ state: frontPage('en', { 'mf-records': buildRecordsSummary() }), url: '/en', exposed: './app' })).toBeNull();
    // a state the front page's schema refuses is not rendered: the browser would refuse it too
    const shellState = initialStateFor(shell, pageState('front-page', { firstName: 'Aino', summaries: { 'mf-records': { visits: 'none' } } }));
    expect(recordsParcel({ state: shellState, url: '/en', exposed: './summary' })).toBeNull();
  });
});
