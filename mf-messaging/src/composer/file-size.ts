import { LOCALES, type Lang } from '@portal/shared-i18n';

const KIB = 1024;
const MIB = 1024 * 1024;

/**
 * A file's size for the attachment list, in binary units as the 9 MB limit is (9437184 = 9 × 1024²):
 * en '850 kB', '2.4 MB'; fi '850 kt', '2,4 Mt'; sv '850 kB', '2,4 MB'. Below 1 kB it reads '1 kB'
 * (a byte count means nothing to a patient).
 */
export function formatFileSize(bytes: number, lang: Lang): string {
  if (bytes >= MIB) {
    return new Intl.NumberFormat(LOCALES[lang], { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / MIB);
  }
  return new Intl.NumberFormat(LOCALES[lang], { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(Math.max(1, Math.round(bytes / KIB)));
}
