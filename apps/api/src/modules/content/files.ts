import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { CITABLE_STATUSES, CONTENT_KINDS, GuidelineRegistrySchema, type ContentKind, type GuidelineEntry } from '@galeno/domain/content';

export const contentRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../content');

export type ContentItems = { [K in ContentKind]: z.infer<(typeof CONTENT_KINDS)[K]> };

export interface ContentProblem {
  file: string;
  message: string;
}

function normalizeText(value: string): string {
  return value.toLowerCase().replace(/\s+/g, ' ').trim();
}

export const GUIDELINES_FILE = 'guidelines.json';

/** The guideline registry, or an empty one when the folder has none (generated test banks). */
export function readGuidelines(root = contentRoot): { entries: GuidelineEntry[]; problems: ContentProblem[] } {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path.join(root, GUIDELINES_FILE), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], problems: [] };
    return { entries: [], problems: [{ file: GUIDELINES_FILE, message: `not valid JSON: ${(error as Error).message}` }] };
  }
  const parsed = GuidelineRegistrySchema.safeParse(data);
  if (!parsed.success) return { entries: [], problems: parsed.error.issues.slice(0, 20).map((issue) => ({ file: GUIDELINES_FILE, message: `${issue.path.join('.')}: ${issue.message}` })) };
  const problems: ContentProblem[] = [];
  const ids = new Set<string>();
  for (const entry of parsed.data) {
    if (ids.has(entry.id)) problems.push({ file: GUIDELINES_FILE, message: `id '${entry.id}' repeats` });
    ids.add(entry.id);
  }
  for (const entry of parsed.data) {
    if (entry.supersededBy && !ids.has(entry.supersededBy)) problems.push({ file: GUIDELINES_FILE, message: `'${entry.id}' is superseded by '${entry.supersededBy}', which is not in the registry` });
  }
  return { entries: parsed.data, problems };
}

/** An item resting on a guideline no longer in force: held from every pool until it is rewritten (issue 39). */
export interface SupersededCitation {
  itemId: string;
  guideline: string;
  message: string;
}

type Citing = { id: string; guideline?: string | undefined; gpc?: { name: string; code?: string | undefined; year: number; checkedAt?: string | undefined; checkedAgainst?: string | undefined } | undefined };

/**
 * An item citing a registry entry gets the entry's title, code and year as its guideline (what the loader
 * stores and the screens show). It must cite a verified entry, and not also carry an inline citation.
 */
function resolveCitation(item: Citing, registry: Map<string, GuidelineEntry>, file: string, problems: ContentProblem[], superseded: SupersededCitation[]) {
  if (!item.guideline) return;
  const entry = registry.get(item.guideline);
  if (!entry) problems.push({ file, message: `'${item.id}' cites '${item.guideline}', which is not in ${GUIDELINES_FILE}` });
  else if ((entry.status === 'sustituida' || entry.status === 'retirada') && entry.year !== undefined) {
    // Loaded, but held from every pool until it is rewritten (issue 39); content:check fails on it.
    superseded.push({
      itemId: item.id,
      guideline: item.guideline,
      message: `'${item.id}' cites '${item.guideline}', which is ${entry.status === 'retirada' ? 'withdrawn' : `superseded by '${entry.supersededBy}'`}: rewrite the item to follow the guideline in force`,
    });
    if (!item.gpc) item.gpc = { name: entry.title, ...(entry.code ? { code: entry.code } : {}), year: entry.year };
  } else if (!CITABLE_STATUSES.includes(entry.status) || entry.year === undefined) problems.push({ file, message: `'${item.id}' cites '${item.guideline}', an entry not verified yet` });
  else if (item.gpc) problems.push({ file, message: `'${item.id}' cites '${item.guideline}' and also an inline gpc: keep the registry entry only` });
  else
    item.gpc = {
      name: entry.title,
      ...(entry.code ? { code: entry.code } : {}),
      year: entry.year,
      ...(entry.checkedAt ? { checkedAt: entry.checkedAt } : {}),
      ...(entry.checkedAgainst ? { checkedAgainst: entry.checkedAgainst } : {}),
    };
}

