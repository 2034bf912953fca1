import { anonymousReserveAppointmentRequestSchema, isReservationErrorType, RESERVATION_ERROR_STATUS, reserveAppointmentRequestSchema } from './reservation';
import { pageStateSchema as anonymousReservationPageStateSchema } from './states/anonymous-reservation';
import { pageStateSchema as reservationPageStateSchema } from './states/reservation';

const anonymous = {
  internalOrganization: 'portal',
  appointmentId: '42',
  emailAddress: 'matti@example.com',
  firstName: 'Matti',
  lastName: 'Meikäläinen',
  phone: '040 123 4567',
  ssn: '150385-9013',
};

function failingPaths(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }): string[] {
  return [...new Set(result.error?.issues.map((issue) => issue.path.join('.')) ?? [])];
}

describe('anonymous reservation payload (spec part 2 §3, §5 "Anonymous reservation form")', () => {
  test('the identity code is trimmed and upper-cased, the phone written +358…', () => {
    const parsed = anonymousReserveAppointmentRequestSchema.parse({ ...anonymous, ssn: ' 150385-9013 ', phone: '040 123 4567' });
    expect(parsed.ssn).toBe('150385-9013');
    expect(parsed.phone).toBe('+358401234567');
    expect(anonymousReserveAppointmentRequestSchema.parse({ ...anonymous, ssn: '021178-912p' }).ssn).toBe('021178-912P');
  });

  test('an invalid identity code, a blank name, a foreign phone or a bad e-mail is refused at its path', () => {
    expect(failingPaths(anonymousReserveAppointmentRequestSchema.safeParse({ ...anonymous, ssn: '150385-9014' }))).toEqual(['ssn']);
    expect(failingPaths(anonymousReserveAppointmentRequestSchema.safeParse({ ...anonymous, ssn: '150385-90133' }))).toEqual(['ssn']);
    expect(failingPaths(anonymousReserveAppointmentRequestSchema.safeParse({ ...anonymous, firstName: '   ' }))).toEqual(['firstName']);
    expect(failingPaths(anonymousReserveAppointmentRequestSchema.safeParse({ ...anonymous, lastName: '' }))).toEqual(['lastName']);
    expect(failingPaths(anonymousReserveAppointmentRequestSchema.safeParse({ ...anonymous, phone: '+46701234567' }))).toEqual(['phone']);
    expect(failingPaths(anonymousReserveAppointmentRequestSchema.safeParse({ ...anonymous, emailAddress: 'a b@c.fi' }))).toEqual(['emailAddress']);
    expect(failingPaths(anonymousReserveAppointmentRequestSchema.safeParse({ ...anonymous, appointmentId: 'abc' }))).toEqual(['appointmentId']);
  });

  test('an unknown field is refused; the type, when sent, is one of the three', () => {
    expect(anonymousReserveAppointmentRequestSchema.safeParse({ ...anonymous, description: 'x' }).success).toBe(false);
    expect(anonymousReserveAppointmentRequestSchema.safeParse({ ...anonymous, healthcareType: 'public' }).success).toBe(false);
    expect(anonymousReserveAppointmentRequestSchema.safeParse({ ...anonymous, healthcareType: 'insurance' }).success).toBe(true);
  });
});

describe('logged-in reservation payload (spec part 2 §3)', () => {
  const loggedIn = {
    internalOrganization: 'portal',
    appointmentId: '42',
    healthcareType: 'insurance',
    description: 'Selkä kipeä',
    emailAddress: 'mikko@example.com',
    phone: '+358401234567',
    insuranceCompany: 'IF',
    reimbursement: 'USE_REIMBURSEMENT',
    insuranceConceptCode: '90157',
    dcpContentHash: null,
  };

  test('a complete insurance payload parses; description and the insurance fields may be left out', () => {
    expect(reserveAppointmentRequestSchema.safeParse(loggedIn).success).toBe(true);
    const { description: _d, insuranceCompany: _c, reimbursement: _r, insuranceConceptCode: _i, dcpContentHash: _h, ...minimal } = loggedIn;
    expect(reserveAppointmentRequestSchema.safeParse({ ...minimal, healthcareType: 'private' }).success).toBe(true);
  });

  test('a concept code outside §3, an unknown type or a missing phone is refused at its path', () => {
    expect(failingPaths(reserveAppointmentRequestSchema.safeParse({ ...loggedIn, insuranceConceptCode: '12345' }))).toEqual(['insuranceConceptCode']);
    expect(failingPaths(reserveAppointmentRequestSchema.safeParse({ ...loggedIn, healthcareType: 'public' }))).toEqual(['healthcareType']);
    expect(failingPaths(reserveAppointmentRequestSchema.safeParse({ ...loggedIn, phone: '' }))).toEqual(['phone']);
  });
});

describe('reservation page states', () => {
  test('not-found and already-reserved carry no appointment; an unknown status is refused', () => {
    expect(reservationPageStateSchema.parse({ status: 'not-found' })).toEqual({ status: 'not-found' });
    expect(anonymousReservationPageStateSchema.safeParse({ status: 'already-reserved', healthcareType: 'private' }).success).toBe(true);
    expect(reservationPageStateSchema.safeParse({ status: 'reserved' }).success).toBe(false);
    expect(anonymousReservationPageStateSchema.safeParse({ status: 'occupational-unavailable', reason: 'no-web-reservation', contractProductIds: [] }).success).toBe(false);
  });
});

describe('reservation refusals (spec part 2 §8)', () => {
  test('a taken slot and the limit are conflicts; strong login is forbidden; each code is recognised', () => {
    expect(RESERVATION_ERROR_STATUS.appointmentNotAvailable).toBe(409);
    expect(RESERVATION_ERROR_STATUS.tooManyReservations).toBe(409);
    expect(RESERVATION_ERROR_STATUS.strongLoginRequired).toBe(403);
    expect(isReservationErrorType('noPatient')).toBe(true);
    expect(isReservationErrorType('toString')).toBe(false);
  });
});
