import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Helpers of the booking specs (issue 13): the free slots the server offers (the anonymous-capable
 * GET /api/appointments, so a test books a time that is really free in this run's seeded calendar),
 * the SMS outbox of the built-in test gateway, and the Europe/Helsinki calendar the portal speaks.
 */

export interface FreeSlot {
  id: string;
  startDate: string;
  durationMinutes: number;
  isRemote: boolean;
  requiresAuthToReserve: boolean;
  practitioner: { name: string };
  specialty: { id: string; title: string };
  clinic: { id: string; name: string };
}

interface SearchAnswer {
  availableAppointments: { appointments: FreeSlot[]; hasMore: boolean };
}

const HELSINKI = 'Europe/Helsinki';

/** yyyy-MM-dd of `instant` in Helsinki. */
export function helsinkiDate(instant: Date | string | number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: HELSINKI, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant));
}

/** The hour (0–23) of `instant` on a Helsinki clock. */
export function helsinkiHour(instant: Date | string | number): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone: HELSINKI, hour: '2-digit', hourCycle: 'h23' }).format(new Date(instant)));
}

/** The calendar date `days` after the yyyy-MM-dd `date`. */
export function addDays(date: string, days: number): string {
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** An instant as an iCalendar UTC date-time (20261201T080000Z), as DTSTART carries it. */
export function icsUtc(instant: string): string {
  return new Date(instant).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/**
 * The first free private slot, soonest first from `startDate`, that `accept` takes; pages through
 * the search 20 at a time (spec part 2 §9), up to `maxPages`.
 */
export async function findFreeSlot(
  request: APIRequestContext,
  { startDate, accept, params = {}, maxPages = 10 }: { startDate: string; accept(slot: FreeSlot): boolean; params?: Record<string, string>; maxPages?: number },
): Promise<FreeSlot | null> {
  for (let page = 0; page < maxPages; page++) {
    const response = await request.get('/api/appointments', { params: { lang: 'fi', startDate, offset: String(page * 20), ...params } });
    expect(response.status(), 'GET /api/appointments').toBe(200);
    const answer = (await response.json()) as SearchAnswer;
    const found = answer.availableAppointments.appointments.find(accept);
    if (found) return found;
    if (!answer.availableAppointments.hasMore) return null;
  }
  return null;
}

/** A slot anyone may reserve without strong identification, at a physical clinic (so it can be checked in to). */
export const bookableAtClinic = (slot: FreeSlot): boolean => !slot.isRemote && !slot.requiresAuthToReserve;

/** The login page of `lang` that returns to `nextPath` (docs/product-decisions.md, "Paths"). */
export function loginPath(lang: 'fi' | 'sv' | 'en', nextPath: string): string {
  const login = { fi: '/fi/kirjaudu', sv: '/sv/logga-in', en: '/en/login' }[lang];
  return `${login}?${new URLSearchParams({ nextPath }).toString()}`;
}

interface OutboxAnswer {
  messages: { phoneNumber: string; text: string; sentAt: string }[];
}

/** The newest text the test SMS gateway "sent" to `phoneNumber` that matches `pattern` (GET /api/dev/sms-outbox). */
export async function smsMatching(page: Page, phoneNumber: string, pattern: RegExp): Promise<RegExpExecArray> {
  let match: RegExpExecArray | null = null;
  await expect(async () => {
    const response = await page.request.get('/api/dev/sms-outbox', { params: { phoneNumber } });
    expect(response.status()).toBe(200);
    const { messages } = (await response.json()) as OutboxAnswer;
    match = messages.map((message) => pattern.exec(message.text)).find((found) => found !== null) ?? null;
    expect(match, `an SMS to ${phoneNumber} matching ${pattern}`).not.toBeNull();
  }).toPass({ timeout: 10_000 });
  return match!;
}

/** Nothing sticks out sideways at the current width (the 360 px layout). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}
