import { ANONYMOUS_RESERVATION_ROUTE_TYPES } from '@portal/shared-api';
import type { PageLoaderFactory } from '../../../pages/loaders';
import { loadAnonymousReservationPage } from '../reservation/loaders';
import type { PageDeps } from './deps';

/** booking.anonymous-reservation: the anonymous reservation page of its healthcare type (reservation/loaders.ts). */
export const loader: PageLoaderFactory<'booking.anonymous-reservation', PageDeps> =
  ({ app, config }) =>
  (ctx) =>
    loadAnonymousReservationPage(app, config, ctx, ANONYMOUS_RESERVATION_ROUTE_TYPES['booking.anonymous-reservation']);
