import { iconStroke } from '../ui/icons';

export interface QuestionFlagControl {
  flagged: boolean;
  onToggle: () => void;
}

/** "Marcar para repasar" (keyboard: M): a toggle button whose pressed state says whether the question is flagged. */
export function FlagButton({ flagged, onToggle }: QuestionFlagControl) {
  return (
    <button
      type="button"
      aria-pressed={flagged}
      onClick={onToggle}
      className={`inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold ${
        flagged ? 'bg-amber-100 text-amber-900 hover:bg-amber-200' : 'text-slate-700 hover:bg-slate-100'
      }`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" {...iconStroke} fill={flagged ? 'currentColor' : 'none'}>
        <path d="M6 3h12v18l-6-4-6 4z" />
      </svg>
      {flagged ? 'Marcada para repasar' : 'Marcar para repasar'}
    </button>
  );
}
