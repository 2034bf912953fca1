import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { desc, eq } from 'drizzle-orm';
import { pageStateSchemas, routeIds, type ComposedRoute, type RouteWithState } from '@portal/shared-api';
import { appointments } from '../src/modules/booking/schema';
import { appointmentSlots } from '../src/modules/clinics/schema';
import { customerUserIdOf } from '../src/modules/messaging/queries';
import { messagingThreads } from '../src/modules/messaging/schema';
import { imagingResults, laboratoryResults, prescriptions, questionnaireInvitations, referrals, visits } from '../src/modules/records/schema';
import { notFoundState, ok, PageLoaderRegistry, PageStateMismatchError, type LoaderContext, type PageLoader, type PageLoaderFactory } from '../src/pages/loaders';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, personIdOf, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * Issue 11: a page loader answers exactly its page's state (shared-api's pageStateSchemas). The
 * compiler holds the loaders to it (the @ts-expect-error lines below fail `tsc -p server` the day
 * they compile), and this file runs every registered loader for every persona, with ids of their
 * own and ids that name nothing, and parses each answer with the page's schema.
 */

// ---------------------------------------------------------------------------------------------
// Type level: only checked by tsc (server/tsconfig.json includes test/); never run.

function typeLevelChecks(registry: PageLoaderRegistry): void {
  registry.register('records.visits', async () => ok({ visits: [] }));
  registry.register('records.visit', async () => notFoundState({ status: 'visit-not-found' as const }));
  // @ts-expect-error the visits page reads `visits`, not `rows`
  registry.register('records.visits', async () => ok({ rows: [] }));
  // @ts-expect-error the visit page's not-found state is 'visit-not-found', not 'not-found'
  registry.register('records.visit', async () => notFoundState({ status: 'not-found' as const }));
  // @ts-expect-error another page's state: the laboratory page has results by date, not visits
  registry.register('records.laboratory', async () => ok({ visits: [] }));
  // @ts-expect-error the login page has no state schema, so it cannot have a loader
  registry.register('login', async () => ok({}));
  // @ts-expect-error no such route
  registry.register('records.nothing', async () => ok({}));
  // A page file's loader (server/src/modules/<part>/pages/<page>.ts) is held to its own route's state.
  const visits: PageLoaderFactory<'records.visits', { app: unknown }> = () => async () => ok({ visits: [] });
  registry.register('records.visits', visits({ app: null }));
  // @ts-expect-error the visits page reads `visits`, not `rows`
  const drifted: PageLoaderFactory<'records.visits', { app: unknown }> = () => async () => ok({ rows: [] });
  // @ts-expect-error the generated registration gives each route its own page's loader only
  registry.register('records.visit', visits({ app: null }));
  void drifted;
}
void typeLevelChecks;

// ---------------------------------------------------------------------------------------------

const context = (): LoaderContext => ({}) as LoaderContext; // why: the loaders below read nothing of it

describe('the page loader registry', () => {
  it('refuses a state its page schema does not accept when told to check (development and tests)', async () => {
    const registry = new PageLoaderRegistry({ checkStates: true });
    // A loader that drifted from its page: the type checker would refuse it, so it is forced here.
    const drifted = (async () => ok({ visits: [{ id: 1 }] })) as unknown as PageLoader<'records.visits'>;
    registry.register('records.visits', drifted);
    await assert.rejects(registry.get('records.visits')!(context()), (error: unknown) => {
      assert.ok(error instanceof PageStateMismatchError);
      assert.match(error.message, /records\.visits/);
      return true;
    });
  });

  it('answers a matching state as the loader gave it, with its status', async () => {
    const registry = new PageLoaderRegistry({ checkStates: true });
    registry.register('records.visit', async () => notFoundState({ status: 'visit-not-found' as const }));
    assert.deepEqual(await registry.get('records.visit')!(context()), { status: 404, state: { status: 'visit-not-found' } });
  });

  it('does not check without being told to (production)', async () => {
    const registry = new PageLoaderRegistry();
    const drifted = (async () => ok({ rows: [] })) as unknown as PageLoader<'records.visits'>;
    registry.register('records.visits', drifted);
    assert.deepEqual(await registry.get('records.visits')!(context()), { status: 200, state: { rows: [] } });
  });

  it('takes one loader per route', () => {
    const registry = new PageLoaderRegistry();
    registry.register('records.visits', async () => ok({ visits: [] }));
    assert.throws(() => registry.register('records.visits', async () => ok({ visits: [] })), /already registered/);
  });
});

