import type { CreateReportResponse } from '@galeno/domain/contracts/reports';
import type { ReportItemKind, ReportReason } from '@galeno/domain/reports';
import { api } from './api';

/** "Reportar un error" on a question or a flashcard: the staff queue receives it. */
export function submitReport(body: {
  itemKind: ReportItemKind;
  itemId: string;
  reason: ReportReason;
  detail: string;
}): Promise<CreateReportResponse> {
  return api.reports.create({ body });
}
