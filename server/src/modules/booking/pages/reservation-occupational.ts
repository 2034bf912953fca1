import { RESERVATION_ROUTE_TYPES } from '@portal/shared-api';
import type { PageLoaderFactory } from '../../../pages/loaders';
import { loadReservationPage } from '../reservation/loaders';
import type { PageDeps } from './deps';

/** booking.reservation-occupational: the signed-in reservation page of its healthcare type (reservation/loaders.ts). */
export const loader: PageLoaderFactory<'booking.reservation-occupational', PageDeps> =
  ({ app, config }) =>
  (ctx) =>
    loadReservationPage(app, config, ctx, 'booking.reservation-occupational', RESERVATION_ROUTE_TYPES['booking.reservation-occupational']);
