/**
 * «Solicitar factura» (issue 20): the SAT's formats and catalogues a factura (CFDI 4.0) request is checked against,
 * shared by the form and the API contract (no zod here), so both refuse the same data with the same words.
 *
 * The catalogues are c_RegimenFiscal and c_UsoCFDI of the SAT's Anexo 20 (CFDI 4.0), with the columns that matter to
 * the receptor of an invoice: whether a régimen or a uso applies to a persona física or a persona moral, and which
 * receptor régimens each uso is allowed with. Stamping the CFDI happens outside the app, where the SAT's own
 * validation (the name, régimen and postal code against the Constancia de Situación Fiscal) is the final word.
 */

export type PersonType = 'fisica' | 'moral';

/** Business days within which the operator e-mails a factura asked for in «Solicitar factura» (ux N21). */
export const INVOICE_BUSINESS_DAYS = 3;

/** What the receipt and the success page say about a factura: where it is asked for and when it arrives. */
export const INVOICE_HOW_AND_WHEN = `Si necesitas factura (CFDI), pídela en Mi perfil › Pagos › «Solicitar factura» con tus datos fiscales: te la enviamos por correo en un máximo de ${INVOICE_BUSINESS_DAYS} días hábiles.`;

export const PERSON_TYPE_LABELS: Record<PersonType, string> = { fisica: 'persona física', moral: 'persona moral' };

export interface TaxRegime {
  code: string;
  name: string;
  fisica: boolean;
  moral: boolean;
}

/** c_RegimenFiscal, the régimens in force for CFDI 4.0 (609 Consolidación ended in 2019 and is left out). */
// One row per régimen, so the table reads like the SAT's catalogue.
// prettier-ignore
export const TAX_REGIMES: readonly TaxRegime[] = [
  { code: '601', name: 'General de Ley Personas Morales', fisica: false, moral: true },
  { code: '603', name: 'Personas Morales con Fines no Lucrativos', fisica: false, moral: true },
  { code: '605', name: 'Sueldos y Salarios e Ingresos Asimilados a Salarios', fisica: true, moral: false },
  { code: '606', name: 'Arrendamiento', fisica: true, moral: false },
  { code: '607', name: 'Régimen de Enajenación o Adquisición de Bienes', fisica: true, moral: false },
  { code: '608', name: 'Demás ingresos', fisica: true, moral: false },
  { code: '610', name: 'Residentes en el Extranjero sin Establecimiento Permanente en México', fisica: true, moral: true },
  { code: '611', name: 'Ingresos por Dividendos (socios y accionistas)', fisica: true, moral: false },
  { code: '612', name: 'Personas Físicas con Actividades Empresariales y Profesionales', fisica: true, moral: false },
  { code: '614', name: 'Ingresos por intereses', fisica: true, moral: false },
  { code: '615', name: 'Régimen de los ingresos por obtención de premios', fisica: true, moral: false },
  { code: '616', name: 'Sin obligaciones fiscales', fisica: true, moral: false },
  { code: '620', name: 'Sociedades Cooperativas de Producción que optan por diferir sus ingresos', fisica: false, moral: true },
  { code: '621', name: 'Incorporación Fiscal', fisica: true, moral: false },
  { code: '622', name: 'Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras', fisica: false, moral: true },
  { code: '623', name: 'Opcional para Grupos de Sociedades', fisica: false, moral: true },
  { code: '624', name: 'Coordinados', fisica: false, moral: true },
  { code: '625', name: 'Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas', fisica: true, moral: false },
  { code: '626', name: 'Régimen Simplificado de Confianza', fisica: true, moral: true },
];

export interface CfdiUse {
  code: string;
  name: string;
  fisica: boolean;
  moral: boolean;
  /** The receptor's régimens the SAT allows this uso with (c_UsoCFDI, «Régimen Fiscal Receptor»). */
  regimes: readonly string[];
  /**
   * Whether it fits the invoice of a purchase (an ingreso CFDI). G02 belongs to credit notes (egreso), CP01 to
   * payment receipts (tipo P) and CN01 to payroll (tipo N): in the catalogue, never offered here.
   */
  forPurchase: boolean;
}

const BUSINESS = ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'];
const PERSONAL_DEDUCTIONS = ['605', '606', '608', '611', '612', '614', '607', '615', '625'];
/** S01 and CP01 go with every régimen of the catalogue. */
const ANY_RECEPTOR = TAX_REGIMES.map((regime) => regime.code);

