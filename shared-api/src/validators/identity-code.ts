import { z } from 'zod';

/**
 * Finnish personal identity code (henkilötunnus), spec part 1 §5.
 *
 * Standard form, 11 characters: `DDMMYY` `C` `NNN` `K`
 * - `C` century sign: `+` 1800s; `-`, `Y`, `X`, `W`, `V`, `U` 1900s; `A`–`F` 2000s.
 * - `NNN` individual number 002–999 (000 and 001 are never issued); odd for men, even for women.
 * - `K` check character: the nine-digit number `DDMMYYNNN` modulo 31, looked up in
 *   `0123456789ABCDEFHJKLMNPRSTUVWXY`.
 *
 * Development-style codes ("two letters and a digit at the end" in the spec) are accepted only
 * while development codes are allowed (the default), and are marked `isDevelopmentCode: true`.
 * Precisely, a development-style code is either
 * 1. a standard code whose individual number is 900–999: the range the Digital and Population Data
 *    Services Agency keeps for temporary and test identities (every demo persona uses it); the date
 *    and check character rules still apply; or
 * 2. a 10-character code `DDMMYY` `C` `LL` `D`: a real date and century sign followed by two letters
 *    A–Z and one digit, e.g. `010190-AB1`, with no check character (nothing to compute it from).
 *    The digit stands for the individual number: even female, odd male.
 * With `allowDevelopmentCodes: false` both forms answer `development-not-allowed`.
 */

export const IDENTITY_CODE_CHECK_CHARACTERS = '0123456789ABCDEFHJKLMNPRSTUVWXY';

export type IdentityCodeGender = 'female' | 'male';

export type ParsedIdentityCode =
  | { valid: true; birthDate: string; gender: IdentityCodeGender; isDevelopmentCode: boolean }
  | { valid: false; reason: 'format' | 'date' | 'checksum' | 'development-not-allowed' };

export interface IdentityCodeOptions {
  /** Accept development-style codes (see above). Default true; production turns this off. */
  allowDevelopmentCodes?: boolean;
}

const centuryBySign: Record<string, number> = {
  '+': 1800,
  '-': 1900,
  Y: 1900,
  X: 1900,
  W: 1900,
  V: 1900,
  U: 1900,
  A: 2000,
  B: 2000,
  C: 2000,
  D: 2000,
  E: 2000,
  F: 2000,
};

const standardPattern = /^(\d{2})(\d{2})(\d{2})([-+A-FU-Y])(\d{3})([0-9A-FHJ-NPR-Y])$/;
const developmentPattern = /^(\d{2})(\d{2})(\d{2})([-+A-FU-Y])([A-Z]{2})(\d)$/;

/** First individual number of the temporary and test range. */
const FIRST_DEVELOPMENT_INDIVIDUAL_NUMBER = 900;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** yyyy-MM-dd, or null when the day does not exist. */
function realDate(day: number, month: number, year: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** The check character of a standard code, from its date and individual number. */
export function identityCodeCheckCharacter(ddmmyy: string, individualNumber: string): string {
  const index = Number(`${ddmmyy}${individualNumber}`) % 31;
  return IDENTITY_CODE_CHECK_CHARACTERS.charAt(index);
}

/** Normalises what a person typed: surrounding spaces removed, letters in upper case. */
export function normalizeIdentityCode(code: string): string {
  return code.trim().toUpperCase();
}

export function parseIdentityCode(code: string, { allowDevelopmentCodes = true }: IdentityCodeOptions = {}): ParsedIdentityCode {
  const standard = standardPattern.exec(code);
  if (standard) {
    const [, dd, mm, yy, sign, individual, check] = standard as unknown as [string, string, string, string, string, string, string];
    const individualNumber = Number(individual);
    if (individualNumber < 2) return { valid: false, reason: 'format' };
    const birthDate = realDate(Number(dd), Number(mm), (centuryBySign[sign] ?? 0) + Number(yy));
    if (!birthDate) return { valid: false, reason: 'date' };
    if (identityCodeCheckCharacter(`${dd}${mm}${yy}`, individual) !== check) return { valid: false, reason: 'checksum' };
    const isDevelopmentCode = individualNumber >= FIRST_DEVELOPMENT_INDIVIDUAL_NUMBER;
    if (isDevelopmentCode && !allowDevelopmentCodes) return { valid: false, reason: 'development-not-allowed' };
    return { valid: true, birthDate, gender: individualNumber % 2 === 0 ? 'female' : 'male', isDevelopmentCode };
  }
  const development = developmentPattern.exec(code);
  if (development) {
    const [, dd, mm, yy, sign, , digit] = development as unknown as [string, string, string, string, string, string, string];
    const birthDate = realDate(Number(dd), Number(mm), (centuryBySign[sign] ?? 0) + Number(yy));
    if (!birthDate) return { valid: false, reason: 'date' };
    if (!allowDevelopmentCodes) return { valid: false, reason: 'development-not-allowed' };
    return { valid: true, birthDate, gender: Number(digit) % 2 === 0 ? 'female' : 'male', isDevelopmentCode: true };
  }
  return { valid: false, reason: 'format' };
}

/**
 * Age in whole years on `today` (both yyyy-MM-dd, Europe/Helsinki calendar dates). Someone born on
 * 29 February has their birthday on 28 February in common years, as Finnish law counts it.
 */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const birthdayThisYear = bm === 2 && bd === 29 && !isLeapYear(ty) ? 28 : bd;
  const hadBirthday = tm > bm || (tm === bm && td >= birthdayThisYear);
  return ty - by - (hadBirthday ? 0 : 1);
}

export const IDENTITY_CODE_ERROR_MESSAGE = 'Please check your identity number';

/** A zod schema for a typed identity code: trimmed, upper-cased, then validated. */
export function createIdentityCodeSchema(options: IdentityCodeOptions = {}) {
  return z
    .string()
    .trim()
    .toUpperCase()
    .max(11, { message: IDENTITY_CODE_ERROR_MESSAGE })
    .refine((code) => parseIdentityCode(code, options).valid, { message: IDENTITY_CODE_ERROR_MESSAGE });
}

/** Development codes allowed (the default); use createIdentityCodeSchema({ allowDevelopmentCodes: false }) in production. */
export const identityCodeSchema = createIdentityCodeSchema();
