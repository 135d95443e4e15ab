import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ExamAvailable, ExamChoice } from '@galeno/domain/contracts/quiz';
import {
  BANK_CHOICE_LABELS,
  BANK_SETTING_ORDER,
  countedApart,
  INCLUDE_UNEXPLAINED_MIR_LABEL,
  includesMir,
  type BankChoice,
} from '@galeno/domain/banks';
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
import { BankChip, useBankSetting } from './bank-chip';
import { useQuizFailure } from './use-quiz-failure';

export const CREATE_EXAM_TITLE = 'Crear examen';

/**
 * /app/crear-examen: the student builds an exam from the bank, areas, sub-specialities and topics, the language,
 * which questions and how many, in tutor or exam mode. The bank and its options start at the account's bank setting
 * (the chip above changes it; issue 37) and may differ for one exam. The count of questions available for the current
 * choice comes from the server as the choice changes, the banks apart; the exam is drawn there once and opens as a session.
 */
export function Component() {
  useDocumentTitle(CREATE_EXAM_TITLE);
  const navigate = useNavigate();
  const { handleFailure } = useQuizFailure();
  // Null follows the bank setting: the server then applies it, and the page shows it once read.
  const [bank, setBank] = useState<BankChoice | null>(null);
  const [includeUnexplainedMir, setIncludeUnexplainedMir] = useState<boolean | null>(null);
  const [includeEnglish, setIncludeEnglish] = useState<boolean | null>(null);
  const setting = useBankSetting({
    onChosen: () => {
      setBank(null);
      setIncludeUnexplainedMir(null);
      setIncludeEnglish(null);
    },
  });
  const shownBank = bank ?? setting.state?.bank ?? null;
  const [areas, setAreas] = useState<string[]>([]);
  const [subSpecialities, setSubSpecialities] = useState<string[]>([]);
  const [topics, setTopics] = useState<string[]>([]);
  const [which, setWhich] = useState<ExamSource>('no-vistas');
  const [count, setCount] = useState(20);
  const [mode, setMode] = useState<ExamMode>('tutor');
  const [secondsPerQuestion, setSecondsPerQuestion] = useState<number | null>(null);
  // The count with the bank it was asked for (null: not known yet), so a new choice never relabels an old count.
  const [available, setAvailable] = useState<{ counts: ExamAvailable; bank: BankChoice | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const countId = useId();
  const availableId = useId();

  const choice: ExamChoice = {
    ...(bank ? { bank } : {}),
    areas,
    subSpecialities,
    topics,
    ...(includeEnglish === null ? {} : { includeEnglish }),
    ...(includeUnexplainedMir === null ? {} : { includeUnexplainedMir }),
    which,
  };
  const choiceKey = JSON.stringify(choice);
  // What the page leaves unnamed is the setting's: a change of it (the chip) asks again.
  const settingBank = setting.state?.bank ?? null;
  const settingOptions = setting.state ? `${setting.state.includeEnglish}/${setting.state.includeUnexplainedMir}` : '';
  useEffect(() => {
    const controller = new AbortController();
    // A short pause, so ticking several boxes asks once.
    const timer = setTimeout(() => {
      const asked = JSON.parse(choiceKey) as ExamChoice;
      fetchExamAvailable(asked, controller.signal).then(
        (counts) => setAvailable({ counts, bank: asked.bank ?? settingBank }),
        () => undefined,
      );
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [choiceKey, settingBank, settingOptions]);

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
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <BankChip setting={setting} />
        </div>
      </div>

      <Choices legend="Banco" hint="Empieza en tu banco (el del botón «Banco»); otro aquí cambia solo este examen.">
        {BANK_SETTING_ORDER.map((value) => (
          <Radio key={value} name="banco" checked={shownBank === value} onChange={() => setBank(value)} label={BANK_CHOICE_LABELS[value]} />
        ))}
      </Choices>
      {shownBank && includesMir(shownBank) && (
        <Checkbox
          label={INCLUDE_UNEXPLAINED_MIR_LABEL}
          checked={includeUnexplainedMir ?? setting.state?.includeUnexplainedMir ?? false}
          onChange={setIncludeUnexplainedMir}
        />
      )}

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

      <Checkbox
        label="Incluir preguntas en inglés"
        checked={includeEnglish ?? setting.state?.includeEnglish ?? true}
        onChange={setIncludeEnglish}
      />

      <p id={availableId} role="status" className="rounded-xl bg-brand-50 p-3 font-semibold text-brand-900">
        {available === null ? 'Contando preguntas...' : availableLabel(available.counts, available.bank)}
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
      <button
        type="submit"
        disabled={creating || available?.counts.available === 0}
        className={buttonClassName('primary', 'lg', 'w-full sm:w-auto')}
      >
        {creating ? 'Armando el examen...' : 'Empezar examen'}
      </button>
    </form>
  );
}

const AVAILABLE = ['pregunta disponible', 'preguntas disponibles'] as const;

/** The live count with the banks apart («120 preguntas disponibles del banco Galeno»), plain until the bank is known. */
function availableLabel(available: ExamAvailable, bank: BankChoice | null): string {
  if (bank) return countedApart(available, bank, AVAILABLE);
  return `${available.available} ${available.available === 1 ? AVAILABLE[0] : AVAILABLE[1]}`;
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
