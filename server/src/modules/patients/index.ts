import { defineModule } from '../module';
import { createPeopleService } from './people';

export { createPeopleService, type Person, type PeopleService } from './people';
export { auditedRead, auditedConcurrentRead, patientAccess, subjectPersonId, type PatientAccess } from './access';
export { personLandingFacts } from './landing-facts';

/**
 * The people the portal knows (patients, guardians, children) and whose data a session reads:
 * `app.people`, and patientAccess / auditedRead for every module that reads a patient's data.
 * The people of the demo world are demo/seed/personas.ts: the rest of the demo seed is keyed by them.
 */
export const patientsModule = defineModule({
  name: 'patients',
  install(app) {
    app.decorate('people', createPeopleService(app.db));
  },
});

// Issue 32: the people table's reads and writes for the other modules (people-store.ts).
export {
  disableSmsLogin,
  enableSmsLogin,
  fromPeopleWithIds,
  guardiansAmong,
  insertGuardianship,
  insertPerson,
  lockPersonRow,
  markPatientDataConsentGiven,
  peopleByIdentityCodes,
  peopleByIds,
  personByExactIdentityCode,
  personById,
  personIdByIdentityCode,
  personRowId,
  registerAsCustomer,
  setContactDetails,
  type NewPerson,
} from './people-store';
