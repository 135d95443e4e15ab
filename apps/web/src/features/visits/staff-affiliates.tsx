import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CreateAffiliateBodySchema } from '@galeno/domain/contracts/affiliates';
import { firstFieldErrors } from '@galeno/domain/forms';
import { DEFAULT_AFFILIATE_COMMISSION } from '@galeno/domain/timings';
import { buttonClassName } from '../../components/ui/button-styles';
import { TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/toast';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { createAffiliate, type AffiliateDetail } from './api';
import { formatDateTime, formatRate } from './format';
import { TableFrame, tableClassName, tdClassName, thClassName } from './table-frame';

export const AFFILIATE_CREATED = 'Afiliado creado correctamente';
export const COMMISSION_INVALID = 'La comisión debe ser un número entre 0 y 100';

type Field = 'shortId' | 'name' | 'ownerEmail' | 'commissionPercent';
type Values = Record<Field, string>;

const FIELD_IDS: Record<Field, string> = {
  shortId: 'affiliate-short-id',
  name: 'affiliate-name',
  ownerEmail: 'affiliate-owner-email',
  commissionPercent: 'affiliate-commission',
};
const EMPTY: Values = { shortId: '', name: '', ownerEmail: '', commissionPercent: String(DEFAULT_AFFILIATE_COMMISSION * 100) };

/**
 * Staff create affiliates here (decisions: affiliates and metrics): short id, name, owner e-mail and
 * commission, checked with the same schema as the server. A new affiliate joins the list at once.
 */
export function StaffAffiliates({ initialAffiliates }: { initialAffiliates: AffiliateDetail[] }) {
  const [affiliates, setAffiliates] = useState(initialAffiliates);
  return (
    <section aria-labelledby="affiliates-title" className="space-y-4">
      <div>
        <h2 id="affiliates-title" className="text-xl font-bold text-slate-900">
          Afiliados
        </h2>
        <p className="text-sm text-slate-600">
          Cada afiliado tiene un enlace /a/identificador y un panel que solo ven su dueño y el equipo.
        </p>
      </div>
      <div className="space-y-6">
        <AffiliateTable affiliates={affiliates} />
        <CreateAffiliateForm
          onCreated={(created) => setAffiliates((current) => [created, ...current.filter((item) => item.shortId !== created.shortId)])}
        />
      </div>
    </section>
  );
}

function AffiliateTable({ affiliates }: { affiliates: AffiliateDetail[] }) {
  if (affiliates.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-slate-600">
        Aún no hay afiliados
      </p>
    );
  }
  return (
    <TableFrame captionId="affiliates-caption" tall>
      <table className={tableClassName}>
        <caption id="affiliates-caption" className="sr-only">
          Afiliados, del más reciente al más antiguo
        </caption>
        <thead>
          <tr>
            {['Identificador', 'Nombre', 'Correo del dueño', 'Comisión', 'Creado', 'Panel'].map((header) => (
              <th key={header} scope="col" className={`${thClassName} ${header === 'Comisión' ? 'text-right' : ''}`}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {affiliates.map((affiliate) => (
            <tr key={affiliate.shortId} className="border-t border-slate-100">
              <th scope="row" className={`${tdClassName} font-medium text-slate-900`}>
                <code>{affiliate.shortId}</code>
              </th>
              <td className={`${tdClassName} min-w-40`}>{affiliate.name}</td>
              <td className={`${tdClassName} whitespace-nowrap`}>{affiliate.ownerEmail}</td>
              <td className={`${tdClassName} text-right tabular-nums`}>{formatRate(affiliate.commissionRate)}</td>
              <td className={`${tdClassName} whitespace-nowrap`}>
                <time dateTime={affiliate.createdAt}>{formatDateTime(affiliate.createdAt)}</time>
              </td>
              <td className={tdClassName}>
                <Link
                  to={`/affiliate-metrics/${affiliate.shortId}`}
                  className="font-semibold whitespace-nowrap text-brand-800 underline underline-offset-2"
                >
                  Ver panel <span className="sr-only">de {affiliate.name}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

function CreateAffiliateForm({ onCreated }: { onCreated: (affiliate: AffiliateDetail) => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);

  const update = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  };

  const showErrors = (fieldErrors: Partial<Record<Field, string>>) => {
    setErrors(fieldErrors);
    const first = (Object.keys(FIELD_IDS) as Field[]).find((field) => fieldErrors[field]);
    if (first) document.getElementById(FIELD_IDS[first])?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const percent = Number(values.commissionPercent.trim().replace(',', '.'));
    const commissionValid = values.commissionPercent.trim() !== '' && Number.isFinite(percent) && percent >= 0 && percent <= 100;
    const parsed = CreateAffiliateBodySchema.safeParse({
      shortId: values.shortId.trim(),
      name: values.name.trim(),
      ownerEmail: values.ownerEmail.trim(),
      // Rounded so 12.5 % travels as 0.125, not 0.12500000000000003.
      commissionRate: commissionValid ? Math.round(percent * 100) / 10_000 : DEFAULT_AFFILIATE_COMMISSION,
    });
    const fieldErrors: Partial<Record<Field, string>> = parsed.success
      ? {}
      : (firstFieldErrors(parsed.error) as Partial<Record<Field, string>>);
    if (!commissionValid) fieldErrors.commissionPercent = COMMISSION_INVALID;
    if (!parsed.success || !commissionValid) return showErrors(fieldErrors);

    setSubmitting(true);
    try {
      const created = await createAffiliate(parsed.data);
      onCreated(created);
      setValues(EMPTY);
      toast.success(AFFILIATE_CREATED);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE);
      if (error instanceof ApiError && error.code === 'AFFILIATE_EXISTS') showErrors({ shortId: error.message });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      noValidate
      aria-labelledby="create-affiliate-title"
      onSubmit={(event) => void submit(event)}
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-5"
    >
      <h3 id="create-affiliate-title" className="text-lg font-bold text-slate-900 sm:col-span-2">
        Nuevo afiliado
      </h3>
      <TextField
        id={FIELD_IDS.shortId}
        label="Identificador"
        hint="Va en el enlace /a/identificador: de 2 a 40 minúsculas, números o guiones."
        value={values.shortId}
        onChange={(event) => update('shortId', event.target.value)}
        error={errors.shortId}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        maxLength={40}
      />
      <TextField
        id={FIELD_IDS.name}
        label="Nombre"
        hint="Se muestra a quien abre el enlace: «Te invitó …»."
        value={values.name}
        onChange={(event) => update('name', event.target.value)}
        error={errors.name}
        autoComplete="off"
        maxLength={100}
      />
      <TextField
        id={FIELD_IDS.ownerEmail}
        label="Correo del dueño"
        hint="Con este correo la persona afiliada entra a su panel."
        type="email"
        inputMode="email"
        value={values.ownerEmail}
        onChange={(event) => update('ownerEmail', event.target.value)}
        error={errors.ownerEmail}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
      <TextField
        id={FIELD_IDS.commissionPercent}
        label="Comisión (%)"
        hint="Porcentaje de cada pago de sus referidos."
        inputMode="decimal"
        value={values.commissionPercent}
        onChange={(event) => update('commissionPercent', event.target.value)}
        error={errors.commissionPercent}
        autoComplete="off"
      />
      <button
        type="submit"
        disabled={submitting}
        className={buttonClassName('primary', 'md', 'w-full sm:col-span-2 sm:w-auto sm:justify-self-start')}
      >
        {submitting ? 'Creando...' : 'Crear afiliado'}
      </button>
    </form>
  );
}
