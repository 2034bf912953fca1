import type { AnonymousAppointmentPageState } from '@portal/shared-api';
import { notFoundState, ok, type PageLoaderFactory } from '../../../pages/loaders';
import { writeAudit } from '../../audit/index';
import { ANONYMOUS_APPOINTMENT_ROUTE_ID, linkAudit, rowByToken, toAnonymousAppointment } from '../anonymous-link/routes';
import { toAppointmentDetail } from '../appointments/detail';
import type { PageDeps } from './deps';

/**
 * booking.anonymous-appointment, by the link token (anonymous-link/routes.ts): not found (404),
 * cancelled, or the appointment (no identity code, no name); the read is audited as the patient's own.
 */
export const loader: PageLoaderFactory<'booking.anonymous-appointment', PageDeps> = ({ app }) => {
  const cancellationHours = () => app.config.brandConfig.cancellationHours;
  return async (ctx) => {
    const token = ctx.params.token ?? '';
    const row = await rowByToken(ctx.db, token);
    if (!row) return notFoundState<AnonymousAppointmentPageState>({ status: 'appointment-not-found' });
    await writeAudit(ctx.db, linkAudit(row, ANONYMOUS_APPOINTMENT_ROUTE_ID, ctx.request));
    if (row.status === 'cancelled') return ok<AnonymousAppointmentPageState>({ status: 'appointment-cancelled' });
    const detail = toAppointmentDetail(row, ctx.lang, new Date(), cancellationHours(), ctx.features);
    return ok<AnonymousAppointmentPageState>({ status: 'ok', appointment: toAnonymousAppointment(detail, token) });
  };
};
