import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button-styles';
import { getAppName } from '../../lib/brand';
import { ClinicalCaseMock } from './demo-mocks';
import { usePublicCounts } from './use-public-counts';

const integer = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 0 });

export function HeroSection({ signedIn }: { signedIn: boolean }) {
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 pb-14 pt-10 sm:px-6 md:pt-16 lg:grid-cols-[1.15fr_1fr] lg:pb-20">
        <div>
          <p className="inline-flex rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-900">Preparación para el ENARM</p>
          <h1 id="hero-title" className="mt-4 text-4xl font-extrabold leading-tight tracking-tight text-slate-900 sm:text-5xl">
            Practica para el ENARM con casos clínicos como los del examen
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-700">
            Resuelve casos clínicos y preguntas por especialidad, entrena con cronómetro y repasa las Guías de Práctica Clínica con
            flashcards. Tus estadísticas te dicen qué estudiar después.
          </p>

          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            {signedIn ? (
              <Link to="/app" data-cta="hero-app" className={buttonClassName('primary', 'lg')}>
                Ir a mi panel
              </Link>
            ) : (
              <Link to="/signup" data-cta="hero-signup" className={buttonClassName('primary', 'lg')}>
                Comienza gratis
              </Link>
            )}
            <a href="#demo" data-cta="hero-demo" className={buttonClassName('secondary', 'lg')}>
              Ver cómo funciona
            </a>
          </div>
          <p className="mt-3 text-sm text-slate-600">Sin tarjeta para empezar · Precios en pesos mexicanos</p>

          <SocialProof />
        </div>

        <div aria-hidden="true" className="hidden lg:block">
          <ClinicalCaseMock />
        </div>
      </div>
    </section>
  );
}

/** Figures from the database (decisions: Brand); a figure of 0 or a failed call shows nothing. */
function SocialProof() {
  const counts = usePublicCounts();
  const figures: string[] = [];
  if (counts && counts.students > 0) figures.push(`Más de ${integer.format(counts.students)} estudiantes se preparan con ${getAppName()}`);
  if (counts && counts.flashcards > 0) figures.push(`${integer.format(counts.flashcards)}+ flashcards de GPC`);
  if (counts && counts.ownQuestions > 0) {
    figures.push(
      counts.mirQuestions > 0
        ? `${integer.format(counts.ownQuestions)} preguntas propias ENARM · ${integer.format(counts.mirQuestions)} preguntas MIR España`
        : `${integer.format(counts.ownQuestions)} preguntas propias ENARM`,
    );
  }

  // The reserved height keeps the page from jumping when the figures arrive.
  return (
    <div className="mt-6 min-h-14 sm:min-h-7">
      {figures.length > 0 && (
        <ul className="flex flex-col gap-x-6 gap-y-2 text-slate-700 sm:flex-row sm:flex-wrap" data-testid="social-proof">
          {figures.map((figure) => (
            <li key={figure} className="flex items-center gap-2">
              <span aria-hidden="true" className="size-2 rounded-full bg-brand-600" />
              <span className="font-semibold">{figure}</span>
            </li>
          ))}
        </ul>
      )}
      {counts && counts.mirQuestions > 0 && (
        <p className="mt-2 text-xs text-slate-600">
          Preguntas MIR España: exámenes del Ministerio de Sanidad de España, vía HEAD-QA (licencia MIT) y CasiMedicos-Arg (CC BY 4.0), con
          su fuente en cada pregunta.
        </p>
      )}
    </div>
  );
}
