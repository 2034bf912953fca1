import type { AppointmentPageState } from '@portal/shared-api';
import { notFoundState, ok, type PageLoaderFactory } from '../../../pages/loaders';
import { auditedRead, patientAccess } from '../../patients/index';
import { findAppointmentRows, toAppointmentDetail } from '../appointments/detail';
import { APPOINTMENT_ROUTE_ID, parseAppointmentIds } from '../appointments/routes';
import type { PageDeps } from './deps';

/**
 * booking.appointment: the session's subject's appointments named by the route's ids, audited; one
 * id that is not theirs (or does not exist) makes the page not found (404).
 */
export const loader: PageLoaderFactory<'booking.appointment', PageDeps> = ({ app }) => {
  const cancellationHours = app.config.brandConfig.cancellationHours;
  return async (ctx) => {
    const notFoundPage: AppointmentPageState = { status: 'appointment-not-found' };
    const ids = parseAppointmentIds(ctx.params.ids ?? '');
    if (!ids) return notFoundState(notFoundPage);
    const now = new Date();
    const rows = await auditedRead(
      ctx.db,
      patientAccess(ctx.request),
      APPOINTMENT_ROUTE_ID,
      (personId) => findAppointmentRows(ctx.db, { appointmentIds: ids, personId }),
      { appointmentIds: ids },
    );
    // Every id must be the patient's: one that is not (or does not exist) makes the page not found.
    if (rows.length !== ids.length) return notFoundState(notFoundPage);
    return ok({
      status: 'ok',
      appointments: rows.map((row) => toAppointmentDetail(row, ctx.lang, now, cancellationHours, ctx.features)),
    } satisfies AppointmentPageState);
  };
};
