import {
  emailAddressSchema,
  fieldErrorOf,
  guardianAddressFieldSchemas,
  guardianNameSchema,
  guardianPhoneNumberSchema,
  personNameSchema,
  postalCodeSchema,
  postOfficeSchema,
  profilePhoneNumberSchema,
  streetAddressSchema,
  trimValues,
  type GuardianFormValues,
  type RegistrationPageState,
  type RegistrationRequest,
} from '@portal/shared-api';

/**
 * The registration form's values and rules, apart from its markup: which fields a form has (the
 * names only for oneself, the guardians only for a ward), each field's message id by contact.ts's
 * and registration.ts's schemas (the server's own rules), and the request body.
 */

export const personFields = ['firstName', 'lastName'] as const;
export const contactFields = ['streetAddress', 'zipCode', 'postOffice', 'phoneNumber', 'emailAddress'] as const;
export type PersonField = (typeof personFields)[number];
export type ContactField = (typeof contactFields)[number];
export type OwnField = PersonField | ContactField;
export type GuardianField = 'name' | 'phone' | 'emailAddress' | 'streetAddress' | 'zipCode' | 'postOffice';

export type OwnValues = Record<OwnField, string>;

export interface RegistrationValues {
  own: OwnValues;
  guardians: GuardianFormValues[];
}

/** A field's schema, as contact.ts's fieldErrorOf takes it. */
type FieldSchema = Parameters<typeof fieldErrorOf>[0];

const ownSchemas: Record<OwnField, FieldSchema> = {
  firstName: personNameSchema,
  lastName: personNameSchema,
  streetAddress: streetAddressSchema,
  zipCode: postalCodeSchema,
  postOffice: postOfficeSchema,
  phoneNumber: profilePhoneNumberSchema,
  emailAddress: emailAddressSchema,
};

const guardianSchemas: Record<GuardianField, FieldSchema> = {
  name: guardianNameSchema,
  phone: guardianPhoneNumberSchema,
  emailAddress: emailAddressSchema,
  ...guardianAddressFieldSchemas,
};

export const guardianContactFields = ['name', 'phone', 'emailAddress'] as const;
export const guardianAddressFields = ['streetAddress', 'zipCode', 'postOffice'] as const;

/** A field's path, as the server's 400 answer names it (`zipCode`, `guardians.1.zipCode`). */
export const guardianPath = (index: number, field: GuardianField) => `guardians.${index}.${field}`;

export const emptyGuardian = (): GuardianFormValues => ({
  name: '',
  phone: '',
  emailAddress: '',
  isGuardianHasSameAddress: true,
  streetAddress: '',
  zipCode: '',
  postOffice: '',
});

export function initialValues(state: RegistrationPageState): RegistrationValues {
  const ward = state.subject.kind === 'ward';
  return {
    own: {
      firstName: state.subject.firstName,
      lastName: state.subject.lastName,
      ...state.contact,
    },
    guardians: ward ? (state.guardians.length > 0 ? state.guardians : [emptyGuardian()]) : [],
  };
}

/** The paths a form of this kind checks, in the order they are shown. */
export function visiblePaths(ward: boolean, guardians: GuardianFormValues[]): string[] {
  const own: string[] = [...(ward ? [] : personFields), ...contactFields];
  const theirs = guardians.flatMap((guardian, index) => [
    ...guardianContactFields.map((field) => guardianPath(index, field)),
    ...(guardian.isGuardianHasSameAddress ? [] : guardianAddressFields.map((field) => guardianPath(index, field))),
  ]);
  return [...own, ...(ward ? theirs : [])];
}

/** Every visible field's refusal (a message id) by path; fields that pass are absent. */
export function clientErrors(ward: boolean, values: RegistrationValues): Map<string, string> {
  const errors = new Map<string, string>();
  for (const field of [...(ward ? [] : personFields), ...contactFields]) {
    const error = fieldErrorOf(ownSchemas[field], values.own[field]);
    if (error) errors.set(field, error);
  }
  if (ward) {
    values.guardians.forEach((guardian, index) => {
      const fields: GuardianField[] = [...guardianContactFields, ...(guardian.isGuardianHasSameAddress ? [] : guardianAddressFields)];
      for (const field of fields) {
        const error = fieldErrorOf(guardianSchemas[field], guardian[field]);
        if (error) errors.set(guardianPath(index, field), error);
      }
    });
  }
  return errors;
}

/** POST /api/user/register's body: trimmed values, names only for oneself, guardians only for a ward. */
export function requestBody(ward: boolean, values: RegistrationValues, language: RegistrationRequest['language']): RegistrationRequest {
  const own = trimValues(values.own);
  return {
    ...(ward ? {} : { firstName: own.firstName, lastName: own.lastName }),
    streetAddress: own.streetAddress,
    zipCode: own.zipCode,
    postOffice: own.postOffice,
    phoneNumber: own.phoneNumber,
    emailAddress: own.emailAddress,
    ...(language ? { language } : {}),
    ...(ward
      ? {
          guardians: values.guardians.map((guardian) => {
            const trimmed = trimValues(guardian);
            return {
              name: trimmed.name,
              phone: trimmed.phone,
              emailAddress: trimmed.emailAddress,
              isGuardianHasSameAddress: trimmed.isGuardianHasSameAddress,
              ...(trimmed.isGuardianHasSameAddress
                ? {}
                : { streetAddress: trimmed.streetAddress, zipCode: trimmed.zipCode, postOffice: trimmed.postOffice }),
            };
          }),
        }
      : {}),
  };
}
