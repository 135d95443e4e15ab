// The cohort data set (issue 22): a database generated once in SQL and reused by every later run. The real schema
// (the server's migrations) and the real small bank (the server's content load) come first; on top of them a
// synthetic bank of clinical cases, verified students, their saved quiz sessions and answers over the last months,
// and flashcard schedules for a share of them. A marker table records the generator version and scale.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { QUIZ_TAXONOMY, UNCLASSIFIED_AREA } from '@galeno/domain/taxonomy';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { prepareDatabase } from '../apps/api/src/boot/prepare-database.ts';
import { refreshPeerSnapshots } from '../apps/api/src/modules/stats/peers.ts';

/** Bumped when the generator writes something different: a data set of another version is dropped and made again. */
const GENERATOR_VERSION = '1';

export interface CohortScale {
  name: 'full' | 'small';
  cases: number;
  users: number;
  answers: number;
}

export const SCALES: Record<CohortScale['name'], CohortScale> = {
  full: { name: 'full', cases: 5000, users: 50_000, answers: 2_000_000 },
  small: { name: 'small', cases: 500, users: 5000, answers: 200_000 },
};

/**
 * Every synthetic case has three questions and every generated quiz session answers seven cases, so a session holds
 * 21 answers and the answer count is exact.
 */
const QUESTIONS_PER_CASE = 3;
const CASES_PER_SESSION = 7;
/** The synthetic cases' own bank: the content loader retires only missing items of the 'own' bank, never these. */
export const COHORT_BANK = 'cohort';
/** The `ip_hash` of the sessions the bench makes, so a run can replace them. */
export const COHORT_IP_HASH = 'cohort-bench';
/** One student in five has flashcard schedules (and one evaluation per scheduled card). */
const FLASHCARD_USER_SHARE = 5;
const CARDS_PER_FLASHCARD_USER = 50;
/** Students answered over the last four months. */
const HISTORY_DAYS = 120;

export interface CohortDatabase {
  url: string;
  scale: CohortScale;
  /** Where the per-run token of student n comes from (see sessionToken). */
  seed: string;
  generatedAt: Date;
  /** Generation time in seconds when this run generated it, null when it was reused. */
  generatedSeconds: number | null;
  counts: Record<string, number>;
}

