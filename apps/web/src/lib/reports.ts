import type { CreateReportResponse } from '@galeno/domain/contracts/reports';
import type { ReportItemKind, ReportReason } from '@galeno/domain/reports';
import { apiFetch } from './api-client';

/** "Reportar un error" on a question or a flashcard: the staff queue receives it. */
export function submitReport(body: {
  itemKind: ReportItemKind;
  itemId: string;
  reason: ReportReason;
  detail: string;
}): Promise<CreateReportResponse> {
  return apiFetch<CreateReportResponse>('/api/reports', { method: 'POST', json: body });
}
