/** The unique index a write broke (PostgreSQL 23505), or null for any other error; drivers wrap it in `cause`. */
export function violatedUniqueIndex(error: unknown): string | null {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause;
  const own = error as { code?: string; constraint?: string };
  const failure = own.code === '23505' ? own : cause?.code === '23505' ? cause : null;
  return failure ? (failure.constraint ?? '') : null;
}
