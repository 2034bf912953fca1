import { createHash } from 'node:crypto';
import { ageOn, IF_USE_CONCEPT_CODE, type DirectCompensationPermit, type Lang } from '@portal/shared-api';
import { PERSONAS } from '../seed/personas';
import { addDays, helsinkiToday, isoWeekday } from '@portal/shared-i18n';
import { InsurerUnavailableError, type InsuranceAdapters, type InsuredPerson } from '../../modules/booking/index';
import { DEMO_INSURER_PATH } from './demo-insurer-page';

/**
 * The built-in insurers (docs/product-decisions.md, "Values": test doubles by persona), deterministic so that
 * every outcome of spec part 2 §4 "Insurance checks" can be reached in the demo:
 * - Mikko (150385-9013): If, LähiTapiola with one direct-compensation permit, Pohjola; the concept
 *   service grants him direct reimbursement with If's use code.
 * - Ella (070916A946D) with her guardian acting: a LähiTapiola policy without any permit
 *   (insuranceFoundNoPermit); Ella on her own is under 18 without a guardian (underageCustomer).
 * - Anyone else: not found at both insurers.
 * - Pohjola's service is "down" on Wednesdays: a check for an appointment on a Wednesday
 *   (Europe/Helsinki) answers error, for everyone.
 * - The concept service refuses Aino (021178-912P), so the booking's "unknown error and stop" is
 *   reachable.
 * - Applying for a LähiTapiola permit goes to the built-in insurer page (demo-insurer-page.ts), where
 *   the tester picks allow, deny, cancel or error.
 */

export const POHJOLA_DOWN_WEEKDAY = 3;

const PERMIT_TEXTS: Record<Lang, { symptom: string; bodyPart: string }> = {
  fi: { symptom: 'Kipu ja liikerajoitus', bodyPart: 'Oikea polvi' },
  sv: { symptom: 'Smärta och rörelseinskränkning', bodyPart: 'Höger knä' },
  en: { symptom: 'Pain and limited movement', bodyPart: 'Right knee' },
};

const isUnderageAlone = (person: InsuredPerson, today: string) =>
  !person.guardianActing && person.birthDate !== null && ageOn(person.birthDate, today) < 18;

/** the permit's content hash: stable for the person and the permit, never the identity code itself */
const contentHashOf = (person: InsuredPerson, permitId: string) =>
  createHash('sha256').update(`lahitapiola-demo:${person.personId}:${permitId}`).digest('hex').slice(0, 32);

export function createInsuranceTestDoubles(now: () => Date = () => new Date()): InsuranceAdapters {
  const today = () => helsinkiToday(now());
  return {
    pohjola: {
      async check(person, date) {
        if (isoWeekday(date) === POHJOLA_DOWN_WEEKDAY) throw new InsurerUnavailableError('pohjola');
        return { hasInsurance: person.identityCode === PERSONAS.mikko };
      },
    },
    lahiTapiola: {
      async policyCheck(person) {
        if (isUnderageAlone(person, today())) return { type: 'underageCustomer', hasHealthcarePolicy: false };
        const insured = person.identityCode === PERSONAS.mikko || person.identityCode === PERSONAS.ella;
        return { type: 'success', hasHealthcarePolicy: insured };
      },
      async permits(person, lang) {
        if (isUnderageAlone(person, today())) return { type: 'underageCustomer', directCompensationPermits: [] };
        if (person.identityCode !== PERSONAS.mikko) return { type: 'success', directCompensationPermits: [] };
        const permit: DirectCompensationPermit = {
          ...PERMIT_TEXTS[lang],
          validTo: addDays(today(), 120),
          contentHash: contentHashOf(person, 'knee-1'),
        };
        return { type: 'success', directCompensationPermits: [permit] };
      },
      applyPermitUrl(redirectTo, lang) {
        return `${DEMO_INSURER_PATH}?${new URLSearchParams({ redirectTo, lang }).toString()}`;
      },
    },
    concepts: {
      async insert(person, code) {
        if (person.identityCode === PERSONAS.aino) return { type: 'error' };
        return { type: 'success', directReimbursementAllowed: code === IF_USE_CONCEPT_CODE && person.identityCode === PERSONAS.mikko };
      },
    },
  };
}
