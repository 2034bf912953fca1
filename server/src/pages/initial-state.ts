import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { InitialState, Lang, PageState, RemotesManifest, RouteTable, SessionUser } from '@portal/shared-api';
import type { Person } from '../modules/patients/people';
import { maskCsrfToken } from '../modules/sessions/index';

export interface SignedIn {
  person: Person;
  actingFor: Person | null;
}

/** The signed-in person (and the child a guardian acts for), or null for anonymous callers. */
export async function loadSignedIn(app: FastifyInstance, request: FastifyRequest): Promise<SignedIn | null> {
  const session = request.session;
  if (!session) return null;
  // side by side: a guardian's own row and the ward's in one statement (people.ts)
  const [person, actingFor] = await Promise.all([
    app.people.findById(session.personId),
    session.actingForPersonId ? app.people.findById(session.actingForPersonId) : null,
  ]);
  return person ? { person, actingFor } : null;
}

export function effectiveFeatures(app: FastifyInstance, signedIn: SignedIn | null): string[] {
  return [...new Set([...app.config.features, ...(signedIn?.person.features ?? [])])].sort();
}

export function sessionUser(signedIn: SignedIn, csrfToken: string): SessionUser {
  const { person, actingFor } = signedIn;
  return {
    firstName: person.givenName,
    lastName: person.familyName,
    csrfToken,
    occupationalHealthcare: person.occupationalHealthcare,
    features: person.features,
    actingFor: actingFor ? { firstName: actingFor.givenName, lastName: actingFor.familyName } : null,
    registered: (actingFor ?? person).registered,
  };
}

export function buildInitialState(
  app: FastifyInstance,
  request: FastifyRequest,
  /** `remotes`: the remotes (and versions) this visitor is served */
  input: { lang: Lang; routes: RouteTable; remotes: RemotesManifest; signedIn: SignedIn | null; page: PageState | null },
): InitialState {
  const { config } = app;
  const session = request.session;
  const signedIn = session ? input.signedIn : null;
  const features = effectiveFeatures(app, signedIn);
  const person = signedIn?.person;
  // The onboarding box (spec part 1 §2 front page) needs the feature, a known phone and MFA still off.
  // Not while a guardian acts for a child: that front page is the child's, the SMS login the guardian's.
  const offerMfa =
    input.page?.routeId === 'front-page' &&
    features.includes('mfa') &&
    person &&
    !person.mfaEnabled &&
    person.phoneNumber &&
    !session?.actingForPersonId;
  return {
    lang: input.lang,
    brand: config.brand,
    environment: config.environment,
    features,
    // masked afresh for every answer, so a compressed page does not give the token away (csrf-mask.ts)
    user: signedIn && session ? sessionUser(signedIn, maskCsrfToken(session.csrfToken)) : null,
    session: session ? { expiresAt: session.expiresAt.toISOString(), timeoutMinutes: config.sessionTimeoutMinutes } : null,
    mfaOnboardingParam: offerMfa && person?.phoneNumber ? { phoneNumber: person.phoneNumber } : null,
    config: config.brandConfig,
    routes: input.routes,
    remotes: input.remotes,
    page: input.page,
    sentryDsn: config.sentryDsn,
  };
}
