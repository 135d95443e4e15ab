import type { ReactNode } from 'react';
import { ClockIcon } from './landing-icons';

/*
 * Drawn stand-ins for screenshots of the app, built from HTML so they stay sharp, light and in the page's
 * style. Each is one image to assistive technology (role="img" + label); the figure caption says what it shows.
 */

function PhoneFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="img"
      aria-label={label}
      className="mx-auto w-full max-w-[17rem] rounded-[2.25rem] border-[10px] border-slate-900 bg-slate-900 shadow-xl"
    >
      <div className="relative overflow-hidden rounded-[1.6rem] bg-slate-50">
        <div className="mx-auto mt-2 h-1.5 w-16 rounded-full bg-slate-300" />
        <div className="flex min-h-[26rem] flex-col gap-3 p-3 text-left text-xs text-slate-800">{children}</div>
      </div>
    </div>
  );
}

function MockTopBar({ title, detail }: { title: string; detail: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-2 whitespace-nowrap rounded-lg bg-white px-3 py-2 shadow-sm">
      <span className="font-semibold text-slate-900">{title}</span>
      <span className="inline-flex items-center gap-1 rounded-full bg-brand-100 px-2 py-0.5 font-medium text-brand-900">{detail}</span>
    </div>
  );
}

const CASE_OPTIONS = [
  { text: 'Amoxicilina por vía oral', state: 'correct' },
  { text: 'Ceftriaxona intravenosa', state: 'idle' },
  { text: 'Claritromicina por vía oral', state: 'idle' },
  { text: 'Vigilancia sin antibiótico', state: 'idle' },
] as const;

export function ClinicalCaseMock() {
  return (
    <PhoneFrame label="Vista de un caso clínico de Pediatría con una pregunta, cuatro opciones y la respuesta correcta marcada">
      <MockTopBar
        title="Caso clínico"
        detail={
          <>
            <ClockIcon className="size-3.5" />
            12:48
          </>
        }
      />
      <div className="rounded-lg bg-white p-3 shadow-sm">
        <p className="font-semibold text-brand-800">Pediatría y Neonatología · Pediatría</p>
        <p className="mt-1 leading-relaxed">
          Niño de 4 años con fiebre de 39 °C, tos de 3 días y estertores crepitantes en la base derecha. SatO₂ 95 %, tolera la vía oral.
        </p>
      </div>
      <div className="rounded-lg bg-white p-3 shadow-sm">
        <p className="font-semibold text-slate-900">Pregunta 1 de 3</p>
        <p className="mt-1">¿Cuál es el tratamiento de primera elección?</p>
        <ul className="mt-2 space-y-1.5">
          {CASE_OPTIONS.map((option) => (
            <li
              key={option.text}
              className={
                option.state === 'correct'
                  ? 'rounded-md border border-emerald-600 bg-emerald-50 px-2 py-1.5 font-medium text-emerald-900'
                  : 'rounded-md border border-slate-200 px-2 py-1.5'
              }
            >
              {option.state === 'correct' ? '✓ ' : ''}
              {option.text}
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-auto rounded-lg bg-brand-700 py-2 text-center font-semibold text-white">Siguiente</div>
    </PhoneFrame>
  );
}

export function FlashcardMock() {
  return (
    <PhoneFrame label="Vista de una flashcard de la Guía de Práctica Clínica de diabetes tipo 2 con su respuesta">
      <MockTopBar title="Flashcards GPC" detail="8 / 40" />
      <div className="rounded-lg bg-white p-3 shadow-sm">
        <p className="font-semibold text-brand-800">GPC Diabetes mellitus tipo 2</p>
        <p className="mt-2 text-sm font-semibold leading-snug text-slate-900">¿Con qué valor de HbA1c se confirma el diagnóstico?</p>
      </div>
      <div className="rounded-lg border-2 border-dashed border-brand-300 bg-brand-50 p-3">
        <p className="font-semibold text-brand-900">Respuesta</p>
        <p className="mt-1 text-sm font-bold text-slate-900">HbA1c ≥ 6.5 %</p>
        <p className="mt-1 leading-relaxed text-slate-700">
          Medida en laboratorio con método estandarizado; sin síntomas, se confirma con una segunda prueba.
        </p>
      </div>
      <div className="mt-auto grid grid-cols-2 gap-2">
        <div className="rounded-lg border border-rose-300 bg-rose-50 py-2 text-center font-semibold text-rose-900">Repasar</div>
        <div className="rounded-lg border border-emerald-400 bg-emerald-50 py-2 text-center font-semibold text-emerald-900">Lo sabía</div>
      </div>
    </PhoneFrame>
  );
}

const SPECIALITY_SCORES = [
  { name: 'Medicina Interna', score: 86 },
  { name: 'Pediatría y Neonatología', score: 78 },
  { name: 'Ginecología y Obstetricia', score: 71 },
  { name: 'Cirugía', score: 58 },
] as const;

export function StatsMock() {
  return (
    <PhoneFrame label="Vista de estadísticas por especialidad con una recomendación de repaso">
      <MockTopBar title="Mis estadísticas" detail="Promedio 74 %" />
      <div className="space-y-2.5 rounded-lg bg-white p-3 shadow-sm">
        {SPECIALITY_SCORES.map((row) => (
          <div key={row.name}>
            <div className="flex justify-between">
              <span>{row.name}</span>
              <span className="font-semibold">{row.score} %</span>
            </div>
            <div className="mt-1 h-2 rounded-full bg-slate-200">
              <div className={`h-2 rounded-full ${row.score >= 70 ? 'bg-brand-600' : 'bg-amber-500'}`} style={{ width: `${row.score}%` }} />
            </div>
          </div>
        ))}
      </div>
      <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
        <p className="font-semibold">Recomendación</p>
        <p className="mt-1 leading-relaxed">Repasa Cirugía General: abdomen agudo y manejo inicial del paciente politraumatizado.</p>
      </div>
    </PhoneFrame>
  );
}
