import type { User } from '../db/schema/users.ts';

/**
 * Privileges tied to an e-mail address (staff, affiliate owner) need an account that proved it owns the
 * address with a code at least once: signup asks for no proof, so anyone could register someone else's.
 */
export function ownsEmail(user: User | null, email: string): boolean {
  return !!user && user.verified !== null && user.email === email;
}

export function isStaff(user: User | null, staffEmails: readonly string[]): boolean {
  return !!user && user.verified !== null && staffEmails.includes(user.email);
}
