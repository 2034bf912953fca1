import { ReferralPage } from '../../components/referrals/ReferralPage';

export const LABORATORY_REFERRAL_ROUTE_ID = 'records.laboratory-referral';

/** records.laboratory-referral (laboratoryreferral/:id): one of the patient's laboratory referrals. */
export function LaboratoryReferralPage() {
  return <ReferralPage routeId={LABORATORY_REFERRAL_ROUTE_ID} listRouteId="records.laboratory" nearest="laboratory" backLabelId="records.laboratory.back" />;
}
