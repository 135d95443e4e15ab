import type { LegalInfo } from '@galeno/domain/contracts/legal';
import { api } from '../../lib/api';

export type { LegalInfo };

/** GET /api/legal: who runs the service (name, address, contact e-mail) and the notice version in force. Failures throw ApiError. */
export function fetchLegalInfo(signal?: AbortSignal): Promise<LegalInfo> {
  return api.legal.info({ signal });
}
