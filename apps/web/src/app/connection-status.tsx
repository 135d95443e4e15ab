import { useEffect, useSyncExternalStore } from 'react';
import { buttonClassName } from '../components/ui/button-styles';
import { toast } from '../components/ui/toast';
import { gradeOutbox } from '../features/flashcards/grade-outbox';
import { countOf } from '../features/flashcards/texts';
import { packAnswers } from '../features/quiz/pack-store';
import { useWaitingCount } from '../lib/use-waiting-count';
import { applyUpdate, isUpdateWaiting, onUpdateWaiting, registerServiceWorker } from '../lib/service-worker';
import { useOnline } from '../lib/online';
import { useOpenedOffline } from '../lib/session';

/** While grades wait, how often the app tries to send them even if the phone never says it is back online. */
const FLUSH_RETRY_MS = 30_000;

/** Sends the flashcard grades and pack answers kept on the phone, and says what went out or was refused. */
async function sendWaiting(userId: string) {
  const [grades, answers] = await Promise.all([gradeOutbox.flush(userId), packAnswers.flush(userId)]);
  const sent = [
    grades.sent > 0 && countOf(grades.sent, 'calificación enviada', 'calificaciones enviadas'),
    answers.sent > 0 && countOf(answers.sent, 'caso enviado', 'casos enviados'),
  ].filter(Boolean);
  if (sent.length) toast.success(`${sent.join(' y ')}: ya cuentan en tus estadísticas.`);
  for (const { message } of [...grades.refused, ...answers.refused]) toast.error(`Algo que hiciste sin conexión no se guardó: ${message}`);
}

/**
 * The signed-in app's word on the network (issue 41), quiet at the top of the screen: «Sin conexión» with what waits to
 * be sent; «Hay una versión nueva» with «Actualizar» when a deployment is waiting. It registers the service worker and
 * sends the flashcard grades and pack answers kept on the phone whenever the signal may be back: on opening, on the
 * phone's «online», and every 30 s while some wait.
 */
export function ConnectionStatus({ userId }: { userId: string }) {
  const online = useOnline();
  const openedOffline = useOpenedOffline();
  const updateWaiting = useSyncExternalStore(onUpdateWaiting, isUpdateWaiting, () => false);
  const waitingGrades = useWaitingCount(gradeOutbox, userId);
  const waitingCases = useWaitingCount(packAnswers, userId);
  const waiting = waitingGrades + waitingCases;

  useEffect(() => {
    void registerServiceWorker();
  }, []);

  // On opening and whenever the phone is back online: what waited goes out, and she is told.
  useEffect(() => {
    if (online) void sendWaiting(userId);
  }, [online, userId]);

  // A phone that never says it is back (a weak signal): try again every 30 s while something waits.
  const someWait = waiting > 0;
  useEffect(() => {
    if (!online || !someWait) return;
    const timer = setInterval(() => void sendWaiting(userId), FLUSH_RETRY_MS);
    return () => clearInterval(timer);
  }, [online, someWait, userId]);

  const offline = !online || openedOffline;
  if (!offline && !updateWaiting) return null;
  return (
    <div className="flex flex-col gap-1 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm sm:px-6" role="status">
      {offline && (
        <p className="mx-auto flex w-full max-w-5xl items-center gap-2 text-slate-800">
          <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-amber-500" />
          <span>
            <strong className="font-semibold">Sin conexión.</strong> Tus flashcards y paquetes siguen disponibles
            {waiting > 0 ? `; ${waitingText(waitingGrades, waitingCases)} la señal para enviarse.` : '.'}
          </span>
        </p>
      )}
      {updateWaiting && (
        <p className="mx-auto flex w-full max-w-5xl flex-wrap items-center gap-x-3 gap-y-1 text-slate-800">
          <span>Hay una versión nueva de la app.</span>
          <button type="button" onClick={() => void applyUpdate()} className={buttonClassName('secondary', 'sm')}>
            Actualizar
          </button>
        </p>
      )}
    </div>
  );
}

/** «3 calificaciones y 2 casos esperan». */
function waitingText(grades: number, cases: number): string {
  const parts = [
    grades > 0 && countOf(grades, 'calificación', 'calificaciones'),
    cases > 0 && countOf(cases, 'caso', 'casos'),
  ].filter(Boolean);
  return `${parts.join(' y ')} ${grades + cases === 1 ? 'espera' : 'esperan'}`;
}