/** c_UsoCFDI for CFDI 4.0. */
// prettier-ignore
export const CFDI_USES: readonly CfdiUse[] = [
  { code: 'G01', name: 'Adquisición de mercancías', fisica: true, moral: true, regimes: BUSINESS, forPurchase: true },
  { code: 'G02', name: 'Devoluciones, descuentos o bonificaciones', fisica: true, moral: true, regimes: [...BUSINESS, '616'], forPurchase: false },
  { code: 'G03', name: 'Gastos en general', fisica: true, moral: true, regimes: BUSINESS, forPurchase: true },
  { code: 'I01', name: 'Construcciones', fisica: true, moral: true, regimes: BUSINESS, forPurchase: true },
  { code: 'I02', name: 'Mobiliario y equipo de oficina por inversiones', fisica: true, moral: true, regimes: BUSINESS, forPurchase: true },
  { code: 'I03', name: 'Equipo de transporte', fisica: true, moral: true, regimes: BUSINESS, forPurchase: true },
  { code: 'I04', name: 'Equipo de cómputo y accesorios', fisica: true, moral: true, regimes: BUSINESS, forPurchase: true },
  { code: 'I05', name: 'Dados, troqueles, moldes, matrices y herramental', fisica: true, moral: true, regimes: BUSINESS, forPurchase: true },
  { code: 'I06', name: 'Comunicaciones telefónicas', fisica: true, moral: true, regimes: BUSINESS, forPurchase: true },
  { code: 'I07', name: 'Comunicaciones satelitales', fisica: true, moral: true, regimes: BUSINESS, forPurchase: true },
  { code: 'I08', name: 'Otra maquinaria y equipo', fisica: true, moral: true, regimes: BUSINESS, forPurchase: true },
  { code: 'D01', name: 'Honorarios médicos, dentales y gastos hospitalarios', fisica: true, moral: false, regimes: PERSONAL_DEDUCTIONS, forPurchase: true },
  { code: 'D02', name: 'Gastos médicos por incapacidad o discapacidad', fisica: true, moral: false, regimes: PERSONAL_DEDUCTIONS, forPurchase: true },
  { code: 'D03', name: 'Gastos funerales', fisica: true, moral: false, regimes: PERSONAL_DEDUCTIONS, forPurchase: true },
  { code: 'D04', name: 'Donativos', fisica: true, moral: false, regimes: PERSONAL_DEDUCTIONS, forPurchase: true },
  { code: 'D05', name: 'Intereses reales efectivamente pagados por créditos hipotecarios (casa habitación)', fisica: true, moral: false, regimes: PERSONAL_DEDUCTIONS, forPurchase: true },
  { code: 'D06', name: 'Aportaciones voluntarias al SAR', fisica: true, moral: false, regimes: PERSONAL_DEDUCTIONS, forPurchase: true },
  { code: 'D07', name: 'Primas por seguros de gastos médicos', fisica: true, moral: false, regimes: PERSONAL_DEDUCTIONS, forPurchase: true },
  { code: 'D08', name: 'Gastos de transportación escolar obligatoria', fisica: true, moral: false, regimes: PERSONAL_DEDUCTIONS, forPurchase: true },
  { code: 'D09', name: 'Depósitos en cuentas para el ahorro, primas que tengan como base planes de pensiones', fisica: true, moral: false, regimes: PERSONAL_DEDUCTIONS, forPurchase: true },
  { code: 'D10', name: 'Pagos por servicios educativos (colegiaturas)', fisica: true, moral: false, regimes: PERSONAL_DEDUCTIONS, forPurchase: true },
  { code: 'S01', name: 'Sin efectos fiscales', fisica: true, moral: true, regimes: ANY_RECEPTOR, forPurchase: true },
  { code: 'CP01', name: 'Pagos', fisica: true, moral: true, regimes: ANY_RECEPTOR, forPurchase: false },
  { code: 'CN01', name: 'Nómina', fisica: true, moral: false, regimes: ['605'], forPurchase: false },
];

export function taxRegimeOf(code: string): TaxRegime | undefined {
  return TAX_REGIMES.find((regime) => regime.code === code);
}

export function cfdiUseOf(code: string): CfdiUse | undefined {
  return CFDI_USES.find((use) => use.code === code);
}

/** «601 General de Ley Personas Morales»: how a code is shown to students and staff. */
export function taxRegimeLabel(code: string): string {
  const regime = taxRegimeOf(code);
  return regime ? `${regime.code} ${regime.name}` : code;
}

export function cfdiUseLabel(code: string): string {
  const use = cfdiUseOf(code);
  return use ? `${use.code} ${use.name}` : code;
}

