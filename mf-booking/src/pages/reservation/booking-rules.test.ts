import { canBook, isBindingRequired, type BookingButtonInput } from './booking-rules';

const ready: BookingButtonInput = {
  healthcareType: 'private',
  insuranceValid: false,
  bindingRequired: false,
  bindingChecked: false,
  occupationalConfirmation: 'none',
  occupationalConfirmed: false,
  contactValid: true,
  descriptionValid: true,
  reserving: false,
  editingContact: false,
};

describe('spec part 2 §5 "Logged-in booking button"', () => {
  test('enabled when every condition holds (private: the insurance selection does not count)', () => {
    expect(canBook(ready)).toBe(true);
  });

  test.each<[string, Partial<BookingButtonInput>]>([
    ['insurance type without a valid selection', { healthcareType: 'insurance', insuranceValid: false }],
    ['binding required and not ticked', { bindingRequired: true }],
    ['occupational confirmation required and not ticked', { healthcareType: 'occupational', occupationalConfirmation: 'referral' }],
    ['contact details invalid', { contactValid: false }],
    ['description over its limit', { descriptionValid: false }],
    ['reserving', { reserving: true }],
    ['editing the contact details', { editingContact: true }],
  ])('disabled: %s', (_name, change) => {
    expect(canBook({ ...ready, ...change })).toBe(false);
  });

  test.each<[string, Partial<BookingButtonInput>]>([
    ['insurance type with a valid selection', { healthcareType: 'insurance', insuranceValid: true }],
    ['binding ticked', { bindingRequired: true, bindingChecked: true }],
    ['occupational confirmation ticked', { healthcareType: 'occupational', occupationalConfirmation: 'contract', occupationalConfirmed: true }],
    ['occupational needing no confirmation', { healthcareType: 'occupational', occupationalConfirmation: 'none' }],
  ])('enabled: %s', (_name, change) => {
    expect(canBook({ ...ready, ...change })).toBe(true);
  });
});

describe('spec part 2 §5 "Binding checkbox rule"', () => {
  const start = '2026-11-25T10:00:00.000Z';
  test('binding when the start is before now plus the cancellation hours', () => {
    expect(isBindingRequired(start, Date.parse('2026-11-24T10:00:00.001Z'), 24)).toBe(true);
    expect(isBindingRequired(start, Date.parse('2026-11-24T10:00:00.000Z'), 24)).toBe(false);
    expect(isBindingRequired(start, Date.parse('2026-11-24T10:00:00.001Z'), 23)).toBe(false);
  });
});
