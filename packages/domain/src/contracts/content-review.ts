/** /api/content-review: the staff queue of imported items held for review ("en revisión", decision 013). */

import { z } from 'zod';
import type { ContractTable } from './route-contract.ts';
import type { contentRoutes } from '../api-routes/content.ts';

export const HeldQuestionSchema = z.object({
  id: z.string(),
  question: z.string(),
  options: z.array(z.string()),
  correctIndex: z.number().int().min(0),
  explanation: z.string(),
});

export const HeldItemSchema = z.object({
  /** The case id, or the single question's id. */
  id: z.string(),
  kind: z.enum(['case', 'question']),
  bank: z.string(),
  speciality: z.string(),
  subSpeciality: z.string(),
  caseText: z.string().nullable(),
  questions: z.array(HeldQuestionSchema).min(1),
  holdReason: z.string().nullable(),
  source: z.string().nullable(),
});
export type HeldItem = z.infer<typeof HeldItemSchema>;

export const HeldItemsResponseSchema = z.object({ total: z.number().int().nonnegative(), items: z.array(HeldItemSchema) });
export type HeldItemsResponse = z.infer<typeof HeldItemsResponseSchema>;

/** A figure's name: a hash of its bytes. */
export const FigureParamsSchema = z.object({ figureId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Esta figura no existe.') });

export const HeldItemParamsSchema = z.object({ itemId: z.string().trim().min(1).max(120) });

/** Publish: the key was checked and stands. Retire: the item is dropped (answers to it are kept). */
export const ResolveHeldItemBodySchema = z.object({ action: z.enum(['publish', 'retire']) });
export type ResolveHeldItemBody = z.infer<typeof ResolveHeldItemBodySchema>;
export const ResolveHeldItemResponseSchema = z.object({ id: z.string(), status: z.enum(['published', 'retired']) });

/** What each route of the content area takes and answers (the route manifest, issue 36). */
export const contentApi = {
  heldItems: { response: HeldItemsResponseSchema },
  resolveHeldItem: { params: HeldItemParamsSchema, body: ResolveHeldItemBodySchema, response: ResolveHeldItemResponseSchema },
  /** Plain text (the MIR banks' attribution and licences): no JSON response. */
  notices: {},
  /** An SVG image: no JSON response. */
  figure: { params: FigureParamsSchema },
} satisfies ContractTable<typeof contentRoutes>;
