import type { QuestionTags } from '@galeno/domain/content';

/** A record that is well formed but cannot be served, and why (reported, never imported). */
export interface Skipped {
  id: string;
  reason: string;
}

/** A record whose shape is wrong: the whole file is refused, naming the record and the field. */
export class FormatError extends Error {
  constructor(
    readonly item: string,
    readonly field: string,
    detail: string,
  ) {
    super(`${item}: ${field}: ${detail}`);
    this.name = 'FormatError';
  }
}

export interface ImportedQuestion {
  id: string;
  question: string;
  options: string[];
  correctIndex: number;
  explanation: string;
}

interface Placed {
  /** Taxonomy tags; external items may carry a non-taxonomy topic such as the exam they come from. */
  tags: QuestionTags;
  gpc?: { name: string; code?: string | undefined; year: number } | undefined;
  source?: { citation: string; url?: string | undefined } | undefined;
  /** 'en' for an item written in English; Spanish otherwise. */
  language?: 'es' | 'en' | undefined;
  /** Set when the item must wait for a reviewer before it is served (status 'held'). */
  holdReason?: string | undefined;
  /** Set when a review retired the item (status 'retired': never served, students' answers kept). */
  retireReason?: string | undefined;
}

export type ImportedCase = Placed & { id: string; caseText: string; questions: ImportedQuestion[] };
export type ImportedSingle = Placed & ImportedQuestion;

/** What one file holds once parsed: the items to write in one transaction and the records left out. */
export interface ImportBatch {
  format: string;
  bank: string;
  cases: ImportedCase[];
  questions: ImportedSingle[];
  skipped: Skipped[];
}
