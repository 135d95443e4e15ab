/** /api/invoices: «Solicitar factura» on a paid payment, the student's requests, and the staff queue that marks them issued. */

import { z } from 'zod';
import { EMAIL_MAX, isEmailShaped } from '../forms.ts';
import {
  fiscalDataIssues,
  INVOICE_MESSAGES,
  INVOICE_STATUSES,
  LEGAL_NAME_MAX,
  normalizeLegalName,
  normalizeRfc,
  type InvoiceFiscalData,
} from '../invoices.ts';
import { MEMBERSHIP_MODES, PLAN_IDS } from '../plans.ts';
import type { ContractTable } from './route-contract.ts';
import type { invoicesRoutes } from '../api-routes/invoices.ts';

export { INVOICE_MESSAGES, INVOICE_STATUSES, type InvoiceStatus } from '../invoices.ts';

/**
 * The fields as typed, normalised (RFC and name in upper case, the e-mail in lower case); every rule and message is the
 * domain's (invoices.ts), so the form shows under each field exactly what the server would answer.
 */
const fiscalFields = {
  rfc: z.string({ error: INVOICE_MESSAGES.rfcRequired }).max(40, { error: INVOICE_MESSAGES.rfcFormat }).overwrite(normalizeRfc),
  legalName: z
    .string({ error: INVOICE_MESSAGES.legalNameRequired })
    .max(LEGAL_NAME_MAX * 2, { error: INVOICE_MESSAGES.legalNameTooLong })
    .overwrite(normalizeLegalName),
  taxRegime: z.string({ error: INVOICE_MESSAGES.taxRegimeRequired }).trim().max(10, { error: INVOICE_MESSAGES.taxRegimeUnknown }),
  postalCode: z.string({ error: INVOICE_MESSAGES.postalCode }).trim().max(10, { error: INVOICE_MESSAGES.postalCode }),
  cfdiUse: z.string({ error: INVOICE_MESSAGES.cfdiUseRequired }).trim().toUpperCase().max(10, { error: INVOICE_MESSAGES.cfdiUseUnknown }),
  email: z.string({ error: INVOICE_MESSAGES.emailRequired }).trim().toLowerCase().max(EMAIL_MAX, { error: INVOICE_MESSAGES.emailInvalid }),
};

function checkFiscalData(data: InvoiceFiscalData & { email: string }, context: z.RefinementCtx) {
  for (const [field, message] of Object.entries(fiscalDataIssues(data))) context.addIssue({ code: 'custom', message, path: [field] });
  const email = data.email === '' ? INVOICE_MESSAGES.emailRequired : isEmailShaped(data.email) ? null : INVOICE_MESSAGES.emailInvalid;
  if (email) context.addIssue({ code: 'custom', message: email, path: ['email'] });
}

/** The form's fields without the payment (the form belongs to one). */
export const InvoiceFiscalFormSchema = z.object(fiscalFields).superRefine(checkFiscalData);
export type InvoiceFiscalForm = z.input<typeof InvoiceFiscalFormSchema>;

/** POST /api/invoices: a new request for one of the student's paid payments, or the correction of one not issued yet. */
export const InvoiceRequestBodySchema = z
  .object({ paymentId: z.uuid({ error: INVOICE_MESSAGES.paymentRequired }), ...fiscalFields })
  .superRefine(checkFiscalData);
export type InvoiceRequestBody = z.input<typeof InvoiceRequestBodySchema>;

export const InvoiceRequestSchema = z.object({
  id: z.string(),
  paymentId: z.string(),
  /** The payment's «GAL-…» reference, as the receipt quotes it. */
  reference: z.string(),
  rfc: z.string(),
  legalName: z.string(),
  taxRegime: z.string(),
  postalCode: z.string(),
  cfdiUse: z.string(),
  /** Where the CFDI is sent. */
  email: z.string(),
  status: z.enum(INVOICE_STATUSES),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  issuedAt: z.iso.datetime().nullable(),
});
export type InvoiceRequest = z.infer<typeof InvoiceRequestSchema>;

/** GET /api/invoices: the student's own requests, newest first. */
export const InvoiceRequestsSchema = z.object({ requests: z.array(InvoiceRequestSchema) });
export type InvoiceRequests = z.infer<typeof InvoiceRequestsSchema>;

/** One request in the staff queue: the fiscal data with what was paid. */
export const InvoiceQueueItemSchema = InvoiceRequestSchema.extend({
  planId: z.enum(PLAN_IDS),
  membershipMode: z.enum(MEMBERSHIP_MODES),
  amountPaid: z.number().int(),
  paidAt: z.iso.datetime().nullable(),
});
export type InvoiceQueueItem = z.infer<typeof InvoiceQueueItemSchema>;

/** GET /api/invoices/queue (staff): every open request, oldest first, then the latest issued ones. */
export const InvoiceQueueSchema = z.object({ totalOpen: z.number().int(), items: z.array(InvoiceQueueItemSchema) });
export type InvoiceQueue = z.infer<typeof InvoiceQueueSchema>;

/** POST /api/invoices/:id/issued (staff). */
export const InvoiceIdParamsSchema = z.object({ id: z.uuid({ error: 'La solicitud de factura no existe.' }) });

/** What each route of the invoices area takes and answers (the route manifest, issue 36). */
export const invoicesApi = {
  request: { body: InvoiceRequestBodySchema, response: InvoiceRequestSchema },
  list: { response: InvoiceRequestsSchema },
  queue: { response: InvoiceQueueSchema },
  markIssued: { params: InvoiceIdParamsSchema, response: InvoiceRequestSchema },
} satisfies ContractTable<typeof invoicesRoutes>;
