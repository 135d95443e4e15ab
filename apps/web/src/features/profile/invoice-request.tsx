import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { PaymentRecord } from '@galeno/domain/contracts/payments';
import { InvoiceFiscalFormSchema, type InvoiceFiscalForm, type InvoiceRequest } from '@galeno/domain/contracts/invoices';
import { formatMXN } from '@galeno/domain/format';
import { firstFieldErrors } from '@galeno/domain/forms';
import {
  CFDI_USES,
  cfdiUsesFor,
  PERSON_TYPE_LABELS,
  rfcPersonType,
  TAX_REGIMES,
  taxRegimesFor,
  type PersonType,
} from '@galeno/domain/invoices';
import { buttonClassName } from '../../components/ui/button-styles';
import { inputClassName, TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/toast';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { requestInvoice } from './invoice-api';

type Field = keyof InvoiceFiscalForm;
type Values = Record<Field, string>;
/** The order the form shows them in: the first field with an error takes focus. */
const FIELDS: readonly Field[] = ['rfc', 'legalName', 'taxRegime', 'cfdiUse', 'postalCode', 'email'];

const fiscalValues = (from: Values | InvoiceRequest): Values => ({
  rfc: from.rfc,
  legalName: from.legalName,
  taxRegime: from.taxRegime,
  cfdiUse: from.cfdiUse,
  postalCode: from.postalCode,
  email: from.email,
});

/** What a select offers, and the chosen value even when it no longer fits (the check says so; nothing typed is lost). */
function withChosen<T extends { code: string }>(offered: readonly T[], all: readonly T[], chosen: string): readonly T[] {
  if (!chosen || offered.some((item) => item.code === chosen)) return offered;
  const kept = all.find((item) => item.code === chosen);
  return kept ? [...offered, kept] : offered;
}

/**
 * A paid payment's factura (issue 20): «Solicitar factura» opens the form; once sent the payment says «Factura
 * solicitada» and offers «Corregir datos» until staff mark it «Factura emitida». The form is checked with the same
 * schema the server applies, and a failure keeps everything typed.
 */
export function PaymentInvoice({
  payment,
  request,
  lastRequest,
  accountEmail,
  onSaved,
}: {
  payment: PaymentRecord;
  /** This payment's request, if any. */
  request: InvoiceRequest | undefined;
  /** The student's latest request for any payment: fiscal data rarely change, so a new form starts from it. */
  lastRequest: InvoiceRequest | undefined;
  accountEmail: string;
  onSaved: (saved: InvoiceRequest) => void;
}) {
  const formId = useId();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  if (payment.status !== 'paid' && !request) return null;

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };
  const initial: Values = request
    ? fiscalValues(request)
    : lastRequest
      ? fiscalValues(lastRequest)
      : { rfc: '', legalName: '', taxRegime: '', cfdiUse: '', postalCode: '', email: accountEmail };
  const toggleLabel = open ? 'Cerrar' : request ? 'Corregir datos' : 'Solicitar factura';

  return (
    <div className="mt-2">
      {request?.status === 'issued' ? (
        <p className="text-sm">
          <span className="font-semibold text-emerald-800">Factura emitida</span>
          <span className="text-slate-600"> · la enviamos a {request.email}</span>
        </p>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          {request ? (
            <p className="text-sm">
              <span className="font-semibold text-amber-800">Factura solicitada</span>
              <span className="text-slate-600"> · la enviaremos a {request.email}</span>
            </p>
          ) : (
            <span aria-hidden="true" />
          )}
          <button
            ref={toggleRef}
            type="button"
            aria-expanded={open}
            aria-controls={formId}
            // Each payment has one: the name says which (the visible words come first, as spoken).
            aria-label={`${toggleLabel} del pago ${payment.reference}`}
            onClick={() => (open ? close() : setOpen(true))}
            className={buttonClassName('secondary', 'sm', 'w-full sm:w-auto')}
          >
            {toggleLabel}
          </button>
        </div>
      )}
      {open && request?.status !== 'issued' && (
        <InvoiceForm
          id={formId}
          payment={payment}
          initial={initial}
          correcting={request !== undefined}
          onCancel={close}
          onSaved={(saved) => {
            onSaved(saved);
            close();
          }}
        />
      )}
    </div>
  );
}

