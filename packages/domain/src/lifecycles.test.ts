import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_LIFECYCLE,
  CONTENT_STATUSES,
  INVOICE_LIFECYCLE,
  INVOICE_STATUSES,
  PAYMENT_LIFECYCLE,
  PAYMENT_STATUSES,
  QUIZ_SESSION_LIFECYCLE,
  QUIZ_SESSION_STATUSES,
  SITTING_LIFECYCLE,
  SITTING_STATUSES,
  type Lifecycle,
} from './lifecycles.ts';

const tables: [string, Lifecycle<string>, readonly string[]][] = [
  ['payments', PAYMENT_LIFECYCLE as Lifecycle<string>, PAYMENT_STATUSES],
  ['simulacro sittings', SITTING_LIFECYCLE as Lifecycle<string>, SITTING_STATUSES],
  ['factura requests', INVOICE_LIFECYCLE as Lifecycle<string>, INVOICE_STATUSES],
  ['question sessions', QUIZ_SESSION_LIFECYCLE as Lifecycle<string>, QUIZ_SESSION_STATUSES],
  ['bank items', CONTENT_LIFECYCLE as Lifecycle<string>, CONTENT_STATUSES],
];

/**
 * A row as the services move it: each event is a conditional update "set status = to where status in from(to)", the
 * way every status change of the server is written; an update whose condition fails changes nothing.
 */
function apply(table: Lifecycle<string>, status: string, to: string): string {
  return table.from(to).includes(status) ? to : status;
}

describe.each(tables)('the lifecycle of %s (issue 36, F5)', (_name, table, statuses) => {
  it('names every status the database allows, and only those', () => {
    expect(Object.keys(table.transitions).sort()).toEqual([...statuses].sort());
    for (const targets of Object.values(table.transitions)) for (const to of targets) expect(statuses).toContain(to);
  });

  it('reaches every status from the first, and its terminal statuses lead nowhere', () => {
    const seen = new Set([table.initial]);
    const queue = [table.initial];
    while (queue.length) {
      for (const next of table.transitions[queue.shift()!]!) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    expect([...seen].sort()).toEqual([...statuses].sort());
    for (const state of table.terminal()) expect(table.transitions[state]).toEqual([]);
  });

  it('under any sequence of updates, in any order and repeated, moves only along its table and never leaves a terminal status', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...statuses), { maxLength: 30 }), (events) => {
        let status = table.initial;
        for (const to of events) {
          const next = apply(table, status, to);
          if (next !== status) expect(table.can(status, next)).toBe(true);
          if (table.terminal().includes(status)) expect(next).toBe(status);
          status = next;
        }
      }),
    );
  });

  it('answers from(to) exactly as can(from, to)', () => {
    for (const from of statuses) for (const to of statuses) expect(table.from(to).includes(from)).toBe(table.can(from, to));
  });
});

describe('what the tables promise the services', () => {
  it('a payment is settled once: paid, refunded and failed are final, and a late «paid» still settles an expired checkout', () => {
    expect(PAYMENT_LIFECYCLE.terminal().sort()).toEqual(['failed', 'paid', 'refunded']);
    expect(PAYMENT_LIFECYCLE.from('paid').sort()).toEqual(['awaiting_payment', 'expired', 'pending']);
    expect(PAYMENT_LIFECYCLE.from('expired')).toEqual(['pending']);
  });

  it('a sitting pauses only between parts and never starts again once finished', () => {
    expect(SITTING_LIFECYCLE.from('pausa')).toEqual(['en-curso']);
    expect(SITTING_LIFECYCLE.from('en-curso')).toEqual(['pausa']);
    expect(SITTING_LIFECYCLE.terminal()).toEqual(['terminado']);
  });

  it('every lifecycle but the bank’s ends somewhere: a bank item retired may come back when its file does', () => {
    for (const [name, table] of tables) expect(table.terminal().length > 0, name).toBe(name !== 'bank items');
    expect(CONTENT_LIFECYCLE.from('published').sort()).toEqual(['held', 'retired']);
    expect(CONTENT_LIFECYCLE.from('held')).toEqual(['published']);
  });

  it('a question session is saved or ended once, and only while open', () => {
    expect(QUIZ_SESSION_LIFECYCLE.from('saved')).toEqual(['open']);
    expect(QUIZ_SESSION_LIFECYCLE.from('ended')).toEqual(['open']);
    expect(QUIZ_SESSION_LIFECYCLE.terminal().sort()).toEqual(['ended', 'saved']);
  });
});