// ---------------------------------------------------------------------------------------------

interface Persona {
  name: string;
  caller: SignedInCaller;
  /** values for each path parameter: the subject's own first, then ones that name nothing of theirs */
  params: Record<string, string[]>;
}

/** Path parameter values that name the subject's own things, and some that name nothing. */
async function paramsOf(t: TestApp, subjectPersonId: string): Promise<Record<string, string[]>> {
  const db = t.app.db;
  const [visit] = await db.select({ id: visits.id }).from(visits).where(eq(visits.personId, subjectPersonId)).limit(1);
  const [lab] = await db.select({ date: laboratoryResults.sampleDate }).from(laboratoryResults).where(eq(laboratoryResults.personId, subjectPersonId)).limit(1);
  const [imaging] = await db.select({ date: imagingResults.imagingDate }).from(imagingResults).where(eq(imagingResults.personId, subjectPersonId)).limit(1);
  const ownReferrals = await db.select({ id: referrals.id }).from(referrals).where(eq(referrals.personId, subjectPersonId));
  const [invitation] = await db
    .select({ id: questionnaireInvitations.id })
    .from(questionnaireInvitations)
    .where(eq(questionnaireInvitations.personId, subjectPersonId))
    .limit(1);
  const renewable = await db.select({ id: prescriptions.id }).from(prescriptions).where(eq(prescriptions.personId, subjectPersonId));
  const customerUserId = await customerUserIdOf(db, subjectPersonId);
  const [thread] =
    customerUserId === null
      ? []
      : await db.select({ id: messagingThreads.id }).from(messagingThreads).where(eq(messagingThreads.customerUserId, customerUserId)).limit(1);
  const ownAppointments = await db
    .select({ id: appointments.id, slotId: appointments.slotId, linkToken: appointments.linkToken })
    .from(appointments)
    .where(eq(appointments.personId, subjectPersonId));
  const [freeSlot] = await db.select({ id: appointmentSlots.id }).from(appointmentSlots).orderBy(desc(appointmentSlots.startsAt)).limit(1);
  const own = (value: string | number | undefined) => (value === undefined ? [] : [String(value)]);
  return {
    id: [
      ...own(visit?.id),
      ...ownReferrals.map((r) => String(r.id)),
      ...own(invitation?.id),
      ...own(thread?.id),
      ...own(ownAppointments[0]?.id),
      ...own(ownAppointments[0]?.slotId),
      ...own(freeSlot?.id),
      '999999999',
    ],
    date: [...own(lab?.date), ...own(imaging?.date), '1999-01-01'],
    ids: [
      ...(renewable.length ? [renewable.map((r) => r.id).join(',')] : []),
      ...(ownAppointments.length ? [ownAppointments.map((a) => a.id).join(',')] : []),
      '999999999',
    ],
    // the anonymous appointment link's and the earlier-time offer's tokens: one of the subject's, and one that names nothing
    token: [...own(ownAppointments[0]?.linkToken), 'NoSuchToken0123456789'],
  };
}

