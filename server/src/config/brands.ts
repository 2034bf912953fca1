import type { Brand, BrandConfig } from '@portal/shared-api';

/**
 * Contact details and links per brand. The values are clearly fictional demo values
 * (docs/product-decisions.md, "Values"); a deployment replaces them here or through its own build.
 */
export const brandConfigs: Record<Brand, BrandConfig> = {
  adult: {
    brand: 'adult',
    customerServicePhone: '010 555 0100',
    billingPhone: '010 555 0110',
    billingEmail: 'laskutus@example.fi',
    appLinks: {
      ios: 'https://apps.example.com/ios/demo-portal',
      android: 'https://apps.example.com/android/demo-portal',
    },
    nearestLaboratoryUrl: 'https://www.example.fi/laboratoriot',
    nearestImagingUrl: 'https://www.example.fi/kuvantaminen',
    cancellationHours: 24,
  },
  children: {
    brand: 'children',
    customerServicePhone: '010 555 0200',
    billingPhone: '010 555 0210',
    billingEmail: 'laskutus-lapset@example.fi',
    appLinks: {
      ios: 'https://apps.example.com/ios/demo-portal-children',
      android: 'https://apps.example.com/android/demo-portal-children',
    },
    nearestLaboratoryUrl: 'https://www.example.fi/lapset/laboratoriot',
    nearestImagingUrl: 'https://www.example.fi/lapset/kuvantaminen',
    cancellationHours: 24,
  },
};

/** The vaccination error text names this number (spec part 2 §9); it is not brand configuration. */
export const vaccinationCustomerServicePhone = '010 380 3838';
