import { MEXICO_CITY_TIME_ZONE } from '@galeno/domain/mexico-city';
import { formatMXN } from '@galeno/domain/format';
import { INVOICE_HOW_AND_WHEN } from '@galeno/domain/invoices';
import { REFUND_REASON_MESSAGES, type RefundReason } from '@galeno/domain/plans';
import type { MailMessage } from './mailer.ts';

interface Brand {
  appName: string;
  appOrigin: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** One plain, readable layout for every e-mail: most students open them on a phone. */
function layout(brand: Brand, title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;padding:24px">
<tr><td style="font-size:20px;font-weight:bold;color:#0f766e;padding-bottom:16px">${escapeHtml(brand.appName)}</td></tr>
<tr><td style="font-size:16px;line-height:1.5">${bodyHtml}</td></tr>
<tr><td style="font-size:12px;color:#64748b;padding-top:24px">Recibes este correo porque tienes una cuenta en ${escapeHtml(brand.appName)}. Si no fuiste tú, puedes ignorarlo.</td></tr>
</table></td></tr></table></body></html>`;
}

/** The code goes in the subject line, as the login tips tell people to look there. */
export function loginCodeEmail(brand: Brand, to: string, code: string, ttlMinutes: number): MailMessage {
  const subject = `${code} es tu código para entrar a ${brand.appName}`;
  return {
    to,
    subject,
    text: `Tu código para iniciar sesión en ${brand.appName} es: ${code}\n\nVence en ${ttlMinutes} minutos y solo se puede usar una vez.\nSi no lo pediste, ignora este correo.`,
    html: layout(
      brand,
      subject,
      `<p>Tu código para iniciar sesión es:</p>
<p style="font-size:32px;font-weight:bold;letter-spacing:6px;margin:16px 0">${escapeHtml(code)}</p>
<p>Vence en ${ttlMinutes} minutos y solo se puede usar una vez. Si no lo pediste, ignora este correo.</p>`,
    ),
  };
}

/** The code that confirms deleting the account (issue 20): what it does is in the subject, so nobody uses it by mistake. */
export function deleteAccountCodeEmail(brand: Brand, to: string, code: string, ttlMinutes: number): MailMessage {
  const subject = `${code} es tu código para eliminar tu cuenta de ${brand.appName}`;
  const warning = 'Al usarlo se borran tu cuenta, tus respuestas, tus estadísticas y tus flashcards; no se puede deshacer.';
  return {
    to,
    subject,
    text: `Pediste eliminar tu cuenta de ${brand.appName}. Tu código es: ${code}\n\n${warning}\nVence en ${ttlMinutes} minutos. Si no lo pediste, ignora este correo y entra a tu cuenta para revisarla.`,
    html: layout(
      brand,
      subject,
      `<p>Pediste eliminar tu cuenta. Tu código es:</p>
<p style="font-size:32px;font-weight:bold;letter-spacing:6px;margin:16px 0">${escapeHtml(code)}</p>
<p>${escapeHtml(warning)}</p>
<p>Vence en ${ttlMinutes} minutos. Si no lo pediste, ignora este correo y entra a tu cuenta para revisarla.</p>`,
    ),
  };
}

/**
 * The one e-mail of a signup (issue 19): the welcome and the code that confirms the address and signs the student
 * in, with the login link for when the code has expired.
 */
/** Greets no one by name: the name was typed by whoever signed the address up, who may not be its owner. */
export function signupConfirmationEmail(brand: Brand, to: string, code: string, ttlMinutes: number): MailMessage {
  const loginUrl = `${brand.appOrigin}/login?email=${encodeURIComponent(to)}`;
  const subject = `${code} es tu código: te damos la bienvenida a ${brand.appName}`;
  return {
    to,
    subject,
    text: `Hola:\n\nTu cuenta en ${brand.appName} está lista. Escribe este código en la página donde te registraste para entrar:\n\n${code}\n\nVence en ${ttlMinutes} minutos. Si ya venció, entra aquí y pide uno nuevo: ${loginUrl}\n\nÁbrelo en tu navegador (Chrome o Safari), no dentro de Facebook o Instagram.`,
    html: layout(
      brand,
      subject,
      `<p>Hola:</p>
<p>Tu cuenta en ${escapeHtml(brand.appName)} está lista. Escribe este código en la página donde te registraste para entrar:</p>
<p style="font-size:32px;font-weight:bold;letter-spacing:6px;margin:16px 0">${escapeHtml(code)}</p>
<p>Vence en ${ttlMinutes} minutos. Si ya venció, entra aquí y pide uno nuevo:</p>
<p style="margin:24px 0"><a href="${escapeHtml(loginUrl)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">Iniciar sesión</a></p>
<p>Ábrelo en tu navegador (Chrome o Safari), no dentro de Facebook o Instagram.</p>`,
    ),
  };
}

const METHOD_LABELS = {
  birthdate: 'tu fecha de nacimiento',
  phone: 'tu número de teléfono',
  fallback: 'tu fecha de nacimiento y tu teléfono',
} as const;

/** Every birth-date or phone login is reported to the account's e-mail (decisions: knowledge-based logins). */
export function knowledgeLoginNoticeEmail(
  brand: Brand,
  to: string,
  method: keyof typeof METHOD_LABELS,
  at: Date,
  /** «No fui yo»: ends every session and turns these logins off (issue 20). */
  notMeUrl: string,
): MailMessage {
  const when = new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeStyle: 'short', timeZone: MEXICO_CITY_TIME_ZONE }).format(at);
  const subject = `Nuevo inicio de sesión en ${brand.appName}`;
  const how = METHOD_LABELS[method];
  return {
    to,
    subject,
    text: `Alguien inició sesión en tu cuenta de ${brand.appName} con ${how} el ${when} (hora del centro de México).\n\nSi fuiste tú, no tienes que hacer nada. Si no fuiste tú, abre este enlace: cerramos todas las sesiones de tu cuenta y desactivamos la entrada con fecha de nacimiento y teléfono hasta que entres con el código de tu correo.\n${notMeUrl}`,
    html: layout(
      brand,
      subject,
      `<p>Alguien inició sesión en tu cuenta con <strong>${how}</strong> el ${escapeHtml(when)} (hora del centro de México).</p>
<p>Si fuiste tú, no tienes que hacer nada.</p>
<p>Si no fuiste tú, cerramos todas las sesiones de tu cuenta y desactivamos la entrada con fecha de nacimiento y teléfono hasta que entres con el código de tu correo:</p>
<p style="margin:24px 0"><a href="${escapeHtml(notMeUrl)}" style="background:#b91c1c;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">No fui yo</a></p>`,
    ),
  };
}

export function discountClaimEmail(brand: Brand, to: string, name: string, percent: number, validUntil: Date): MailMessage {
  const signupUrl = `${brand.appOrigin}/signup`;
  const subject = `Tu ${percent}% de descuento en ${brand.appName}`;
  const until = longDate.format(validUntil);
  return {
    to,
    subject,
    text: `Hola, ${name}:\n\nGanaste ${percent}% de descuento en tu membresía de ${brand.appName}.\n\nRegístrate con este mismo correo (${to}) y el descuento aparecerá al pagar: ${signupUrl}\n\nEl descuento se aplica una sola vez y es válido hasta el ${until}.`,
    html: layout(
      brand,
      subject,
      `<p>Hola, ${escapeHtml(name)}:</p>
<p>Ganaste <strong style="font-size:24px;color:#0f766e">${percent}% de descuento</strong> en tu membresía.</p>
<p>Regístrate con este mismo correo (<strong>${escapeHtml(to)}</strong>) y el descuento aparecerá al pagar. Se aplica una sola vez y es válido hasta el ${until}.</p>
<p style="margin:24px 0"><a href="${escapeHtml(signupUrl)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">Crear mi cuenta</a></p>`,
    ),
  };
}

/** The owner's alias for the invitee is the owner's private label: the e-mail greets without it (ux review). */
export function groupInviteEmail(brand: Brand, to: string, ownerName: string, planTitle: string, invitationUrl: string): MailMessage {
  const subject = `${ownerName} te invitó a su membresía grupal de ${brand.appName}`;
  return {
    to,
    subject,
    text: `Hola:\n\n${ownerName} te regaló un lugar en su membresía grupal (${planTitle}) de ${brand.appName} para preparar el ENARM.\n\nActívala aquí con este correo (${to}) en los próximos 14 días; si aún no tienes cuenta, la creas en el mismo paso: ${invitationUrl}`,
    html: layout(
      brand,
      subject,
      `<p>Hola:</p>
<p>${escapeHtml(ownerName)} te regaló un lugar en su membresía grupal (<strong>${escapeHtml(planTitle)}</strong>) para preparar el ENARM.</p>
<p>Actívala con este correo (<strong>${escapeHtml(to)}</strong>) en los próximos 14 días. Si aún no tienes cuenta, la creas en el mismo paso.</p>
<p style="margin:24px 0"><a href="${escapeHtml(invitationUrl)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">Ver mi invitación</a></p>`,
    ),
  };
}

/** A completed payment that bought something already used: the money goes back and the student is told why. */
export function paymentRefundedEmail(
  brand: Brand,
  to: string,
  refund: {
    planTitle: string;
    amount: number;
    reason: RefundReason;
    /** Cash paid at OXXO cannot go back to a card: the student sends a CLABE and the operator transfers it. */
    cash?: { reference: string; contactEmail: string } | undefined;
  },
): MailMessage {
  const subject = refund.cash ? `Te devolveremos tu pago en ${brand.appName}` : `Te devolvimos tu pago en ${brand.appName}`;
  const amount = `${formatMXN(refund.amount)} MXN`;
  const why = REFUND_REASON_MESSAGES[refund.reason];
  const how = refund.cash
    ? `Como pagaste en efectivo en OXXO, te lo devolvemos por transferencia: escríbenos a ${refund.cash.contactEmail} con la referencia ${refund.cash.reference} y una CLABE a tu nombre, y te transferimos el pago completo en un máximo de 5 días hábiles.`
    : 'Te devolvimos el pago completo. El reembolso llega al mismo medio de pago; según tu banco puede tardar de 5 a 10 días hábiles en verse.';
  return {
    to,
    subject,
    text: `Recibimos tu pago de ${amount} por la membresía ${refund.planTitle}, pero no pudimos aplicarlo. ${why}\n\n${how}\n\nTu membresía actual no cambió: ${brand.appOrigin}/app`,
    html: layout(
      brand,
      subject,
      `<p>Recibimos tu pago de <strong>${escapeHtml(amount)}</strong> por la membresía ${escapeHtml(refund.planTitle)}, pero no pudimos aplicarlo. ${escapeHtml(why)}</p>
<p>${escapeHtml(how)}</p>
<p>Tu membresía actual no cambió. <a href="${escapeHtml(brand.appOrigin)}/app" style="color:#0f766e">Ir a ${escapeHtml(brand.appName)}</a></p>`,
    ),
  };
}

const longDate = new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'long', year: 'numeric', timeZone: MEXICO_CITY_TIME_ZONE });

/** After every fulfilled payment (issue 20): what was bought, what it cost, until when, and the reference to quote. */
export function paymentReceiptEmail(
  brand: Brand,
  to: string,
  receipt: {
    planTitle: string;
    group: boolean;
    amount: number;
    regularPrice: number;
    discountPercent: number;
    paidAt: Date;
    /** The access end after this payment; null for lifetime access. */
    activeUntil: Date | null;
    reference: string;
    /** Where questions about a factura (CFDI) go: the operator's contact e-mail (CONTACT_EMAIL). */
    contactEmail: string;
    /** How it was paid, as paymentMethodText says it: «Tarjeta, 12 meses sin intereses de $107». */
    paymentMethod: string;
  },
): MailMessage {
  const subject = `Tu recibo de ${brand.appName}: membresía ${receipt.planTitle}`;
  const lines = [
    ['Membresía', `${receipt.planTitle}${receipt.group ? ' (grupal)' : ''}`],
    ['Pagaste', `${formatMXN(receipt.amount)} MXN`],
    ['Forma de pago', receipt.paymentMethod],
    ...(receipt.discountPercent > 0
      ? [['Descuento', `${receipt.discountPercent}% sobre ${formatMXN(receipt.regularPrice)} MXN`] as [string, string]]
      : []),
    ['Fecha de pago', longDate.format(receipt.paidAt)],
    ['Acceso', receipt.activeUntil ? `hasta el ${longDate.format(receipt.activeUntil)}` : 'de por vida'],
    ['Referencia', receipt.reference],
  ] as [string, string][];
  const invoice = `${INVOICE_HOW_AND_WHEN} Si tienes dudas, escríbenos a ${receipt.contactEmail} con esta referencia.`;
  return {
    to,
    subject,
    text: `Gracias por tu pago. Este es tu recibo:\n\n${lines.map(([label, value]) => `${label}: ${value}`).join('\n')}\n\n${invoice}\n\nTus pagos están en tu perfil: ${brand.appOrigin}/app/profile`,
    html: layout(
      brand,
      subject,
      `<p>Gracias por tu pago. Este es tu recibo:</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:16px 0;border-collapse:collapse">${lines
        .map(
          ([label, value]) =>
            `<tr><td style="padding:6px 0;color:#475569">${escapeHtml(label)}</td><td style="padding:6px 0;text-align:right;font-weight:bold">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>
<p>${escapeHtml(invoice)}</p>
<p>Tus pagos están en tu perfil. <a href="${escapeHtml(brand.appOrigin)}/app/profile" style="color:#0f766e">Ver mis pagos</a></p>`,
    ),
  };
}

