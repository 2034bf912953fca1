import type * as I18n from './index';

// shared-i18n is loaded in the shell's start-up on every page. A time-zone formatter costs tens of
// milliseconds of ICU set-up on a slow phone, so none is made before a date is first formatted.

test('loading shared-i18n makes no Intl formatter; formatting a date makes it once', () => {
  const made = jest.spyOn(Intl, 'DateTimeFormat');
  try {
    jest.isolateModules(() => {
      const i18n = jest.requireActual<typeof I18n>('./index');
      expect(made).not.toHaveBeenCalled();
      expect(i18n.formatDate('2026-11-22', 'en')).toBe('22 November 2026');
      expect(i18n.formatDateTime('2026-11-22T08:05:00Z', 'fi')).toBe('22.11.2026 10:05');
      const afterFirst = made.mock.calls.length;
      expect(afterFirst).toBeGreaterThan(0);
      i18n.formatDate('2026-11-23', 'en');
      i18n.formatDateTime('2026-11-23T08:05:00Z', 'fi');
      expect(made).toHaveBeenCalledTimes(afterFirst);
    });
  } finally {
    made.mockRestore();
  }
});
