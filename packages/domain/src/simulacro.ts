/**
 * "Simulacro ENARM" (decision 017): fixed forms in the exam's format, drawn once and then the same for every
 * student, so a score can be ranked among everyone who finished the same form. Zod-free and pure: the API draws
 * and grades with it, the page shows its names and limits.
 */

export const SIMULACRO_KINDS = ['completo', 'mini'] as const;
export type SimulacroKind = (typeof SIMULACRO_KINDS)[number];

/**
 * The exam's current format: 280 questions in clinical cases of one to three questions, one sitting of 5 hours.
 * The mini form keeps the same pace (about 64 s a question) over 100 questions.
 */
export const SIMULACRO_FORMATS: Record<SimulacroKind, { questions: number; minutes: number; name: string }> = {
  completo: { questions: 280, minutes: 300, name: 'Simulacro' },
  mini: { questions: 100, minutes: 107, name: 'Mini simulacro' },
};

/** A case of more questions than the exam's three does not fit a form. */
export const SIMULACRO_MAX_CASE_QUESTIONS = 3;

/**
 * The share of each area in a form. The CIFRHS does not publish a per-area table for the current exam; these are
 * the shares commonly reported by those who sat it (the four core divisions, with internal medicine the largest,
 * and public health), kept in one place so a better figure is a one-line change.
 */
export const ENARM_AREA_SHARES: readonly { area: string; share: number }[] = [
  { area: 'Medicina Interna', share: 0.35 },
  { area: 'Pediatría y Neonatología', share: 0.2 },
  { area: 'Ginecología y Obstetricia', share: 0.2 },
  { area: 'Cirugía', share: 0.15 },
  { area: 'Salud Pública', share: 0.1 },
];

/** Questions per area for a form of `total` questions (largest remainder, so they add up to `total`). */
export function areaTargets(total: number, shares = ENARM_AREA_SHARES): Map<string, number> {
  const exact = shares.map(({ area, share }) => ({ area, exact: total * share, count: Math.floor(total * share) }));
  let left = total - exact.reduce((sum, entry) => sum + entry.count, 0);
  for (const entry of [...exact].sort((a, b) => b.exact - b.count - (a.exact - a.count))) {
    if (left <= 0) break;
    entry.count++;
    left--;
  }
  return new Map(exact.map((entry) => [entry.area, entry.count]));
}

/** A clinical case (its questions in order) or a single question: what a form is made of. */
export interface FormUnit {
  id: string;
  area: string;
  english: boolean;
  questionIds: readonly string[];
}

export interface DrawnForm {
  /** The form as drawn, English cases included. */
  questionIds: string[];
  /** The same form for a student who leaves English out: each English case swapped for Spanish ones of its area. */
  spanishQuestionIds: string[];
  /** Every unit the form uses in either version; later forms of the same kind avoid them. */
  unitIds: string[];
}

/** A seeded generator (mulberry32): the same seed draws the same forms. */
export { seededRandom } from './seeded-random.ts';

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** Whether `target` questions can be made of at most `counts[size]` units of each size (1 to 3). */
function reachable(target: number, counts: readonly number[]): boolean {
  for (let threes = Math.min(counts[3] ?? 0, Math.floor(target / 3)); threes >= 0; threes--) {
    for (let twos = Math.min(counts[2] ?? 0, Math.floor((target - 3 * threes) / 2)); twos >= 0; twos--) {
      if (target - 3 * threes - 2 * twos <= (counts[1] ?? 0)) return true;
    }
  }
  return false;
}

/**
 * Units, taken in the order given, whose questions add up to exactly `count`, or null when they cannot: a unit is
 * skipped when what would be left could no longer be made of the units after it.
 */
function fill(units: readonly FormUnit[], count: number): FormUnit[] | null {
  const remaining = [0, 0, 0, 0];
  for (const unit of units) remaining[unit.questionIds.length]!++;
  const chosen: FormUnit[] = [];
  let left = count;
  for (const unit of units) {
    if (left === 0) break;
    const size = unit.questionIds.length;
    remaining[size]!--;
    if (size <= left && reachable(left - size, remaining)) {
      chosen.push(unit);
      left -= size;
    }
  }
  return left === 0 ? chosen : null;
}

/**
 * Draws one form of `total` questions from `units` in the areas' shares: whole cases at random (single questions
 * fill the last places), mixed across areas as the exam mixes them. Each English case gets a fixed Spanish
 * stand-in of its area with as many questions, so both versions have `total` questions. Null when the units
 * cannot fill a form.
 */
