import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { remoteRoutesFileSchema, type RouteDefinitionInput, type RouteTable } from '@portal/shared-api';

/** The shell's and the records remote's pages as HELPERS-BRIEF fixes them, plus parameter routes to exercise matching. */
const shellRoutes: RouteDefinitionInput[] = [
  { id: 'front-page', paths: { fi: '', sv: '', en: '' }, kind: 'logged-in' },
  { id: 'login', paths: { fi: 'kirjaudu', sv: 'logga-in', en: 'login' }, kind: 'anonymous' },
  {
    id: 'landing',
    paths: { fi: 'asiointipolku', sv: 'transaktionsbana', en: 'transaction-path' },
    kind: 'anonymous',
    brands: ['children'],
    layout: { menu: false, footer: false },
  },
  {
    id: 'expired-session',
    paths: { fi: 'katkennut-istunto', sv: 'utgatt-session', en: 'expired-session' },
    kind: 'expired-session',
    layout: { menu: false, footer: false },
  },
  { id: 'terms', paths: { fi: 'eula', sv: 'eula', en: 'eula' }, kind: 'anonymous' },
];

const recordsRoutes: RouteDefinitionInput[] = [
  { id: 'records.visits', paths: { fi: 'kaynnit', sv: 'besoken', en: 'visits' }, kind: 'logged-in' },
  { id: 'records.prescriptions', paths: { fi: 'reseptit', sv: 'recept', en: 'prescriptions' }, kind: 'logged-in' },
  { id: 'records.laboratory', paths: { fi: 'laboratorio', sv: 'laboratorium', en: 'laboratory' }, kind: 'logged-in' },
  { id: 'records.imaging', paths: { fi: 'kuvantaminen', sv: 'bildbehandling', en: 'imaging' }, kind: 'logged-in' },
  { id: 'records.questionnaires', paths: { fi: 'kyselyt', sv: 'rundfraga', en: 'questionnaires' }, kind: 'logged-in' },
];

/** Parameter routes in the shape other remotes use (docs/product-decisions.md, "Paths": appointment ids vs anonymous tokens). */
const parameterRoutes: RouteDefinitionInput[] = [
  {
    id: 'records.visit',
    paths: { fi: 'kaynnit/:id', sv: 'besoken/:id', en: 'visits/:id' },
    params: { id: '[0-9]+' },
    kind: 'logged-in',
  },
  {
    id: 'booking.appointment',
    paths: { fi: 'varaus/:ids', sv: 'bokning/:ids', en: 'appointment/:ids' },
    params: { ids: '[0-9]+(,[0-9]+)*' },
    kind: 'logged-in',
  },
  {
    id: 'booking.anonymous-appointment',
    paths: { fi: 'varaus/:token', sv: 'bokning/:token', en: 'appointment/:token' },
    params: { token: '[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*' },
    kind: 'anonymous',
  },
  { id: 'booking.new', paths: { fi: 'varaus/uusi', sv: 'bokning/ny', en: 'appointment/new' }, kind: 'anonymous' },
  { id: 'messaging.thread', paths: { fi: 'viestit/:id', sv: 'meddelanden/:id', en: 'messages/:id' }, kind: 'logged-in' },
];

function compose(owner: string, routes: RouteDefinitionInput[]): RouteTable {
  return remoteRoutesFileSchema.parse(routes).map((route) => ({ ...route, owner }));
}

/** The real routes.json of a package when it exists (other parts of the workspace write them). */
function readRoutesFile(packageFolder: string, owner: string): RouteTable | null {
  const file = join(__dirname, '..', '..', '..', packageFolder, 'routes.json');
  if (!existsSync(file)) return null;
  return compose(owner, JSON.parse(readFileSync(file, 'utf8')) as RouteDefinitionInput[]);
}

export const fixtureRouteTable: RouteTable = [
  ...compose('shell', shellRoutes),
  ...compose('mf-records', recordsRoutes),
  ...compose('mf-booking', parameterRoutes),
];

/** Routes of the workspace's own routes.json files, when present. */
const shellFile = readRoutesFile('shell', 'shell');
const recordsFile = readRoutesFile('mf-records', 'mf-records');

/** Routes of the workspace's own routes.json files, when present, alone and composed as the server does. */
export const workspaceRouteTables: Array<{ name: string; table: RouteTable }> = [
  ...(shellFile ? [{ name: 'shell/routes.json', table: shellFile }] : []),
  ...(recordsFile ? [{ name: 'mf-records/routes.json', table: recordsFile }] : []),
  ...(shellFile && recordsFile ? [{ name: 'shell + mf-records composed', table: [...shellFile, ...recordsFile] }] : []),
];
