import { afterEach, describe, expect, it } from 'vitest';
import { supportChatUrl, videoChannelUrl } from './external-links';

const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)!;
const original = { support: meta('galeno:support-url').content, video: meta('galeno:video-url').content };
afterEach(() => {
  meta('galeno:support-url').content = original.support;
  meta('galeno:video-url').content = original.video;
});

describe('the support and video links', () => {
  it('come from the page the server configured, and are absent (never a placeholder) without configuration', () => {
    expect(supportChatUrl()).toBe('https://wa.me/5215512345678');
    expect(videoChannelUrl()).toBe('https://www.youtube.com/@galeno');
    // Not configured: the server writes an empty value; the Vite dev server leaves the placeholder.
    meta('galeno:support-url').content = '';
    meta('galeno:video-url').content = '%VIDEO_URL%';
    expect(supportChatUrl()).toBeNull();
    expect(videoChannelUrl()).toBeNull();
  });
});
