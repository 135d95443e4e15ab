import { and, count, eq, inArray } from 'drizzle-orm';
import { MIR_BANKS, OWN_BANKS } from '@galeno/domain/banks';
import type { Db } from '../../db/client.ts';
import { questions } from '../../db/schema/quiz.ts';

/** Published questions of our own bank and of the MIR banks, counted from the database (held and retired ones aside). */
export async function questionsPerBank(db: Db): Promise<{ galeno: number; mir: number }> {
  const served = async (banks: readonly string[]) => {
    const [row] = await db
      .select({ value: count() })
      .from(questions)
      .where(and(eq(questions.status, 'published'), inArray(questions.bank, [...banks])));
    return row?.value ?? 0;
  };
  return { galeno: await served(OWN_BANKS), mir: await served(MIR_BANKS) };
}
