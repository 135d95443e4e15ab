import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { QuestionEvaluation } from '@galeno/domain/contracts/quiz';
import { correctCount, type Selections } from '@galeno/domain/quiz-round';
import { buttonClassName } from '../../components/ui/button-styles';
import { toast } from '../../components/ui/toast';
import { useDocumentTitle } from '../../lib/document-title';
import { useRequiredUser } from '../../lib/session';
import { CaseRound } from './case-round';
import { answerCase, byQuestion, readPack, saveIfFinished, type StoredPack } from './pack-store';
import { PACKS_TITLE } from './packs-route';
import { QuizLiveRegion, QuizLoading } from './quiz-status';

/**
 * /app/paquetes/:quizSessionId (issue 41): a downloaded pack, one case at a time in tutor mode, with or without
 * signal. Each case is graded on the phone from the keys the pack carries and kept with it, so a reload or a closed
 * tab goes on where she was; its answers go to the server now or when the signal returns.
 */
export function Component() {
  useDocumentTitle(PACKS_TITLE);
  const user = useRequiredUser();
  const { quizSessionId = '' } = useParams();
  const navigate = useNavigate();
  const [pack, setPack] = useState<StoredPack | null | undefined>(undefined);
  const [round, setRound] = useState<number | null>(null);
  const [selections, setSelections] = useState<Selections>({});
  const [evaluations, setEvaluations] = useState<QuestionEvaluation[] | null>(null);
  const [grading, setGrading] = useState(false);
  /** When the case on screen appeared (its time goes with its answers); set when the pack loads and on «Siguiente». */
  const shownAt = useRef(0);

  useEffect(() => {
    let alive = true;
    void readPack(user.id, quizSessionId).then(
      (stored) => {
        if (!alive) return;
        setPack(stored);
        shownAt.current = Date.now();
        // Where she left it: the first case not answered yet.
        if (stored) setRound(Math.max(0, stored.cases.findIndex((entry) => !stored.answered[entry.clinicCase.id])));
      },
      () => alive && setPack(null),
    );
    return () => {
      alive = false;
    };
  }, [user.id, quizSessionId]);

  if (pack === undefined) return <QuizLoading label="Cargando tu paquete" />;
  if (pack === null) {
    return (
      <section className="mx-auto max-w-2xl space-y-3">
        <h1 className="text-2xl font-bold text-slate-900">Este paquete ya no está en este teléfono</h1>
        <p className="text-slate-700">Quizá lo borraste, o lo descargaste en otro dispositivo.</p>
        <Link to="/app/paquetes" className={buttonClassName('primary')}>
          Ver mis paquetes
        </Link>
      </section>
    );
  }

  const total = pack.cases.length;
  const answeredCases = Object.values(pack.answered);
  const finished = answeredCases.length === total && evaluations === null;
  if (finished) {
    const questions = answeredCases.reduce((sum, entry) => sum + entry.evaluations.length, 0);
    const right = answeredCases.reduce((sum, entry) => sum + entry.evaluations.filter((evaluation) => evaluation.correct).length, 0);
    return (
      <section aria-labelledby="pack-done" className="mx-auto max-w-2xl space-y-3">
        <h1 id="pack-done" className="text-2xl font-bold text-slate-900">
          Terminaste el paquete
        </h1>
        <p className="text-slate-700">
          Acertaste {right} de {questions} preguntas en {total} casos. Tus respuestas se envían solas y cuentan en tus estadísticas.
        </p>
        <Link to="/app/paquetes" className={buttonClassName('primary')}>
          Ver mis paquetes
        </Link>
      </section>
    );
  }

  const index = round ?? 0;
  const entry = pack.cases[index]!;

  async function grade() {
    if (!pack || grading) return;
    setGrading(true);
    try {
      const { evaluations: graded, pack: kept, refused } = await answerCase(pack, entry, selections, Date.now() - shownAt.current);
      setEvaluations(graded);
      if (refused) toast.error(`Calificamos el caso en tu teléfono, pero no cuenta en tus estadísticas: ${refused}`);
      setPack(kept);
      void saveIfFinished(kept);
    } finally {
      setGrading(false);
    }
  }

  function next() {
    setEvaluations(null);
    setSelections({});
    shownAt.current = Date.now();
    // The next case not answered yet, after this one or, failing that, from the start.
    const open = (at: number) => !pack!.answered[pack!.cases[at]!.clinicCase.id];
    const after = pack!.cases.findIndex((_, at) => at > index && open(at));
    const following = after === -1 ? pack!.cases.findIndex((_, at) => open(at)) : after;
    setRound(following === -1 ? null : following);
  }

  const graded = evaluations ? byQuestion(evaluations) : null;
  return (
    <div>
      <div className="mb-4">
        <Link to="/app/paquetes" className="font-semibold text-brand-800 hover:underline">
          Mis paquetes
        </Link>
        <h1 className="mt-1 text-xl font-bold text-slate-900">Paquete sin conexión</h1>
        <p className="text-sm text-slate-700">
          Caso {index + 1} de {total} · {answeredCases.length} {answeredCases.length === 1 ? 'resuelto' : 'resueltos'}
        </p>
      </div>
      <QuizLiveRegion
        message={graded ? `Caso calificado: acertaste ${correctCount(graded)} de ${entry.clinicCase.questions.length}.` : ''}
      />
      <CaseRound
        key={index}
        clinicCase={entry.clinicCase}
        selections={selections}
        evaluations={graded}
        grading={grading}
        saving={false}
        focusOnMount={answeredCases.length > 0}
        onSelect={(questionId, optionIndex) => !graded && setSelections((current) => ({ ...current, [questionId]: optionIndex }))}
        onGrade={() => void grade()}
        onSave={() => navigate('/app/paquetes')}
        onNext={next}
      />
    </div>
  );
}
