import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { BANK_CHANGES_PATH, changedItemsHeadline } from '@galeno/domain/bank-changes';
import type { MyBankChanges } from '@galeno/domain/contracts/content-review';
import { buttonClassName } from '../../components/ui/button-styles';
import { toast } from '../../components/ui/toast';
import { api } from '../../lib/api';

const SHOWN = 5;
const SEEN_FAILED = 'No pudimos guardar que ya lo viste. Intenta nuevamente.';

/** The first words of a question or card, enough to recognise it. */
const snippet = (text: string) => (text.length > 140 ? `${text.slice(0, 137).trimEnd()}...` : text);

/**
 * «2 preguntas que respondiste cambiaron» (issue 39): once, on the home, when a question the student answered or a card
 * she studies changed its key or left the bank, with the answer before and after; «Entendido» puts it away until
 * something else changes. Says nothing when nothing changed or the list cannot be read: it is news, not a page.
 */
export function ChangedItems() {
  const [changes, setChanges] = useState<MyBankChanges['items'] | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    api.content
      .myChanges({ signal: controller.signal })
      .then((found) => setChanges(found.items))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  if (!changes || changes.length === 0) return null;
  const questions = new Set(changes.filter((change) => change.itemKind === 'question').map((change) => change.itemId)).size;
  const cards = new Set(changes.filter((change) => change.itemKind === 'flashcard').map((change) => change.itemId)).size;

  async function dismiss() {
    setSaving(true);
    try {
      await api.content.seenChanges({});
      setChanges([]);
    } catch {
      toast.error(SEEN_FAILED);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="changed-items-title" className="rounded-2xl border border-sky-200 bg-sky-50 p-4">
      <h2 id="changed-items-title" className="font-bold text-sky-950">
        {changedItemsHeadline(questions, cards)}
      </h2>
      <ul className="mt-2 space-y-2 text-sm text-sky-950">
        {changes.slice(0, SHOWN).map((change) => (
          <li key={`${change.itemKind}-${change.itemId}-${change.at}`} className="rounded-xl bg-white/70 p-3">
            <p className="text-slate-800">{snippet(change.text)}</p>
            {change.kind === 'clave' ? (
              <p className="mt-1">
                <span className="font-semibold">Antes:</span> {change.before} · <span className="font-semibold">Ahora:</span> {change.after}
                {change.itemKind === 'flashcard' && '. Su repaso empieza de nuevo.'}
              </p>
            ) : change.kind === 'retenida' ? (
              <p className="mt-1">
                En revisión: la guía que seguía dejó de estar vigente. No la verás en tus prácticas hasta que la actualicemos.
              </p>
            ) : (
              <p className="mt-1">Se retiró del banco: ya no cuenta en tus estadísticas nuevas ni aparece en tus repasos.</p>
            )}
          </li>
        ))}
      </ul>
      {changes.length > SHOWN && <p className="mt-2 text-sm text-sky-900">Y {changes.length - SHOWN} más.</p>}
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <button type="button" disabled={saving} onClick={() => void dismiss()} className={buttonClassName('primary', 'md')}>
          Entendido
        </button>
        <Link to={BANK_CHANGES_PATH} className={buttonClassName('secondary', 'md')}>
          Ver todas las novedades
        </Link>
      </div>
    </section>
  );
}
