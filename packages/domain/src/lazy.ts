/**
 * A value made on first use, then kept. For Intl formatters: creating one loads its locale's and time zone's data,
 * which on a phone costs tens of milliseconds of the first screen's script (issue 21) for formatters a page may
 * never call.
 */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
