import { attachmentsModule } from './attachments/index';
import { auditModule } from './audit/index';
import { clinicsModule } from './clinics/index';
import { fairUseModule } from './fair-use/index';
import { healthModule } from './health/index';
import { metricsModule } from './metrics/index';
import { frontPageModule } from './front-page/index';
import { identityModule } from './identity/index';
import { messagingModule } from './messaging/index';
import { mfaModule } from './mfa/index';
import { patientsModule } from './patients/index';
import { recordsModule } from './records/index';
import { sessionsModule } from './sessions/index';
import { staticFilesModule } from './static-files/index';
import { pagesModule } from '../pages/index';
import { accessibilityModule } from './accessibility/index';
import { accountModule } from './account/index';
import { bookingModule } from './booking/index';
import { paymentsModule } from './payments/index';
import { passkeysModule } from './passkeys/index';
import { remoteRegistryModule } from './remote-registry/index';
import { remindersModule } from './reminders/index';

/**
 * Every server module, in the order the app installs them. The order is load-bearing:
 * - metrics before fair use and every other route: its onResponse hook times every answer, a
 *   fair-use 429 among them, and its /metrics is outside fair use;
 * - fair use first of the modules with routes: its limits attach to each route as the route is
 *   added (the route policies, installed by app.ts before any module, come before even that);
 * - health (`app.readiness`) right after, before any module that adds a readiness check;
 * - sessions before anything that reads request.session;
 * - the remote registry (`app.remoteRegistry`) before the pages and static files, which read it;
 * - pages (the loader registry) and the front page (the summary and landing-fact registries) before the modules that
 *   register page loaders and summaries;
 * - records before messaging, which reads `app.records`; messaging before mfa, which reads `app.messaging`;
 * - accessibility after messaging: its staff list reads `app.messaging`'s staff token.
 * - passkeys before account: My information's and the expired-session page's loaders read `app.passkeys`.
 * - reminders after mfa (its job sends through `app.smsGateway`) and before account: My information's
 *   loader reads `app.reminders`.
 */
export const portalModules = [
  patientsModule,
  auditModule,
  clinicsModule,
  metricsModule,
  fairUseModule,
  healthModule,
  sessionsModule,
  attachmentsModule,
  remoteRegistryModule,
  pagesModule,
  frontPageModule,
  recordsModule,
  messagingModule,
  mfaModule,
  staticFilesModule,
  identityModule,
  passkeysModule,
  remindersModule,
  accountModule,
  bookingModule,
  paymentsModule,
  accessibilityModule,
] as const;

export type PortalModules = (typeof portalModules)[number];
