import type { AppointmentsPageState } from '@portal/shared-api';
import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import { auditedRead, patientAccess } from '../../patients/index';
import { toAppointmentDetail } from '../appointments/detail';
import { upcomingAppointmentRows } from '../appointments/upcoming';
import { APPOINTMENTS_ROUTE_ID } from '../appointments/routes';
import type { PageDeps } from './deps';

/** booking.appointments: the session's subject's upcoming appointments (the ward's when a guardian acts for one), audited. */
export const loader: PageLoaderFactory<'booking.appointments', PageDeps> = ({ app }) => {
  const cancellationHours = app.config.brandConfig.cancellationHours;
  return async (ctx) => {
    const now = new Date();
    const rows = await auditedRead(ctx.db, patientAccess(ctx.request), APPOINTMENTS_ROUTE_ID, (personId) =>
      upcomingAppointmentRows(ctx.db, personId, now, true),
    );
    return ok({
      appointments: rows.map((row) => toAppointmentDetail(row, ctx.lang, now, cancellationHours, ctx.features)),
      cancellationHours,
    } satisfies AppointmentsPageState);
  };
};
