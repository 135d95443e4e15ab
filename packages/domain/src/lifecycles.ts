// The server's lifecycles as transition tables (issue 36, F5): which status may follow which, for payments, simulacro
// sittings and factura requests. Every update of a status is conditional on the row still being in a status that may
// reach the new one (`from(to)`), so two requests racing, a webhook arriving twice or late, or a job and a request
// crossing can never move a row along an edge that is not in its table.

export interface Lifecycle<S extends string> {
  readonly initial: S;
  readonly transitions: Readonly<Record<S, readonly S[]>>;
  /** Whether `to` may follow `from`. */
  can(from: S, to: S): boolean;
  /** The statuses that may move to `to`: what a conditional update's `where` lists. */
  from(to: S): S[];
  /** The statuses nothing follows. */
  terminal(): S[];
}

function lifecycle<S extends string>(initial: S, transitions: Record<S, readonly S[]>): Lifecycle<S> {
  const states = Object.keys(transitions) as S[];
  return {
    initial,
    transitions,
    can: (from, to) => transitions[from].includes(to),
    from: (to) => states.filter((state) => transitions[state].includes(to)),
    terminal: () => states.filter((state) => transitions[state].length === 0),
  };
}

export const PAYMENT_STATUSES = ['pending', 'awaiting_payment', 'paid', 'refunded', 'expired', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * A payment: a checkout opened (pending); an OXXO voucher issued (awaiting_payment); closed by us because another
 * payment of the account made it stale (expired); the provider's word that it was paid settles it as paid, or as
 * refunded when it added nothing (an account deleted, a plan already held), even from expired; a voucher never paid
 * fails. Paid, refunded and failed are final: a refund after fulfilment is not a transition of this product.
 */
export const PAYMENT_LIFECYCLE = lifecycle<PaymentStatus>('pending', {
  pending: ['awaiting_payment', 'paid', 'refunded', 'expired', 'failed'],
  awaiting_payment: ['paid', 'refunded', 'failed'],
  expired: ['paid', 'refunded', 'failed'],
  paid: [],
  refunded: [],
  failed: [],
});

export const SITTING_STATUSES = ['en-curso', 'pausa', 'terminado'] as const;
export type SittingStatus = (typeof SITTING_STATUSES)[number];

/** A simulacro sitting: a part in progress, the pause between parts, the end (by the student or the clock). */
export const SITTING_LIFECYCLE = lifecycle<SittingStatus>('en-curso', {
  'en-curso': ['pausa', 'terminado'],
  pausa: ['en-curso', 'terminado'],
  terminado: [],
});

export const INVOICE_STATUSES = ['requested', 'issued'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** A factura request: asked for (and correctable by the student) until staff issue it; issued is final. */
export const INVOICE_LIFECYCLE = lifecycle<InvoiceStatus>('requested', {
  requested: ['issued'],
  issued: [],
});

export const QUIZ_SESSION_STATUSES = ['open', 'saved', 'ended'] as const;
export type QuizSessionStatus = (typeof QUIZ_SESSION_STATUSES)[number];

/**
 * A question session, as its timestamps tell it: open (no `finished_at`); saved (`saved_at`: by «Guardar», by its own
 * module when a sitting ends, or by the left-sessions job); ended without a save («Salir sin guardar»). Both ends are
 * final: nothing more is recorded in either, and a discarded session is never picked up by the left-sessions job.
 */
export const QUIZ_SESSION_LIFECYCLE = lifecycle<QuizSessionStatus>('open', {
  open: ['saved', 'ended'],
  saved: [],
  ended: [],
});

export const CONTENT_STATUSES = ['published', 'held', 'retired'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/**
 * A bank item: published (served); held (out of every pool while staff or the import's checks review it); retired
 * (gone from `content/` or from its bank). A held item is released or retired; an item back in `content/` is
 * published again; a held item stays held when its file changes, until staff decide.
 */
export const CONTENT_LIFECYCLE = lifecycle<ContentStatus>('published', {
  published: ['held', 'retired'],
  held: ['published', 'retired'],
  retired: ['published'],
});
