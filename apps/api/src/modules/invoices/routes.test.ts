import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { INVOICE_MESSAGES } from '@galeno/domain/invoices';
import { paymentReference } from '@galeno/domain/plans';
import { invoiceRequests, payments, type Payment } from '../../db/schema/memberships.ts';
import type { User } from '../../db/schema/users.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, sessionCookieFor } from '../../test/factories.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { INVOICE_ERRORS } from './service.ts';

const CONTACT = 'facturas@galeno.test';
const STAFF_EMAIL = 'staff-facturas@galeno.mx';
let t: TestApp;
let smtp: SmtpSink;
let staff: { galeno_session: string };
let sequence = 0;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ STAFF_EMAILS: STAFF_EMAIL, CONTACT_EMAIL: CONTACT, SMTP_URL: smtp.url, RATE_LIMIT_ROUTE_FACTOR: '10' });
  staff = await sessionCookieFor(t.database.db, await createUser(t.database.db, { email: STAFF_EMAIL }));
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A payment as fulfilment leaves it: paid 1 Año at 1,275 MXN, unless told otherwise. */
async function paymentOf(user: User, overrides: Partial<typeof payments.$inferInsert> = {}): Promise<Payment> {
  sequence++;
  const [row] = await t.database.db
    .insert(payments)
    .values({
      userId: user.id,
      provider: 'local',
      checkoutSessionId: `local_invoice_${sequence}_${Date.now()}`,
      planId: '1-year',
      membershipMode: 'single',
      regularMembershipPrice: 1275,
      amountPaid: 1275,
      status: 'paid',
      paidAt: new Date('2026-11-20T18:00:00.000Z'),
      ...overrides,
    })
    .returning();
  return row!;
}

async function student() {
  const user = await createUser(t.database.db);
  const cookies = await sessionCookieFor(t.database.db, user);
  return {
    user,
    cookies,
    request: (payload: object) => t.app.inject({ method: 'POST', url: '/api/invoices', cookies, payload }),
    mine: async () => (await t.app.inject({ method: 'GET', url: '/api/invoices', cookies })).json(),
  };
}

const PERSON = {
  rfc: 'GODE561231GR8',
  legalName: 'EMILIA GÓMEZ DÍAZ',
  taxRegime: '612',
  postalCode: '06700',
  cfdiUse: 'G03',
  email: 'emilia@example.com',
};

const queue = async () => (await t.app.inject({ method: 'GET', url: '/api/invoices/queue', cookies: staff })).json();
const markIssued = (id: string) => t.app.inject({ method: 'POST', url: `/api/invoices/${id}/issued`, cookies: staff });
const mailsTo = (since: number) => smtp.messages.slice(since).filter((message) => message.to === CONTACT);

