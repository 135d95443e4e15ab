import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PACK_SIZES } from '@galeno/domain/contracts/quiz';
import { formatCount } from '@galeno/domain/format';
import { QUIZ_AREAS } from '@galeno/domain/taxonomy';
import { buttonClassName } from '../../components/ui/button-styles';
import { MembershipExpiredModal } from '../../components/ui/membership-expired-modal';
import { toast } from '../../components/ui/toast';
import { useDocumentTitle } from '../../lib/document-title';
import { useOnline } from '../../lib/online';
import { useRequiredUser } from '../../lib/session';
import { deletePack, downloadPack, listPacks, type StoredPack } from './pack-store';
import { useQuizFailure } from './use-quiz-failure';

export const PACKS_TITLE = 'Paquetes sin conexión';


/** Bytes as a student reads them: «320 KB», «1.2 MB». */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('es-MX', { maximumFractionDigits: 1 })} MB`;
}

const dateOf = (iso: string) =>
  new Date(iso).toLocaleString('es-MX', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/**
 * /app/paquetes (issue 41): download cases of the areas she picks to answer without signal, see what is on the phone
 * and how much room it takes, and free it. Works offline (the list is on the phone); downloading needs the signal.
 */
export function Component() {
  useDocumentTitle(PACKS_TITLE);
  const user = useRequiredUser();
  const online = useOnline();
  const [packs, setPacks] = useState<StoredPack[] | null>(null);
  const [areas, setAreas] = useState<string[]>([]);
  const [size, setSize] = useState<number>(PACK_SIZES[0]);
  const [downloading, setDownloading] = useState(false);
  const { expired, handleFailure } = useQuizFailure();

  useEffect(() => {
    let alive = true;
    void listPacks(user.id).then((list) => alive && setPacks(list), () => alive && setPacks([]));
    return () => {
      alive = false;
    };
  }, [user.id]);

  async function download(event: FormEvent) {
    event.preventDefault();
    if (downloading) return;
    setDownloading(true);
    try {
      const pack = await downloadPack(user.id, { areas, cases: size });
      setPacks((list) => [pack, ...(list ?? [])]);
      toast.success(`Paquete descargado: ${formatCount(pack.cases.length)} casos listos para resolver sin conexión.`);
    } catch (error) {
      const failure = handleFailure(error);
      if (failure.kind === 'message') toast.error(failure.message);
    } finally {
      setDownloading(false);
    }
  }

  async function remove(pack: StoredPack) {
    await deletePack(pack.quizSessionId);
    setPacks((list) => (list ?? []).filter((each) => each.quizSessionId !== pack.quizSessionId));
    toast.success(`Borraste el paquete: liberaste ${formatBytes(pack.bytes)}.`);
  }

  const used = (packs ?? []).reduce((sum, pack) => sum + pack.bytes, 0);

  return (
    <section aria-labelledby="packs-heading" className="mx-auto max-w-2xl space-y-6">
      <div>
        <Link to="/app" className="font-semibold text-brand-800 hover:underline">
          Volver al inicio
        </Link>
        <h1 id="packs-heading" className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">
          {PACKS_TITLE}
        </h1>
        <p className="mt-1 text-slate-700">
          Descarga casos clínicos para resolverlos sin señal: en el metro, en la guardia o en tu servicio social. Ves la respuesta y la
          explicación al calificar, y tus respuestas se envían solas al volver la señal y cuentan en tus estadísticas.
        </p>
      </div>

      <form onSubmit={(event) => void download(event)} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <fieldset>
          <legend className="font-semibold text-slate-900">Áreas</legend>
          <p className="text-sm text-slate-700">Sin marcar ninguna, de todas. Primero los casos que aún no has resuelto.</p>
          <div className="mt-2 grid gap-1 sm:grid-cols-2">
            {QUIZ_AREAS.map((area) => (
              <label key={area} className="flex min-h-11 items-center gap-3 rounded-lg px-2 hover:bg-slate-50">
                <input
                  type="checkbox"
                  className="size-5 accent-brand-700"
                  checked={areas.includes(area)}
                  onChange={(event) =>
                    setAreas((current) => (event.target.checked ? [...current, area] : current.filter((each) => each !== area)))
                  }
                />
                {area}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="pack-size" className="font-semibold text-slate-900">
            Casos
          </label>
          <select
            id="pack-size"
            value={size}
            onChange={(event) => setSize(Number(event.target.value))}
            className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 sm:w-48"
          >
            {PACK_SIZES.map((each) => (
              <option key={each} value={each}>
                {each} casos
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={!online || downloading} className={buttonClassName('primary', 'lg', 'w-full sm:w-auto')}>
          {downloading ? 'Descargando...' : 'Descargar paquete'}
        </button>
        {!online && <p className="text-sm text-slate-700">Necesitas señal para descargar un paquete; los que ya tienes funcionan sin ella.</p>}
      </form>

      <section aria-labelledby="packs-on-phone" className="space-y-3">
        <h2 id="packs-on-phone" className="text-lg font-bold text-slate-900">
          En este teléfono
        </h2>
        {packs === null ? (
          <p className="text-slate-700">Cargando tus paquetes...</p>
        ) : packs.length === 0 ? (
          <p className="text-slate-700">Aún no tienes paquetes descargados.</p>
        ) : (
          <>
            <p className="text-sm text-slate-700">Tus paquetes ocupan {formatBytes(used)} en este teléfono.</p>
            <ul className="space-y-3">
              {packs.map((pack) => (
                <PackItem key={pack.quizSessionId} pack={pack} onRemove={() => void remove(pack)} />
              ))}
            </ul>
          </>
        )}
      </section>
      <MembershipExpiredModal open={expired} />
    </section>
  );
}

function PackItem({ pack, onRemove }: { pack: StoredPack; onRemove: () => void }) {
  const total = pack.cases.length;
  const done = Object.keys(pack.answered).length;
  const label = `Paquete del ${dateOf(pack.createdAt)}`;
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4">
      <h3 className="font-semibold text-slate-900">{label}</h3>
      <p className="text-sm text-slate-700">
        {formatCount(total)} casos · {pack.areas.length ? pack.areas.join(', ') : 'Todas las áreas'} · {formatBytes(pack.bytes)}
      </p>
      <p className="mt-1 text-sm font-medium text-slate-900">
        {done === total ? 'Terminado' : `${formatCount(done)} de ${formatCount(total)} resueltos`}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {done < total && (
          <Link to={`/app/paquetes/${pack.quizSessionId}`} className={buttonClassName('primary', 'md')} aria-label={`${done ? 'Continuar' : 'Resolver'} ${label}`}>
            {done ? 'Continuar' : 'Resolver'}
          </Link>
        )}
        <button type="button" onClick={onRemove} className={buttonClassName('secondary', 'md')} aria-label={`Borrar ${label}`}>
          Borrar
        </button>
      </div>
    </li>
  );
}
