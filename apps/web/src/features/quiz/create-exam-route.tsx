import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ExamChoice } from '@galeno/domain/contracts/quiz';
import { BANK_CHOICE_LABELS, BANK_CHOICES, type BankChoice } from '@galeno/domain/banks';
import {
  EXAM_COUNT_MESSAGE,
  EXAM_MAX_QUESTIONS,
  EXAM_MIN_QUESTIONS,
  EXAM_SOURCE_LABELS,
  EXAM_SOURCES,
  ENARM_PACE_SECONDS,
  PACE_CHOICES,
  type ExamMode,
  type ExamSource,
} from '@galeno/domain/exams';
import { QUIZ_TAXONOMY } from '@galeno/domain/taxonomy';
import { buttonClassName } from '../../components/ui/button-styles';
import { inputClassName } from '../../components/ui/text-field';
import { useDocumentTitle } from '../../lib/document-title';
import { createExam, fetchExamAvailable } from './api';
import { useQuizFailure } from './use-quiz-failure';

export const CREATE_EXAM_TITLE = 'Crear examen';

/**
 * /app/crear-examen: the student builds an exam from the bank, areas, sub-specialities and topics, the language,
 * which questions and how many, in tutor or exam mode. The count of questions available for the current choice
 * comes from the server as the choice changes; the exam is drawn there once and opens as a session.
 */
