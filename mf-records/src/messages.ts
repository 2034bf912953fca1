import type { Catalogue } from '@portal/shared-i18n';
import en from '../messages/en.json';
import fi from '../messages/fi.json';
import sv from '../messages/sv.json';

/** The records remote's own texts (ids `records.*`); the common catalogue comes from shared-i18n. */
export const recordsMessages: Catalogue = { fi, sv, en };
