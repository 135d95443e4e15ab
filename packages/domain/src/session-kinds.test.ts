import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CreateQuizSessionBodySchema } from './contracts/quiz.ts';
import { configurationOf, typedSession } from './contracts/session-configuration.ts';
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
  it('lets a page open bare only the kinds drawn as they go: a review or exam comes with its list, a simulacro with its sitting', () => {
    expect(kindsWhere((rules) => rules.openedBy === 'page')).toEqual(['quick', 'timed', 'speciality', 'single']);
    expect(kindsWhere((rules) => rules.openedBy === 'its list')).toEqual(['review', 'exam', 'pack']);
    for (const kind of QUIZ_SESSION_KINDS) {
      expect(CreateQuizSessionBodySchema.safeParse({ kind }).success).toBe(rulesOf(kind).openedBy === 'page');
      if (rulesOf(kind).openedBy === 'page') expect(rulesOf(kind).questions).toBe('drawn');
    }
    // A configuration sent by the page is not kept: nothing the browser says fixes a session's list or mode.
    expect(CreateQuizSessionBodySchema.parse({ kind: 'quick', configuration: { mode: 'examen', questionIds: ['x'] } })).toEqual({
      kind: 'quick',
    });
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

  it('reads any stored configuration into its kind’s shape, and answers as the scattered checks did', () => {
    fc.assert(
      fc.property(fc.constantFrom(...QUIZ_SESSION_KINDS), configuration, (kind, config) => {
        const session = typedSession({ kind, configuration: config });
        const examMode = kind === 'simulacro' || (kind === 'exam' && config.mode === 'examen');
        expect(sessionMode(session)).toBe(examMode ? 'examen' : 'tutor');
        expect(secondsPerQuestion(session)).toBe(
          kind === 'exam' && typeof config.secondsPerQuestion === 'number' ? config.secondsPerQuestion : null,
        );
        // A fixed kind stored without its list serves (and takes answers to) no question, never any question.
        const fixed = kind === 'review' || kind === 'exam' || kind === 'simulacro' || kind === 'pack';
        expect(fixedQuestionIds(session)).toEqual(fixed ? (config.questionIds ?? []) : null);
        expect(unansweredCountAsWrong(session)).toBe(kind === 'exam' && config.mode === 'examen');
      }),
    );
  });

  it('never fails on a damaged column: each field falls back on its own and anything else is dropped', () => {
    fc.assert(
      fc.property(fc.constantFrom(...QUIZ_SESSION_KINDS), fc.anything(), (kind, stored) => {
        expect(() => configurationOf(kind, stored)).not.toThrow();
      }),
    );
    expect(configurationOf('simulacro', { formId: 'f-1', parts: 7, questionIds: ['a', 2], extra: true })).toEqual({
      formId: 'f-1',
      includeEnglish: false,
      parts: 1,
      questionIds: [],
    });
    expect(configurationOf('exam', { mode: 'examen', questionIds: ['a', 'b'], secondsPerQuestion: 90, areas: 'Cirugía' })).toEqual({
      mode: 'examen',
      questionIds: ['a', 'b'],
      secondsPerQuestion: 90,
    });
    expect(configurationOf('quick', { origin: 'trial', mode: 'examen' })).toEqual({ origin: 'trial' });
  });

  it('saves by the page’s «Guardar» exactly the kinds a page draws or reviews with keys shown', () => {
    expect(kindsWhere((rules) => rules.savedBy === 'page')).toEqual(['quick', 'timed', 'speciality', 'single', 'review']);
  });
});
