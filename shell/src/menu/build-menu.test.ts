import { composedRouteSchema, type RouteTable, type SessionUser } from '@portal/shared-api';
import { buildMenu, type MenuContext, type MenuLink } from './build-menu';
import { routeTable } from '../test/fixtures';

const l = (text: string) => ({ fi: text, sv: text, en: text });
const extra: RouteTable = [
  { id: 'messaging.conversations', paths: { fi: 'viestit', sv: 'meddelanden', en: 'conversations' }, kind: 'logged-in', menu: { group: 'occupational', order: 1, labelId: 'm', label: l('Messages') } },
  { id: 'account.team', paths: { fi: 'tyoterveystiimi', sv: 'foretagshalsovardsteamet', en: 'occupational-health-care-team' }, kind: 'logged-in', menu: { group: 'occupational', order: 3, labelId: 't', label: l('Team') } },
  { id: 'account.sickness-fund', paths: { fi: 'sairauskassa', sv: 'sairauskassa', en: 'sairauskassa' }, kind: 'logged-in', features: ['sickness-fund-page'], menu: { group: 'sickness-fund', order: 1, labelId: 's', label: l('Sickness fund') } },
  { id: 'account.pikkutsatti', paths: { fi: 'pikkutsatti', sv: 'pikkutsatti', en: 'pikkutsatti' }, kind: 'logged-in', menu: { group: 'other', order: 50, labelId: 'p', label: l('Children’s chat') } },
  { id: 'account.my-information', paths: { fi: 'omat-tiedot', sv: 'mina-uppgifter', en: 'my-information' }, kind: 'logged-in', menu: { group: 'account', order: 1, labelId: 'i', label: l('My information') } },
].map((route) => composedRouteSchema.parse({ ...route, owner: 'mf-account' }));
const routes = [...routeTable(), ...extra];

const user = (patch: Partial<SessionUser> = {}): SessionUser => ({
  firstName: 'Aino',
  lastName: 'Korhonen',
  csrfToken: 'x',
  occupationalHealthcare: true,
  features: [],
  actingFor: null,
  ...patch,
});
const context = (patch: Partial<MenuContext> = {}): MenuContext => ({ features: [], brand: 'adult', user: user(), lang: 'en', ...patch });

const linkIds = (ctx: MenuContext) =>
  buildMenu(routes, ctx).flatMap((section) => section.items.filter((item): item is MenuLink => item.kind === 'link').map((item) => item.routeId));
const groups = (ctx: MenuContext) => buildMenu(routes, ctx).map((section) => section.group);

describe('buildMenu', () => {
  test('home first, then other pages sorted by order, with localized paths and labels', () => {
    const sections = buildMenu(routes, context({ lang: 'fi', user: user({ occupationalHealthcare: false }) }));
    expect(sections.map((s) => s.group)).toEqual(['main', 'other', 'account']);
    const other = sections[1]?.items as MenuLink[];
    expect(other.map((item) => [item.routeId, item.href, item.label])).toEqual([
      ['records.visits', '/fi/kaynnit', 'Käynnit'],
      ['records.laboratory', '/fi/laboratorio', 'Laboratorio'],
    ]);
    expect(sections[0]?.items[0]).toMatchObject({ routeId: 'front-page', href: '/fi', labelId: 'shell.menu.home' });
  });

  test('the occupational group needs an occupational-health customer and is hidden on the children’s brand', () => {
    expect(groups(context())).toContain('occupational');
    expect(groups(context({ user: user({ occupationalHealthcare: false }) }))).not.toContain('occupational');
    expect(groups(context({ brand: 'children' }))).not.toContain('occupational');
  });

  test('messages need both customer-messaging-enabled and customer-messaging-allowed', () => {
    expect(linkIds(context())).not.toContain('messaging.conversations');
    expect(linkIds(context({ features: ['customer-messaging-enabled'] }))).not.toContain('messaging.conversations');
    expect(linkIds(context({ features: ['customer-messaging-allowed'] }))).not.toContain('messaging.conversations');
    expect(linkIds(context({ features: ['customer-messaging-enabled', 'customer-messaging-allowed'] }))).toContain('messaging.conversations');
    expect(linkIds(context())).toContain('account.team');
  });

  test('the sickness fund group needs the sickness-fund-page feature and the user’s membership', () => {
    expect(groups(context({ features: ['sickness-fund-page'] }))).not.toContain('sickness-fund');
    expect(groups(context({ user: user({ features: ['is-finnair-sickness-fund-member'] }) }))).not.toContain('sickness-fund');
    expect(groups(context({ features: ['sickness-fund-page'], user: user({ features: ['is-finnair-sickness-fund-member'] }) }))).toContain('sickness-fund');
  });

  test('children’s chat only with the pikkutsatti feature', () => {
    expect(linkIds(context())).not.toContain('account.pikkutsatti');
    expect(linkIds(context({ features: ['pikkutsatti'] }))).toContain('account.pikkutsatti');
  });

  test('my information is titled with the patient’s name, the child’s when a guardian acts for one', () => {
    const label = (ctx: MenuContext) =>
      (buildMenu(routes, ctx).flatMap((s) => s.items).find((i) => i.kind === 'link' && i.routeId === 'account.my-information') as MenuLink).label;
    expect(label(context())).toBe('Aino Korhonen');
    expect(label(context({ user: user({ actingFor: { firstName: 'Ella', lastName: 'Nieminen' } }) }))).toBe('Ella Nieminen');
  });

  test('a log-out action, marked small-screen-only, ends the menu of a signed-in user', () => {
    const sections = buildMenu(routes, context());
    const last = sections[sections.length - 1];
    expect(last?.group).toBe('account');
    expect(last?.items[last.items.length - 1]).toEqual({ kind: 'logout', smallScreenOnly: true });
  });

  test('an anonymous visitor gets no signed-in pages and no log-out', () => {
    const sections = buildMenu(routes, context({ user: null }));
    expect(sections.flatMap((s) => s.items)).toEqual([]);
  });
});
