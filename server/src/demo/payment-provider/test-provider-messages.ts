import type { Lang, PaymentFailureReason } from '@portal/shared-api';

/**
 * The built-in test payment provider's own texts. It stands for a third party (a bank), so it keeps
 * its catalogue beside its pages instead of in the portal's: the portal's pages never show these.
 */
const en = {
  serviceName: 'Test payment provider',
  intro: 'This is the portal’s built-in test payment provider: no money moves. Choose what the bank answers.',
  amount: 'Amount',
  reference: 'Invoice number',
  pay: 'Pay {amount}',
  payLater: 'Pay, the bank confirms later',
  failHeading: 'Make the payment fail',
  'failureReason.cardDeclined': 'Card declined',
  'failureReason.cardExpired': 'Card expired',
  'failureReason.incorrectCvc': 'Incorrect CVC',
  'failureReason.insufficientFunds': 'Insufficient funds',
  'failureReason.paymentFailed': 'Payment failed',
  'failureReason.unableToProcess': 'Unable to process',
  cancel: 'Cancel the payment and return',
  callbackNote: 'The bank also tells the portal the outcome directly, sometimes late or twice, like a real payment provider.',
  terms: 'By choosing a payment method you accept the test payment provider’s terms: this is a demo and no money moves.',
  'error.title': 'The payment cannot continue',
  'error.description': 'The payment link is invalid or has expired. Go back to the portal and start the payment again.',
  'error.back': 'Back to the portal',
} as const;

type TestProviderMessageId = keyof typeof en;

const fi: Record<TestProviderMessageId, string> = {
  serviceName: 'Testimaksupalvelu',
  intro: 'Tämä on portaalin sisäänrakennettu testimaksupalvelu: rahaa ei siirry. Valitse, mitä pankki vastaa.',
  amount: 'Summa',
  reference: 'Laskun numero',
  pay: 'Maksa {amount}',
  payLater: 'Maksa, pankki vahvistaa myöhemmin',
  failHeading: 'Anna maksun epäonnistua',
  'failureReason.cardDeclined': 'Kortti hylätty',
  'failureReason.cardExpired': 'Kortti vanhentunut',
  'failureReason.incorrectCvc': 'Väärä CVC-koodi',
  'failureReason.insufficientFunds': 'Kate ei riitä',
  'failureReason.paymentFailed': 'Maksu epäonnistui',
  'failureReason.unableToProcess': 'Maksua ei voitu käsitellä',
  cancel: 'Peruuta maksu ja palaa',
  callbackNote: 'Pankki ilmoittaa tuloksen myös suoraan portaalille, joskus myöhässä tai kahdesti, kuten oikea maksupalvelu.',
  terms: 'Valitsemalla maksutavan hyväksyt testimaksupalvelun ehdot: kyseessä on demo, eikä rahaa siirry.',
  'error.title': 'Maksua ei voi jatkaa',
  'error.description': 'Maksulinkki on virheellinen tai vanhentunut. Palaa portaaliin ja aloita maksu uudelleen.',
  'error.back': 'Takaisin portaaliin',
};

const sv: Record<TestProviderMessageId, string> = {
  serviceName: 'Testbetaltjänst',
  intro: 'Det här är portalens inbyggda testbetaltjänst: inga pengar flyttas. Välj vad banken svarar.',
  amount: 'Belopp',
  reference: 'Fakturanummer',
  pay: 'Betala {amount}',
  payLater: 'Betala, banken bekräftar senare',
  failHeading: 'Låt betalningen misslyckas',
  'failureReason.cardDeclined': 'Kortet avvisades',
  'failureReason.cardExpired': 'Kortet har gått ut',
  'failureReason.incorrectCvc': 'Fel CVC-kod',
  'failureReason.insufficientFunds': 'Otillräckligt saldo',
  'failureReason.paymentFailed': 'Betalningen misslyckades',
  'failureReason.unableToProcess': 'Betalningen kunde inte behandlas',
  cancel: 'Avbryt betalningen och återvänd',
  callbackNote: 'Banken meddelar också portalen resultatet direkt, ibland sent eller två gånger, som en riktig betaltjänst.',
  terms: 'Genom att välja betalningssätt godkänner du testbetaltjänstens villkor: det här är en demo och inga pengar flyttas.',
  'error.title': 'Betalningen kan inte fortsätta',
  'error.description': 'Betalningslänken är ogiltig eller har gått ut. Gå tillbaka till portalen och börja betalningen på nytt.',
  'error.back': 'Tillbaka till portalen',
};

const catalogues: Record<Lang, Record<TestProviderMessageId, string>> = { fi, sv, en };

export function testProviderText(lang: Lang, id: TestProviderMessageId, values: Record<string, string> = {}): string {
  return Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{${name}}`, value), catalogues[lang][id]);
}

/** The failure reasons a tester can pick (cancelling is its own button). */
export const TESTER_FAILURE_REASONS = [
  'cardDeclined',
  'cardExpired',
  'incorrectCvc',
  'insufficientFunds',
  'paymentFailed',
  'unableToProcess',
] as const satisfies readonly PaymentFailureReason[];

export function failureReasonText(lang: Lang, reason: (typeof TESTER_FAILURE_REASONS)[number]): string {
  return testProviderText(lang, `failureReason.${reason}`);
}
