// drizzle needs every table in one object; each area keeps its own file.
export * from './schema/affiliates.ts';
export * from './schema/auth.ts';
export * from './schema/content.ts';
export * from './schema/discount-quiz.ts';
export * from './schema/flashcards.ts';
export * from './schema/memberships.ts';
export * from './schema/quiz.ts';
export * from './schema/users.ts';
export * from './schema/visits.ts';
export * from './schema/mail.ts';
export * from './schema/reports.ts';
export * from './schema/exams.ts';
export * from './schema/stats.ts';
