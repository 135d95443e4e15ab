/** The service worker's copy of her flashcard reads (issue 41): named once for the build (vite.config.ts) and the page. */
export const FLASHCARDS_CACHE = 'galeno-flashcards';
