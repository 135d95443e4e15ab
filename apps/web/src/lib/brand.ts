import { readPageMeta } from './page-meta';

/**
 * The brand is server configuration (APP_NAME). The API writes it into index.html's
 * `<meta name="application-name">` when it serves the page (and hands it to the pre-renderer); the Vite dev
 * server and tests leave the placeholder, so the page falls back to the default brand.
 */

export const DEFAULT_APP_NAME = 'Galeno';
const PLACEHOLDER = '%APP_NAME%';

export function readAppName(doc?: Document): string {
  const content = readPageMeta('application-name', doc);
  if (!content || content.includes(PLACEHOLDER)) return DEFAULT_APP_NAME;
  return content;
}

let cachedAppName: string | undefined;

/** The brand shown to people ('Galeno' unless the server is configured otherwise). */
export function getAppName(): string {
  // Without a document (pre-rendering) the configuration may change between renders: never cached there.
  if (typeof document === 'undefined') return readAppName();
  cachedAppName ??= readAppName();
  return cachedAppName;
}
