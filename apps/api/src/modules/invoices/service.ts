import { and, asc, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { INVOICE_LIFECYCLE } from '@galeno/domain/lifecycles';
import type { InvoiceQueue, InvoiceRequest, InvoiceRequestBody, InvoiceRequests } from '@galeno/domain/contracts/invoices';
import { cfdiUseLabel, taxRegimeLabel } from '@galeno/domain/invoices';
import { getPlan, paymentReference } from '@galeno/domain/plans';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { invoiceRequests, payments, type InvoiceRequest as InvoiceRequestRow, type Payment } from '../../db/schema/memberships.ts';
import type { User } from '../../db/schema/users.ts';
import { AppError, notFound } from '../../errors.ts';
import { enqueueMail, type OutboxWorker } from '../../mail/outbox.ts';
import { invoiceRequestEmail } from '../../mail/templates.ts';

export const INVOICE_ERRORS = {
  paymentNotFound: 'No encontramos ese pago en tu cuenta.',
  notPaid: 'Solo se puede pedir factura de un pago completado.',
  alreadyIssued: 'La factura de este pago ya se emitió, así que sus datos ya no se pueden cambiar. Si tiene un error, escríbenos.',
  requestNotFound: 'No encontramos esa solicitud de factura.',
} as const;

/** How many issued requests the staff queue shows below the open ones, latest first. */
const ISSUED_SHOWN = 20;
/** The open requests the queue lists at most (the count says if there are more). */
const OPEN_SHOWN = 500;

export interface InvoiceDeps {
  db: Db;
  config: Pick<Config, 'APP_NAME' | 'APP_ORIGIN' | 'CONTACT_EMAIL'>;
  outbox: Pick<OutboxWorker, 'kick'>;
}

type FiscalData = Pick<InvoiceRequestRow, 'rfc' | 'legalName' | 'taxRegime' | 'postalCode' | 'cfdiUse' | 'email'>;

function toInvoiceRequest(row: InvoiceRequestRow): InvoiceRequest {
  return {
    id: row.id,
    paymentId: row.paymentId,
    reference: paymentReference(row.paymentId),
    rfc: row.rfc,
    legalName: row.legalName,
    taxRegime: row.taxRegime,
    postalCode: row.postalCode,
    cfdiUse: row.cfdiUse,
    email: row.email,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    issuedAt: row.issuedAt?.toISOString() ?? null,
  };
}

const sameFiscalData = (a: FiscalData, b: FiscalData) =>
  a.rfc === b.rfc &&
  a.legalName === b.legalName &&
  a.taxRegime === b.taxRegime &&
  a.postalCode === b.postalCode &&
  a.cfdiUse === b.cfdiUse &&
  a.email === b.email;

function staffEmail(deps: InvoiceDeps, payment: Payment, data: FiscalData, corrected: boolean) {
  return invoiceRequestEmail({ appName: deps.config.APP_NAME, appOrigin: deps.config.APP_ORIGIN }, deps.config.CONTACT_EMAIL, {
    reference: paymentReference(payment.id),
    planTitle: getPlan(payment.planId).title,
    group: payment.membershipMode === 'group',
    amount: payment.amountPaid,
    paidAt: payment.paidAt,
    rfc: data.rfc,
    legalName: data.legalName,
    taxRegime: taxRegimeLabel(data.taxRegime),
    postalCode: data.postalCode,
    cfdiUse: cfdiUseLabel(data.cfdiUse),
    email: data.email,
    corrected,
  });
}

/**
 * «Solicitar factura» for one of the student's own paid payments: the first request, or a correction while it is not
 * issued. The staff e-mail commits with the request (the outbox sends it); an unchanged correction sends nothing.
 */
export async function requestInvoice(deps: InvoiceDeps, user: User, body: InvoiceRequestBody, now = new Date()): Promise<InvoiceRequest> {
  const data: FiscalData = {
    rfc: body.rfc,
    legalName: body.legalName,
    taxRegime: body.taxRegime,
    postalCode: body.postalCode,
    cfdiUse: body.cfdiUse,
    email: body.email,
  };
  const outcome = await deps.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, body.paymentId), eq(payments.userId, user.id)))
      .limit(1);
    if (!payment) throw notFound(INVOICE_ERRORS.paymentNotFound);
    if (payment.status !== 'paid') throw new AppError('PAYMENT_NOT_PAID', 409, INVOICE_ERRORS.notPaid);
    const [existing] = await tx.select().from(invoiceRequests).where(eq(invoiceRequests.paymentId, payment.id)).limit(1);
    if (existing?.status === 'issued') throw new AppError('INVOICE_ALREADY_ISSUED', 409, INVOICE_ERRORS.alreadyIssued);
    if (existing && sameFiscalData(existing, data)) return { row: existing, mailed: false };
    // One request per payment, also when two arrive together; staff marking it issued meanwhile wins (no row back).
    const [row] = await tx
      .insert(invoiceRequests)
      .values({ paymentId: payment.id, userId: user.id, ...data, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: invoiceRequests.paymentId,
        set: { ...data, updatedAt: now },
        setWhere: eq(invoiceRequests.status, 'requested'),
      })
      .returning({ ...getTableColumns(invoiceRequests), inserted: sql<boolean>`(xmax = 0)` });
    if (!row) throw new AppError('INVOICE_ALREADY_ISSUED', 409, INVOICE_ERRORS.alreadyIssued);
    const { inserted, ...request } = row;
    await enqueueMail(tx, 'invoice-request', staffEmail(deps, payment, data, !inserted), now);
    return { row: request, mailed: true };
  });
  if (outcome.mailed) deps.outbox.kick();
  return toInvoiceRequest(outcome.row);
}

