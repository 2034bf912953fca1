import type { SicknessFundInfo } from '@portal/shared-api';

/** The page's route id, also the audit action of its membership check. */
export const SICKNESS_FUND_ROUTE_ID = 'account.sickness-fund';

/**
 * The sickness fund's static rules and nurse service hours that its Finnish pages quote, exactly as
 * spec part 2 §9 gives them ("Sickness fund static rules (Finnish text, effective 1.1.2024)"). This is
 * the only copy: the page reads them from its state. The spec gives no contact phone, e-mail, claim
 * procedure or deadline, so the page states none.
 */
export const sicknessFundInfo: SicknessFundInfo = {
  effectiveFrom: '2024-01-01',
  rules: {
    nurseVisit: { feeEuros: 5 },
    generalPractitioner: { feeEuros: 15, maxVisitsPerYear: 12 },
    specialist: { percent: 50, maxEurosPerVisit: 200, maxVisitsPerYear: 2 },
    procedures: { percent: 50, maxEuros: 300 },
    psychotherapy: { maxSessions: 10, percent: 0 },
    physiotherapy: { percent: 50, maxEurosPerYear: 500 },
  },
  hours: {
    nursePhone: { weekdays: { opens: 7, closes: 21 }, weekendsAndHolidays: { opens: 9, closes: 18 } },
    chat: { weekdays: { opens: 8, closes: 20 }, weekends: { opens: 10, closes: 16 } },
    messageReplyWorkingDays: 1,
  },
};