function InvoiceForm({
  id,
  payment,
  initial,
  correcting,
  onCancel,
  onSaved,
}: {
  id: string;
  payment: PaymentRecord;
  initial: Values;
  correcting: boolean;
  onCancel: () => void;
  onSaved: (saved: InvoiceRequest) => void;
}) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const fieldId = (field: Field) => `${id}-${field}`;
  const person = rfcPersonType(values.rfc);
  const regimes = withChosen(taxRegimesFor(person), TAX_REGIMES, values.taxRegime);
  const uses = withChosen(cfdiUsesFor(person, values.taxRegime || null), CFDI_USES, values.cfdiUse);

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFailure(null);
    // Editing a field clears its error (the next check judges the selects again against the new RFC or régimen).
    setErrors((current) => {
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const parsed = InvoiceFiscalFormSchema.safeParse(values);
    if (!parsed.success) {
      const found = firstFieldErrors(parsed.error) as Partial<Record<Field, string>>;
      setErrors(found);
      const first = FIELDS.find((field) => found[field]);
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      const saved = await requestInvoice({ paymentId: payment.id, ...parsed.data });
      toast.success(
        correcting ? 'Guardamos los datos corregidos de tu factura.' : `Recibimos tu solicitud. Te enviaremos la factura a ${saved.email}.`,
      );
      onSaved(saved);
    } catch (error) {
      setSending(false);
      setFailure(error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE);
    }
  };

  const personHint = (kind: PersonType | null, what: string) =>
    kind
      ? `Te mostramos ${what} de ${PERSON_TYPE_LABELS[kind]}, porque tu RFC tiene ${kind === 'moral' ? 12 : 13} caracteres.`
      : `Escribe tu RFC para ver solo ${what} que te corresponden.`;

  return (
    <form
      id={id}
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit(event)}
      className="mt-3 space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-3 sm:p-4"
    >
      <div>
        <h3 id={`${id}-title`} className="font-bold text-slate-900">
          Datos para tu factura
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          Pago {payment.reference} · {formatMXN(payment.amountPaid)} MXN. Copia los datos de tu Constancia de Situación Fiscal.
        </p>
      </div>
      <TextField
        id={fieldId('rfc')}
        label="RFC"
        hint="13 caracteres si la factura es a tu nombre (persona física) o 12 si es a nombre de una empresa (persona moral)."
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        value={values.rfc}
        onChange={(event) => change('rfc', event.target.value)}
        error={errors.rfc}
      />
      <TextField
        id={fieldId('legalName')}
        label="Nombre o razón social"
        hint="Tal como aparece en tu constancia. Si es una empresa, sin el régimen societario (por ejemplo, sin «S.A. de C.V.»)."
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={300}
        value={values.legalName}
        onChange={(event) => change('legalName', event.target.value)}
        error={errors.legalName}
      />
      <SelectField
        id={fieldId('taxRegime')}
        label="Régimen fiscal"
        hint={personHint(person, 'los regímenes')}
        value={values.taxRegime}
        onChange={(value) => change('taxRegime', value)}
        error={errors.taxRegime}
      >
        <option value="">Elige tu régimen fiscal</option>
        {regimes.map((regime) => (
          <option key={regime.code} value={regime.code}>
            {regime.code} {regime.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={fieldId('cfdiUse')}
        label="Uso del CFDI"
        hint="Para esta membresía lo común es G03 «Gastos en general». Si tu régimen no lo permite (por ejemplo, sueldos y salarios), elige S01 «Sin efectos fiscales». La membresía no es una colegiatura (D10)."
        value={values.cfdiUse}
        onChange={(value) => change('cfdiUse', value)}
        error={errors.cfdiUse}
      >
        <option value="">Elige el uso del CFDI</option>
        {uses.map((use) => (
          <option key={use.code} value={use.code}>
            {use.code} {use.name}
          </option>
        ))}
      </SelectField>
      <TextField
        id={fieldId('postalCode')}
        label="Código postal"
        hint="El de tu domicilio fiscal, como aparece en tu constancia."
        inputMode="numeric"
        autoComplete="off"
        maxLength={5}
        value={values.postalCode}
        onChange={(event) => change('postalCode', event.target.value)}
        error={errors.postalCode}
      />
      <TextField
        id={fieldId('email')}
        label="Correo para recibir la factura"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        value={values.email}
        onChange={(event) => change('email', event.target.value)}
        error={errors.email}
      />
      {failure && (
        <p role="alert" className="rounded-lg bg-rose-50 p-3 text-sm text-rose-900">
          {failure}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} disabled={sending} className={buttonClassName('secondary', 'md', 'w-full sm:w-auto')}>
          Cancelar
        </button>
        <button type="submit" disabled={sending} className={buttonClassName('primary', 'md', 'w-full sm:w-auto')}>
          {sending ? 'Enviando...' : correcting ? 'Guardar cambios' : 'Enviar solicitud'}
        </button>
      </div>
    </form>
  );
}

/** A labelled select with its hint and error wired through aria-describedby, as TextField does for inputs. */
function SelectField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {hint}
      </p>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${inputClassName} ${error ? 'border-red-600' : 'border-slate-300'}`}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
