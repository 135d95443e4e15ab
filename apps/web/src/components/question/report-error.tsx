import { useId, useState, type FormEvent } from 'react';
import { REPORT_DETAIL_MAX, REPORT_REASONS, type ReportItemKind, type ReportReason } from '@galeno/domain/reports';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { submitReport } from '../../lib/reports';
import { buttonClassName } from '../ui/button-styles';
import { Modal } from '../ui/modal';
import { inputClassName } from '../ui/text-field';
import { toast } from '../ui/toast';

export const REPORT_SENT = 'Gracias. Revisaremos tu reporte.';
export const REPORT_REASON_MISSING = 'Elige el motivo del reporte.';

/** "Reportar un error" on a question or a flashcard: a short form (reason and optional detail) in a dialog. */
export function ReportErrorButton({ itemKind, itemId }: { itemKind: ReportItemKind; itemId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100"
      >
        Reportar un error
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Reportar un error">
        <ReportForm itemKind={itemKind} itemId={itemId} onDone={() => setOpen(false)} />
      </Modal>
    </>
  );
}

function ReportForm({ itemKind, itemId, onDone }: { itemKind: ReportItemKind; itemId: string; onDone: () => void }) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [detail, setDetail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const detailId = useId();
  const errorId = useId();

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setError(REPORT_REASON_MISSING);
      return;
    }
    setSending(true);
    setError(null);
    try {
      await submitReport({ itemKind, itemId, reason, detail: detail.trim() });
      toast.success(REPORT_SENT);
      onDone();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : UNEXPECTED_ERROR_MESSAGE);
      setSending(false);
    }
  }

  return (
    <form onSubmit={(event) => void send(event)} noValidate className="mt-4 space-y-4">
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend className="font-semibold text-slate-900">¿Qué encontraste?</legend>
        <div className="mt-2 space-y-1">
          {(Object.entries(REPORT_REASONS) as [ReportReason, string][]).map(([key, label]) => (
            <label key={key} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-slate-50">
              <input type="radio" name="motivo" value={key} checked={reason === key} onChange={() => setReason(key)} className="size-4" />
              <span className="text-slate-800">{label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={detailId} className="font-semibold text-slate-900">
          Detalle (opcional)
        </label>
        <textarea
          id={detailId}
          value={detail}
          maxLength={REPORT_DETAIL_MAX}
          rows={4}
          onChange={(event) => setDetail(event.target.value)}
          className={`${inputClassName} min-h-24 border-slate-300 py-2`}
          placeholder="Por ejemplo: la GPC vigente recomienda otra dosis."
        />
        <p className="mt-1 text-right text-xs text-slate-500">
          {detail.length} / {REPORT_DETAIL_MAX}
        </p>
      </div>
      {error && (
        <p id={errorId} role="alert" className="rounded-lg bg-rose-50 p-3 text-sm font-medium text-rose-900">
          {error}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={onDone} className={buttonClassName('secondary')}>
          Cancelar
        </button>
        <button type="submit" disabled={sending} className={buttonClassName('primary')}>
          {sending ? 'Enviando...' : 'Enviar reporte'}
        </button>
      </div>
    </form>
  );
}
