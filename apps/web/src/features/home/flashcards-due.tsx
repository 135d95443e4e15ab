import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ReviewSummary } from '@galeno/domain/contracts/flashcards';
import type { SubscriptionInfo } from '@galeno/domain/contracts/profile';
import { LockedAction } from '../../components/ui/access-offer';
import { buttonClassName } from '../../components/ui/button-styles';
import { api } from '../../lib/api';
import { formatCount } from '@galeno/domain/format';

/**
 * The flashcards due now across guides, with «Repasar ahora» starting at the guide that has the most. Says nothing
 * when none is due or the figure cannot be read: it is a reminder, not a page. Once access ended, the one offer (N4).
 */
export function FlashcardsDue({ locked = false, subscription = null }: { locked?: boolean; subscription?: SubscriptionInfo | null }) {
  const [summary, setSummary] = useState<ReviewSummary | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api.flashcards
      .reviewSummary({ signal: controller.signal })
      .then(setSummary)
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  if (!summary?.topGuide || summary.dueNow === 0) return null;
  return (
    <section
      aria-labelledby="flashcards-due-title"
      className="flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="flashcards-due-title" className="font-bold text-amber-950">
          {summary.dueNow === 1
            ? 'Tienes 1 flashcard para repasar ahora'
            : `Tienes ${formatCount(summary.dueNow)} flashcards para repasar ahora`}
        </h2>
        <p className="text-sm text-amber-900">Empieza por {summary.topGuide.guideName}.</p>
      </div>
      {locked ? (
        <LockedAction subscription={subscription} />
      ) : (
        <Link
          to={`/app/flashcards/${encodeURIComponent(summary.topGuide.id)}`}
          className={buttonClassName('primary', 'md', 'w-full sm:w-auto')}
        >
          Repasar ahora
        </Link>
      )}
    </section>
  );
}
