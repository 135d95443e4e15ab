/** Places outside the app that several screens link to (landing, login, help icon). */

/** Support chat on WhatsApp, the channel Mexican students already use. */
export const SUPPORT_CHAT_URL = 'https://wa.me/525500000000';

/** Video channel with ENARM study tips. */
export const VIDEO_CHANNEL_URL = 'https://www.youtube.com/@galeno';
