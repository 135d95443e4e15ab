import { z } from 'zod';
import type { ContractTable } from './route-contract.ts';
import type { legalRoutes } from '../api-routes/legal.ts';

/**
 * The version of the aviso de privacidad and the terms now in force (issue 20). A signup records which one the
 * student accepted; a change to the texts that matters to students gets a new version.
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-24';

/** GET /api/legal: who runs the service, from configuration (LEGAL_NAME, LEGAL_ADDRESS, CONTACT_EMAIL). */
export const LegalInfoSchema = z.object({
  /** The operator's legal name (razón social or the person's name). */
  operatorName: z.string(),
  /** The address for notices (domicilio). */
  address: z.string(),
  /** Where privacy (ARCO) requests, refund requests and any question go. */
  contactEmail: z.string(),
  noticeVersion: z.string(),
  /** True while the operator's data are the development defaults: the pages say they are placeholders. */
  placeholders: z.boolean(),
});
export type LegalInfo = z.infer<typeof LegalInfoSchema>;

/** What each route of the legal area takes and answers (the route manifest, issue 36). */
export const legalApi = {
  info: { response: LegalInfoSchema },
} satisfies ContractTable<typeof legalRoutes>;
