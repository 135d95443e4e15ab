/**
 * "Did you mean" for a mistyped e-mail domain (ux N15): an invitation sent to «gmial.com» reaches nobody and holds a
 * seat. The domains Mexican students use most; an address one slip away from one of them (a swapped, missing, extra
 * or wrong letter) gets that domain suggested. A domain on the list, or further from all of them, gets nothing.
 */
export const COMMON_EMAIL_DOMAINS = [
  'gmail.com',
  'hotmail.com',
  'hotmail.es',
  'outlook.com',
  'outlook.es',
  'live.com',
  'live.com.mx',
  'yahoo.com',
  'yahoo.com.mx',
  'icloud.com',
  'me.com',
  'msn.com',
  'aol.com',
  'mail.com',
  'prodigy.net.mx',
  'protonmail.com',
  'proton.me',
] as const;

/** Damerau–Levenshtein distance (adjacent swaps count as one edit), capped: anything past `max` returns max + 1. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** The address with its domain corrected («sofia@gmial.com» → «sofia@gmail.com»), or null when nothing looks mistyped. */
export function suggestEmailFix(email: string): string | null {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return null;
  const domain = address.slice(at + 1);
  if ((COMMON_EMAIL_DOMAINS as readonly string[]).includes(domain)) return null;
  const near = COMMON_EMAIL_DOMAINS.filter((known) => editDistance(domain, known, 1) <= 1);
  // Two domains equally near (never with this list, but a longer one could): no guess beats a wrong one.
  if (near.length !== 1) return null;
  return `${address.slice(0, at)}@${near[0]}`;
}