/**
 * The code that confirms a change of the birth date or phone (issue 20): both are ways in, so changing them takes
 * proof of the mailbox. What it does is in the subject, as with the deletion code.
 */
export function loginDataCodeEmail(brand: Brand, to: string, code: string, ttlMinutes: number): MailMessage {
  const subject = `${code} es tu código para cambiar tus datos de acceso a ${brand.appName}`;
  const what = 'Pediste cambiar tu fecha de nacimiento o tu teléfono, con los que también puedes entrar a tu cuenta.';
  const after = 'Al guardarlos, se cerrará tu sesión en tus otros dispositivos.';
  return {
    to,
    subject,
    text: `${what} Tu código es: ${code}\n\n${after}\nVence en ${ttlMinutes} minutos y solo se puede usar una vez. Si no lo pediste, no lo compartas con nadie y entra a tu cuenta para revisarla.`,
    html: layout(
      brand,
      subject,
      `<p>${escapeHtml(what)} Tu código es:</p>
<p style="font-size:32px;font-weight:bold;letter-spacing:6px;margin:16px 0">${escapeHtml(code)}</p>
<p>${escapeHtml(after)}</p>
<p>Vence en ${ttlMinutes} minutos y solo se puede usar una vez. Si no lo pediste, no lo compartas con nadie y entra a tu cuenta para revisarla.</p>`,
    ),
  };
}

