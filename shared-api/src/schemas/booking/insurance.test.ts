import {
  conceptInsertRequestSchema,
  ifReimbursementChoices,
  insuranceConceptCodeFor,
  lahiTapiolaInitialState,
  lahiTapiolaPermitsResponseSchema,
  needsConceptInsertion,
  pickerInsuranceCompanies,
} from './insurance';

describe('insurance contract (spec part 2 §3, §4)', () => {
  test('the picker offers only If, LähiTapiola, Pohjola (OP) and Other', () => {
    expect(pickerInsuranceCompanies).toEqual(['IF', 'LAHITAPIOLA', 'OP', 'OTHER']);
  });

  test('company reimbursement: adult brand and not remote only (§3, §9)', () => {
    expect(ifReimbursementChoices('adult', false)).toEqual(['USE_REIMBURSEMENT', 'COMPANY_REIMBURSEMENT', 'PAY_AND_REIMBURSE']);
    expect(ifReimbursementChoices('adult', true)).toEqual(['USE_REIMBURSEMENT', 'PAY_AND_REIMBURSE']);
    expect(ifReimbursementChoices('children', false)).toEqual(['USE_REIMBURSEMENT', 'PAY_AND_REIMBURSE']);
  });

  test('concept codes per brand and choice (§3)', () => {
    expect(insuranceConceptCodeFor('adult', 'IF', 'USE_REIMBURSEMENT')).toBe('90157');
    expect(insuranceConceptCodeFor('adult', 'IF', 'COMPANY_REIMBURSEMENT')).toBe('758236');
    expect(insuranceConceptCodeFor('adult', 'IF', 'PAY_AND_REIMBURSE')).toBe('758236');
    expect(insuranceConceptCodeFor('children', 'IF', 'USE_REIMBURSEMENT')).toBe('90157');
    expect(insuranceConceptCodeFor('children', 'IF', 'PAY_AND_REIMBURSE')).toBe('758236');
    expect(insuranceConceptCodeFor('children', 'IF', 'COMPANY_REIMBURSEMENT')).toBeNull();
    expect(insuranceConceptCodeFor('adult', 'IF', null)).toBeNull();
    expect(insuranceConceptCodeFor('adult', 'OP', null)).toBe('999503');
    expect(insuranceConceptCodeFor('children', 'OP', null)).toBe('999503');
    expect(insuranceConceptCodeFor('adult', 'LAHITAPIOLA', null)).toBeNull();
    expect(insuranceConceptCodeFor('adult', 'OTHER', null)).toBeNull();
  });

  test('concept insertion only when lacking the code, or the If use code without direct reimbursement (§4)', () => {
    expect(needsConceptInsertion('758236', [])).toBe(true);
    expect(needsConceptInsertion('758236', [{ code: '758236', directReimbursementAllowed: false }])).toBe(false);
    expect(needsConceptInsertion('90157', [{ code: '90157', directReimbursementAllowed: false }])).toBe(true);
    expect(needsConceptInsertion('90157', [{ code: '90157', directReimbursementAllowed: true }])).toBe(false);
  });

  test('the LähiTapiola dialog starts from the return status (§4)', () => {
    expect(lahiTapiolaInitialState('directcompensationallowed')).toBe('insurance_found_with_permits');
    expect(lahiTapiolaInitialState('directcompensationdenied')).toBe('denied');
    expect(lahiTapiolaInitialState('cancel')).toBe('canceled');
    expect(lahiTapiolaInitialState('error')).toBe('error');
    expect(lahiTapiolaInitialState(null)).toBe('not_asked');
    expect(lahiTapiolaInitialState('other')).toBe('not_asked');
  });

  test('POST /api/concepts takes only §3 concept codes and nothing else', () => {
    expect(conceptInsertRequestSchema.safeParse({ code: '90157' }).success).toBe(true);
    expect(conceptInsertRequestSchema.safeParse({ code: '12345' }).error?.issues[0]?.path).toEqual(['code']);
    expect(conceptInsertRequestSchema.safeParse({ code: '90157', more: 1 }).success).toBe(false);
  });

  test('a permit needs validTo as yyyy-MM-dd', () => {
    const permit = { symptom: 'Pain', bodyPart: 'Knee', validTo: '2027-03-05', contentHash: 'abcdef0123456789' };
    expect(lahiTapiolaPermitsResponseSchema.safeParse({ type: 'success', directCompensationPermits: [permit] }).success).toBe(true);
    expect(lahiTapiolaPermitsResponseSchema.safeParse({ type: 'success', directCompensationPermits: [{ ...permit, validTo: '5.3.2027' }] }).success).toBe(false);
  });
});
