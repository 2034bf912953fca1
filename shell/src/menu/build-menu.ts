import type { Brand, ComposedRoute, Lang, MenuGroup, RouteTable, SessionUser } from '@portal/shared-api';
import { buildPath, type RouteId } from '@portal/shared-i18n';
import { isRouteAvailable } from '../routing/route-access';

export interface MenuLink {
  kind: 'link';
  routeId: string;
  href: string;
  /** resolved label; null when the route table carries no label (then `labelId` is formatted) */
  label: string | null;
  labelId: string;
}
export interface MenuAction {
  kind: 'logout';
  /** CSS shows it only at ≤ 480 px (the header's user menu has log out on larger screens) */
  smallScreenOnly: true;
}
export type MenuItem = MenuLink | MenuAction;
export interface MenuSection {
  group: MenuGroup;
  items: MenuItem[];
}

export interface MenuContext {
  features: readonly string[];
  brand: Brand;
  user: SessionUser | null;
  lang: Lang;
}

const GROUP_ORDER: readonly MenuGroup[] = ['main', 'occupational', 'sickness-fund', 'other', 'account'];

/** The my-information page (mf-account); its menu entry is titled with the patient's name. */
export const MY_INFORMATION_ROUTE_ID: RouteId = 'account.my-information';
export const SICKNESS_FUND_FEATURE = 'sickness-fund-page';
export const SICKNESS_FUND_MEMBER_FEATURE = 'is-finnair-sickness-fund-member';
export const MESSAGING_FEATURES = ['customer-messaging-enabled', 'customer-messaging-allowed'] as const;
export const CHILDRENS_CHAT_FEATURE = 'pikkutsatti';

function hasAll(features: ReadonlySet<string>, needed: readonly string[]): boolean {
  return needed.every((feature) => features.has(feature));
}

/** Spec part 2 §2.4 rules for whole groups. */
function groupVisible(group: MenuGroup, context: MenuContext, features: ReadonlySet<string>): boolean {
  switch (group) {
    case 'occupational':
      return context.brand !== 'children' && context.user?.occupationalHealthcare === true;
    case 'sickness-fund':
      return hasAll(features, [SICKNESS_FUND_FEATURE, SICKNESS_FUND_MEMBER_FEATURE]);
    default:
      return true;
  }
}

/** Spec rules for single entries, beyond the features each route and menu entry declares. */
function entryVisible(route: ComposedRoute, context: MenuContext, features: ReadonlySet<string>): boolean {
  const menu = route.menu;
  if (!menu) return false;
  if (!isRouteAvailable(route, context.brand, [...features])) return false;
  if (menu.features && !hasAll(features, menu.features)) return false;
  if (menu.occupationalOnly && context.user?.occupationalHealthcare !== true) return false;
  if (route.id.startsWith('messaging.') && !hasAll(features, MESSAGING_FEATURES)) return false;
  if (route.id.includes('pikkutsatti') && !features.has(CHILDRENS_CHAT_FEATURE)) return false;
  // Signed-in pages are listed only for a signed-in user; anonymous visitors get the pages they can open.
  if (route.kind === 'logged-in' && !context.user) return false;
  if (route.kind === 'expired-session') return false;
  return true;
}

function labelOf(route: ComposedRoute, context: MenuContext): string | null {
  if (route.id === MY_INFORMATION_ROUTE_ID && context.user) {
    const patient = context.user.actingFor ?? context.user;
    const name = `${patient.firstName} ${patient.lastName}`.trim();
    if (name) return name;
  }
  return route.menu?.label?.[context.lang] ?? null;
}

/**
 * The side menu (spec part 2 §2.4): entries from the route table's `menu`, filtered by brand, features
 * (the environment's and the user's) and the user, sorted by group then order; empty groups are left out.
 * A signed-in user also gets a log-out action, shown only on small screens.
 */
export function buildMenu(routes: RouteTable, context: MenuContext): MenuSection[] {
  const features = new Set([...context.features, ...(context.user?.features ?? [])]);
  const sections: MenuSection[] = [];
  for (const group of GROUP_ORDER) {
    if (!groupVisible(group, context, features)) continue;
    const entries = routes
      .filter((route) => route.menu?.group === group && entryVisible(route, context, features))
      .sort((a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0));
    const items: MenuItem[] = entries.map((route) => ({
      kind: 'link',
      routeId: route.id,
      href: buildPath(route, context.lang),
      label: labelOf(route, context),
      labelId: route.menu?.labelId ?? route.id,
    }));
    if (group === 'account' && context.user) items.push({ kind: 'logout', smallScreenOnly: true });
    if (items.length > 0) sections.push({ group, items });
  }
  return sections;
}
