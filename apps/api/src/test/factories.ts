import type { ImportedCase, ImportedSingle } from '../modules/content/formats/types.ts';
import type { ClinicalCaseContent, SingleQuestionContent } from '@galeno/domain/content';
import type { Db } from '../db/client.ts';
import { users, type NewUser, type User } from '../db/schema/users.ts';
import { createSession } from '../modules/auth/sessions.ts';
import { singleQuestionRow, upsertClinicalCases, upsertQuestionRows } from '../modules/content/load.ts';

let sequence = 0;

/** One factory per entity, shared by API tests, e2e fixtures and benchmarks. */
export async function createUser(db: Db, overrides: Partial<NewUser> = {}): Promise<User> {
  sequence++;
  const [user] = await db
    .insert(users)
    .values({
      email: `estudiante${sequence}-${Date.now()}@example.com`,
      name: `Estudiante ${sequence}`,
      dateOfBirth: '1997-06-01',
      phoneNumber: '5511223344',
      membershipEnd: new Date(Date.now() + 30 * 86_400_000),
      // Access already running (a free account's hours started); pass freeHoursStartedAt: null for a new signup.
      freeHoursStartedAt: new Date(),
      // An account that has logged in with a code (proved its e-mail); pass verified: null for a fresh signup.
      verified: new Date(),
      // ...whose owner confirmed the birth date and phone as a way in; pass fallbackConfirmedAt: null for one who has not.
      fallbackConfirmedAt: new Date(),
      ...overrides,
    })
    .returning();
  return user!;
}

/** A signed-in cookie for a user, without going through e-mail. */
export async function sessionCookieFor(db: Db, user: User | null): Promise<{ galeno_session: string }> {
  const { token } = await createSession(db, { userId: user?.id ?? null, ipHash: 'test', trialSeconds: 300 });
  return { galeno_session: token };
}

export function clinicalCaseContent(id: string, overrides: Partial<ClinicalCaseContent> = {}): ClinicalCaseContent {
  return {
    id,
    caseText: `Caso ${id}: mujer de 34 años con dolor en fosa iliaca derecha de 12 horas de evolución.`,
    tags: { especialidad: 'Cirugía', subEspecialidad: 'Cirugía General', tema: 'Apendicitis aguda', dificultad: 'Media' },
    gpc: { name: 'Diagnóstico y tratamiento de la apendicitis aguda', year: 2021 },
    questions: [
      {
        id: `${id}-q1`,
        question: `¿Diagnóstico más probable? (${id})`,
        options: ['Apendicitis aguda', 'Colecistitis', 'Pancreatitis', 'Diverticulitis'],
        correctIndex: 0,
        explanation: 'Explicación 1.',
      },
      {
        id: `${id}-q2`,
        question: `¿Estudio inicial? (${id})`,
        options: ['TAC', 'Ultrasonido', 'Radiografía', 'Resonancia', 'Endoscopia'],
        correctIndex: 1,
        explanation: 'Explicación 2.',
      },
    ],
    ...overrides,
  };
}

export function singleQuestionContent(id: string, overrides: Partial<SingleQuestionContent> = {}): SingleQuestionContent {
  return {
    id,
    question: `Pregunta ${id}: ¿fármaco de primera línea?`,
    options: ['Metformina', 'Insulina', 'Glibenclamida', 'Pioglitazona'],
    correctIndex: 0,
    explanation: 'La metformina es de primera línea.',
    tags: { especialidad: 'Medicina Interna', subEspecialidad: 'Endocrinología', tema: 'Diabetes mellitus tipo 2', dificultad: 'Fácil' },
    ...overrides,
  } as SingleQuestionContent;
}

/** Cases of a bank ('own' unless named: 'head-qa' and 'casimedicos' are the MIR banks). */
export async function createClinicalCases(db: Db, cases: readonly ImportedCase[], bank = 'own') {
  await upsertClinicalCases(db, cases, bank);
}

export async function createSingleQuestions(db: Db, items: readonly ImportedSingle[], bank = 'own') {
  await upsertQuestionRows(
    db,
    items.map((item) => singleQuestionRow(item, bank)),
    bank,
  );
}
