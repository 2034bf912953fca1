import type { ChangeTimePageState } from '@portal/shared-api';
import { notFoundState, ok, type PageLoaderFactory } from '../../../pages/loaders';
import { auditedRead, patientAccess } from '../../patients/index';
import { withinCancellationWindow } from '../cancellation';
import { dbId } from '../change-time/db-id';
import { CHANGE_TIME_ROUTE_ID, movableRow } from '../change-time/routes';
import { loadChangeTimeSlots, toMovable } from '../change-time/slots';
import type { PageDeps } from './deps';

/**
 * booking.change-time: the session's subject's appointment and the first 20 free times of the same
 * practitioner, audited; deadline-exceeded inside the cancellation window; 404 for anyone else's id.
 */
export const loader: PageLoaderFactory<'booking.change-time', PageDeps> = ({ app }) => {
  const cancellationHours = () => app.config.brandConfig.cancellationHours;
  return async (ctx) => {
    const id = dbId(ctx.params.id ?? '');
    const now = new Date();
    const row = await auditedRead(ctx.db, patientAccess(ctx.request), CHANGE_TIME_ROUTE_ID, (personId) => movableRow(ctx.db, id, personId), { appointmentId: id });
    if (!row) return notFoundState<ChangeTimePageState>({ status: 'appointment-not-found' });
    const appointment = toMovable(row, ctx.lang, now, cancellationHours());
    if (withinCancellationWindow(row.startsAt, cancellationHours(), now)) {
      return ok<ChangeTimePageState>({ status: 'deadline-exceeded', appointment, cancellationHours: cancellationHours() });
    }
    return ok<ChangeTimePageState>({ status: 'ok', appointment, ...(await loadChangeTimeSlots(ctx.db, row, 0, now)) });
  };
};
