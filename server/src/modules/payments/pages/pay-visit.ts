import type { FastifyInstance } from 'fastify';
import { buildPath, findRoute } from '@portal/shared-i18n';
import type { Brand, Lang, PayVisitPageState } from '@portal/shared-api';
import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import { loginPath } from '../../identity/index';
import type { PageDeps } from './deps';

/**
 * payments.pay-visit (pay-visit, maksa-kaynti, betala-besok; spec part 2 §2.3 "Invoice notification
 * landing", anonymous): where the notification's reader signs in to pay.
 * - Their own visit: the login page of either brand, going on to the invoices page. This server's
 *   brand is a path here; the other brand's address is PAYMENT_{ADULT,CHILDREN}_BRAND_URL (the demo's
 *   one server stands for both when unset).
 * - A child's visit: the children's brand's login as a guardian (`acting=guardian`, part 1 §2): the
 *   strong identification names the child, the server checks the guardianship before any session,
 *   and the guardian lands on the ward's invoices.
 */

const BRANDS: readonly Brand[] = ['adult', 'children'];

function pathOf(app: FastifyInstance, routeId: string, lang: Lang, fallback: string): string {
  const route = findRoute(app.routeTable.current(), routeId);
  return route ? buildPath(route, lang) : fallback;
}

export const loader: PageLoaderFactory<'payments.pay-visit', PageDeps> = ({ app, config }) => {
  /** '' for this server's own brand (a path on this site), else the other brand's address. */
  const originOf = (brand: Brand) => (brand === app.config.brand ? '' : (config.brandUrls[brand] ?? app.config.publicUrl));

  return async (ctx) => {
    const lang = ctx.lang;
    const invoices = pathOf(app, 'payments.invoices', lang, `/${lang}/${{ fi: 'laskut', sv: 'fakturor', en: 'invoices' }[lang]}`);
    const login = pathOf(app, 'login', lang, loginPath(lang));
    const loginUrl = (brand: Brand, query: Record<string, string>) => `${originOf(brand)}${login}?${new URLSearchParams(query).toString()}`;
    const state: PayVisitPageState = {
      ownVisitLinks: BRANDS.map((brand) => ({ brand, url: loginUrl(brand, { nextPath: invoices }) })),
      childVisitUrl: loginUrl('children', { nextPath: invoices, acting: 'guardian' }),
    };
    return ok(state);
  };
};
