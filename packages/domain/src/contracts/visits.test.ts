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
    expect(PublicCountsResponseSchema.parse({ students: 1000, flashcards: 0 })).toEqual({ students: 1000, flashcards: 0 });
    expect(PublicCountsResponseSchema.safeParse({ students: -1, flashcards: 0 }).success).toBe(false);
    expect(PublicCountsResponseSchema.safeParse({ students: 10.5, flashcards: 0 }).success).toBe(false);
  });
});
