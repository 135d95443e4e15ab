import { describe, it, expect } from 'vitest';
import { CtaClickBodySchema, LandingVisitBodySchema, PublicCountsResponseSchema } from './visits.ts';

describe('visits contracts', () => {
  it('take a site path as the origin', () => {
    expect(LandingVisitBodySchema.safeParse({ originPath: '/a/galeno' }).success).toBe(true);
    expect(LandingVisitBodySchema.safeParse({ originPath: '/' }).success).toBe(true);
    expect(LandingVisitBodySchema.safeParse({ originPath: 'https://evil.example/' }).success).toBe(false);
    expect(LandingVisitBodySchema.safeParse({ originPath: '' }).success).toBe(false);
    expect(LandingVisitBodySchema.safeParse({ originPath: `/${'x'.repeat(300)}` }).success).toBe(false);
  });

  it('take a button name of 1 to 100 characters', () => {
    expect(CtaClickBodySchema.parse({ buttonClicked: ' hero-signup ' })).toEqual({ buttonClicked: 'hero-signup' });
    expect(CtaClickBodySchema.safeParse({ buttonClicked: ' ' }).success).toBe(false);
    expect(CtaClickBodySchema.safeParse({ buttonClicked: 'x'.repeat(101) }).success).toBe(false);
  });

  it('answer counts as whole non-negative numbers', () => {
    const counts = { students: 1000, flashcards: 0, ownQuestions: 1011, mirQuestions: 831 };
    expect(PublicCountsResponseSchema.parse(counts)).toEqual(counts);
    expect(PublicCountsResponseSchema.safeParse({ ...counts, students: -1 }).success).toBe(false);
    expect(PublicCountsResponseSchema.safeParse({ ...counts, mirQuestions: 10.5 }).success).toBe(false);
  });
});
