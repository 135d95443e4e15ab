/** /api/reports: "Reportar un error" on a question or a flashcard, and the staff queue that resolves them. */

import { z } from 'zod';

import { REPORT_DETAIL_MAX, REPORT_ITEM_KINDS, REPORT_REASONS, type ReportReason } from '../reports.ts';
import type { ContractTable } from './route-contract.ts';
import type { reportsRoutes } from '../api-routes/reports.ts';

export { REPORT_DETAIL_MAX, REPORT_ITEM_KINDS, REPORT_REASONS, type ReportItemKind, type ReportReason } from '../reports.ts';
const REASON_KEYS = Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]];

export const CreateReportBodySchema = z.object({
  itemKind: z.enum(REPORT_ITEM_KINDS),
  itemId: z.string().trim().min(1).max(120),
  reason: z.enum(REASON_KEYS, { error: 'Elige el motivo del reporte.' }),
  detail: z
    .string()
    .trim()
    .max(REPORT_DETAIL_MAX, { error: `Escribe como máximo ${REPORT_DETAIL_MAX} caracteres.` })
    .default(''),
});
export type CreateReportBody = z.input<typeof CreateReportBodySchema>;
export const CreateReportResponseSchema = z.object({ id: z.string(), openReportsOnItem: z.number().int() });
export type CreateReportResponse = z.infer<typeof CreateReportResponseSchema>;

/** One reported item in the staff queue: how many open reports, why, and what students wrote. */
export const ReportedItemSchema = z.object({
  itemKind: z.enum(REPORT_ITEM_KINDS),
  itemId: z.string(),
  /** The question's stem or the card's front, for the reviewer to recognise it. */
  text: z.string(),
  openReports: z.number().int(),
  reasons: z.array(z.object({ reason: z.enum(REASON_KEYS), count: z.number().int() })),
  details: z.array(z.object({ detail: z.string(), createdAt: z.iso.datetime() })),
  firstReportedAt: z.iso.datetime(),
});
export type ReportedItem = z.infer<typeof ReportedItemSchema>;
export const ReportQueueSchema = z.object({ totalOpen: z.number().int(), items: z.array(ReportedItemSchema) });
export type ReportQueue = z.infer<typeof ReportQueueSchema>;

export const ResolveReportsParamsSchema = z.object({ itemKind: z.enum(REPORT_ITEM_KINDS), itemId: z.string().min(1).max(120) });
export const ResolveReportsBodySchema = z.object({ resolution: z.enum(['corregido', 'sin-cambios']) });
export type ResolveReportsBody = z.infer<typeof ResolveReportsBodySchema>;
export const ResolveReportsResponseSchema = z.object({ resolved: z.number().int() });

/** What each route of the reports area takes and answers (the route manifest, issue 36). */
export const reportsApi = {
  create: { body: CreateReportBodySchema, response: CreateReportResponseSchema },
  queue: { response: ReportQueueSchema },
  resolve: { params: ResolveReportsParamsSchema, body: ResolveReportsBodySchema, response: ResolveReportsResponseSchema },
} satisfies ContractTable<typeof reportsRoutes>;
