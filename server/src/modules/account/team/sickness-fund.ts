import type { SicknessFundInfo } from '@portal/shared-api';

/** The page's route id, also the audit action of its membership check. */
export const SICKNESS_FUND_ROUTE_ID = 'account.sickness-fund';

/**
 * The sickness fund's rules and contact details that its static Finnish pages quote (spec part 2 §2.4,
 * §9 "static rules and hours"). The spec does not give the values; these are clearly fictional demo
 * values, like the brands' contact details (SPEC-DECISIONS "Values"). A deployment sets its own here.
 */
export const sicknessFundInfo: SicknessFundInfo = {
  name: 'Sairauskassa',
  phone: '010 555 0130',
  email: 'sairauskassa@example.fi',
  serviceHours: [
    { days: 'ma–to', opens: '9.00', closes: '15.00' },
    { days: 'pe', opens: '9.00', closes: '12.00' },
  ],
  reimbursementPercent: 60,
  deductibleEuros: 10,
  claimDeadlineMonths: 6,
  yearlyMaximumEuros: 2000,
  paymentWeeks: 3,
};
