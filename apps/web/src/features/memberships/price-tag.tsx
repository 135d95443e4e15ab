import { formatMXN } from '@galeno/domain/format';
import { hasDiscount, type Price } from './plan-pricing';

/**
 * A price in MXN. With a discount, the regular price is struck through and the percentage shown; screen
 * readers, which do not announce strike-through, hear which price is which. Spans only, so it can sit
 * inside a radio card's <label>.
 */
export function PriceTag({ price }: { price: Price }) {
  const discounted = hasDiscount(price);
  return (
    <span className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      {discounted && (
        <span className="text-slate-600">
          <span className="sr-only">Precio regular: </span>
          <s>{formatMXN(price.regularPrice)} MXN</s>
        </span>
      )}
      <span>
        <span className="sr-only">{discounted ? 'Precio con descuento: ' : 'Precio: '}</span>
        <span className="text-3xl font-extrabold tracking-tight text-slate-900">{formatMXN(price.finalPrice)}</span>{' '}
        <span className="text-slate-600">MXN</span>
      </span>
      {discounted && (
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-bold text-amber-900">
          {price.discountPercent}% de descuento
        </span>
      )}
    </span>
  );
}
