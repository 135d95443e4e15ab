import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { CONTENT_KINDS, type ContentKind } from '@galeno/domain/content';

export const contentRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../content');

export type ContentItems = { [K in ContentKind]: z.infer<(typeof CONTENT_KINDS)[K]> };

export interface ContentProblem {
  file: string;
  message: string;
}

function normalizeText(value: string): string {
  return value.toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Reads and validates every file under content/: each file against its kind's schema, then across
 * files: ids unique everywhere and no question text twice.
 */
export function readContent(root = contentRoot): { items: ContentItems; problems: ContentProblem[] } {
  const items = { 'clinical-cases': [], questions: [], guides: [], 'discount-quiz': [] } as unknown as ContentItems;
  const problems: ContentProblem[] = [];
  const ids = new Map<string, string>();
  const texts = new Map<string, string>();
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
        if ('questions' in item) {
          // A case's questions may ask the same thing as another case's ("¿Cuál es el diagnóstico más probable?"):
          // the case text is what must not repeat.
          claim(texts, normalizeText(item.caseText), file, `case text of '${item.id}'`);
          for (const question of item.questions) claim(ids, question.id, file, `id '${question.id}'`);
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
  return { items, problems };
}
