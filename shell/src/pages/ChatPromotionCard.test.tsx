import { screen, within } from '@testing-library/react';
import type { ChatPromotion, Lang } from '@portal/shared-api';
import { renderShell } from '../test/render-shell';

// Issue 28, spec part 2 §2.4: the front page shows the chat promotion the server put in its state,
// a card with a heading, one sentence and the service's action, in the page's language.

const doctorChat: ChatPromotion = { kind: 'doctor-chat', url: 'https://chat.example.fi/laakarichat' };
const nurseChat: ChatPromotion = { kind: 'nurse-chat', url: 'https://chat.example.fi/hoitajachat' };
const phoneService: ChatPromotion = {
  kind: 'phone-service',
  phone: '010 555 0100',
  hours: { weekdays: { opens: 7, closes: 21 }, weekendsAndHolidays: { opens: 9, closes: 18 } },
};

function renderFrontPage(lang: Lang, chatPromotion?: ChatPromotion) {
  const page = { routeId: 'front-page', params: {}, state: { firstName: 'Aino', summaries: {}, ...(chatPromotion && { chatPromotion }) } };
  // no remotes: the card alone, no parcel mounting after the test
  return renderShell(`/${lang}`, { state: { lang, page }, runtime: { remotes: [] } });
}

/** The promotion's card: a region named by its heading. */
const card = (name: string) => screen.getByRole('region', { name });

describe('the chat promotion on the front page', () => {
  test.each([
    ['fi', 'Lääkärichat', 'Työterveyshuoltoosi kuuluu lääkärichat: kysy oireistasi lääkäriltä varaamatta aikaa.', 'Avaa lääkärichat'],
    ['sv', 'Läkarchatt', 'I din företagshälsovård ingår en chatt med läkare: fråga om dina symtom utan att boka tid.', 'Öppna läkarchatten'],
    ['en', 'Doctor chat', 'Your occupational health care includes a chat with a doctor: ask about your symptoms without booking an appointment.', 'Open the doctor chat'],
  ] as const)('the doctor chat in %s: heading, sentence and a link to the chat', (lang, heading, text, action) => {
    renderFrontPage(lang, doctorChat);
    const region = card(heading);
    expect(within(region).getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    expect(within(region).getByText(text)).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: action })).toHaveAttribute('href', 'https://chat.example.fi/laakarichat');
  });

  test.each([
    ['fi', 'Hoitajachat', 'Avaa hoitajachat'],
    ['sv', 'Sjukskötarchatt', 'Öppna sjukskötarchatten'],
    ['en', 'Nurse chat', 'Open the nurse chat'],
  ] as const)('the nurse chat in %s', (lang, heading, action) => {
    renderFrontPage(lang, nurseChat);
    expect(within(card(heading)).getByRole('link', { name: action })).toHaveAttribute('href', 'https://chat.example.fi/hoitajachat');
  });

  test.each([
    ['fi', 'Terveysneuvonta puhelimessa', 'Soita 010 555 0100', 'Avoinna arkisin klo 7–21 sekä viikonloppuisin ja pyhäpäivinä klo 9–18.'],
    ['sv', 'Hälsorådgivning per telefon', 'Ring 010 555 0100', 'Öppet vardagar kl. 7–21 samt veckoslut och helgdagar kl. 9–18.'],
    ['en', 'Health advice by phone', 'Call 010 555 0100', 'Open on weekdays 7–21 and on weekends and public holidays 9–18 (Finnish time).'],
  ] as const)('the phone service in %s: a tel: link and its opening hours', (lang, heading, action, hours) => {
    renderFrontPage(lang, phoneService);
    const region = card(heading);
    expect(within(region).getByRole('link', { name: action })).toHaveAttribute('href', 'tel:0105550100');
    expect(within(region).getByText(hours)).toBeInTheDocument();
  });

  test('no promotion in the state: no card', () => {
    renderFrontPage('en');
    expect(screen.getByRole('heading', { level: 1, name: 'Hello, Aino!' })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.queryByRole('heading', { name: /chat|phone/i })).not.toBeInTheDocument();
    expect(main.queryByRole('link', { name: /chat|call/i })).not.toBeInTheDocument();
  });
});
