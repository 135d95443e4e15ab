import type { RouteTable } from './define.ts';

/** The flashcards area's API routes (the route manifest, issue 36). */
export const flashcardsRoutes = {} as const satisfies RouteTable;