/** The régimens a person of this type may declare; every one while the type is not known yet. */
export function taxRegimesFor(person: PersonType | null): readonly TaxRegime[] {
  return person ? TAX_REGIMES.filter((regime) => regime[person]) : TAX_REGIMES;
}

/** The usos a purchase's invoice may carry for this person and régimen (either may still be unknown). */
export function cfdiUsesFor(person: PersonType | null, regimeCode: string | null): readonly CfdiUse[] {
  return CFDI_USES.filter(
    (use) => use.forPurchase && (!person || use[person]) && (!regimeCode || !taxRegimeOf(regimeCode) || use.regimes.includes(regimeCode)),
  );
}

// RFC: what the SAT's pattern says (Anexo 20: [A-Z&Ñ]{3,4}[0-9]{2}(0[1-9]|1[012])(0[1-9]|[12][0-9]|3[01])[A-Z0-9]{2}[0-9A]),
// with the date checked as a real day. The homoclave's check digit is not recomputed: the SAT has issued RFCs that
// fail it, and a student must never be kept from a factura by a stricter rule than the SAT's.
const RFC_PATTERN = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z\d]{2}[\dA])$/;

/** «Público en general» and «residente en el extranjero»: RFCs of no one, for sales without a named receptor. */
export const GENERIC_RFCS = ['XAXX010101000', 'XEXX010101000'] as const;

/** Upper case, without the spaces, hyphens and dots people copy from a document. */
export function normalizeRfc(value: string): string {
  return value
    .normalize('NFC')
    .toUpperCase()
    .replace(/[\s.-]/g, '');
}

/** By length once normalised: 12 characters is a persona moral, 13 a persona física; anything else is not known. */
export function rfcPersonType(rfc: string): PersonType | null {
  const length = [...normalizeRfc(rfc)].length;
  return length === 12 ? 'moral' : length === 13 ? 'fisica' : null;
}

/** YYMMDD is a day of the calendar (a 29 February needs a leap year; «00» reads as 2000, which was one). */
export function isRealRfcDate(yy: string, mm: string, dd: string): boolean {
  const year = 2000 + Number(yy);
  const month = Number(mm);
  const day = Number(dd);
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export const INVOICE_MESSAGES = {
  paymentRequired: 'Elige el pago que quieres facturar.',
  rfcRequired: 'Escribe tu RFC.',
  rfcFormat:
    'El RFC no tiene el formato del SAT: 13 caracteres si es tuyo (persona física, como GODE561231GR8) o 12 si es de una empresa (persona moral).',
  rfcDate: 'Los 6 números del RFC son una fecha (año, mes y día) y esta no existe. Revísalo en tu Constancia de Situación Fiscal.',
  rfcGeneric: 'Ese es un RFC genérico (público en general o extranjero): la factura necesita tu propio RFC o el de tu empresa.',
  legalNameRequired: 'Escribe tu nombre o razón social tal como aparece en tu Constancia de Situación Fiscal.',
  legalNameTooLong: 'El nombre o razón social tiene como máximo 254 caracteres.',
  legalNamePipe: 'El nombre o razón social no puede llevar el carácter «|».',
  legalNameCapitalRegime:
    'Escribe la razón social sin el régimen societario (sin «S.A. de C.V.», por ejemplo), como aparece en tu Constancia de Situación Fiscal.',
  taxRegimeRequired: 'Elige tu régimen fiscal.',
  taxRegimeUnknown: 'Elige un régimen fiscal de la lista.',
  taxRegimeForMoral: 'Ese régimen fiscal es de personas físicas, y un RFC de 12 caracteres es de una persona moral.',
  taxRegimeForFisica: 'Ese régimen fiscal es de personas morales, y un RFC de 13 caracteres es de una persona física.',
  postalCode: 'Escribe el código postal de tu domicilio fiscal: 5 números.',
  cfdiUseRequired: 'Elige el uso del CFDI.',
  cfdiUseUnknown: 'Elige un uso del CFDI de la lista.',
  cfdiUseNotForPurchase: 'Ese uso del CFDI no aplica a la factura de una compra. Elige otro de la lista.',
  cfdiUseForFisicaOnly: 'Ese uso del CFDI es solo para personas físicas, y un RFC de 12 caracteres es de una persona moral.',
  cfdiUseRegime: 'Ese uso del CFDI no se permite con el régimen fiscal que elegiste. Elige otro de la lista.',
  emailRequired: 'Escribe el correo al que te enviaremos la factura.',
  emailInvalid: 'Escribe un correo válido.',
} as const;

/** Why an RFC is refused, or null. Expects a normalised RFC. */
export function rfcIssue(rfc: string): string | null {
  if (rfc === '') return INVOICE_MESSAGES.rfcRequired;
  if ((GENERIC_RFCS as readonly string[]).includes(rfc)) return INVOICE_MESSAGES.rfcGeneric;
  const match = RFC_PATTERN.exec(rfc);
  if (!match) return INVOICE_MESSAGES.rfcFormat;
  if (!isRealRfcDate(match[2]!, match[3]!, match[4]!)) return INVOICE_MESSAGES.rfcDate;
  return null;
}

export const LEGAL_NAME_MAX = 254;

/** Collapsed spaces and upper case, as the Constancia de Situación Fiscal writes names. */
export function normalizeLegalName(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/g, ' ').toUpperCase();
}

