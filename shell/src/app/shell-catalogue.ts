import en from '../../messages/en.json';
import fi from '../../messages/fi.json';
import sv from '../../messages/sv.json';

/**
 * The shell's texts in every language at once, for the pre-render bundle and tests, which render any
 * language synchronously. Not for the browser bundle: it imports only the page's language (messages.ts).
 */
export const shellCatalogue = { fi, sv, en } as const;
