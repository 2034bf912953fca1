import { defineModule } from '../module';
import { createPeopleService } from './people';

export { createPeopleService, type Person, type PeopleService } from './people';
export { auditedRead, auditedConcurrentRead, patientAccess, subjectPersonId, type PatientAccess } from './access';

/**
 * The people the portal knows (patients, guardians, children) and whose data a session reads:
 * `app.people`, and patientAccess / auditedRead for every module that reads a patient's data.
 * The people of the demo world are seed/personas.ts: every other module's seed is keyed by them.
 */
export const patientsModule = defineModule({
  name: 'patients',
  install(app) {
    app.decorate('people', createPeopleService(app.db));
  },
});
