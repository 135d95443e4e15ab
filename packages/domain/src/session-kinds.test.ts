import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CreateQuizSessionBodySchema } from './contracts/quiz.ts';
import {
  fixedQuestionIds,
  kindsWhere,
  QUIZ_SESSION_KINDS,
  rulesOf,
  secondsPerQuestion,
  SESSION_KIND_RULES,
  sessionMode,
  unansweredCountAsWrong,
} from './session-kinds.ts';

const configuration = fc.record({
  mode: fc.constantFrom('tutor', 'examen', undefined, 'other'),
  secondsPerQuestion: fc.option(fc.integer({ min: 30, max: 180 }), { nil: undefined }),
  questionIds: fc.option(fc.array(fc.uuid(), { maxLength: 5 }), { nil: undefined }),
});

describe('the rules of each kind of question session (issue 36, F1)', () => {
  it('lets a page open every kind but the simulacro, whose session comes only with its sitting', () => {
    expect(kindsWhere((rules) => rules.openedBy === 'page')).toEqual(['quick', 'timed', 'speciality', 'single', 'review', 'exam']);
    for (const kind of QUIZ_SESSION_KINDS)
      expect(CreateQuizSessionBodySchema.safeParse({ kind }).success).toBe(rulesOf(kind).openedBy === 'page');
  });

  it('holds together: only a sitting’s kind goes through the simulacros module, only a drawn kind has a clock per case', () => {
    for (const kind of QUIZ_SESSION_KINDS) {
      const rules = SESSION_KIND_RULES[kind];
      expect(rules.module === 'simulacros').toBe(rules.openedBy === 'sitting');
      if (rules.clock === 'per case') expect(rules.questions).toBe('drawn');
      if (rules.clock === 'chosen pace' || rules.unansweredCount !== 'no') expect(rules.questions).toBe('fixed');
      // «Guardar» saves what the page draws or reviews; a sitting with keys hidden until its end is finished, not saved.
      if (rules.mode !== 'tutor') expect(rules.savedBy).toBe('finish');
    }
  });

  it('answers the same questions the scattered checks did, for any configuration', () => {
    fc.assert(
      fc.property(fc.constantFrom(...QUIZ_SESSION_KINDS), configuration, (kind, config) => {
        const session = { kind, configuration: config as Record<string, unknown> };
        const examMode = kind === 'simulacro' || (kind === 'exam' && config.mode === 'examen');
        expect(sessionMode(session)).toBe(examMode ? 'examen' : 'tutor');
        expect(secondsPerQuestion(session)).toBe(
          kind === 'exam' && typeof config.secondsPerQuestion === 'number' ? config.secondsPerQuestion : null,
        );
        const fixed = kind === 'review' || kind === 'exam' || kind === 'simulacro';
        expect(fixedQuestionIds(session)).toEqual(fixed && Array.isArray(config.questionIds) ? config.questionIds : null);
        expect(unansweredCountAsWrong(session)).toBe(kind === 'exam' && config.mode === 'examen');
      }),
    );
  });

  it('saves by the page’s «Guardar» exactly the kinds a page draws or reviews with keys shown', () => {
    expect(kindsWhere((rules) => rules.savedBy === 'page')).toEqual(['quick', 'timed', 'speciality', 'single', 'review']);
  });
});