/**
 * Reads and validates every file under content/: each file against its kind's schema, then across
 * files: ids unique everywhere, no question or case text twice, and every guideline cited in the registry.
 */
export function readContent(root = contentRoot): {
  items: ContentItems;
  problems: ContentProblem[];
  guidelines: GuidelineEntry[];
  /** Items (a case, a case question or a single question) resting on a superseded or withdrawn entry. */
  superseded: SupersededCitation[];
} {
  const items = { 'clinical-cases': [], questions: [], guides: [], 'discount-quiz': [] } as unknown as ContentItems;
  const problems: ContentProblem[] = [];
  const superseded: SupersededCitation[] = [];
  const ids = new Map<string, string>();
  const texts = new Map<string, string>();
  const guidelines = readGuidelines(root);
  problems.push(...guidelines.problems);
  const registry = new Map(guidelines.entries.map((entry) => [entry.id, entry]));
  const claim = (map: Map<string, string>, key: string, file: string, what: string) => {
    const previous = map.get(key);
    if (previous) problems.push({ file, message: `${what} also in ${previous}` });
    else map.set(key, file);
  };

  for (const kind of Object.keys(CONTENT_KINDS) as ContentKind[]) {
    let files: string[];
    try {
      files = readdirSync(path.join(root, kind)).filter((name) => name.endsWith('.json')).sort();
    } catch {
      continue;
    }
    for (const name of files) {
      const file = `${kind}/${name}`;
      let data: unknown;
      try {
        data = JSON.parse(readFileSync(path.join(root, kind, name), 'utf8'));
      } catch (error) {
        problems.push({ file, message: `not valid JSON: ${(error as Error).message}` });
        continue;
      }
      const parsed = CONTENT_KINDS[kind].safeParse(data);
      if (!parsed.success) {
        for (const issue of parsed.error.issues.slice(0, 20)) problems.push({ file, message: `${issue.path.join('.')}: ${issue.message}` });
        continue;
      }
      for (const item of parsed.data) {
        claim(ids, item.id, file, `id '${item.id}'`);
        if ('guideline' in item && item.guideline) {
          if ('flashcards' in item) {
            const entry = registry.get(item.guideline);
            if (!entry || !CITABLE_STATUSES.includes(entry.status)) problems.push({ file, message: `guide '${item.id}' cites '${item.guideline}', which is not a verified entry of ${GUIDELINES_FILE}` });
            else if (entry.checkedAt) item.guidelineCheckedAt = entry.checkedAt;
          } else resolveCitation(item as Citing, registry, file, problems, superseded);
        }
        if ('questions' in item) {
          // A case's questions may ask the same thing as another case's ("¿Cuál es el diagnóstico más probable?"):
          // the case text is what must not repeat.
          claim(texts, normalizeText(item.caseText), file, `case text of '${item.id}'`);
          for (const question of item.questions) {
            claim(ids, question.id, file, `id '${question.id}'`);
            // A question's own citation comes from the registry only: content:cite moves inline citations of items, not of questions.
            if (question.gpc && !question.guideline) problems.push({ file, message: `'${question.id}' carries an inline gpc: cite an entry of ${GUIDELINES_FILE} with "guideline"` });
            else resolveCitation(question, registry, file, problems, superseded);
          }
        } else if ('flashcards' in item) {
          for (const card of item.flashcards) {
            claim(ids, card.id, file, `id '${card.id}'`);
            claim(texts, normalizeText(card.question), file, `flashcard question of '${card.id}'`);
          }
        } else {
          claim(texts, normalizeText(item.question), file, `question text of '${item.id}'`);
        }
      }
      (items[kind] as unknown[]).push(...parsed.data);
    }
  }
  return { items, problems, guidelines: guidelines.entries, superseded };
}
