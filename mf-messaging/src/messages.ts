import type { Catalogue } from '@portal/shared-i18n';
import en from '../messages/en.json';
import fi from '../messages/fi.json';
import sv from '../messages/sv.json';

/** The messaging remote's own texts (ids `messaging.*`); the common catalogue comes from shared-i18n. */
export const messagingMessages: Catalogue = { fi, sv, en };
