import { useId, useState } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button-styles';
import { ChevronIcon, GiftIcon } from './home-icons';

/**
 * The discount quiz promo (spec section 4, "Discount banner"): collapsed by default, opened and closed
 * by its title, a disclosure button inside the heading. The page hides it for lifetime and monthly accounts.
 */
export function DiscountQuizBanner() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <section className="rounded-2xl border border-amber-200 bg-amber-50">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((current) => !current)}
          className="flex min-h-14 w-full items-center gap-3 rounded-2xl px-4 py-3 text-left font-bold text-amber-950 sm:px-5"
        >
          <GiftIcon className="size-6 shrink-0 text-amber-700" />
          <span className="flex-1">Gana hasta 80% de descuento en tu membresía</span>
          <ChevronIcon className={`size-5 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="px-4 pb-4 sm:px-5">
        <p className="text-amber-950">
          Responde una pregunta tipo ENARM (toma 1 minuto). Si aciertas, giras la ruleta y ganas un descuento de hasta 80%.
        </p>
        <Link to="/app/discount-quiz" className={buttonClassName('primary', 'md', 'mt-3')}>
          Jugar ahora
        </Link>
      </div>
    </section>
  );
}
