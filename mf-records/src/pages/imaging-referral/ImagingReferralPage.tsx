import { ReferralPage } from '../../components/referrals/ReferralPage';

export const IMAGING_REFERRAL_ROUTE_ID = 'records.imaging-referral';

/** records.imaging-referral (imagingreferral/:id): one of the patient's imaging referrals. */
export function ImagingReferralPage() {
  return <ReferralPage routeId={IMAGING_REFERRAL_ROUTE_ID} listRouteId="records.imaging" nearest="imaging" backLabelId="records.imaging.back" />;
}
