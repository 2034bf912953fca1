import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { langSchema, textSchema, type Lang, type LahiTapiolaReturnStatus } from '@portal/shared-api';
import en from '../../../messages/en.json' with { type: 'json' };
import fi from '../../../messages/fi.json' with { type: 'json' };
import sv from '../../../messages/sv.json' with { type: 'json' };
import { validationError } from '../../http/errors';
import { escapeHtml, renderServerPage } from '../../http/server-page';
import { langOfPath, ownPath } from '../../modules/booking/index';
import { BROKER_STYLESHEET_PATH } from '../../modules/identity/index';

/**
 * The built-in LähiTapiola "apply for a direct compensation permit" page (issue 13: every outcome
 * reachable in the demo). It shows no patient data: the tester picks what the insurer answers and
 * the browser goes back to the portal's own page with ?status= (spec part 2 §4 initial states).
 */
export const DEMO_INSURER_PATH = '/api/insurance/lahitapiola-demo-insurer';

const catalogues: Record<Lang, Record<string, string>> = { fi, sv, en };
type InsuranceMessageId = Extract<keyof typeof en, `server.booking.insurance.${string}`>;
const text = (lang: Lang, id: InsuranceMessageId) => catalogues[lang][id] ?? catalogues.en[id] ?? id;

const CHOICES: ReadonlyArray<{ status: LahiTapiolaReturnStatus; label: InsuranceMessageId }> = [
  { status: 'directcompensationallowed', label: 'server.booking.insurance.demoInsurer.allow' },
  { status: 'directcompensationdenied', label: 'server.booking.insurance.demoInsurer.deny' },
  { status: 'cancel', label: 'server.booking.insurance.demoInsurer.cancel' },
  { status: 'error', label: 'server.booking.insurance.demoInsurer.error' },
];

/** `redirectTo` (a checked same-origin path) with ?status= set, any earlier status replaced. */
export function returnPath(redirectTo: string, status: LahiTapiolaReturnStatus): string {
  const url = new URL(redirectTo, 'http://portal.invalid');
  url.searchParams.set('status', status);
  return `${url.pathname}${url.search}${url.hash}`;
}

export function renderDemoInsurerPage(lang: Lang, redirectTo: string): string {
  const title = text(lang, 'server.booking.insurance.demoInsurer.title');
  const choices = CHOICES.map(
    ({ status, label }) => `<li><a class="broker__persona" href="${escapeHtml(returnPath(redirectTo, status))}">${escapeHtml(text(lang, label))}</a></li>`,
  ).join('\n');
  const body = `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text(lang, 'server.booking.insurance.demoInsurer.intro'))}</p>
<div class="broker__personas">
<ul>
${choices}
</ul>
</div>`;
  // the broker's stylesheet: the demo insurer is a test double beside the demo identity provider
  return renderServerPage({ lang, title, stylesheetHref: BROKER_STYLESHEET_PATH, mainClass: 'broker', body });
}

/** The built-in insurer's page (test-doubles.ts): no session, no patient data, nothing changes. */
export function installDemoInsurerPage(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    DEMO_INSURER_PATH,
    {
      schema: {
        querystring: z.object({ redirectTo: textSchema.min(1).max(2048), lang: langSchema.optional() }),
      },
      config: { session: false },
    },
    async (request, reply) => {
      const path = ownPath(request.query.redirectTo, app.config.publicUrl);
      if (path === null) return reply.status(400).send(validationError([{ path: 'redirectTo', message: 'Must be a page of this portal' }]));
      const lang = request.query.lang ?? langOfPath(path, app.config.defaultLang);
      return reply.type('text/html; charset=utf-8').send(renderDemoInsurerPage(lang, path));
    },
  );
}
