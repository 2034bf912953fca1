import { defineModule } from '../module';

export { inLanguage, practitionerTitleIn, type Translations } from './vocabulary';

/**
 * Clinics, specialties, practitioners and their free appointment slots: tables the other modules
 * read (records name who wrote them, messaging links professionals to practitioners). No routes yet.
 */
export const clinicsModule = defineModule({
  name: 'clinics',
});

// Issue 32: the catalogue's reads for the other modules (catalogue.ts).
export {
  allPractitioners,
  clinicsByIds,
  insertAppointmentKindIfMissing,
  insertSlot,
  physicalClinics,
  physicalClinicsByMunicipality,
  practitionerClinicsWithSlotsAfter,
  practitionerFullName,
  practitionersByIds,
  practitionersWithSpecialties,
  setMissingArrivalInfo,
  setMissingRates,
  slotStartsWithin,
  slotTimeById,
  specialtiesByIds,
  specialtiesWhere,
  specialtyById,
  specialtyIdsOfPractitioner,
  specialtyNameIn,
  type Clinic,
  type ClinicSummary,
  type LocalizedContent,
  type Practitioner,
  type PractitionerWithSpecialties,
  type RateLine,
  type Specialty,
  type SpecialtyFilter,
} from './catalogue';

// Issue 32: for the other modules' statements that read slots with their catalogue rows in one (slot-joins.ts).
export {
  fromSlots,
  joinSlot,
  joinSlotCatalogue,
  joinSlotSql,
  slotCatalogueColumns,
  slotsWithCatalogueSql,
  type SlotCataloguePart,
} from './slot-joins';
