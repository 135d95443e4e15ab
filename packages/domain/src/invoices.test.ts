import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InvoiceFiscalFormSchema, InvoiceRequestBodySchema } from './contracts/invoices.ts';
import { firstFieldErrors } from './forms.ts';
import {
  CFDI_USES,
  cfdiUsesFor,
  fiscalDataIssues,
  INVOICE_MESSAGES,
  isRealRfcDate,
  legalNameIssue,
  normalizeLegalName,
  normalizeRfc,
  postalCodeIssue,
  rfcIssue,
  rfcPersonType,
  TAX_REGIMES,
  taxRegimesFor,
} from './invoices.ts';

const PERSON = { rfc: 'GODE561231GR8', legalName: 'EMILIA GÓMEZ DÍAZ', taxRegime: '612', postalCode: '06700', cfdiUse: 'G03' };
const COMPANY = { rfc: 'EKU9003173C9', legalName: 'ESCUELA KEMPER URGATE', taxRegime: '601', postalCode: '42501', cfdiUse: 'G03' };

describe('RFC', () => {
  it('accepts the SAT formats: 13 characters for a persona física, 12 for a persona moral, & and Ñ included', () => {
    for (const rfc of ['GODE561231GR8', 'EKU9003173C9', 'ÑUÑE800229AB1', 'A&B010101AB1', 'MOSR7801015A0']) expect(rfcIssue(rfc)).toBeNull();
    expect(rfcPersonType('GODE561231GR8')).toBe('fisica');
    expect(rfcPersonType('EKU9003173C9')).toBe('moral');
    expect(rfcPersonType('GODE56')).toBeNull();
  });

  it('normalises what people copy: lower case, spaces, hyphens and dots', () => {
    expect(normalizeRfc(' gode-561231-gr8 ')).toBe('GODE561231GR8');
    expect(normalizeRfc('EKU 900317 3C9')).toBe('EKU9003173C9');
  });

  it('refuses the wrong length, letters where the date goes and a homoclave check character other than a digit or A', () => {
    for (const rfc of ['GODE561231GR', 'GODE561231GR8X', 'GO1E561231GR8', 'GODE5612A1GR8', 'GODE561231GRB', 'EK9003173C9']) {
      expect(rfcIssue(rfc)).toBe(INVOICE_MESSAGES.rfcFormat);
    }
    expect(rfcIssue('')).toBe(INVOICE_MESSAGES.rfcRequired);
  });

  it('refuses a date that does not exist, and takes 29 February only in a leap year', () => {
    expect(rfcIssue('GODE561331GR8')).toBe(INVOICE_MESSAGES.rfcDate);
    expect(rfcIssue('GODE560230GR8')).toBe(INVOICE_MESSAGES.rfcDate);
    expect(rfcIssue('GODE560000GR8')).toBe(INVOICE_MESSAGES.rfcDate);
    expect(rfcIssue('GODE010229GR8')).toBe(INVOICE_MESSAGES.rfcDate);
    expect(rfcIssue('GODE040229GR8')).toBeNull();
    expect(isRealRfcDate('00', '02', '29')).toBe(true);
    expect(isRealRfcDate('99', '04', '31')).toBe(false);
  });

  it('refuses the generic RFCs of «público en general» and foreigners: they are nobody’s invoice', () => {
    expect(rfcIssue('XAXX010101000')).toBe(INVOICE_MESSAGES.rfcGeneric);
    expect(rfcIssue('XEXX010101000')).toBe(INVOICE_MESSAGES.rfcGeneric);
  });
});

describe('the SAT catalogues', () => {
  it('keeps each régimen for the persona types it applies to', () => {
    const codes = (person: 'fisica' | 'moral') => taxRegimesFor(person).map((regime) => regime.code);
    expect(codes('moral')).toEqual(['601', '603', '610', '620', '622', '623', '624', '626']);
    expect(codes('fisica')).toEqual(['605', '606', '607', '608', '610', '611', '612', '614', '615', '616', '621', '625', '626']);
    expect(taxRegimesFor(null)).toHaveLength(TAX_REGIMES.length);
    expect(new Set(TAX_REGIMES.map((regime) => regime.code)).size).toBe(TAX_REGIMES.length);
  });

  it('offers for a purchase only the usos an ingreso CFDI can carry, for the person and the régimen', () => {
    expect(new Set(CFDI_USES.map((use) => use.code)).size).toBe(CFDI_USES.length);
    const offered = (person: 'fisica' | 'moral' | null, regime: string | null) => cfdiUsesFor(person, regime).map((use) => use.code);
    expect(offered(null, null)).not.toContain('CP01');
    expect(offered(null, null)).not.toContain('CN01');
    expect(offered(null, null)).not.toContain('G02');
    // A company: expenses and investments, never the personal deductions.
    expect(offered('moral', '601')).toEqual(['G01', 'G03', 'I01', 'I02', 'I03', 'I04', 'I05', 'I06', 'I07', 'I08', 'S01']);
    // A salaried student cannot book expenses: the personal deductions or «Sin efectos fiscales».
    expect(offered('fisica', '605')).toEqual(['D01', 'D02', 'D03', 'D04', 'D05', 'D06', 'D07', 'D08', 'D09', 'D10', 'S01']);
    // A professional (612) may use both.
    expect(offered('fisica', '612')).toContain('G03');
    expect(offered('fisica', '612')).toContain('D10');
    // Without obligations (616): only «Sin efectos fiscales».
    expect(offered('fisica', '616')).toEqual(['S01']);
  });
});

