import { useEffect, useRef, useState } from 'react';
import { BANK_CHIP_LABELS, isBankChoice } from '@galeno/domain/banks';
import type { BankChoiceBody, BankState } from '@galeno/domain/contracts/quiz';
import { buttonClassName } from '../../components/ui/button-styles';
import { ChevronIcon } from '../../components/ui/icons';
import { Modal } from '../../components/ui/modal';
import { chooseBank, fetchBankState, markMirNoticeSeen } from './api';
import { BankChoice, MirFirstUseLine } from './bank-choice';

export const BANK_CHANGE_FAILED = 'No se pudo cambiar el banco. Revisa tu conexión e intenta de nuevo.';

/** The account's bank setting as a page holds it: read from the server, changed there, and the first-use line. */
export interface BankSetting {
  /** Null until read (or when it could not be read: the chip then stays out of the way). */
  state: BankState | null;
  /** The first read is under way. */
  loading: boolean;
  pending: boolean;
  error: string | null;
  /** The line on what MIR items are is on this page (the server said it was due; it is told it was shown). */
  notice: boolean;
  choose: (change: BankChoiceBody) => void;
}

const isBankState = (value: unknown): value is BankState =>
  typeof value === 'object' && value !== null && isBankChoice((value as { bank?: unknown }).bank);

/**
 * The bank setting (issue 37): one per account, kept by the server and honoured by every mode. `initial` is a state a
 * loader already read (null when it could not); without it the setting is read here. `onChosen` follows a change.
 */
export function useBankSetting({
  enabled = true,
  initial,
  onChosen,
}: {
  /** A trial has no setting: it always draws from our bank. */
  enabled?: boolean;
  initial?: BankState | null;
  onChosen?: (state: BankState) => void;
} = {}): BankSetting {
  const [state, setState] = useState<BankState | null>(initial ?? null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState(false);
  const loaded = initial !== undefined;
  const [loading, setLoading] = useState(enabled && !loaded);

  useEffect(() => {
    if (!enabled || loaded) return;
    const controller = new AbortController();
    fetchBankState(controller.signal)
      .then(
        (next) => setState(isBankState(next) ? next : null),
        () => undefined,
      )
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [enabled, loaded]);

  // Once per account: the line shows on this page for as long as the student stays, and the server marks it shown.
  if (enabled && state?.mirNoticeDue === true && !notice) setNotice(true);
  const told = useRef(false);
  useEffect(() => {
    if (!notice || told.current) return;
    told.current = true;
    markMirNoticeSeen().catch(() => undefined);
  }, [notice]);

  const choose = (change: BankChoiceBody) => {
    setPending(true);
    setError(null);
    chooseBank(change)
      .then((next) => {
        setState(next);
        onChosen?.(next);
      })
      .catch(() => setError(BANK_CHANGE_FAILED))
      .finally(() => setPending(false));
  };
  return { state: enabled ? state : null, loading: enabled && loading, pending, error, notice: enabled && notice, choose };
}

/**
 * The chip in each quiz header: it says the bank in use («Banco: Galeno ENARM») and opens the setting. Under it, the
 * first time MIR is on, the one line on what MIR items are.
 */
export function BankChip({ setting }: { setting: BankSetting }) {
  const [open, setOpen] = useState(false);
  const { state } = setting;
  // Its place while the setting loads: on a phone the chip has a row of its own, and the case must not jump (CLS).
  if (!state)
    return setting.loading ? <span aria-hidden="true" className="inline-flex min-h-11 w-44 animate-pulse rounded-full bg-slate-100" /> : null;
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="bank-chip"
        className="inline-flex min-h-11 shrink-0 items-center gap-1 whitespace-nowrap rounded-full border border-brand-300 bg-brand-50 px-3 text-sm font-semibold text-brand-900 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {BANK_CHIP_LABELS[state.bank]}
        <ChevronIcon className="size-4 shrink-0" />
      </button>
      {setting.notice && !open && <MirFirstUseLine className="basis-full" />}
      <Modal open={open} onClose={() => setOpen(false)} title="Banco de preguntas">
        <p className="mt-1 text-sm text-slate-600">
          Cuenta en todos los modos y en todos tus dispositivos, desde el siguiente caso o pregunta.
        </p>
        <div className="mt-4">
          <BankChoice state={state} pending={setting.pending} error={setting.error} notice={setting.notice} onChange={setting.choose} />
        </div>
        <button type="button" onClick={() => setOpen(false)} className={buttonClassName('primary', 'md', 'mt-4 w-full')}>
          Listo
        </button>
      </Modal>
    </>
  );
}
