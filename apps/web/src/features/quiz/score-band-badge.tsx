import { SCORE_BAND_LABELS, scoreBand, type ScoreBand } from '@galeno/domain/scores';

const BAND_CLASSES: Record<ScoreBand, string> = {
  excelente: 'bg-emerald-100 text-emerald-900',
  bien: 'bg-sky-100 text-sky-900',
  'necesita-mejorar': 'bg-amber-100 text-amber-900',
};

/** 'Excelente' (≥ 90), 'Bien' (≥ 70) or 'Necesita mejorar', from the shared score bands. */
export function ScoreBandBadge({ percent, className = '' }: { percent: number; className?: string }) {
  const band = scoreBand(percent);
  return (
    <span className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ${BAND_CLASSES[band]} ${className}`}>
      {SCORE_BAND_LABELS[band]}
    </span>
  );
}
