import {
  anonymousAppointmentTokenSchema,
  anonymousCheckInRequestSchema,
  ssnEndPartSchema,
} from './anonymous-appointment';
import { changeTimeRequestSchema, changeTimeSlotsQuerySchema } from './change-time';
import { earlierTimeTokenSchema, waitlistJoinRequestSchema } from './waitlist';

describe('anonymous appointment contracts (spec part 2 §5 identity-code end part)', () => {
  test('the end part is three digits and a digit or a check letter, uppercased', () => {
    expect(ssnEndPartSchema.parse('123a')).toBe('123A');
    expect(ssnEndPartSchema.parse('9013')).toBe('9013');
    for (const bad of ['12A4', '123G', '123I', '123O', '123Z', '123', '12345', 'abcd', '']) {
      expect(ssnEndPartSchema.safeParse(bad).success).toBe(false);
    }
  });

  test('the link token has letters and digits with at least one letter (never a signed-in numeric id)', () => {
    expect(anonymousAppointmentTokenSchema.safeParse('a1B2c3').success).toBe(true);
    expect(anonymousAppointmentTokenSchema.safeParse('123456').success).toBe(false);
    expect(anonymousAppointmentTokenSchema.safeParse('abc_def').success).toBe(false);
  });

  test('the check-in payload refuses unknown fields and names the field at fault', () => {
    const result = anonymousCheckInRequestSchema.safeParse({ appointmentId: '42', ssnEndPart: '12X3', ssn: '150385-9013' });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('.') || (issue as { keys?: string[] }).keys?.join());
    expect(paths).toEqual(expect.arrayContaining(['appointmentId', 'ssnEndPart', 'ssn']));
  });
});

describe('change time and waitlist contracts', () => {
  test('a slot id is digits; the offset defaults to 0', () => {
    expect(changeTimeRequestSchema.safeParse({ slotId: '17' }).success).toBe(true);
    expect(changeTimeRequestSchema.safeParse({ slotId: 17 }).success).toBe(false);
    expect(changeTimeSlotsQuerySchema.parse({})).toEqual({ offset: 0 });
    expect(changeTimeSlotsQuerySchema.safeParse({ offset: '-1' }).success).toBe(false);
  });

  test('the waitlist scope is one of the two; an offer token is 16 to 64 url-safe characters', () => {
    expect(waitlistJoinRequestSchema.safeParse({ scope: 'practitioner' }).success).toBe(true);
    expect(waitlistJoinRequestSchema.safeParse({ scope: 'anyone' }).success).toBe(false);
    expect(earlierTimeTokenSchema.safeParse('short').success).toBe(false);
    expect(earlierTimeTokenSchema.safeParse('abcdefghij_klmnop-123').success).toBe(true);
  });
});