describe('the rest of the fiscal data', () => {
  it('wants a company name without its régimen societario, as CFDI 4.0 does', () => {
    expect(normalizeLegalName('  Escuela   Kemper  Urgate ')).toBe('ESCUELA KEMPER URGATE');
    for (const name of [
      'ESCUELA KEMPER URGATE S.A. DE C.V.',
      'ESCUELA KEMPER URGATE SA DE CV',
      'GRUPO S. DE R.L. DE C.V.',
      'CLINICA S.C.',
    ]) {
      expect(legalNameIssue(name, 'moral')).toBe(INVOICE_MESSAGES.legalNameCapitalRegime);
    }
    expect(legalNameIssue('ESCUELA KEMPER URGATE', 'moral')).toBeNull();
    expect(legalNameIssue('', 'fisica')).toBe(INVOICE_MESSAGES.legalNameRequired);
    expect(legalNameIssue('A|B', 'fisica')).toBe(INVOICE_MESSAGES.legalNamePipe);
  });

  it('takes a postal code of five digits', () => {
    expect(postalCodeIssue('06700')).toBeNull();
    for (const code of ['6700', '067000', 'O6700', '00123']) expect(postalCodeIssue(code)).toBe(INVOICE_MESSAGES.postalCode);
  });

  it('checks the régimen and the uso against the persona type the RFC says', () => {
    expect(fiscalDataIssues(PERSON)).toEqual({});
    expect(fiscalDataIssues(COMPANY)).toEqual({});
    expect(fiscalDataIssues({ ...PERSON, taxRegime: '601' })).toEqual({
      taxRegime: INVOICE_MESSAGES.taxRegimeForFisica,
      // One mistake, one message: the uso is not judged against a régimen that is wrong itself.
    });
    expect(fiscalDataIssues({ ...COMPANY, taxRegime: '612' })).toEqual({ taxRegime: INVOICE_MESSAGES.taxRegimeForMoral });
    expect(fiscalDataIssues({ ...COMPANY, cfdiUse: 'D10' })).toEqual({ cfdiUse: INVOICE_MESSAGES.cfdiUseForFisicaOnly });
    expect(fiscalDataIssues({ ...PERSON, taxRegime: '605', cfdiUse: 'G03' })).toEqual({ cfdiUse: INVOICE_MESSAGES.cfdiUseRegime });
    expect(fiscalDataIssues({ ...PERSON, cfdiUse: 'CP01' })).toEqual({ cfdiUse: INVOICE_MESSAGES.cfdiUseNotForPurchase });
    expect(fiscalDataIssues({ ...PERSON, taxRegime: '999', cfdiUse: 'Z99' })).toEqual({
      taxRegime: INVOICE_MESSAGES.taxRegimeUnknown,
      cfdiUse: INVOICE_MESSAGES.cfdiUseUnknown,
    });
  });
});

describe('the contract', () => {
  it('normalises what it accepts, and names every field’s first issue in Spanish', () => {
    const parsed = InvoiceFiscalFormSchema.parse({
      ...PERSON,
      rfc: 'gode-561231-gr8',
      legalName: 'Emilia  Gómez Díaz',
      cfdiUse: 'g03',
      email: ' Emilia@Example.com ',
    });
    expect(parsed).toEqual({ ...PERSON, email: 'emilia@example.com' });

    const refused = InvoiceFiscalFormSchema.safeParse({
      rfc: 'XAXX010101000',
      legalName: '',
      taxRegime: '',
      postalCode: '1',
      cfdiUse: '',
      email: 'x',
    });
    expect(refused.success).toBe(false);
    expect(firstFieldErrors(refused.error!)).toEqual({
      rfc: INVOICE_MESSAGES.rfcGeneric,
      legalName: INVOICE_MESSAGES.legalNameRequired,
      taxRegime: INVOICE_MESSAGES.taxRegimeRequired,
      postalCode: INVOICE_MESSAGES.postalCode,
      cfdiUse: INVOICE_MESSAGES.cfdiUseRequired,
      email: INVOICE_MESSAGES.emailInvalid,
    });
    const missing = InvoiceRequestBodySchema.safeParse({});
    expect(firstFieldErrors(missing.error!).paymentId).toBe(INVOICE_MESSAGES.paymentRequired);
  });

  it('converts to JSON Schema for /api/docs', () => {
    expect(z.toJSONSchema(InvoiceRequestBodySchema, { io: 'input' })).toHaveProperty('type', 'object');
  });
});