describe('«Solicitar factura»', () => {
  it('stores the request for the student’s own paid payment, normalised, and e-mails the operator the reference, amount and fiscal data', async () => {
    const { user, request, mine } = await student();
    const payment = await paymentOf(user);
    const since = smtp.messages.length;
    const response = await request({
      paymentId: payment.id,
      ...PERSON,
      rfc: 'gode-561231-gr8',
      legalName: ' Emilia  Gómez Díaz ',
      cfdiUse: 'g03',
      email: 'Emilia@Example.com',
    });
    expect(response.statusCode).toBe(200);
    const created = response.json();
    expect(created).toMatchObject({
      paymentId: payment.id,
      reference: paymentReference(payment.id),
      status: 'requested',
      issuedAt: null,
      ...PERSON,
    });
    expect((await mine()).requests).toEqual([created]);

    const mail = await smtp.waitFor(CONTACT, { since, subject: /^Factura solicitada/ });
    expect(mail.subject).toBe(`Factura solicitada: pago ${paymentReference(payment.id)}`);
    for (const line of [
      `Referencia: ${paymentReference(payment.id)}`,
      'Membresía: 1 Año',
      'Monto: $1,275 MXN',
      'RFC: GODE561231GR8',
      'Nombre o razón social: EMILIA GÓMEZ DÍAZ',
      'Régimen fiscal: 612 Personas Físicas con Actividades Empresariales y Profesionales',
      'Código postal: 06700',
      'Uso del CFDI: G03 Gastos en general',
      'Enviar a: emilia@example.com',
      '/metrics/facturas',
    ]) {
      expect(mail.text).toContain(line);
    }
  });

  it('refuses malformed fiscal data with the field’s Spanish message, never a 500, and stores nothing', async () => {
    const { user, request } = await student();
    const payment = await paymentOf(user);
    const refusals: [object, string][] = [
      [{ rfc: 'GODE5612' }, INVOICE_MESSAGES.rfcFormat],
      [{ rfc: 'GODE561331GR8' }, INVOICE_MESSAGES.rfcDate],
      [{ rfc: 'XAXX010101000' }, INVOICE_MESSAGES.rfcGeneric],
      // A persona física (13 characters) with a persona moral's régimen, and the other way round.
      [{ taxRegime: '601' }, INVOICE_MESSAGES.taxRegimeForFisica],
      [{ rfc: 'EKU9003173C9', legalName: 'ESCUELA KEMPER URGATE', taxRegime: '612' }, INVOICE_MESSAGES.taxRegimeForMoral],
      [
        { rfc: 'EKU9003173C9', legalName: 'ESCUELA KEMPER URGATE', taxRegime: '601', cfdiUse: 'D10' },
        INVOICE_MESSAGES.cfdiUseForFisicaOnly,
      ],
      [{ rfc: 'EKU9003173C9', legalName: 'ESCUELA KEMPER URGATE S.A. DE C.V.', taxRegime: '601' }, INVOICE_MESSAGES.legalNameCapitalRegime],
      // A salaried person cannot book «Gastos en general».
      [{ taxRegime: '605', cfdiUse: 'G03' }, INVOICE_MESSAGES.cfdiUseRegime],
      [{ cfdiUse: 'CP01' }, INVOICE_MESSAGES.cfdiUseNotForPurchase],
      [{ taxRegime: '999' }, INVOICE_MESSAGES.taxRegimeUnknown],
      [{ postalCode: '6700' }, INVOICE_MESSAGES.postalCode],
      [{ email: 'no-es-correo' }, INVOICE_MESSAGES.emailInvalid],
      [{ legalName: 42 }, INVOICE_MESSAGES.legalNameRequired],
      [{ paymentId: 'GAL-123' }, INVOICE_MESSAGES.paymentRequired],
      [{ rfc: 'X'.repeat(500) }, INVOICE_MESSAGES.rfcFormat],
    ];
    for (const [change, message] of refusals) {
      const response = await request({ paymentId: payment.id, ...PERSON, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().errorMessage, JSON.stringify(change)).toContain(message);
    }
    const { rfc: _rfc, ...withoutRfc } = PERSON;
    expect((await request({ paymentId: payment.id, ...withoutRfc })).json().errorMessage).toContain(INVOICE_MESSAGES.rfcRequired);
    // Not JSON at all: refused as such.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/invoices', cookies: (await student()).cookies, payload: 'x' })).statusCode,
    ).toBe(415);
    expect(await t.database.db.select().from(invoiceRequests).where(eq(invoiceRequests.paymentId, payment.id))).toEqual([]);
  });

  it('answers 404 for someone else’s payment or one that does not exist, and 409 for a payment that is not paid', async () => {
    const { request } = await student();
    const other = await student();
    const theirs = await paymentOf(other.user);
    const notTheirs = await request({ paymentId: theirs.id, ...PERSON });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().errorMessage).toBe(INVOICE_ERRORS.paymentNotFound);
    expect((await request({ paymentId: '00000000-0000-4000-8000-000000000000', ...PERSON })).statusCode).toBe(404);

    for (const status of ['pending', 'awaiting_payment', 'refunded', 'failed'] as const) {
      const unpaid = await paymentOf(other.user, { status, paidAt: null });
      const refused = await other.request({ paymentId: unpaid.id, ...PERSON });
      expect(refused.statusCode, status).toBe(409);
      expect(refused.json()).toEqual({ code: 'PAYMENT_NOT_PAID', errorMessage: INVOICE_ERRORS.notPaid });
    }
  });

  it('needs an account: no session is 401, a trial 403', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/invoices' })).statusCode).toBe(401);
    const trial = await sessionCookieFor(t.database.db, null);
    const payload = { paymentId: '00000000-0000-4000-8000-000000000000', ...PERSON };
    expect((await t.app.inject({ method: 'POST', url: '/api/invoices', cookies: trial, payload })).statusCode).toBe(403);
  });
});

