import { and, eq, inArray, sql } from 'drizzle-orm';
import { sameItemsStanding, type SameItem, type SameItemsStanding } from '@galeno/domain/peers';
import type { Db } from '../../db/client.ts';
import { answers, questionOptionCounts, questions } from '../../db/schema/quiz.ts';
import { countedAnswer } from './counted.ts';

/** Her most recent questions compared: enough for a stable rank, few enough that the page answers at once. */
const MAX_ITEMS = 1_000;

/**
 * Where she stands on the same questions (issue 40): her first answer to each of her latest questions against the
 * first answers of everyone else to that question (the option counts kept as answers are recorded, decision 016).
 * Reads her answers (her own index) and the counts of her questions (their key): never another student's answers.
 */
export async function sameItems(db: Db, userId: string): Promise<SameItemsStanding> {
  const firsts = (await db.execute(sql`
    select question_id, selected_index from (
      select distinct on (${answers.questionId}) ${answers.questionId} as question_id, ${answers.selectedIndex} as selected_index,
        ${answers.answeredAt} as answered_at
      from ${answers}
      where ${and(eq(answers.userId, userId), countedAnswer)}
      order by ${answers.questionId}, ${answers.answeredAt}
    ) first_answers
    order by answered_at desc
    limit ${MAX_ITEMS}
  `)) as unknown as { rows: { question_id: string; selected_index: number }[] };
  const mine = new Map(firsts.rows.map((row) => [row.question_id, row.selected_index]));
  if (mine.size === 0) return sameItemsStanding([]);
  const ids = [...mine.keys()];
  const [keys, counts] = await Promise.all([
    db.select({ id: questions.id, correctIndex: questions.correctIndex }).from(questions).where(inArray(questions.id, ids)),
    db.select().from(questionOptionCounts).where(inArray(questionOptionCounts.questionId, ids)),
  ]);
  const byQuestion = new Map<string, number[]>();
  for (const count of counts) {
    const list = byQuestion.get(count.questionId) ?? [];
    list[count.optionIndex] = count.students;
    byQuestion.set(count.questionId, list);
  }
  const items: SameItem[] = keys.flatMap(({ id, correctIndex }) => {
    const selected = mine.get(id);
    if (selected === undefined) return [];
    const options = byQuestion.get(id) ?? [];
    const students = options.reduce((sum, value) => sum + (value ?? 0), 0);
    const right = options[correctIndex] ?? 0;
    const correct = selected === correctIndex;
    // The counts hold her own first answer too: the others are everyone but her.
    return [{ correct, peers: Math.max(0, students - 1), peersRight: Math.max(0, right - (correct ? 1 : 0)) }];
  });
  return sameItemsStanding(items);
}
