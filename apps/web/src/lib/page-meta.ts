/**
 * Server configuration that reaches the page as `<meta>` tags (brand, support and video links; issue 20). In the
 * browser they are read from the document the API served. When the API pre-renders the public pages (issue 21) there
 * is no document: it hands the same values to `setServerPageMeta` before rendering, so both sides render alike.
 */

export type PageMetaName = 'application-name' | 'galeno:support-url' | 'galeno:video-url';

let serverMeta: Partial<Record<PageMetaName, string>> = {};

/** Pre-rendering only: the values the served page's meta tags will carry. */
export function setServerPageMeta(meta: Partial<Record<PageMetaName, string>>): void {
  serverMeta = { ...meta };
}

/** The tag's content ('' when absent). `doc` defaults to the page's document, when there is one. */
export function readPageMeta(name: PageMetaName, doc: Document | undefined = globalThis.document): string {
  if (!doc) return serverMeta[name]?.trim() ?? '';
  return doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim() ?? '';
}
