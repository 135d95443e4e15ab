import { timingSafeEqual } from 'node:crypto';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * A Mexican phone number as +52… (E.164), however the student wrote it (issue 19): "55 1234 5678",
 * "+52 55 1234 5678", "525512345678", and the retired forms "044 55…" (a mobile from a landline) and
 * "+52 1 55…" (the mobile "1" dropped in 2019). Null when it is not a valid number. Accounts keep the
 * digits as typed; this is how two spellings of one number are compared.
 */
export function normalizeMexicanPhone(input: string): string | null {
  let digits = input.replace(/\D/g, '');
  if (/^04[45]\d{10}$/.test(digits)) digits = digits.slice(3);
  if (/^521\d{10}$/.test(digits)) digits = `52${digits.slice(3)}`;
  const international = input.trim().startsWith('+') || /^52\d{10}$/.test(digits);
  const parsed = international ? parsePhoneNumberFromString(`+${digits}`) : parsePhoneNumberFromString(digits, 'MX');
  return parsed?.isValid() ? parsed.number : null;
}

/** Whether two spellings name the same number: by E.164 when both parse, else digit for digit. */
export function samePhone(stored: string, typed: string): boolean {
  const left = normalizeMexicanPhone(stored);
  const right = normalizeMexicanPhone(typed);
  return left && right ? equal(left, right) : equal(stored.replace(/\D/g, ''), typed.replace(/\D/g, ''));
}

/** A login secret of sorts: compared in constant time. */
function equal(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
