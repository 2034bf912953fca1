import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addDays, helsinkiDate, helsinkiInstant, isoWeekday } from '../src/util/time';

// Issue 27: the date arithmetic takes only the yyyy-MM-dd dates the request schemas let through and
// says so when handed anything else, instead of computing some other day (or none: RangeError from
// toISOString deep in a search).
describe('util/time', () => {
  it('counts days across months, years and leap days', () => {
    assert.equal(addDays('2026-02-28', 1), '2026-03-01');
    assert.equal(addDays('2028-02-28', 1), '2028-02-29');
    assert.equal(addDays('2026-12-31', 1), '2027-01-01');
    assert.equal(addDays('2026-01-01', -1), '2025-12-31');
    assert.equal(addDays('2200-12-31', 62), '2201-03-03');
    assert.equal(addDays('1900-01-01', -1), '1899-12-31');
  });

  it('years 0–99 are those years, not 1900–1999', () => {
    assert.equal(addDays('0001-01-01', 1), '0001-01-02');
    assert.equal(addDays('0099-12-31', 1), '0100-01-01');
    assert.equal(isoWeekday('0001-01-01'), 1);
  });

  it('refuses a result past year 9999 and a text that is no date, naming it', () => {
    assert.throws(() => addDays('9999-12-31', 62), { name: 'RangeError', message: /9999-12-31 \+ 62 days/ });
    assert.throws(() => addDays('0000-01-01', -1), RangeError);
    for (const text of ['+010000-01-01', '2026-1-1', '20260101', '', '2026-01-01T00:00:00Z']) {
      assert.throws(() => addDays(text, 1), { name: 'RangeError', message: /Not a yyyy-MM-dd date/ });
      assert.throws(() => isoWeekday(text), RangeError);
      assert.throws(() => helsinkiInstant(text, 0), RangeError);
    }
  });

  it('keeps Helsinki wall-clock times right across daylight saving', () => {
    assert.equal(helsinkiInstant('2026-03-29', 12).toISOString(), '2026-03-29T09:00:00.000Z');
    assert.equal(helsinkiInstant('2026-10-25', 12).toISOString(), '2026-10-25T10:00:00.000Z');
    assert.equal(helsinkiInstant('2150-06-15', 0).toISOString(), '2150-06-14T21:00:00.000Z');
    assert.equal(helsinkiDate(new Date('2026-12-31T22:30:00Z')), '2027-01-01');
    assert.equal(isoWeekday('2026-11-29'), 7);
  });
});
