import { APPOINTMENT_ARRIVAL_REASON_PATH, APPOINTMENT_CHECK_IN_PATH, APPOINTMENT_PATH, appointmentCallPath, appointmentIdParamsSchema, arrivalReasonRequestSchema, cancelAppointmentRefusalSchema, checkInResponseSchema } from './appointments';
import { pageStateSchema as appointmentPageStateSchema } from './states/appointment';

describe('appointment calls (spec part 2 §7)', () => {
  test('paths for one id', () => {
    expect(appointmentCallPath(APPOINTMENT_CHECK_IN_PATH, '100001')).toBe('/api/appointments/check-in/100001');
    expect(appointmentCallPath(APPOINTMENT_PATH, '100001')).toBe('/api/appointments/100001');
    expect(appointmentCallPath(APPOINTMENT_ARRIVAL_REASON_PATH, '100001')).toBe('/api/appointments/100001/arrival-reason');
  });

  test.each(['12a', '', '-1', '1.5', '12345678901'])('the id %j is refused (digits only, at most 10)', (id) => {
    const result = appointmentIdParamsSchema.safeParse({ id });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['id']);
  });

  test('check-in results are the provider’s (§8), with the room after Success', () => {
    expect(checkInResponseSchema.parse({ type: 'Success', roomLocation: 'Huone 214' })).toEqual({ type: 'Success', roomLocation: 'Huone 214' });
    expect(checkInResponseSchema.safeParse({ type: 'success', roomLocation: null }).success).toBe(false);
  });

  test('a cancel refusal names the code and the window', () => {
    expect(cancelAppointmentRefusalSchema.parse({ type: 'deadlineExceeded', cancellationHours: 24 }).cancellationHours).toBe(24);
    expect(cancelAppointmentRefusalSchema.safeParse({ type: 'deadlineExceeded' }).success).toBe(false);
  });

  test('the ok page state has at least one appointment; not found has none', () => {
    expect(appointmentPageStateSchema.safeParse({ status: 'ok', appointments: [] }).success).toBe(false);
    expect(appointmentPageStateSchema.parse({ status: 'appointment-not-found' })).toEqual({ status: 'appointment-not-found' });
  });
});

describe('arrival reason (spec part 2 §5: at most 300 characters)', () => {
  test('300 characters pass, 301 are refused at arrivalReason; empty clears it', () => {
    expect(arrivalReasonRequestSchema.safeParse({ arrivalReason: 'x'.repeat(300) }).success).toBe(true);
    expect(arrivalReasonRequestSchema.safeParse({ arrivalReason: '' }).success).toBe(true);
    const over = arrivalReasonRequestSchema.safeParse({ arrivalReason: 'x'.repeat(301) });
    expect(over.error?.issues.map((issue) => issue.path)).toEqual([['arrivalReason']]);
  });

  test('a NUL character and unknown fields are refused', () => {
    expect(arrivalReasonRequestSchema.safeParse({ arrivalReason: 'a\u0000b' }).error?.issues[0]?.path).toEqual(['arrivalReason']);
    expect(arrivalReasonRequestSchema.safeParse({ arrivalReason: 'ok', extra: 1 }).success).toBe(false);
  });
});
