import { LandingLink } from './landing-link';
import { formatCount } from '@galeno/domain/format';
import { buttonClassName } from '../../components/ui/button-styles';
import { getAppName } from '../../lib/brand';
import type { PublicCounts } from './api';
import { ClinicalCaseMock } from './demo-mocks';
import { usePublicCounts, type PublicCountsState } from './use-public-counts';

export function HeroSection({ signedIn }: { signedIn: boolean }) {
  const counts = usePublicCounts();
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

          {signedIn ? (
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <LandingLink to="/app" data-cta="hero-app" className={buttonClassName('primary', 'lg')}>
                Ir a mi panel
              </LandingLink>
              <a href="#demo" data-cta="hero-demo" className={buttonClassName('secondary', 'lg')}>
                Ver cómo funciona
              </a>
            </div>
          ) : (
            <>
              {/*
                Trying comes first: it asks for nothing, and /trial-period is the same door as the free-trial card below.
                From 640 px a label stays on one line; a button that does not fit moves to the next row instead.
              */}
              <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
                <LandingLink to="/trial-period" data-cta="hero-trial" className={buttonClassName('primary', 'lg', 'sm:whitespace-nowrap')}>
                  Probar 5 minutos sin registro
                </LandingLink>
                <LandingLink to="/signup" data-cta="hero-signup" className={buttonClassName('secondary', 'lg', 'sm:whitespace-nowrap')}>
                  Crear cuenta gratis
                </LandingLink>
              </div>
              <p className="mt-3 text-sm text-slate-600">Sin correo ni tarjeta para probar · Precios en pesos mexicanos</p>
              <a
                href="#demo"
                data-cta="hero-demo"
                className="mt-1 inline-flex min-h-11 items-center rounded-lg font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900"
              >
                Ver cómo funciona
              </a>
            </>
          )}

          <BankFigures state={counts} />
        </div>

        <div aria-hidden="true" className="hidden lg:block">
          <ClinicalCaseMock />
        </div>
      </div>
    </section>
  );
}

type FigureKey = 'own-questions' | 'mir-questions' | 'flashcards';

/** What each figure counts, in the order shown; the labels read after the number, as in the app's bank choice. */
const FIGURE_LABELS: Record<FigureKey, string> = {
  'own-questions': 'preguntas propias ENARM',
  'mir-questions': 'preguntas MIR España',
  flashcards: 'flashcards de las GPC',
};

interface Figure {
  key: FigureKey;
  value: number;
  /** Rounded down (by the server's friendlyCount), so it reads "1,000+" and never claims more than is there. */
  roundedDown: boolean;
}

/**
 * What the bank holds, as GET /api/visits/public-counts sends it (decisions: Brand): questions counted exactly
 * per bank (decision 013, as the app's bank choice shows them), flashcards already rounded down. A figure of 0
 * is not shown. The endpoint counts questions, not clinical cases, so the hero does not claim a number of cases.
 */
function figuresOf(counts: PublicCounts): Figure[] {
  const figures: Figure[] = [
    { key: 'own-questions', value: counts.ownQuestions, roundedDown: false },
    { key: 'mir-questions', value: counts.mirQuestions, roundedDown: false },
    { key: 'flashcards', value: counts.flashcards, roundedDown: true },
  ];
  return figures.filter((figure) => figure.value > 0);
}

const FIGURES_GRID = 'grid auto-cols-fr grid-flow-col gap-4 sm:max-w-md';
const FIGURE_LABEL = 'block text-sm leading-5 text-slate-700';

/**
 * The bank's figures and the students' count. While they load, the same layout holds their place with grey bars
 * where the numbers go (never a made-up number) and the MIR note's room kept invisible, so neither the page below
 * nor the phone drawing beside it moves when they arrive. A failed call leaves the reserved strip empty.
 */
function BankFigures({ state }: { state: PublicCountsState }) {
  const loading = state.status === 'loading';
  const counts = state.status === 'ready' ? state.counts : null;
  const figures = counts ? figuresOf(counts) : [];
  const students = counts?.students ?? 0;
  const showsMir = loading || figures.some((figure) => figure.key === 'mir-questions');

  return (
    <div className="mt-8" aria-busy={loading}>
      <div className="min-h-18">
        {loading && (
          <div aria-hidden="true" className={FIGURES_GRID} data-testid="bank-figures-placeholder">
            {Object.values(FIGURE_LABELS).map((label) => (
              <div key={label}>
                <div className="my-1 h-6 w-16 rounded-md bg-slate-200 motion-safe:animate-pulse" />
                <span className={FIGURE_LABEL}>{label}</span>
              </div>
            ))}
          </div>
        )}
        {figures.length > 0 && (
          // Each item's text reads as one phrase ("130 preguntas propias ENARM"): the space between the spans counts.
          <ul className={FIGURES_GRID} data-testid="social-proof">
            {figures.map((figure) => (
              <li key={figure.key}>
                <span className="block text-2xl font-extrabold leading-8 tracking-tight text-brand-800">
                  {formatCount(figure.value)}
                  {figure.roundedDown && '+'}
                </span>{' '}
                <span className={FIGURE_LABEL}>{FIGURE_LABELS[figure.key]}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="mt-3 min-h-10 sm:min-h-5">
        {students > 0 && (
          <p className="text-sm font-semibold leading-5 text-slate-700">
            Más de {formatCount(students)} estudiantes se preparan con {getAppName()}
          </p>
        )}
      </div>
      {showsMir && (
        // `invisible` keeps the room while loading and hides the text from assistive technology too.
        <p className={`mt-2 text-xs text-slate-600 ${loading ? 'invisible' : ''}`}>
          Preguntas MIR España: exámenes del Ministerio de Sanidad de España, vía HEAD-QA (licencia MIT) y CasiMedicos-Arg (CC BY 4.0), con
          su fuente en cada pregunta.
        </p>
      )}
    </div>
  );
}
