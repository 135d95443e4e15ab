import { Link } from 'react-router';
import { formatMXN } from '@galeno/domain/format';
import { getPlan, GROUP_MAX_INVITES } from '@galeno/domain/plans';
import { buttonClassName } from '../../components/ui/button-styles';
import { BackToHome } from './back-to-home';
import { GROUP_OFFER, perPersonPrice } from './plan-pricing';

const STEPS = [
  `Compra un plan grupal: recibes tu membresía y ${GROUP_MAX_INVITES} más para tus compañeros.`,
  'Invita a cada persona con su correo electrónico desde esta página.',
  'Cada persona recibe un correo con su enlace, inicia sesión con ese correo y activa su membresía.',
] as const;

/** What a person without a group plan sees (spec: "With no group plan it shows an explainer"). */
export function GroupExplainer() {
  const example = getPlan('1-year');
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BackToHome />
      <section aria-labelledby="group-explainer-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <h1 id="group-explainer-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Membresía grupal
        </h1>
        <p className="mt-2 text-lg text-slate-700">
          Aún no tienes un plan grupal. Estudien juntos para el ENARM y paguen menos:{' '}
          <strong className="text-slate-900">{GROUP_OFFER}</strong>.
        </p>
        <h2 className="mt-6 font-bold text-slate-900">¿Cómo funciona?</h2>
        <ol className="mt-3 space-y-3">
          {STEPS.map((step, index) => (
            <li key={step} className="flex gap-3 text-slate-800">
              <span
                aria-hidden="true"
                className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-bold text-brand-900"
              >
                {index + 1}
              </span>
              {step}
            </li>
          ))}
        </ol>
        <p className="mt-6 rounded-xl bg-brand-50 p-4 text-brand-950">
          Por ejemplo, el plan grupal de {example.title} cuesta {formatMXN(example.groupPrice)} MXN:{' '}
          {formatMXN(perPersonPrice(example.groupPrice))} MXN por persona.
        </p>
        <Link to="/app/membership-pay?mode=group" className={buttonClassName('primary', 'md', 'mt-6 w-full sm:w-auto')}>
          Ver planes grupales
        </Link>
      </section>
    </div>
  );
}
