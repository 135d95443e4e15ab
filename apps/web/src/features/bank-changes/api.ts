import type { BankChanges, MyBankChanges } from '@galeno/domain/contracts/content-review';
import { api } from '../../lib/api';

/** GET /api/content/changes: «Novedades del banco», public. */
export function fetchBankChanges(signal?: AbortSignal): Promise<BankChanges> {
  return api.content.changes({ signal });
}

/** GET /api/content/changes/mine: the changes to items the student answered or studied since she last looked. */
export function fetchMyChanges(signal?: AbortSignal): Promise<MyBankChanges> {
  return api.content.myChanges({ signal });
}

/** POST /api/content/changes/mine/seen: «Entendido». */
export function markChangesSeen(): Promise<{ success: true }> {
  return api.content.seenChanges({});
}