/** The student's own requests, for «Mi perfil › Pagos»: newest first. */
export async function myInvoiceRequests(db: Db, user: User): Promise<InvoiceRequests> {
  const rows = await db
    .select()
    .from(invoiceRequests)
    .where(eq(invoiceRequests.userId, user.id))
    .orderBy(desc(invoiceRequests.createdAt))
    .limit(100);
  return { requests: rows.map(toInvoiceRequest) };
}

/** The staff queue: every open request, oldest first (first asked, first stamped), then the latest issued ones. */
export async function invoiceQueue(db: Db): Promise<InvoiceQueue> {
  const columns = {
    ...getTableColumns(invoiceRequests),
    planId: payments.planId,
    membershipMode: payments.membershipMode,
    amountPaid: payments.amountPaid,
    paidAt: payments.paidAt,
  };
  const [open, issued, [total]] = await Promise.all([
    db
      .select(columns)
      .from(invoiceRequests)
      .innerJoin(payments, eq(payments.id, invoiceRequests.paymentId))
      .where(eq(invoiceRequests.status, 'requested'))
      .orderBy(asc(invoiceRequests.createdAt))
      .limit(OPEN_SHOWN),
    db
      .select(columns)
      .from(invoiceRequests)
      .innerJoin(payments, eq(payments.id, invoiceRequests.paymentId))
      .where(eq(invoiceRequests.status, 'issued'))
      .orderBy(desc(invoiceRequests.issuedAt))
      .limit(ISSUED_SHOWN),
    db.select({ value: count() }).from(invoiceRequests).where(eq(invoiceRequests.status, 'requested')),
  ]);
  return {
    totalOpen: total?.value ?? 0,
    items: [...open, ...issued].map(({ planId, membershipMode, amountPaid, paidAt, ...row }) => ({
      ...toInvoiceRequest(row),
      planId,
      membershipMode,
      amountPaid,
      paidAt: paidAt?.toISOString() ?? null,
    })),
  };
}

/** Staff mark a request issued once the CFDI is stamped and sent; marking it again changes nothing. */
export async function markInvoiceIssued(db: Db, staff: User, id: string, now = new Date()): Promise<InvoiceRequest> {
  const [updated] = await db
    .update(invoiceRequests)
    .set({ status: 'issued', issuedAt: now, issuedBy: staff.id, updatedAt: now })
    .where(and(eq(invoiceRequests.id, id), inArray(invoiceRequests.status, INVOICE_LIFECYCLE.from('issued'))))
    .returning();
  const row = updated ?? (await db.select().from(invoiceRequests).where(eq(invoiceRequests.id, id)).limit(1))[0];
  if (!row) throw notFound(INVOICE_ERRORS.requestNotFound);
  return toInvoiceRequest(row);
}
