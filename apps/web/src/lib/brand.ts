/**
 * The brand is server configuration (APP_NAME). The API writes it into index.html's
 * `<meta name="application-name">` when it serves the page; the Vite dev server and tests leave the
 * placeholder, so the page falls back to the default brand.
 */

export const DEFAULT_APP_NAME = 'Galeno';
const PLACEHOLDER = '%APP_NAME%';

export function readAppName(doc: Document = document): string {
  const content = doc.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content.trim();
  if (!content || content.includes(PLACEHOLDER)) return DEFAULT_APP_NAME;
  return content;
}

let cachedAppName: string | undefined;

/** The brand shown to people ('Galeno' unless the server is configured otherwise). */
export function getAppName(): string {
  cachedAppName ??= readAppName();
  return cachedAppName;
}