export function databaseUrlFor(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The cookie value of student n: as a code login leaves one (a session row holding the token's SHA-256, base64url:
 * auth/sessions.ts, createSession and hashToken), made in SQL for every student at the start of a run.
 */
export function sessionToken(seed: string, n: number): string {
  return `cohort-${seed}-${n}`;
}

const log = (message: string) => console.log(`[cohort] ${message}`);

async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** The data set of this scale: reused when its marker says it is complete and of this version, generated otherwise. */
export async function cohortDatabase(baseUrl: string, scale: CohortScale): Promise<CohortDatabase> {
  const name = scale.name === 'full' ? 'galeno_cohort' : `galeno_cohort_${scale.name}`;
  const url = databaseUrlFor(baseUrl, name);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount! > 0;
    if (exists) {
      const marker = await readMarker(url);
      if (marker?.version === GENERATOR_VERSION && marker.scale === scale.name) {
        log(`reusing ${name} (generated ${marker.generatedAt.toISOString()})`);
        return { url, scale, seed: marker.seed, generatedAt: marker.generatedAt, generatedSeconds: null, counts: await countRows(url) };
      }
      log(`${name} is incomplete or of another generator version: dropping it`);
      await admin.query(`drop database ${name} with (force)`);
    }
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const started = performance.now();
  const seed = await generate(url, scale);
  const generatedSeconds = Math.round((performance.now() - started) / 1000);
  const marker = (await readMarker(url))!;
  return { url, scale, seed, generatedAt: marker.generatedAt, generatedSeconds, counts: await countRows(url) };
}

async function readMarker(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query<{ version: string; scale: string; seed: string; generated_at: Date }>(
      `select version, scale, seed, generated_at from cohort.meta where complete`,
    );
    const row = found.rows[0];
    return row ? { version: row.version, scale: row.scale, seed: row.seed, generatedAt: row.generated_at } : null;
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

async function countRows(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = ['clinical_cases', 'questions', 'users', 'quiz_sessions', 'answers', 'flashcard_states', 'flashcard_evaluations'];
    const counts: Record<string, number> = {};
    // Estimates from the statistics: exact counts of millions of rows would cost seconds each run.
    const found = await client.query<{ relname: string; n: string }>(
      `select relname, reltuples::bigint as n from pg_class where relname = any($1) and relkind = 'r'`,
      [tables],
    );
    for (const row of found.rows) counts[row.relname] = Number(row.n);
    return counts;
  } finally {
    await client.end();
  }
}

async function generate(url: string, scale: CohortScale): Promise<string> {
  // The real schema and the real small bank, exactly as a server's start makes them.
  const database = await openDatabase({ databaseUrl: url });
  try {
    await timed('migrations and content load (as at a server start)', () => prepareDatabase(database, { databaseUrl: url }));
  } finally {
    await database.close();
  }

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const run = (label: string, text: string, values: unknown[] = []) => timed(label, () => client.query(text, values));
  const seed = createHash('sha256').update(String(Math.random())).digest('hex').slice(0, 12);
  try {
    await client.query(`create schema cohort`);
    await client.query(
      `create table cohort.meta (version text not null, scale text not null, seed text not null, generated_at timestamptz not null, complete boolean not null default false)`,
    );
    await client.query(`insert into cohort.meta (version, scale, seed, generated_at) values ($1, $2, $3, now())`, [
      GENERATOR_VERSION,
      scale.name,
      seed,
    ]);

    // The real taxonomy: every sub-speciality of every area, each with its topics.
    const subs = QUIZ_TAXONOMY.filter((area) => area.name !== UNCLASSIFIED_AREA).flatMap((area) =>
      area.subSpecialities.map((sub) => ({ area: area.name, sub: sub.name, topics: sub.topics.length ? sub.topics : ['General'] })),
    );
    const topics = subs.flatMap((entry) => entry.topics.map((topic) => ({ ...entry, topic })));
    // Cases go round the sub-specialities, and through each one's topics.
    await client.query(`create table cohort.taxonomy (i int primary key, area text, sub text, topic text)`);
    await client.query(
      `insert into cohort.taxonomy select i - 1, area, sub, topic from unnest($1::text[], $2::text[], $3::text[]) with ordinality as t(area, sub, topic, i)`,
      [topics.map((t) => t.area), topics.map((t) => t.sub), topics.map((t) => t.topic)],
    );
    const topicCount = topics.length;

    await run(
      `${scale.cases} clinical cases`,
      `insert into clinical_cases (id, case_text, especialidad, sub_especialidad, tema, dificultad, gpc_name, gpc_year, bank, status,
         fingerprint, content_hash, language)
       select 'cohort-cc-' || g,
         'Paciente de ' || (18 + g % 70) || ' años que acude a urgencias por un cuadro de ' || (1 + g % 14) || ' días de evolución. ' ||
           'Antecedentes: ' || t.topic || ' en estudio; niega alergias. A la exploración física: TA ' || (100 + g % 60) || '/' ||
           (60 + g % 30) || ' mmHg, FC ' || (60 + g % 50) || ' lpm, FR ' || (12 + g % 12) || ' rpm, temperatura ' || (36 + (g % 30) / 10.0) ||
           ' °C. Laboratorio: hemoglobina ' || (9 + (g % 70) / 10.0) || ' g/dL, leucocitos ' || (4000 + (g * 37) % 12000) ||
           '/µL, creatinina ' || (0.6 + (g % 20) / 10.0) || ' mg/dL. Caso sintético ' || g || ' del banco de carga (' || t.sub || ').',
         t.area, t.sub, t.topic, (array['Fácil', 'Media', 'Difícil'])[1 + g % 3],
         'Guía de práctica clínica de ' || t.topic, 2018 + g % 7, $2, 'published',
         md5('cohort-case-' || g), md5('cohort-case-hash-' || g),
         case when g % 10 = 9 then 'en' else 'es' end
       from generate_series(0, $1::int - 1) g join cohort.taxonomy t on t.i = g % ${topicCount}`,
      [scale.cases, COHORT_BANK],
    );
    await run(
      `${scale.cases * QUESTIONS_PER_CASE} questions`,
      `insert into questions (id, clinical_case_id, position, question, options, correct_index, explanation, especialidad,
         sub_especialidad, tema, dificultad, gpc_name, gpc_year, bank, status, fingerprint, content_hash, language)
       select c.id || '-q' || (p + 1), c.id, p,
         (array['¿Cuál es el diagnóstico más probable?', '¿Cuál es el estudio inicial de elección?', '¿Cuál es el tratamiento de primera línea?'])[p + 1]
           || ' (' || c.id || ')',
         jsonb_build_array(
           jsonb_build_object('text', 'Opción A: ' || c.tema),
           jsonb_build_object('text', 'Opción B: manejo expectante y vigilancia'),
           jsonb_build_object('text', 'Opción C: referencia a segundo nivel'),
           jsonb_build_object('text', 'Opción D: estudio de imagen complementario')),
         (hashint4(p + 3 * (substr(c.id, 11))::int) & 2147483647) % 4,
         'La respuesta correcta se apoya en la guía de práctica clínica de ' || c.tema || '; las demás opciones no corresponden al cuadro descrito.',
         c.especialidad, c.sub_especialidad, c.tema, c.dificultad, c.gpc_name, c.gpc_year, c.bank, 'published',
         md5(c.id || '-q' || p), md5(c.id || '-q-hash-' || p), c.language
       from clinical_cases c cross join generate_series(0, ${QUESTIONS_PER_CASE - 1}) p where c.bank = $1`,
      [COHORT_BANK],
    );
    await client.query(`create table cohort.cases (n int primary key, id text not null)`);
    await client.query(`insert into cohort.cases select (substr(id, 11))::int, id from clinical_cases where bank = $1`, [COHORT_BANK]);

    // Verified students with a running monthly membership, as after a code login (factories.ts, createUser).
    await run(
      `${scale.users} students`,
      `insert into users (email, name, date_of_birth, phone_number, subscription_type, membership_start, membership_end,
         free_hours_started_at, verified_at, fallback_confirmed_at, privacy_accepted_at, privacy_notice_version, exam_year, created_at)
       select 'cohort-' || g || '@example.com', 'Estudiante ' || g, date '1996-01-01' + (g % 1500), '55' || lpad((g % 100000000)::text, 8, '0'),
         'monthly', now() - interval '150 days', now() + interval '365 days', now() - interval '150 days', now() - interval '150 days',
         now() - interval '150 days', now() - interval '150 days', '2026-01', 2027, now() - interval '150 days' - (g % 200) * interval '1 hour'
       from generate_series(0, $1::int - 1) g`,
      [scale.users],
    );
    await client.query(`create table cohort.users (n int primary key, id uuid not null)`);
    await client.query(
      `insert into cohort.users select (split_part(substr(email, 8), '@', 1))::int, id from users where email like 'cohort-%@example.com'`,
    );

    // Quiz sessions: a skewed spread (a few students answered thousands of questions, most a few dozen), over the
    // last months, in the evening; 19 in 20 saved, the rest left with «Salir sin guardar».
    const sessions = Math.ceil(scale.answers / (CASES_PER_SESSION * QUESTIONS_PER_CASE));
    await client.query(
      `create table cohort.sessions (s int primary key, id uuid not null, user_n int not null, h int not null, started_at timestamptz not null, saved boolean not null)`,
    );
    await run(
      `${sessions} quiz sessions`,
      `with drawn as (
         select s, (hashint4(s) & 2147483647) as h,
           ((hashint4(s + 1000000000) & 2147483647)::float8 / 2147483648.0) as r,
           (hashint4(s + 2000000000) & 2147483647) as d
         from generate_series(0, $1::int - 1) s)
       insert into cohort.sessions
       select s, md5('cohort-session-' || s)::uuid, least($2::int - 1, floor($2::int * r * r))::int, h,
         date_trunc('day', now()) - (1 + d % ${HISTORY_DAYS}) * interval '1 day' + interval '17 hours' + (d % 300) * interval '1 minute',
         d % 20 <> 0
       from drawn`,
      [sessions, scale.users],
    );
    await run(
      'quiz_sessions rows',
      `insert into quiz_sessions (id, user_id, kind, configuration, started_at, finished_at, saved_at)
       select s.id, u.id, 'quick', '{}'::jsonb, s.started_at, s.started_at + interval '25 minutes',
         case when s.saved then s.started_at + interval '25 minutes' end
       from cohort.sessions s join cohort.users u on u.n = s.user_n`,
    );
    // Seven distinct cases a session (613 apart in the bank), each question answered; each student has a skill.
    // Written with the triggers off (the statistics' totals, migration 0032, are computed once after them).
    await client.query(`set session_replication_role = replica`);
    const chunks = 10;
    for (let chunk = 0; chunk < chunks; chunk++) {
      await run(
        `answers ${chunk + 1}/${chunks}`,
        `insert into answers (user_id, question_id, clinical_case_id, quiz_session_id, selected_index, correct, especialidad,
           sub_especialidad, answered_at)
         select u.id, q.id, q.clinical_case_id, s.id, pick.selected, pick.selected = q.correct_index, q.especialidad, q.sub_especialidad,
           s.started_at + (j * 3 + q.position) * interval '40 seconds'
         from cohort.sessions s
         join cohort.users u on u.n = s.user_n
         cross join generate_series(0, ${CASES_PER_SESSION - 1}) j
         join cohort.cases c on c.n = (s.h + j * 613) % $1::int
         join questions q on q.clinical_case_id = c.id
         cross join lateral (
           select case when (hashint4(s.s * 31 + j * 3 + q.position) & 2147483647) % 100 < 45 + s.user_n % 40 then q.correct_index
             else (q.correct_index + 1 + (hashint4(s.s + j) & 2147483647) % 3) % 4 end as selected) pick
         where s.s % ${chunks} = ${chunk}`,
        [scale.cases],
      );
    }
    await client.query(`reset session_replication_role`);
    await run('statistics totals', `select rebuild_answer_totals(null)`);
    await run(
      'saved evaluations',
      `insert into quiz_evaluations (user_id, quiz_session_id, total_questions, total_correct, average_score, speciality_evaluations, created_at)
       select user_id, quiz_session_id, sum(answered)::int, sum(correct)::int, round(100.0 * sum(correct) / sum(answered)),
         jsonb_agg(jsonb_build_object('speciality', especialidad, 'correctAnswers', correct, 'totalSpecialityQuestionsAnswered', answered,
           'subSpecialities', subs)), max(saved_at)
       from (
         select user_id, quiz_session_id, especialidad, max(saved_at) as saved_at, sum(answered)::int as answered, sum(correct)::int as correct,
           jsonb_agg(jsonb_build_object('subSpeciality', sub_especialidad, 'correctAnswers', correct,
             'totalSubSpecialityQuestionsAnswered', answered)) as subs
         from (
           select a.user_id, a.quiz_session_id, a.especialidad, a.sub_especialidad, max(qs.saved_at) as saved_at,
             count(*)::int as answered, (count(*) filter (where a.correct))::int as correct
           from answers a join quiz_sessions qs on qs.id = a.quiz_session_id
           where qs.saved_at is not null
           group by 1, 2, 3, 4) per_sub
         group by 1, 2, 3) per_area
       group by 1, 2`,
    );
    await run(
      'peer option counts',
      `insert into question_option_counts (question_id, option_index, students)
       select question_id, selected_index, count(*)::int from (
         select distinct on (user_id, question_id) question_id, selected_index from answers order by user_id, question_id, answered_at
       ) first_answers group by 1, 2
       on conflict (question_id, option_index) do update set students = excluded.students`,
    );

    // Flashcards: one student in five has schedules for 50 cards of the real guides (a fifth of them due) and one
    // evaluation per card.
    await client.query(`create table cohort.cards (n int primary key, id text not null, guide_id text not null)`);
    await client.query(
      `insert into cohort.cards select (row_number() over (order by id))::int - 1, id, guide_id from flashcards where status = 'published'`,
    );
    const cards = Number((await client.query<{ n: string }>(`select count(*) as n from cohort.cards`)).rows[0]!.n);
    if (cards > 0) {
      const perUser = Math.min(CARDS_PER_FLASHCARD_USER, cards);
      await run(
        'flashcard states',
        `insert into flashcard_states (user_id, flashcard_id, guide_id, due, state, card, introduced_at, updated_at)
         select u.id, c.id, c.guide_id, due.at, 2,
           jsonb_build_object('due', due.at, 'stability', 5, 'difficulty', 5, 'elapsed_days', 3, 'scheduled_days', 5, 'learning_steps', 0,
             'reps', 3, 'lapses', 0, 'state', 2, 'last_review', due.at - interval '5 days'),
           now() - interval '40 days', now() - interval '3 days'
         from cohort.users u
         cross join generate_series(0, ${perUser - 1}) k
         join cohort.cards c on c.n = ((hashint4(u.n) & 2147483647) + k) % ${cards}
         cross join lateral (select case when k % 5 = 0 then now() - interval '2 hours' else now() + (1 + k % 9) * interval '1 day' end as at) due
         where u.n % ${FLASHCARD_USER_SHARE} = 0`,
      );
      await run(
        'flashcard evaluations',
        `insert into flashcard_evaluations (user_id, flashcard_id, guide_id, correct, grade, time_taken_seconds, created_at)
         select user_id, flashcard_id, guide_id, (hashtext(flashcard_id) & 3) <> 0,
           case when (hashtext(flashcard_id) & 3) <> 0 then 'good' else 'again' end, 8,
           now() - (1 + (hashtext(flashcard_id) & 2147483647) % 60) * interval '1 day'
         from flashcard_states`,
      );
    }
    await run('vacuum analyze', 'vacuum analyze');
    await client.query(`update cohort.meta set complete = true, generated_at = now()`);
  } finally {
    await client.end();
  }
  // The percentile snapshots the server would otherwise first build a minute into the run.
  const database2 = await openDatabase({ databaseUrl: url });
  try {
    await timed('peer snapshots', () => refreshPeerSnapshots(database2.db));
  } finally {
    await database2.close();
  }
  return seed;
}

/** What a run (and `prepareRun` after it) changes; the totals exist from migration 0032 on. */
const CHURNED_TABLES = [
  'sessions',
  'users',
  'answers',
  'answer_topic_totals',
  'answer_day_totals',
  'answer_session_totals',
  'quiz_sessions',
  'quiz_evaluations',
  'flashcard_evaluations',
  'flashcard_states',
  'question_option_counts',
];

/**
 * Before a run: what earlier runs wrote is taken out (quiz sessions, answers, evaluations and flashcard evaluations
 * dated after the generation), and every student gets a fresh session, made the way createSession makes one.
 */
export async function prepareRun(data: CohortDatabase): Promise<void> {
  const client = new pg.Client({ connectionString: data.url });
  await client.connect();
  try {
    await timed('previous runs removed', async () => {
      await client.query('begin');
      // The foreign keys' checks would scan the answers once per deleted session; the rows pointing at them go first.
      await client.query(`set local session_replication_role = replica`);
      await client.query(
        `create temporary table run_sessions on commit drop as select id, user_id from quiz_sessions where started_at > $1`,
        [data.generatedAt],
      );
      await client.query(`delete from answers where quiz_session_id in (select id from run_sessions)`);
      await client.query(`delete from quiz_evaluations where quiz_session_id in (select id from run_sessions)`);
      await client.query(`delete from quiz_sessions where id in (select id from run_sessions)`);
      await client.query(`delete from flashcard_evaluations where created_at > $1`, [data.generatedAt]);
      // With the triggers off, the statistics' totals (migration 0032) of those students are computed again; a data
      // set made before that migration gets them from its backfill when the server starts.
      await client.query(`reset session_replication_role`);
      const totals = await client.query(`select to_regproc('rebuild_answer_totals') is not null as "kept"`);
      if (totals.rows[0]?.kept) await client.query(`select rebuild_answer_totals(array(select distinct user_id from run_sessions))`);
      await client.query('commit');
    });
    await timed('sessions made', async () => {
      await client.query(`delete from sessions where ip_hash = $1`, [COHORT_IP_HASH]);
      // hashToken in SQL: SHA-256, base64url without padding.
      await client.query(
        `insert into sessions (token_hash, user_id, is_trial, ip_hash, created_at, last_seen_at, expires_at)
         select rtrim(translate(encode(sha256(convert_to('cohort-' || $1 || '-' || n, 'UTF8')), 'base64'), '+/', '-_'), '='), id, false, $2,
           now(), now(), now() + interval '30 days'
         from cohort.users`,
        [data.seed, COHORT_IP_HASH],
      );
      await client.query(`update users set membership_end = now() + interval '365 days' where email like 'cohort-%@example.com'`);
    });
    // Each run leaves dead rows behind (the sessions and accounts above, the answers taken out, the totals rebuilt).
    // A PostgreSQL with autovacuum off (this machine's CI configuration) would keep them, and every run would find
    // fatter tables and indexes than the one before: the runs would not be comparable (p99 at 1,000 req/s went from
    // 56 to 760 ms over five runs in one session). So the churned tables are vacuumed here, whatever the setting.
    await timed('vacuum analyze of the tables runs change', async () => {
      const { rows } = await client.query<{ tables: string }>(
        `select string_agg(quote_ident(relname), ', ') as tables from pg_class
         where relnamespace = 'public'::regnamespace and relkind = 'r' and relname = any($1)`,
        [CHURNED_TABLES],
      );
      await client.query(`vacuum (analyze) ${rows[0]!.tables}`);
    });
  } finally {
    await client.end();
  }
}
