/**
 * The discount the server applies (the person's own won, unused one). The `discount` query only tells
 * what the person expects: when the server has none to apply, say so rather than show a price they
 * will not be charged.
 */
export function DiscountNotice({ serverPercent, hintPercent }: { serverPercent: number; hintPercent: number | null }) {
  if (serverPercent > 0) {
    return (
      <p className="rounded-2xl border border-amber-200 bg-amber-50 p-4 font-medium text-amber-950">
        Tu descuento de {serverPercent}% ya está aplicado en los precios de los planes.
      </p>
    );
  }
  if (hintPercent !== null) {
    return (
      <p className="rounded-2xl border border-slate-200 bg-white p-4 text-slate-800">
        No encontramos un descuento disponible en tu cuenta, así que te mostramos los precios regulares. Cada descuento ganado se usa en una
        sola compra.
      </p>
    );
  }
  return null;
}
