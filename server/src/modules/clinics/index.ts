import { defineModule } from '../module';
import { seedCatalogue } from './seed';

/**
 * Clinics, specialties, practitioners and their free appointment slots: tables the other modules
 * read (records name who wrote them, messaging links professionals to practitioners). No routes yet.
 */
export const clinicsModule = defineModule({
  name: 'clinics',
  seed: seedCatalogue,
});
