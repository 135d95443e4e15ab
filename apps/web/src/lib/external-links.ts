import { readPageMeta, type PageMetaName } from './page-meta';

/**
 * Places outside the app that several screens link to (landing, login, help icon). They are server
 * configuration (SUPPORT_URL, VIDEO_URL; issue 20), written by the API into index.html's meta tags when it
 * serves the page. Without one (not configured, or the Vite dev server's placeholder) the link is hidden,
 * never pointed at a placeholder.
 */

function readLink(name: PageMetaName): string | null {
  const content = readPageMeta(name);
  return /^https?:\/\//.test(content) ? content : null;
}

/** The support chat (WhatsApp, the channel Mexican students already use), or null when none is configured. */
export function supportChatUrl(): string | null {
  return readLink('galeno:support-url');
}

/** The video channel with ENARM study tips, or null when none is configured. */
export function videoChannelUrl(): string | null {
  return readLink('galeno:video-url');
}