// The régimen societario at the end of a company's name, which CFDI 4.0 leaves out: «S.A. DE C.V.», «SA DE CV»,
// «S. DE R.L. DE C.V.», «S.A.P.I. DE C.V.», or a dotted «S.A.», «S.C.», «A.C.», «S.A.S.», «S. DE R.L.».
const CAPITAL_REGIME_SUFFIX = /(?:\bDE\s*C\.?\s*V\.?|\bS\.\s*A\.(?:\s*S\.)?|\bS\.\s*DE\s+R\.\s*L\.|\bS\.\s*C\.|\bA\.\s*C\.)$/;

export function legalNameIssue(name: string, person: PersonType | null): string | null {
  if (name === '') return INVOICE_MESSAGES.legalNameRequired;
  if (name.length > LEGAL_NAME_MAX) return INVOICE_MESSAGES.legalNameTooLong;
  if (name.includes('|')) return INVOICE_MESSAGES.legalNamePipe;
  if (person === 'moral' && CAPITAL_REGIME_SUFFIX.test(name)) return INVOICE_MESSAGES.legalNameCapitalRegime;
  return null;
}

/** Five digits; no Mexican postal code starts with 00. */
export function postalCodeIssue(postalCode: string): string | null {
  return /^\d{5}$/.test(postalCode) && !postalCode.startsWith('00') ? null : INVOICE_MESSAGES.postalCode;
}

export function taxRegimeIssue(code: string, person: PersonType | null): string | null {
  if (code === '') return INVOICE_MESSAGES.taxRegimeRequired;
  const regime = taxRegimeOf(code);
  if (!regime) return INVOICE_MESSAGES.taxRegimeUnknown;
  if (person && !regime[person]) return person === 'moral' ? INVOICE_MESSAGES.taxRegimeForMoral : INVOICE_MESSAGES.taxRegimeForFisica;
  return null;
}

export function cfdiUseIssue(code: string, person: PersonType | null, regimeCode: string): string | null {
  if (code === '') return INVOICE_MESSAGES.cfdiUseRequired;
  const use = cfdiUseOf(code);
  if (!use) return INVOICE_MESSAGES.cfdiUseUnknown;
  if (!use.forPurchase) return INVOICE_MESSAGES.cfdiUseNotForPurchase;
  if (person && !use[person]) return INVOICE_MESSAGES.cfdiUseForFisicaOnly;
  // Judged against the régimen only when that régimen is a valid choice itself, so one mistake gives one message.
  if (taxRegimeIssue(regimeCode, person) === null && !use.regimes.includes(regimeCode)) return INVOICE_MESSAGES.cfdiUseRegime;
  return null;
}

export interface InvoiceFiscalData {
  rfc: string;
  legalName: string;
  taxRegime: string;
  postalCode: string;
  cfdiUse: string;
}

/** Every field's first issue, the persona type read from the RFC. Expects normalised values. */
export function fiscalDataIssues(data: InvoiceFiscalData): Partial<Record<keyof InvoiceFiscalData, string>> {
  const rfc = rfcIssue(data.rfc);
  const person = rfc === null ? rfcPersonType(data.rfc) : null;
  const issues: Partial<Record<keyof InvoiceFiscalData, string>> = {};
  const found = {
    rfc,
    legalName: legalNameIssue(data.legalName, person),
    taxRegime: taxRegimeIssue(data.taxRegime, person),
    postalCode: postalCodeIssue(data.postalCode),
    cfdiUse: cfdiUseIssue(data.cfdiUse, person, data.taxRegime),
  };
  for (const [field, message] of Object.entries(found) as [keyof InvoiceFiscalData, string | null][]) {
    if (message) issues[field] = message;
  }
  return issues;
}

export const INVOICE_STATUSES = ['requested', 'issued'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
