import type { ComponentType } from 'react';
import { EXAM_MAX_QUESTIONS, EXAM_MIN_QUESTIONS } from '@galeno/domain/exams';
import { GROUP_SEATS } from '@galeno/domain/plans';
import { SIMULACRO_FORMATS } from '@galeno/domain/simulacro';
import type { QuizArea } from '@galeno/domain/taxonomy';
import {
  BoltIcon,
  CardsIcon,
  ChartIcon,
  ClipboardIcon,
  ClockIcon,
  GridIcon,
  RetryIcon,
  SlidersIcon,
  TargetIcon,
  UsersIcon,
} from './landing-icons';

/**
 * The quiz areas by the app's own names, in the app's order (QUIZ_AREAS in @galeno/domain/taxonomy; a test keeps
 * the two equal). Written out rather than imported so the landing's first load does not carry the topic tree.
 */
export const LANDING_AREAS = [
  'Cirugía',
  'Ginecología y Obstetricia',
  'Pediatría y Neonatología',
  'Medicina Interna',
  'Salud Pública',
] as const satisfies readonly QuizArea[];

/** "A, B, C y D": every area named, nothing promised beyond them. */
function listOf(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]}`;
}

interface Feature {
  title: string;
  text: string;
  Icon: ComponentType<{ className?: string }>;
}

const { completo, mini } = SIMULACRO_FORMATS;

/** Everything the app's home offers, by the names it uses there (ux N19: the simulacros and exams were missing). */
const FEATURES: readonly Feature[] = [
  {
    title: 'Simulacros del ENARM',
    text: `El examen completo con su formato: ${completo.questions} preguntas en ${completo.minutes / 60} horas, o un mini simulacro de ${mini.questions}. Al final ves tu resultado por área.`,
    Icon: TargetIcon,
  },
  {
    title: 'Casos clínicos',
    text: 'Casos con varias preguntas, redactados como en el examen, con la explicación de por qué cada opción es correcta o incorrecta.',
    Icon: ClipboardIcon,
  },
  {
    // The same name as the app's card for single questions, so the landing promises what the home offers (ux finding 22).
    title: 'Preguntas sueltas',
    text: 'Una pregunta a la vez, un minuto cada una, para practicar en ratos libres: entre guardias, en el transporte o antes de dormir.',
    Icon: BoltIcon,
  },
  {
    title: 'Modo cronómetro',
    text: 'Resuelve contra reloj para tomarle el ritmo al examen y aprender a administrar tu tiempo.',
    Icon: ClockIcon,
  },
  {
    title: 'Por especialidad',
    text: `Practica por área: ${listOf(LANDING_AREAS)}. Concéntrate en lo que más te cuesta.`,
    Icon: GridIcon,
  },
  {
    title: 'Crear examen',
    text: `Arma tu propio examen: elige áreas, subespecialidades, temas y de ${EXAM_MIN_QUESTIONS} a ${EXAM_MAX_QUESTIONS} preguntas, con la explicación en cada una o todas al final.`,
    Icon: SlidersIcon,
  },
  {
    title: 'Repasar incorrectas',
    text: 'Al terminar una sesión, repasa solo las preguntas que fallaste; o arma un examen con tus incorrectas o las que marcaste.',
    Icon: RetryIcon,
  },
  {
    title: 'Flashcards de las GPC',
    text: 'Tarjetas de las Guías de Práctica Clínica con repetición espaciada: repasas cada dato justo antes de olvidarlo.',
    Icon: CardsIcon,
  },
  {
    title: 'Estadísticas personalizadas',
    text: 'Tu desempeño por especialidad y tema, con recomendaciones de qué repasar para subir tu puntaje.',
    Icon: ChartIcon,
  },
  {
    title: 'Membresías grupales',
    text: `Prepárate con tus amigos: ${GROUP_SEATS} membresías al precio de 2, cada quien con su propia cuenta.`,
    Icon: UsersIcon,
  },
];

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="features-title" className="text-3xl font-bold tracking-tight text-slate-900">
          Todo lo que necesitas para preparar el ENARM
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-slate-700">
          Estudia a tu ritmo, desde el celular o la computadora, con material pensado para el examen mexicano.
        </p>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ title, text, Icon }, index) => {
            // The last one (group memberships) is a selling point of its own: a full-width banner.
            const isLast = index === FEATURES.length - 1;
            return (
              <li
                key={title}
                className={`flex gap-4 rounded-2xl border p-5 shadow-sm sm:p-6 ${
                  isLast
                    ? 'border-brand-200 bg-brand-50 sm:col-span-2 sm:items-center lg:col-span-3'
                    : 'border-slate-200 bg-white sm:flex-col'
                }`}
              >
                <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
                  <Icon />
                </span>
                <div>
                  <h3 className="text-lg font-bold text-slate-900">{title}</h3>
                  <p className="mt-1 text-slate-700 sm:mt-2">{text}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