export function drawForm(units: readonly FormUnit[], total: number, random: () => number): DrawnForm | null {
  const fitting = units.filter((unit) => unit.questionIds.length >= 1 && unit.questionIds.length <= SIMULACRO_MAX_CASE_QUESTIONS);
  const chosen: FormUnit[] = [];
  const standIns = new Map<string, FormUnit[]>();
  for (const [area, count] of areaTargets(total)) {
    const pool = shuffled(
      fitting.filter((unit) => unit.area === area),
      random,
    );
    // Cases first, as the exam is mostly cases; single questions close the count.
    const ordered = [...pool.filter((unit) => unit.questionIds.length > 1), ...pool.filter((unit) => unit.questionIds.length === 1)];
    const picked = fill(ordered, count);
    if (!picked) return null;
    chosen.push(...picked);
    const used = new Set(picked.map((unit) => unit.id));
    const spare = ordered.filter((unit) => !used.has(unit.id) && !unit.english);
    for (const english of picked.filter((unit) => unit.english)) {
      const sameSize = spare.find((unit) => unit.questionIds.length === english.questionIds.length);
      const standIn = sameSize
        ? [sameSize]
        : fill(
            spare.filter((unit) => unit.questionIds.length === 1),
            english.questionIds.length,
          );
      if (!standIn) return null;
      for (const unit of standIn) spare.splice(spare.indexOf(unit), 1);
      standIns.set(english.id, standIn);
    }
  }
  const order = shuffled(chosen, random);
  return {
    questionIds: order.flatMap((unit) => unit.questionIds),
    spanishQuestionIds: order.flatMap((unit) => (standIns.get(unit.id) ?? [unit]).flatMap((each) => each.questionIds)),
    unitIds: [...chosen.map((unit) => unit.id), ...[...standIns.values()].flat().map((unit) => unit.id)],
  };
}

/** As many forms as the units can fill without two forms sharing a unit (English stand-ins included). */
export function drawForms(
  units: readonly FormUnit[],
  total: number,
  random: () => number,
  alreadyUsed: ReadonlySet<string> = new Set(),
): DrawnForm[] {
  const used = new Set(alreadyUsed);
  const forms: DrawnForm[] = [];
  for (;;) {
    const form = drawForm(
      units.filter((unit) => !used.has(unit.id)),
      total,
      random,
    );
    if (!form) return forms;
    forms.push(form);
    for (const id of form.unitIds) used.add(id);
  }
}

/**
 * A sitting in two parts splits at the case boundary nearest the middle, so no case is cut in half.
 * `caseOf` names each question's unit (its case, or itself).
 */
export function splitParts(caseOf: readonly string[], parts: 1 | 2): { from: number; to: number }[] {
  const total = caseOf.length;
  if (parts === 1 || total < 2) return [{ from: 0, to: total }];
  let best = -1;
  for (let index = 1; index < total; index++) {
    if (caseOf[index] === caseOf[index - 1]) continue;
    if (best === -1 || Math.abs(index - total / 2) < Math.abs(best - total / 2)) best = index;
  }
  if (best === -1) return [{ from: 0, to: total }];
  return [
    { from: 0, to: best },
    { from: best, to: total },
  ];
}

/** The minutes of each part: the sitting's time, halved when it is split (the parts split near the middle). */
export function partMinutes(kind: SimulacroKind, parts: number): number {
  const { minutes } = SIMULACRO_FORMATS[kind];
  return parts === 2 ? Math.round(minutes / 2) : minutes;
}

/**
 * What the list of forms of one size tells the student about overlap: the forms of a size never share a question
 * (drawForms), so with two or more it says how many forms that is; one form has nothing to compare with.
 */
export function formsWithoutOverlap(kind: SimulacroKind, count: number): string | null {
  if (count < 2) return null;
  return `Ninguna pregunta se repite entre estos ${count} ${kind === 'completo' ? 'simulacros completos' : 'mini simulacros'}.`;
}

/** A form's name on screen: "Simulacro 2", "Mini simulacro 1". */
export function formName(kind: SimulacroKind, number: number): string {
  return `${SIMULACRO_FORMATS[kind].name} ${number}`;
}

/** Percent correct over the form's questions (unanswered count as wrong), one decimal. */
export function simulacroScore(correct: number, total: number): number {
  return total === 0 ? 0 : Math.round((correct / total) * 1000) / 10;
}

/**
 * Who a simulacro score is compared with (issue 34, F8): a sitting counts among a form's peers only when it was the
 * account's first finished sitting of the form (a retake knows the answers), the account proved its address, and it
 * answered at least half of the form. Ten throwaway accounts that finish empty sittings move no one's percentile.
 */
export const PEER_MIN_ANSWERED_SHARE = 0.5;

export interface SimulacroPeerSitting {
  /** The account's first finished sitting of the form. */
  firstSitting: boolean;
  /** The account proved its address (a code login). */
  verified: boolean;
  answered: number;
  total: number;
  score: number;
}

/** The fewest answers a sitting of `total` questions needs to count among peers. */
export function minAnsweredAmongPeers(total: number): number {
  return Math.ceil(total * PEER_MIN_ANSWERED_SHARE);
}

export function countsAmongPeers(sitting: Omit<SimulacroPeerSitting, 'score'>): boolean {
  return sitting.firstSitting && sitting.verified && sitting.total > 0 && sitting.answered >= minAnsweredAmongPeers(sitting.total);
}

/** How a score stands among the peers that count: below and equal, out of `compared`. */
export interface SimulacroStanding {
  below: number;
  equal: number;
  compared: number;
}

/** The percent of compared peers below the score (ties count half), or null while fewer than `minPeers` count. */
export function simulacroPercentile({ below, equal, compared }: SimulacroStanding, minPeers: number): number | null {
  return compared >= minPeers && compared > 0 ? Math.round(((below + equal / 2) / compared) * 100) : null;
}

/** A score's standing among other students' sittings, counting only those that count (the rule the API's query applies). */
export function simulacroStanding(score: number, others: readonly SimulacroPeerSitting[]): SimulacroStanding {
  const counted = others.filter(countsAmongPeers);
  return {
    below: counted.filter((peer) => peer.score < score).length,
    equal: counted.filter((peer) => peer.score === score).length,
    compared: counted.length,
  };
}
