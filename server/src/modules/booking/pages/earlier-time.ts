import { earlierTimeTokenSchema, type EarlierTimePageState } from '@portal/shared-api';
import { notFoundState, ok, type PageLoaderFactory } from '../../../pages/loaders';
import { auditedRead, patientAccess } from '../../patients/index';
import { loadEarlierTimePage } from '../waitlist/earlier-time';
import { EARLIER_TIME_ROUTE_ID } from '../waitlist/routes';
import type { PageDeps } from './deps';

/** booking.earlier-time: the earlier time offered to the session's subject by the SMS's token, audited; another's (or none) is not found (404). */
export const loader: PageLoaderFactory<'booking.earlier-time', PageDeps> = ({ app }) => {
  const cancellationHours = () => app.config.brandConfig.cancellationHours;
  return async (ctx) => {
    const token = ctx.params.token ?? '';
    const access = patientAccess(ctx.request);
    if (!earlierTimeTokenSchema.safeParse(token).success) return notFoundState<EarlierTimePageState>({ status: 'offer-not-found' });
    const state = await auditedRead(ctx.db, access, EARLIER_TIME_ROUTE_ID, (personId) => loadEarlierTimePage(ctx.db, token, personId, ctx.lang, new Date(), cancellationHours()));
    return state.status === 'offer-not-found' ? notFoundState(state) : ok(state);
  };
};
