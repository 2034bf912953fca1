import {
  POST_OFFICE_MAX_LENGTH,
  POSTAL_CODE_LENGTH,
  PROFILE_EMAIL_INPUT_MAX_LENGTH,
  PROFILE_PHONE_MAX_LENGTH,
  STREET_ADDRESS_MAX_LENGTH,
  type ContactFieldName,
  type Patient,
} from '@portal/shared-api';

/** A contact form's values, one string a field (empty where the patient has none). */
export type ContactValues = Record<ContactFieldName, string>;

export interface ContactInput {
  maxLength: number;
  autoComplete: string;
  type: 'text' | 'email' | 'tel';
  inputMode?: 'numeric';
}

/** The input attributes of each contact field (spec part 2 §5's lengths), the same in my information and booking. */
export const CONTACT_INPUTS: Record<ContactFieldName, ContactInput> = {
  streetAddress: { maxLength: STREET_ADDRESS_MAX_LENGTH, autoComplete: 'street-address', type: 'text' },
  postalCode: { maxLength: POSTAL_CODE_LENGTH, autoComplete: 'postal-code', type: 'text', inputMode: 'numeric' },
  postOffice: { maxLength: POST_OFFICE_MAX_LENGTH, autoComplete: 'address-level2', type: 'text' },
  emailAddress: { maxLength: PROFILE_EMAIL_INPUT_MAX_LENGTH, autoComplete: 'email', type: 'email' },
  phoneNumber: { maxLength: PROFILE_PHONE_MAX_LENGTH, autoComplete: 'tel', type: 'tel' },
};

/** The patient's saved contact details as a form's values. */
export function contactValuesOf(patient: Pick<Patient, 'postalAddress' | 'email' | 'phoneNumber'>): ContactValues {
  return {
    streetAddress: patient.postalAddress.street ?? '',
    postalCode: patient.postalAddress.postalCode ?? '',
    postOffice: patient.postalAddress.postOffice ?? '',
    emailAddress: patient.email ?? '',
    phoneNumber: patient.phoneNumber ?? '',
  };
}
