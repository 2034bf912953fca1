/**
 * The demo personas the built-in broker offers as quick picks (README.md, "Demo
 * personas"); their names travel in the broker's given_name/family_name claims. Ella Nieminen
 * (070916A946D) is a child and is not offered: her guardian signs in and acts for her.
 */
export interface DemoPersona {
  identityCode: string;
  givenName: string;
  familyName: string;
  /** what the persona exercises (for the start-up banner and the README) */
  description: string;
}

export const demoPersonas: readonly DemoPersona[] = [
  { identityCode: '150385-9013', givenName: 'Mikko', familyName: 'Virtanen', description: 'private and insurance customer with every kind of record' },
  { identityCode: '021178-912P', givenName: 'Aino', familyName: 'Korhonen', description: 'occupational-health customer, vaccinations, sickness fund member' },
  { identityCode: '240690-935P', givenName: 'Jukka', familyName: 'Mäkinen', description: 'no patient data consent, not credit-worthy' },
  { identityCode: '121264-9685', givenName: 'Leena', familyName: 'Nieminen', description: 'guardian of Ella Nieminen (070916A946D, under 12) and of Sanni Nieminen (120519A964S, not yet a customer)' },
  { identityCode: '050575Y983A', givenName: 'Pekka', familyName: 'Laine', description: 'not yet a customer' },
];

/** Names the broker knows for an identity code (the demo personas and the child Ella). */
export function knownNames(identityCode: string): { givenName: string; familyName: string } | undefined {
  if (identityCode === '070916A946D') return { givenName: 'Ella', familyName: 'Nieminen' };
  const persona = demoPersonas.find((p) => p.identityCode === identityCode);
  return persona ? { givenName: persona.givenName, familyName: persona.familyName } : undefined;
}

/** A guardian persona and the child they act for: the broker's quick picks when a mandate is asked for. */
export interface DemoMandate {
  guardian: DemoPersona;
  child: { identityCode: string; givenName: string; familyName: string };
}

export const demoMandates: readonly DemoMandate[] = demoPersonas
  .filter((p) => p.identityCode === '121264-9685')
  .map((guardian) => ({ guardian, child: { identityCode: '070916A946D', givenName: 'Ella', familyName: 'Nieminen' } }));
