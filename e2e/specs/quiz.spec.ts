import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, captureScreens, expectAccessible } from '../fixtures/test.ts';
import { signedInStudentFromFactory } from '../fixtures/accounts.ts';
import { repoRoot } from '../fixtures/server.ts';
import {
  NETWORK_TIMEOUT,
  answerCaseWithKeys,
  caseGraded,
  gradeCase,
  nextClinicCase,
  nextQuestion,
  optionsOf,
  percentOf,
  questionGraded,
  questionHeader,
  scoreBandLabel,
  specialityLabel,
} from '../fixtures/quiz.ts';

const HEAD_QA_FILE = path.resolve(repoRoot, 'content/external/head-qa/medicine-2013-2015.es.json');
const PHONE = { width: 360, height: 740 };

/**
 * The quiz header that stays in view takes at most 15% of a 360×740 screen, and nothing in it or in the actions
 * under it is cut: no text wider than its box, nothing past the screen's edges.
 */
async function expectCompactHeader(page: Page) {
  const header = page.getByTestId('quiz-header');
  const box = await header.boundingBox();
  expect(box!.height).toBeLessThanOrEqual(PHONE.height * 0.15);
  const cut = await header.evaluate((element) => {
    const actions = element.parentElement?.querySelector('[data-testid="quiz-actions"]');
    const nodes = [element, ...(actions ? [actions] : [])].flatMap((container) => [
      container,
      ...Array.from(container.querySelectorAll<HTMLElement>('*')),
    ]);
    return nodes
      .filter((node) => !node.closest('.sr-only') && node.getClientRects().length > 0)
      .filter((node) => {
        const rect = node.getBoundingClientRect();
        const ownText = Array.from(node.childNodes).some((child) => child.nodeType === Node.TEXT_NODE && child.textContent!.trim());
        return rect.left < -1 || rect.right > window.innerWidth + 1 || (ownText && node.scrollWidth > node.clientWidth + 1);
      })
      .map((node) => node.textContent || node.tagName);
  });
  expect(cut).toEqual([]);
}