/** Every combination of the route's path parameters from `values` (a route has at most one today). */
function paramSets(route: ComposedRoute, values: Record<string, string[]>): Record<string, string>[] {
  const names = [...route.paths.fi.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  let sets: Record<string, string>[] = [{}];
  for (const name of names) {
    const options = values[name] ?? [];
    assert.ok(options.length > 0, `no values for the parameter '${name}' of ${route.id}`);
    sets = sets.flatMap((set) => options.map((value) => ({ ...set, [name]: value })));
  }
  return sets;
}

/**
 * Asks every loader whose route this app's brand has; `seen` collects those route ids. A loader of a
 * route of the other brand only (the children's chat, the adult brand's occupational team) must still
 * be a real route id; the other brand's app checks it.
 */
async function checkEveryLoader(t: TestApp, personas: Persona[], seen = new Set<string>()): Promise<number> {
  const routes = t.app.routeTable.current();
  let checked = 0;
  for (const routeId of t.app.pageLoaders.routeIds()) {
    const route: ComposedRoute | undefined = routes.find((r) => r.id === routeId);
    if (!route) {
      assert.ok((routeIds as readonly string[]).includes(routeId), `the loader of '${routeId}' has a route`);
      continue;
    }
    seen.add(routeId);
    assert.ok(routeId in pageStateSchemas, `'${routeId}' has a page state schema`);
    const schema = pageStateSchemas[routeId as RouteWithState];
    for (const persona of personas) {
      for (const params of paramSets(route, persona.params)) {
        const query = new URLSearchParams({ lang: 'fi', ...params });
        const res = await t.app.inject({ url: `/api/pages/${routeId}?${query}`, headers: persona.caller.headers });
        const what: string = `${routeId} ${JSON.stringify(params)} as ${persona.name}`;
        assert.ok(res.statusCode === 200 || res.statusCode === 404, `${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        const page = res.json() as { routeId: string; state: unknown };
        assert.equal(page.routeId, routeId, what);
        const parsed = schema.safeParse(page.state);
        assert.ok(parsed.success, `${what}: the state does not match the page's schema: ${parsed.error?.message}`);
        checked++;
      }
    }
  }
  return checked;
}

async function personas(t: TestApp): Promise<Persona[]> {
  const list: [string, string, string?][] = [
    ['Mikko', PERSONAS.mikko],
    ['Aino', PERSONAS.aino],
    ['Jukka', PERSONAS.jukka],
    ['Leena for Ella', PERSONAS.leena, PERSONAS.ella],
    ['Pekka', PERSONAS.pekka],
  ];
  return Promise.all(
    list.map(async ([name, code, actingFor]) => ({
      name,
      caller: await signIn(t.app, code, actingFor),
      params: await paramsOf(t, await personIdOf(t.app, actingFor ?? code)),
    })),
  );
}

describe('every registered page loader, for every persona', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => t.close());

  it('has a loader for every page that has a state schema, and a schema for every loader', () => {
    const registered = new Set(t.app.pageLoaders.routeIds());
    // pageStateSchemas is generated from routes.json (every route but those that say "state": false),
    // and so is each module's registration (pages/index.generated.ts, tooling/route-ids-server.cjs):
    // a page whose loader is not registered is named here, with where its loader belongs.
    const loaderFileOf = (routeId: string) =>
      routeId.includes('.')
        ? `server/src/modules/${routeId.slice(0, routeId.indexOf('.'))}/pages/${routeId.slice(routeId.indexOf('.') + 1)}.ts`
        : `server/src/modules/front-page/pages/${routeId}.ts, or another module's (tooling/route-ids-server.cjs SHELL_PAGE_MODULES)`;
    const missing = Object.keys(pageStateSchemas)
      .filter((routeId) => !registered.has(routeId))
      .map(
        (routeId) =>
          `${routeId}: no server loader registered (${loaderFileOf(routeId)} exporting \`loader\`, its module's install calling registerPageLoaders after \`node tooling/route-ids.cjs\`, or "state": false in its routes.json entry)`,
      );
    assert.deepEqual(missing, []);
    assert.deepEqual([...registered].sort(), Object.keys(pageStateSchemas).sort());
    for (const routeId of registered) assert.ok((routeIds as readonly string[]).includes(routeId), routeId);
  });

  it('answers states that match their pages’ schemas, found and not found (on both brands)', async () => {
    const seen = new Set<string>();
    const checked = await checkEveryLoader(t, await personas(t), seen);
    assert.ok(checked > 100, `${checked} answers checked`);
    const children = await createTestApp({ BRAND: 'children' });
    try {
      await checkEveryLoader(children, await personas(children), seen);
    } finally {
      await children.close();
    }
    assert.deepEqual([...seen].sort(), [...t.app.pageLoaders.routeIds()].sort(), 'every loader is asked on one brand or the other');
  });
});

describe('every registered page loader, with the systems behind the pages down', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ QUESTIONNAIRES_STATUS: 'maintenance-mode', IMAGING_API_STATUS: 'temporary-error', MESSAGING_STATUS: 'maintenance-mode' });
  });
  after(async () => t.close());

  it('answers the maintenance and outage states their pages’ schemas describe', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const params = await paramsOf(t, mikko.personId);
    await checkEveryLoader(t, [{ name: 'Mikko', caller: mikko, params }]);
    const res = await t.app.inject({ url: `/api/pages/records.questionnaires?lang=fi`, headers: mikko.headers });
    assert.deepEqual(res.json().state, { status: 'maintenance-mode' });
  });
});
