/**
 * Whether a failure means the database cannot be reached right now (down, restarting, refusing
 * connections), as opposed to a query that is wrong. Drizzle wraps the driver's error in `cause`.
 */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
  // PostgreSQL: admin shutdown, crash shutdown, cannot connect now, connection failures.
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

const CONNECTION_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /connect ECONNREFUSED/i,
  // The driver stopped waiting for an answer that never came (db/client.ts, timeoutMs): the database went silent.
  /Query read timeout/i,
  // The server cancelled a statement past statement_timeout: overloaded or stalled, not a wrong query.
  /canceling statement due to statement timeout/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const failure = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof failure.code === 'string' && CONNECTION_CODES.has(failure.code)) return true;
    if (typeof failure.message === 'string' && CONNECTION_MESSAGES.some((pattern) => pattern.test(failure.message as string))) return true;
    // Node's AggregateError (IPv4 and IPv6 both refused) keeps the real errors in `errors`.
    if (Array.isArray(failure.errors) && failure.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = failure.cause;
  }
  return false;
}

/** A database URL fit for a log line: the password replaced. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(URL no válida)';
  }
}