/**
 * «Solicitar factura» (issue 20): the operator's inbox (CONTACT_EMAIL) hears of every request, and of every correction
 * made before the CFDI is issued, with what to stamp; the queue at /metrics/facturas has the same data.
 */
export function invoiceRequestEmail(
  brand: Brand,
  to: string,
  request: {
    reference: string;
    planTitle: string;
    group: boolean;
    amount: number;
    paidAt: Date | null;
    rfc: string;
    legalName: string;
    /** «612 Personas Físicas con Actividades Empresariales y Profesionales». */
    taxRegime: string;
    postalCode: string;
    /** «G03 Gastos en general». */
    cfdiUse: string;
    email: string;
    /** The student changed the data of a request not issued yet. */
    corrected: boolean;
  },
): MailMessage {
  const subject = request.corrected
    ? `Factura: datos corregidos del pago ${request.reference}`
    : `Factura solicitada: pago ${request.reference}`;
  const intro = request.corrected
    ? 'Un estudiante corrigió los datos fiscales de una factura que aún no se emite. Usa estos, no los del correo anterior:'
    : 'Un estudiante pidió factura (CFDI) de un pago:';
  const lines = [
    ['Referencia', request.reference],
    ['Membresía', `${request.planTitle}${request.group ? ' (grupal)' : ''}`],
    ['Monto', `${formatMXN(request.amount)} MXN`],
    ['Fecha de pago', request.paidAt ? longDate.format(request.paidAt) : 'sin fecha'],
    ['RFC', request.rfc],
    ['Nombre o razón social', request.legalName],
    ['Régimen fiscal', request.taxRegime],
    ['Código postal', request.postalCode],
    ['Uso del CFDI', request.cfdiUse],
    ['Enviar a', request.email],
  ] as [string, string][];
  const queueUrl = `${brand.appOrigin}/metrics/facturas`;
  const after = 'Cuando la timbres y la envíes, márcala como emitida en la lista de facturas.';
  return {
    to,
    subject,
    text: `${intro}\n\n${lines.map(([label, value]) => `${label}: ${value}`).join('\n')}\n\n${after}\n${queueUrl}`,
    html: layout(
      brand,
      subject,
      `<p>${escapeHtml(intro)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:16px 0;border-collapse:collapse">${lines
        .map(
          ([label, value]) =>
            `<tr><td style="padding:6px 8px 6px 0;color:#475569;vertical-align:top">${escapeHtml(label)}</td><td style="padding:6px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>
<p>${escapeHtml(after)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(queueUrl)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">Ver facturas solicitadas</a></p>`,
    ),
  };
}

/** The plan's morning e-mail (issue 40): today's new questions and where to start, the cards due, the simulacro. */
export function planDigestEmail(
  brand: Brand,
  to: string,
  today: { questions: number; focus: readonly string[]; dueCards: number; simulacro: 'completo' | 'mini' | null },
  unsubscribeUrl: string,
): MailMessage {
  const lines = [
    today.questions > 0
      ? `${today.questions} preguntas nuevas${today.focus.length ? `, empieza por ${today.focus.join(' y ')}` : ''}.`
      : null,
    today.dueCards > 0 ? `${today.dueCards} flashcards para repasar.` : null,
    today.simulacro ? `Hoy toca ${today.simulacro === 'completo' ? 'un simulacro completo' : 'un mini simulacro'}.` : null,
  ].filter((line): line is string => line !== null);
  const subject = today.questions > 0 ? `Tu plan de hoy: ${today.questions} preguntas nuevas` : 'Tu plan de hoy';
  const planUrl = `${brand.appOrigin}/app/plan`;
  const html = layout(
    brand,
    subject,
    `<p>Esto toca hoy en tu plan al ENARM:</p><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p><a href="${escapeHtml(planUrl)}" style="color:#0f766e;font-weight:bold">Abrir mi plan</a></p>
<p style="font-size:13px;color:#475569">¿Ya no quieres este correo? <a href="${escapeHtml(unsubscribeUrl)}" style="color:#475569">Dejar de recibirlo</a> (un clic).</p>`,
  );
  const text = `Esto toca hoy en tu plan al ENARM:\n${lines.map((line) => `- ${line}`).join('\n')}\n\nAbrir mi plan: ${planUrl}\n\n¿Ya no quieres este correo? Dejar de recibirlo: ${unsubscribeUrl}\n`;
  return { to, subject, html, text };
}