test.describe('los exámenes', () => {
  test('un estudiante nuevo resuelve un caso clínico completo, lo califica, guarda la sesión y la encuentra en sus estadísticas', async ({
    page,
    database,
  }) => {
    const student = await signedInStudentFromFactory(page, database, 'caso');

    const loaded = nextClinicCase(page);
    await page
      .getByRole('link', { name: /Pruebas Rápidas/ })
      .first()
      .click();
    await page.waitForURL(/\/app\/quick-quiz$/);
    const clinicCase = await loaded;
    const questions = clinicCase.questions;
    const total = questions.length;

    await expect(page.getByRole('heading', { level: 1, name: 'Pruebas Rápidas' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Caso clínico' })).toBeVisible();
    await expect(page.getByText(specialityLabel(clinicCase.tags), { exact: true }).first()).toBeVisible();
    await expect(page.getByText(`0 de ${total} respondidas`)).toBeVisible();

    // 'Calificar' waits for an option in every question; each first answer opens the next question.
    const grade = page.getByRole('button', { name: 'Calificar', exact: true });
    for (const [index, question] of questions.entries()) {
      await expect(grade).toBeDisabled();
      const options = optionsOf(page, question);
      await expect(options).toBeVisible();
      // The whole row is the radio's label: the student clicks the first option's row.
      await options.locator('label').filter({ hasText: question.options[0]!.text }).first().click();
      await expect(options.getByRole('radio').first()).toBeChecked();
      await expect(questionHeader(page, index, total)).toContainText('Respondida: A');
      await expect(page.getByText(`${index + 1} de ${total} respondidas`)).toBeVisible();
    }
    await expect(grade).toBeEnabled();

    const evaluations = await gradeCase(page, clinicCase);
    expect(evaluations.map((evaluation) => evaluation.questionId)).toEqual(questions.map((question) => question.id));
    const correct = evaluations.filter((evaluation) => evaluation.correct).length;

    // Every question shows its result, the right option and its explanation.
    for (const [index, evaluation] of evaluations.entries()) {
      const header = questionHeader(page, index, total);
      await expect(header).toContainText(evaluation.correct ? 'Correcta' : 'Incorrecta');
      await expect(header).toHaveAttribute('aria-expanded', 'true');
      const item = page.getByRole('listitem').filter({ has: header });
      const letter = 'ABCDEFGHIJ'[evaluation.correctAnswer];
      if (evaluation.correct) {
        await expect(item.getByText('Respuesta correcta', { exact: true })).toBeVisible();
        await expect(item.getByText('Tu respuesta, correcta', { exact: true })).toBeVisible();
      } else {
        await expect(item.getByText(`Respuesta incorrecta. La correcta es la ${letter}.`, { exact: true })).toBeVisible();
        await expect(item.getByText('Tu respuesta', { exact: true })).toBeVisible();
        await expect(item.getByText('Respuesta correcta', { exact: true })).toBeVisible();
      }
      const feedback = item.getByRole('region', { name: `Retroalimentación de la pregunta ${index + 1}` });
      await expect(feedback).toBeVisible();
      await expect(feedback).toContainText(evaluation.feedback.trim().slice(0, 80));
      await expect(optionsOf(page, questions[index]!).getByRole('radio').first()).toBeDisabled();
    }

    // 'Guardar y salir': the server sums up the session and the results screen shows its score band.
    await page.getByRole('button', { name: 'Guardar y salir' }).click();
    const score = percentOf(correct, total);
    await expect(page.getByRole('heading', { level: 1, name: 'Resultados de la sesión' })).toBeVisible({ timeout: NETWORK_TIMEOUT });
    // The big score comes first; each speciality's row repeats its own percentage.
    await expect(page.getByText(`${score}%`, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(scoreBandLabel(score), { exact: true })).toBeVisible();
    await expect(
      page.getByText(`Respondiste correctamente ${correct} de ${total} ${total === 1 ? 'pregunta' : 'preguntas'}.`),
    ).toBeVisible();
    // A case of an external bank may carry the same label for both ('Sin clasificar'): then it shows twice.
    await expect(page.getByText(clinicCase.tags.Especialidad, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(clinicCase.tags.SubEspecialidad, { exact: true }).first()).toBeVisible();

    await page.getByRole('link', { name: 'Ver mis estadísticas' }).click();
    await page.waitForURL(/\/app\/estadisticas$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mis estadísticas' })).toBeVisible();
    const recent = page.getByRole('region', { name: 'Evaluaciones recientes' });
    await expect(recent.getByRole('listitem')).toHaveCount(1);
    await expect(recent.getByRole('listitem')).toContainText(`${score}%`);
    // «correcta» agrees with a total of one.
    const correctOfTotal = new RegExp(`${correct} de ${total} correctas?`);
    await expect(recent.getByRole('listitem')).toContainText(correctOfTotal);
    await expect(recent.getByRole('listitem')).toContainText(scoreBandLabel(score));
    const card = page
      .getByRole('region', { name: 'Por especialidad' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3, name: clinicCase.tags.Especialidad }) });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`${score}%`);
    await expect(card).toContainText(correctOfTotal);
    await expect(card).toContainText(clinicCase.tags.SubEspecialidad);
    await expect(card).toContainText(`${correct}/${total}`);

    // The server recorded what the student answered, and one saved evaluation.
    const { rows: users } = await database.pool.query<{ id: string }>('select id from users where email = $1', [student.email]);
    expect(users).toHaveLength(1);
    const userId = users[0]!.id;
    const { rows: answers } = await database.pool.query<{
      question_id: string;
      clinical_case_id: string;
      selected_index: number;
      correct: boolean;
    }>('select question_id, clinical_case_id, selected_index, correct from answers where user_id = $1', [userId]);
    expect(answers.map((answer) => answer.question_id).sort()).toEqual(questions.map((question) => question.id).sort());
    for (const answer of answers) {
      expect(answer.clinical_case_id).toBe(clinicCase.id);
      expect(answer.selected_index).toBe(0);
      expect(answer.correct).toBe(evaluations.find((evaluation) => evaluation.questionId === answer.question_id)!.correct);
    }
    const { rows: saved } = await database.pool.query<{ total_questions: number; total_correct: number; average_score: number }>(
      'select total_questions, total_correct, average_score from quiz_evaluations where user_id = $1',
      [userId],
    );
    expect(saved).toEqual([{ total_questions: total, total_correct: correct, average_score: score }]);
  });

  test('una pregunta suelta se responde solo con el teclado: una letra o un número eligen, Enter califica, y luego viene otra', async ({
    page,
    database,
  }) => {
    const student = await signedInStudentFromFactory(page, database, 'teclado');
    const loaded = nextQuestion(page);
    await page.goto('/app/quick-quiz/pregunta');
    const question = await loaded;
    const options = optionsOf(page, question);
    await expect(page.getByRole('heading', { level: 1, name: 'Pregunta suelta' })).toBeVisible();
    await expect(options).toBeVisible();
    await expect(page.getByText(specialityLabel(question.tags), { exact: true })).toBeVisible();
    const grade = page.getByRole('button', { name: 'Calificar', exact: true });
    await expect(grade).toBeDisabled();

    // A letter chooses an option; a number from the top row chooses too (2 is the second option).
    await page.keyboard.press('c');
    await expect(options.getByRole('radio').nth(2)).toBeChecked();
    await page.keyboard.press('2');
    await expect(options.getByRole('radio').nth(1)).toBeChecked();
    await expect(options.getByRole('radio').nth(2)).not.toBeChecked();
    await expect(grade).toBeEnabled();

    const graded = questionGraded(page);
    await page.keyboard.press('Enter');
    const evaluation = await graded;
    expect(evaluation.questionId).toBe(question.id);
    await expect(
      page.getByText(
        evaluation.correct ? 'Respuesta correcta' : `Respuesta incorrecta. La correcta es la ${'ABCDEFGHIJ'[evaluation.correctAnswer]}.`,
        { exact: true },
      ),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Retroalimentación' })).toContainText(evaluation.feedback.trim().slice(0, 80));
    await expect(options.getByRole('radio').nth(1)).toBeDisabled();

    const { rows } = await database.pool.query<{ selected_index: number }>(
      'select a.selected_index from answers a join users u on u.id = a.user_id where u.email = $1 and a.question_id = $2',
      [student.email, question.id],
    );
    expect(rows).toEqual([{ selected_index: 1 }]);

    const following = nextQuestion(page);
    await page.getByRole('button', { name: 'Siguiente pregunta' }).click();
    const another = await following;
    expect(another.id).not.toBe(question.id);
    await expect(optionsOf(page, another)).toBeVisible();
    await expect(optionsOf(page, another).getByRole('radio').first()).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Calificar', exact: true })).toBeDisabled();
  });

  test('el cronómetro corre mientras se responde el caso y se detiene al calificar', async ({ page, database }) => {
    await signedInStudentFromFactory(page, database, 'cronometro');
    // The page's clock is ours: seconds pass when the test says so, never by waiting.
    await page.clock.install();
    const loaded = nextClinicCase(page);
    await page.goto('/app/timed-quiz');
    const clinicCase = await loaded;
    await expect(page.getByRole('heading', { level: 1, name: 'Cronómetro' })).toBeVisible();
    // One clock (issue 35, N12): the case's time at the ENARM's pace (64 s a question), counting down.
    const limit = clinicCase.questions.length * 64;
    const timer = page.getByRole('timer');
    await expect(timer).toHaveCount(1);
    await expect(timer).toHaveText(/^\d+:\d{2}$/);

    const started = await timer.textContent();
    await page.clock.runFor(3_000);
    await expect(timer).not.toHaveText(started!);
    await expect(timer).toHaveText(new RegExp(`^${Math.floor((limit - 3) / 60)}:\\d{2}$`));

    await answerCaseWithKeys(page, clinicCase);
    await gradeCase(page, clinicCase);
    await expect(page.getByText('Tiempo restante (detenido):')).toBeAttached();
    const stopped = await timer.textContent();
    expect(stopped).toMatch(/^\d+:\d{2}$/);
    // A minute later the stopped clock still shows the same time.
    await page.clock.runFor(60_000);
    await expect(timer).toHaveText(stopped!);
  });

  test('en un teléfono de 360 px el cronómetro avisa al quedar un quinto del tiempo, al llegar a cero califica lo elegido, y los resultados dan el ritmo frente al del ENARM, el tiempo de cada pregunta y cómo respondieron los demás', async ({
    page,
    database,
  }) => {
    await page.setViewportSize(PHONE);
    const student = await signedInStudentFromFactory(page, database, 'agotado');
    await page.clock.install();
    const loaded = nextClinicCase(page);
    await page.goto('/app/timed-quiz');
    const clinicCase = await loaded;
    const [first] = clinicCase.questions;
    // 19 students answered the first question before (10 A, 5 B, 4 C): this student is the 20th.
    await database.pool.query(
      'insert into question_option_counts (question_id, option_index, students) values ($1, 0, 10), ($1, 1, 5), ($1, 2, 4) on conflict (question_id, option_index) do update set students = excluded.students',
      [first!.id],
    );
    await expect(page.getByRole('heading', { name: 'Caso clínico' })).toBeVisible();
    await expect(page.getByTestId('quiz-session-pace')).toHaveText('Sesión: Al ritmo del ENARM');
    await expectCompactHeader(page);
    await expectAccessible(page);
    // The page's time stands still from here (the checks and screenshots take real seconds) and moves when told.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

    // Only the first question answered; with 5 s left (under a fifth of the case's time) the warning is said politely.
    const limit = clinicCase.questions.length * 64;
    await page.keyboard.press('a');
    await expect(questionHeader(page, 0, clinicCase.questions.length)).toContainText('Respondida: A');
    await page.clock.runFor((limit - 5) * 1000);
    // (A second or two may have passed before the clock stood still.)
    await expect(page.getByRole('timer')).toHaveText(/^0:0[1-5]$/);
    await expect(page.getByTestId('quiz-time-warning')).toHaveText(/^Queda poco tiempo/);
    await captureScreens(page, 'timed-quiz-low');

    // At zero the case is graded as it stands: the answer chosen, the rest unanswered, the time its whole limit.
    const graded = caseGraded(page);
    // Second by second, as the page's clock ticks.
    for (let second = 0; second < 5; second++) await page.clock.runFor(1_000);
    const evaluations = await graded;
    expect(evaluations.map((evaluation) => evaluation.unanswered ?? false)).toEqual(clinicCase.questions.map((_, index) => index > 0));
    await expect(page.getByText('Se acabó el tiempo del caso.')).toBeVisible();
    await expect(page.getByTestId('quiz-timer')).toHaveText('Tiempo agotado');
    if (clinicCase.questions.length > 1)
      await expect(page.getByText(`Sin responder: ${clinicCase.questions.length - 1}.`, { exact: true })).toBeVisible();
    // One question answered at 64 s against the whole case's time: behind by the unanswered questions' time.
    const behind = limit - 64;
    await expect(page.getByTestId('quiz-session-pace')).toHaveText(
      behind === 0 ? 'Sesión: Al ritmo del ENARM' : `Sesión: ${Math.floor(behind / 60)} min atrás del ritmo del ENARM`,
    );
    const { rows } = await database.pool.query<{ question_id: string; time_ms: number }>(
      'select a.question_id, a.time_ms from answers a join users u on u.id = a.user_id where u.email = $1',
      [student.email],
    );
    expect(rows).toEqual([{ question_id: first!.id, time_ms: limit * 1000 }]);
    await captureScreens(page, 'timed-quiz-time-up');
    await page.clock.resume();

    await page.getByRole('button', { name: 'Guardar y salir' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Resultados de la sesión' })).toBeVisible({ timeout: NETWORK_TIMEOUT });
    await expect(page.getByTestId('pace-benchmark')).toHaveText(`Tu ritmo: ${limit} s por pregunta · ENARM: 64 s`);
    const review = page.getByRole('region', { name: 'Repaso de la sesión' });
    const answered = review.getByRole('listitem').filter({ hasText: 'Pregunta 1:' });
    await expect(answered.getByTestId('review-time')).toHaveText(
      `Tiempo: ${Math.floor(limit / 60)} min ${String(limit % 60).padStart(2, '0')} s`,
    );
    await answered.getByText('Pregunta 1:').click();
    await expect(answered.getByText('55% eligió esta opción')).toBeVisible();
    await expect(answered.getByText('25% eligió esta opción')).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'timed-quiz-results');
  });

  test('en un teléfono de 360 px el encabezado de los casos, del cronómetro y de las especialidades ocupa a lo más 15% de la pantalla, sin etiquetas cortadas', async ({
    page,
    database,
  }) => {
    await page.setViewportSize(PHONE);
    await signedInStudentFromFactory(page, database, 'encabezado');
    const speciality = `/app/speciality-quiz?area=${encodeURIComponent('Ginecología y Obstetricia')}&sub=Obstetricia`;
    for (const [url, title, source] of [
      ['/app/quick-quiz', 'Pruebas Rápidas', 'random'],
      ['/app/timed-quiz', 'Cronómetro', 'random'],
      [speciality, 'Especialidades', 'random-by-speciality'],
    ] as const) {
      // The quick quiz arrives with its first case drawn by the server (decision 032); the others draw it in the page.
      const loaded = url === '/app/quick-quiz' ? null : nextClinicCase(page, source);
      await page.goto(url);
      await loaded;
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Caso clínico' })).toBeVisible();
      // The quick quiz arrives drawn by the server: measured once the app has taken it over (its options come alive).
      await expect(page.getByRole('radio').first()).toBeEnabled();
      await expectCompactHeader(page);
    }
    await captureScreens(page, 'speciality-quiz-case');
  });

  test('un examen por especialidad solo sirve casos de esa subespecialidad, uno tras otro', async ({ page, database }) => {
    // The seed content has three cases of Ginecología y Obstetricia · Obstetricia (content/clinical-cases).
    const area = 'Ginecología y Obstetricia';
    const sub = 'Obstetricia';
    await signedInStudentFromFactory(page, database, 'especialidad');
    await page.goto('/app/speciality-quiz');
    await expect(page.getByRole('heading', { name: 'Elige un área' })).toBeVisible();
    // The bank: our own by default (issue 37), shown as a chip; its dialog counts each bank's questions apart.
    await page.getByRole('button', { name: 'Banco: Galeno ENARM' }).click();
    const dialog = page.getByRole('dialog', { name: 'Banco de preguntas' });
    const bank = dialog.getByRole('group', { name: 'Banco' });
    await expect(bank.getByRole('radio', { name: 'Galeno ENARM' })).toBeChecked();
    await expect(dialog).toContainText(/[\d,]+ preguntas del banco Galeno · [\d,]+ MIR, de ellas [\d,]+ sin explicación/);
    await captureScreens(page, 'bank-dialog');
    await dialog.getByRole('button', { name: 'Listo' }).click();
    await captureScreens(page, 'speciality-picker');
    await expectAccessible(page);
    await page.getByRole('link', { name: new RegExp(`^${area}`) }).click();
    await expect(page.getByRole('heading', { name: `Elige una subespecialidad de ${area}` })).toBeVisible();

    const first = nextClinicCase(page, 'random-by-speciality');
    await page.getByRole('link', { name: new RegExp(`^${sub}\\b`) }).click();
    await page.waitForURL((url) => url.searchParams.get('area') === area && url.searchParams.get('sub') === sub);
    await expect(page.getByRole('heading', { level: 1, name: 'Especialidades' })).toBeVisible();
    await expect(page.getByText(`${area} · ${sub}`, { exact: true }).first()).toBeVisible();

    const seen: string[] = [];
    let pending = first;
    for (let round = 0; round < 2; round++) {
      const clinicCase = await pending;
      expect(clinicCase.tags).toMatchObject({ Especialidad: area, SubEspecialidad: sub });
      expect(seen).not.toContain(clinicCase.id);
      seen.push(clinicCase.id);
      await expect(page.getByRole('heading', { name: 'Caso clínico' })).toBeVisible();
      await expect(page.getByText(clinicCase.clinicCaseContent.slice(0, 60))).toBeVisible();
      // The chip under the case (the header's subtitle says the same).
      await expect(page.getByText(`${area} · ${sub}`, { exact: true })).toHaveCount(2);

      await answerCaseWithKeys(page, clinicCase, 'b');
      await gradeCase(page, clinicCase);
      pending = nextClinicCase(page, 'random-by-speciality');
      await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
    }
    const third = await pending;
    expect(third.tags).toMatchObject({ Especialidad: area, SubEspecialidad: sub });
    await expect(page.getByText(third.clinicCaseContent.slice(0, 60))).toBeVisible();
  });

  test('una cuenta gratuita cuyas horas terminaron ve la oferta de una semana, no «Renovar»', async ({ page, database }) => {
    const student = await signedInStudentFromFactory(page, database, 'horas');
    await database.pool.query("update users set membership_end = now() - interval '1 minute' where email = $1", [student.email]);
    await page.goto('/app/quick-quiz');
    const offer = page.getByRole('alertdialog', { name: 'Tus horas gratis terminaron' });
    await expect(offer).toBeVisible({ timeout: NETWORK_TIMEOUT });
    await expect(offer.getByRole('link', { name: /^1 semana por/ })).toHaveAttribute('href', '/app/membership-pay/one-dollar');
    await expect(offer.getByRole('link', { name: 'Renovar membresía' })).toHaveCount(0);
    await expectAccessible(page);

    // The home says so on its study cards, with the one offer and no live button (issue 35, N4).
    await page.goto('/app');
    const study = page.getByRole('region', { name: 'Arma tu propio examen' });
    await expect(study.getByText('Disponible con tu membresía')).toBeVisible();
    await expect(study.getByRole('link', { name: /^1 semana por/ })).toHaveAttribute('href', '/app/membership-pay/one-dollar');
    await expect(page.getByRole('link', { name: 'Crear examen' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Tus horas gratis terminaron' })).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'home-access-ended');
  });

  test('una cuenta con la membresía vencida ve el aviso de membresía expirada al abrir un examen', async ({ page, database }) => {
    const student = await signedInStudentFromFactory(page, database, 'vencida', { subscriptionType: 'monthly' });
    await database.pool.query("update users set membership_end = now() - interval '1 minute' where email = $1", [student.email]);

    await page.goto('/app/quick-quiz');
    const modal = page.getByRole('alertdialog', { name: 'Membresía Expirada' });
    await expect(modal).toBeVisible({ timeout: NETWORK_TIMEOUT });
    await expect(modal).toContainText('Tu membresía ha expirado. Renueva ahora para continuar accediendo a todas las funciones.');
    await expect(modal.getByRole('link', { name: 'Renovar membresía' })).toHaveAttribute('href', '/app/membership-pay');
    await expect(modal.getByRole('link', { name: 'Renovar membresía' })).toBeFocused();
    await expect(modal.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/app');
    await expectAccessible(page);

    await modal.getByRole('link', { name: 'Volver al inicio' }).click();
    await page.waitForURL(/\/app$/);
    await expect(modal).toHaveCount(0);
  });

  test('el banco HEAD-QA llega con el arranque, importarlo de nuevo no agrega nada y sus preguntas aparecen con su cita', async ({
    page,
    database,
  }) => {
    test.setTimeout(180_000);
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/modules/content/import-cli.ts', HEAD_QA_FILE], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: database.url, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
      timeout: 150_000,
    });
    expect(result.status, result.stderr).toBe(0);
    const report = /imported: (\d+), already there: (\d+), skipped: (\d+)/.exec(result.stdout);
    expect(report, result.stdout).not.toBeNull();
    const [, imported, alreadyThere, skipped] = report!.map(Number);
    // The server loaded the shipped bank at start: a second import adds nothing.
    expect(imported).toBe(0);
    expect(alreadyThere).toBeGreaterThan(500);
    expect(result.stdout.match(/^skipped /gm) ?? []).toHaveLength(skipped!);
    const { rows } = await database.pool.query<{ n: number }>("select count(*)::int as n from questions where id like 'headqa-%'");
    expect(rows[0]!.n).toBe(alreadyThere);

    // With the «MIR España» bank chosen, the single questions drawn are the MIR ones.
    await signedInStudentFromFactory(page, database, 'headqa');
    expect((await page.request.put('/api/quiz/bank', { data: { bank: 'mir' } })).status()).toBe(200);
    // «MIR España» holds HEAD-QA (the official questions) and CasiMedicos: whichever is drawn shows its own source.
    const loaded = nextQuestion(page);
    await page.goto('/app/quick-quiz/pregunta');
    const question = await loaded;
    await expect(optionsOf(page, question)).toBeVisible();
    expect(question.id).toMatch(/^(headqa|casimedicos)-/);
    const official = question.id.startsWith('headqa-');
    // A short source line, its licence and NOTICE one link away (issue 37).
    await expect(page.getByRole('link', { name: 'Licencia y aviso' })).toHaveAttribute('href', /^\/api\/content\/notices/);
    await expect(page.getByText(/^Fuente:/)).toContainText(
      official ? /Examen MIR \d{4} \(España\), pregunta \d+ · .*HEAD-QA \(MIT\)/ : /Comentario: CasiMedicos \(CC BY 4\.0, adaptado\)/,
    );
    await expect(page.getByText(/Texto reconstruido/)).toHaveCount(0);
  });

  test('el caso clínico, los resultados y las estadísticas se ven bien en móvil y escritorio y no tienen fallas graves de accesibilidad', async ({
    page,
    database,
  }) => {
    await signedInStudentFromFactory(page, database, 'capturas');
    // From the home, inside the app: the page's loader draws the case here, where the test can read it.
    const loaded = nextClinicCase(page);
    await page.getByRole('link', { name: /Pruebas Rápidas/ }).click();
    const clinicCase = await loaded;
    await expect(page.getByRole('heading', { name: 'Caso clínico' })).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'quiz-case');

    // The quiz chrome stays on one line at 360 px (N25): the case's two actions share a row, and so do the bar's buttons.
    await page.setViewportSize({ width: 360, height: 740 });
    const readCase = await page.getByRole('button', { name: 'Leer caso clínico' }).boundingBox();
    const single = await page.getByRole('link', { name: 'Pregunta suelta' }).boundingBox();
    expect(Math.abs(readCase!.y - single!.y), 'the case actions share a row').toBeLessThan(4);
    await answerCaseWithKeys(page, clinicCase);
    await gradeCase(page, clinicCase);
    const save = await page.getByRole('button', { name: 'Guardar y salir' }).boundingBox();
    const next = await page.getByRole('button', { name: 'Siguiente', exact: true }).boundingBox();
    expect(Math.abs(save!.y - next!.y), 'the bar keeps one row').toBeLessThan(4);
    expect(save!.height, '«Guardar y salir» on one line').toBeLessThan(50);
    await expectAccessible(page);
    await captureScreens(page, 'quiz-case-graded');

    await page.getByRole('button', { name: 'Guardar y salir' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Resultados de la sesión' })).toBeVisible({ timeout: NETWORK_TIMEOUT });
    await captureScreens(page, 'quiz-results');

    await page.goto('/app/estadisticas');
    await expect(page.getByRole('region', { name: 'Evaluaciones recientes' }).getByRole('listitem')).toHaveCount(1);
    await expectAccessible(page);
    await captureScreens(page, 'statistics');
  });
});