export function Component() {
  useDocumentTitle(CREATE_EXAM_TITLE);
  const navigate = useNavigate();
  const { handleFailure } = useQuizFailure();
  const [bank, setBank] = useState<BankChoice>('ambos');
  const [areas, setAreas] = useState<string[]>([]);
  const [subSpecialities, setSubSpecialities] = useState<string[]>([]);
  const [topics, setTopics] = useState<string[]>([]);
  const [includeEnglish, setIncludeEnglish] = useState(true);
  const [which, setWhich] = useState<ExamSource>('no-vistas');
  const [count, setCount] = useState(20);
  const [mode, setMode] = useState<ExamMode>('tutor');
  const [secondsPerQuestion, setSecondsPerQuestion] = useState<number | null>(null);
  const [available, setAvailable] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const countId = useId();
  const availableId = useId();

  const choice: ExamChoice = { bank, areas, subSpecialities, topics, includeEnglish, which };
  const choiceKey = JSON.stringify(choice);
  useEffect(() => {
    const controller = new AbortController();
    // A short pause, so ticking several boxes asks once.
    const timer = setTimeout(() => {
      fetchExamAvailable(JSON.parse(choiceKey) as ExamChoice, controller.signal).then(
        (result) => setAvailable(result.available),
        () => undefined,
      );
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [choiceKey]);

  const shownAreas = QUIZ_TAXONOMY.filter((area) => area.subSpecialities.some((sub) => sub.topics.length > 0));
  const subsToShow = shownAreas.filter((area) => areas.length === 0 || areas.includes(area.name)).flatMap((area) => area.subSpecialities);
  const topicsToShow = subSpecialities.length === 1 ? (subsToShow.find((sub) => sub.name === subSpecialities[0])?.topics ?? []) : [];

  async function create(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!Number.isInteger(count) || count < EXAM_MIN_QUESTIONS || count > EXAM_MAX_QUESTIONS) {
      setError(EXAM_COUNT_MESSAGE);
      return;
    }
    setCreating(true);
    try {
      const session = await createExam({ ...choice, count, mode, secondsPerQuestion });
      navigate(`/app/repaso/${session.quizSessionId}`);
    } catch (caught) {
      const failure = handleFailure(caught);
      if (failure.kind === 'message') setError(failure.message);
      setCreating(false);
    }
  }

  return (
    <form onSubmit={(event) => void create(event)} noValidate className="mx-auto max-w-2xl space-y-6">
      <div>
        <Link to="/app" className="font-semibold text-brand-800 hover:underline">
          Volver al inicio
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{CREATE_EXAM_TITLE}</h1>
        <p className="mt-1 text-slate-600">Elige qué estudiar; el examen se arma una vez y puedes continuarlo en cualquier dispositivo.</p>
      </div>

      <Choices legend="Banco">
        {BANK_CHOICES.map((value) => (
          <Radio key={value} name="banco" checked={bank === value} onChange={() => setBank(value)} label={BANK_CHOICE_LABELS[value]} />
        ))}
      </Choices>

      <Choices legend="Áreas" hint="Sin marcar ninguna: todas.">
        {shownAreas.map((area) => (
          <Checkbox
            key={area.name}
            label={area.name}
            checked={areas.includes(area.name)}
            onChange={(on) => {
              setAreas(toggle(areas, area.name, on));
              setSubSpecialities([]);
              setTopics([]);
            }}
          />
        ))}
      </Choices>

      <Choices legend="Subespecialidades" hint="Sin marcar ninguna: todas las de las áreas elegidas.">
        {subsToShow.map((sub) => (
          <Checkbox
            key={sub.name}
            label={sub.name}
            checked={subSpecialities.includes(sub.name)}
            onChange={(on) => {
              setSubSpecialities(toggle(subSpecialities, sub.name, on));
              setTopics([]);
            }}
          />
        ))}
      </Choices>

      {topicsToShow.length > 0 && (
        <Choices legend="Temas" hint="Sin marcar ninguno: todos los de la subespecialidad.">
          {topicsToShow.map((topic) => (
            <Checkbox key={topic} label={topic} checked={topics.includes(topic)} onChange={(on) => setTopics(toggle(topics, topic, on))} />
          ))}
        </Choices>
      )}

      <Choices legend="Preguntas">
        {EXAM_SOURCES.map((value) => (
          <Radio key={value} name="cuales" checked={which === value} onChange={() => setWhich(value)} label={EXAM_SOURCE_LABELS[value]} />
        ))}
      </Choices>

      <Checkbox label="Incluir preguntas en inglés" checked={includeEnglish} onChange={setIncludeEnglish} />

      <p id={availableId} role="status" className="rounded-xl bg-brand-50 p-3 font-semibold text-brand-900">
        {available === null ? 'Contando preguntas...' : `${available} ${available === 1 ? 'pregunta disponible' : 'preguntas disponibles'}`}
      </p>

      <div>
        <label htmlFor={countId} className="font-semibold text-slate-900">
          ¿Cuántas preguntas? ({EXAM_MIN_QUESTIONS}–{EXAM_MAX_QUESTIONS})
        </label>
        <input
          id={countId}
          type="number"
          inputMode="numeric"
          min={EXAM_MIN_QUESTIONS}
          max={EXAM_MAX_QUESTIONS}
          value={Number.isNaN(count) ? '' : count}
          onChange={(event) => setCount(event.target.valueAsNumber)}
          aria-describedby={availableId}
          className={`${inputClassName} max-w-32 border-slate-300`}
        />
      </div>

      <Choices legend="Modo">
        <Radio
          name="modo"
          checked={mode === 'tutor'}
          onChange={() => setMode('tutor')}
          label="Tutor: la explicación después de cada respuesta"
        />
        <Radio name="modo" checked={mode === 'examen'} onChange={() => setMode('examen')} label="Examen: las explicaciones al terminar" />
      </Choices>

      <Choices
        legend="Tiempo por pregunta"
        hint="Un reloj por pregunta con tu ritmo; el tiempo de cada respuesta se guarda en tus estadísticas."
      >
        <Radio name="tiempo" checked={secondsPerQuestion === null} onChange={() => setSecondsPerQuestion(null)} label="Sin límite" />
        {PACE_CHOICES.map((seconds) => (
          <Radio
            key={seconds}
            name="tiempo"
            checked={secondsPerQuestion === seconds}
            onChange={() => setSecondsPerQuestion(seconds)}
            label={seconds === ENARM_PACE_SECONDS ? `${seconds} s (ritmo del ENARM)` : `${seconds} s`}
          />
        ))}
      </Choices>

      {error && (
        <p role="alert" className="rounded-xl bg-rose-50 p-3 font-medium text-rose-900">
          {error}
        </p>
      )}
      <button type="submit" disabled={creating || available === 0} className={buttonClassName('primary', 'lg', 'w-full sm:w-auto')}>
        {creating ? 'Armando el examen...' : 'Empezar examen'}
      </button>
    </form>
  );
}

function toggle(list: readonly string[], value: string, on: boolean): string[] {
  return on ? [...new Set([...list, value])] : list.filter((item) => item !== value);
}

function Choices({ legend, hint, children }: { legend: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="font-semibold text-slate-900">{legend}</legend>
      {hint && <p className="text-sm text-slate-600">{hint}</p>}
      <div className="mt-2 flex flex-wrap gap-2">{children}</div>
    </fieldset>
  );
}

function Radio({ name, checked, onChange, label }: { name: string; checked: boolean; onChange: () => void; label: string }) {
  return (
    <label
      className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm ${checked ? 'border-brand-700 bg-brand-50' : 'border-slate-200 bg-white'}`}
    >
      <input type="radio" name={name} checked={checked} onChange={onChange} className="size-4 accent-brand-700" />
      {label}
    </label>
  );
}

function Checkbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label
      className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm ${checked ? 'border-brand-700 bg-brand-50' : 'border-slate-200 bg-white'}`}
    >
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} className="size-4 accent-brand-700" />
      {label}
    </label>
  );
}