describe('corrections and the staff queue', () => {
  it('takes ten requests or corrections a day per account and payment, however many addresses they come from', async () => {
    const { user, cookies } = await student();
    const [payment, other] = [await paymentOf(user), await paymentOf(user)];
    const since = smtp.messages.length;
    const from = (address: number, paymentId = payment.id) =>
      t.app.inject({
        method: 'POST',
        url: '/api/invoices',
        cookies,
        remoteAddress: `127.0.10.${address}`,
        payload: { paymentId, ...PERSON, postalCode: String(10_000 + address) },
      });
    for (let address = 1; address <= 10; address++) expect((await from(address)).statusCode).toBe(200);
    const refused = await from(11);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'ACCOUNT_RATE_LIMITED',
      errorMessage: 'Ya enviaste muchas solicitudes de factura para este pago hoy. Intenta nuevamente mañana.',
    });
    expect((await from(12, other.id)).statusCode).toBe(200);
    // Each accepted one told the operator; the next test reads the mails that follow.
    await expect.poll(() => mailsTo(since).length, { timeout: 5000 }).toBe(11);
  });

  it('keeps one request per payment, corrected while requested (the operator is told), refused once staff mark it issued', async () => {
    const { user, request, mine } = await student();
    const payment = await paymentOf(user, { planId: '6-months', regularMembershipPrice: 930, amountPaid: 930 });
    const first = (await request({ paymentId: payment.id, ...PERSON })).json();

    let since = smtp.messages.length;
    const corrected = await request({ paymentId: payment.id, ...PERSON, taxRegime: '605', cfdiUse: 'S01', postalCode: '64000' });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json()).toMatchObject({
      id: first.id,
      createdAt: first.createdAt,
      taxRegime: '605',
      cfdiUse: 'S01',
      postalCode: '64000',
    });
    const correction = await smtp.waitFor(CONTACT, { since, subject: /datos corregidos/ });
    expect(correction.subject).toBe(`Factura: datos corregidos del pago ${paymentReference(payment.id)}`);
    expect(correction.text).toContain('Régimen fiscal: 605 Sueldos y Salarios e Ingresos Asimilados a Salarios');
    expect((await mine()).requests).toHaveLength(1);

    // The same data again change nothing and tell no one.
    since = smtp.messages.length;
    expect((await request({ paymentId: payment.id, ...PERSON, taxRegime: '605', cfdiUse: 'S01', postalCode: '64000' })).statusCode).toBe(
      200,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(since)).toEqual([]);

    const issued = await markIssued(first.id);
    expect(issued.statusCode).toBe(200);
    expect(issued.json()).toMatchObject({ id: first.id, status: 'issued', postalCode: '64000' });
    expect(issued.json().issuedAt).not.toBeNull();
    // Marking it again is harmless: the same answer, the first date kept.
    expect((await markIssued(first.id)).json()).toEqual(issued.json());

    const late = await request({ paymentId: payment.id, ...PERSON });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ code: 'INVOICE_ALREADY_ISSUED', errorMessage: INVOICE_ERRORS.alreadyIssued });
    expect((await mine()).requests).toEqual([issued.json()]);
    const [row] = await t.database.db.select().from(invoiceRequests).where(eq(invoiceRequests.id, first.id));
    expect(row!.issuedBy).not.toBeNull();
  });

  it('is for staff only, lists open requests first with what was paid, and marks them issued', async () => {
    const someone = await student();
    const notStaff = someone.cookies;
    expect((await t.app.inject({ method: 'GET', url: '/api/invoices/queue', cookies: notStaff })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/invoices/queue' })).statusCode).toBe(401);

    const older = await paymentOf(someone.user, {
      membershipMode: 'group',
      planId: 'lifetime',
      regularMembershipPrice: 3000,
      amountPaid: 2100,
    });
    const newer = await paymentOf(someone.user);
    const a = (await someone.request({ paymentId: older.id, ...PERSON })).json();
    const b = (
      await someone.request({
        paymentId: newer.id,
        rfc: 'EKU9003173C9',
        legalName: 'ESCUELA KEMPER URGATE',
        taxRegime: '601',
        postalCode: '42501',
        cfdiUse: 'G03',
        email: 'facturas@kemper.example',
      })
    ).json();
    expect((await t.app.inject({ method: 'POST', url: `/api/invoices/${a.id}/issued`, cookies: notStaff })).statusCode).toBe(403);

    const before = await queue();
    const open = before.items.filter((item: { status: string }) => item.status === 'requested');
    expect(before.totalOpen).toBe(open.length);
    // Open first, oldest first; the issued ones after them.
    expect(before.items.slice(0, open.length).every((item: { status: string }) => item.status === 'requested')).toBe(true);
    expect(open.map((item: { id: string }) => item.id).indexOf(a.id)).toBeLessThan(
      open.map((item: { id: string }) => item.id).indexOf(b.id),
    );
    expect(open.find((item: { id: string }) => item.id === a.id)).toMatchObject({
      reference: paymentReference(older.id),
      planId: 'lifetime',
      membershipMode: 'group',
      amountPaid: 2100,
      paidAt: '2026-11-20T18:00:00.000Z',
      rfc: PERSON.rfc,
      legalName: PERSON.legalName,
      taxRegime: '612',
      postalCode: '06700',
      cfdiUse: 'G03',
      email: PERSON.email,
    });

    expect((await markIssued(b.id)).json().status).toBe('issued');
    const after = await queue();
    expect(after.totalOpen).toBe(before.totalOpen - 1);
    const positions = after.items.map((item: { id: string }) => item.id);
    expect(positions.indexOf(b.id)).toBeGreaterThan(positions.indexOf(a.id));
    expect(after.items.find((item: { id: string }) => item.id === b.id).status).toBe('issued');

    expect((await markIssued('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await markIssued('no-es-un-id')).statusCode).toBe(400);
  });

  it('puts the requests in the student’s data export', async () => {
    const { user, cookies, request } = await student();
    const payment = await paymentOf(user);
    await request({ paymentId: payment.id, ...PERSON });
    const data = (await t.app.inject({ method: 'GET', url: '/api/user/export', cookies })).json();
    expect(data.invoiceRequests).toEqual([
      expect.objectContaining({ reference: paymentReference(payment.id), rfc: PERSON.rfc, status: 'requested', cfdiUse: 'G03' }),
    ]);
    expect(data.invoiceRequests[0]).not.toHaveProperty('issuedBy');
  });
});
