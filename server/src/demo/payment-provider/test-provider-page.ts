import { formatCents } from '@portal/shared-i18n';
import type { Lang } from '@portal/shared-api';
import { escapeHtml, renderServerPage } from '../../http/server-page';
import { brokerStylesheet } from '../../modules/identity/index';
import type { DemoBank } from './test-provider-banks';
import { failureReasonText, testProviderText, TESTER_FAILURE_REASONS } from './test-provider-messages';

/** What the tester can make the bank answer (the `outcome` of the bank page's form). */
export const TESTER_OUTCOMES = ['pay', 'pay-later', 'cancel', ...TESTER_FAILURE_REASONS] as const;
export type TesterOutcome = (typeof TESTER_OUTCOMES)[number];

export interface BankPageInput {
  lang: Lang;
  bank: DemoBank;
  amountCents: number;
  reference: string;
  /** where the choices are posted */
  action: string;
  /** the signed payment, carried on in hidden fields */
  hidden: ReadonlyArray<{ name: string; value: string }>;
}

/**
 * The demo identity broker's look (the test provider is a test double beside it), served from the
 * test provider's own path: the broker's is not there when a real identity provider is configured.
 */
export const TEST_PROVIDER_STYLESHEET_PATH = '/test-payment-provider/assets/bank.css';
export const testProviderStylesheet = brokerStylesheet;

function layout(lang: Lang, title: string, body: string): string {
  return renderServerPage({ lang, title, stylesheetHref: TEST_PROVIDER_STYLESHEET_PATH, mainClass: 'broker', body });
}

function choice(outcome: TesterOutcome, label: string, primary = false): string {
  return `<button type="submit" name="outcome" value="${escapeHtml(outcome)}" class="${primary ? 'broker__continue' : 'broker__persona'}">${escapeHtml(label)}</button>`;
}

/** The bank's page: the amount and the invoice, and one button per answer the tester can pick. */
export function renderBankPage(input: BankPageInput): string {
  const { lang, bank } = input;
  const amount = formatCents(input.amountCents, lang);
  const hidden = input.hidden.map(({ name, value }) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join('\n');
  const failures = TESTER_FAILURE_REASONS.map((reason) => `<li>${choice(reason, failureReasonText(lang, reason))}</li>`).join('\n');
  const body = `<p class="broker__service">${escapeHtml(testProviderText(lang, 'serviceName'))}</p>
<h1>${escapeHtml(bank.name)}</h1>
<p>${escapeHtml(testProviderText(lang, 'intro'))}</p>
<dl>
<dt>${escapeHtml(testProviderText(lang, 'amount'))}</dt>
<dd>${escapeHtml(amount)}</dd>
<dt>${escapeHtml(testProviderText(lang, 'reference'))}</dt>
<dd>${escapeHtml(input.reference)}</dd>
</dl>
<form method="post" action="${escapeHtml(input.action)}">
${hidden}
<p>${choice('pay', testProviderText(lang, 'pay', { amount }), true)}</p>
<div class="broker__personas">
<ul>
<li>${choice('pay-later', testProviderText(lang, 'payLater'))}</li>
</ul>
</div>
<section class="broker__personas" aria-labelledby="fail-heading">
<h2 id="fail-heading">${escapeHtml(testProviderText(lang, 'failHeading'))}</h2>
<ul>
${failures}
</ul>
</section>
<p class="broker__cancel">${choice('cancel', testProviderText(lang, 'cancel'))}</p>
</form>
<p class="broker__hint">${escapeHtml(testProviderText(lang, 'callbackNote'))}</p>`;
  return layout(lang, `${bank.name} – ${testProviderText(lang, 'serviceName')}`, body);
}

/** An unsigned, tampered or expired payment: nothing to pay, back to the portal. */
export function renderBankErrorPage(lang: Lang, portalHref: string): string {
  const title = testProviderText(lang, 'error.title');
  const body = `<p class="broker__service">${escapeHtml(testProviderText(lang, 'serviceName'))}</p>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(testProviderText(lang, 'error.description'))}</p>
<p><a href="${escapeHtml(portalHref)}">${escapeHtml(testProviderText(lang, 'error.back'))}</a></p>`;
  return layout(lang, title, body);
}
