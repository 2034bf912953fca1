import type { TestInsurers } from '../../modules/booking/index';
import { installDemoInsurerPage } from './demo-insurer-page';
import { createInsuranceTestDoubles } from './test-doubles';

/** Pohjola, LähiTapiola (with its permit page) and the concept service, deterministic by persona. */
export const testInsurers: TestInsurers = {
  install(app) {
    installDemoInsurerPage(app);
    return createInsuranceTestDoubles();
  },
};
