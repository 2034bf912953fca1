/** The e2e suite plays the professional through the staff API, which is off unless a token is configured. */
export const E2E_STAFF_API_TOKEN = 'e2e-staff-token-0123456789abcdef';
