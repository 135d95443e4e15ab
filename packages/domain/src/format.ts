/** es-MX formatting shared by the server (e-mails) and the page. */

const mxn = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN', maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** Money is MXN with no decimals: 1275 → "$1,275". */
export function formatMXN(amount: number): string {
  return mxn.format(amount);
}

const dateFormat = new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/Mexico_City' });

/** "21 de noviembre de 2026" */
export function formatDate(date: Date): string {
  return dateFormat.format(date);
}

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Spec section 5: dates parsed by the client must be ISO 8601. */
export function parseIsoDate(value: string): Date {
  const date = ISO_8601.test(value) ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) throw new Error('Non ISO 8601 compliant date');
  return date;
}
