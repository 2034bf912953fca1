import { defineModule } from '../module';
import { seedCatalogue } from './seed';

export { inLanguage, practitionerTitleIn, type Translations } from './vocabulary';

/**
 * Clinics, specialties, practitioners and their free appointment slots: tables the other modules
 * read (records name who wrote them, messaging links professionals to practitioners). No routes yet.
 */
export const clinicsModule = defineModule({
  name: 'clinics',
  seed: seedCatalogue,
});

// Issue 32: the catalogue's reads for the other modules (catalogue.ts).
export {
  allPractitioners,
  clinicsByIds,
  insertAppointmentKindIfMissing,
  insertSlot,
  practitionerFullName,
  practitionersByIds,
  setMissingArrivalInfo,
  setMissingRates,
  slotStartsWithin,
  specialtiesByIds,
  specialtyNameIn,
  type Clinic,
  type LocalizedContent,
  type Practitioner,
  type RateLine,
  type Specialty,
} from './catalogue';
