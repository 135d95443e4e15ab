import { SCORE_BAND_LABELS, scoreBand, type ScoreBand } from '@galeno/domain/scores';

const BAND_CLASSES: Record<ScoreBand, string> = {
  excelente: 'bg-emerald-100 text-emerald-900',
  bien: 'bg-sky-100 text-sky-900',
  'necesita-mejorar': 'bg-amber-100 text-amber-900',
};

const SIZE_CLASSES = { md: 'px-3 py-1 text-sm', sm: 'px-2.5 py-0.5 text-xs' } as const;

/** 'Excelente' (≥ 90), 'Bien' (≥ 70) or 'Necesita mejorar', from the shared score bands. */
export function ScoreBandBadge({
  percent,
  size = 'md',
  className = '',
}: {
  percent: number;
  size?: keyof typeof SIZE_CLASSES;
  className?: string;
}) {
  const band = scoreBand(percent);
  return (
    <span className={`inline-flex items-center rounded-full font-semibold ${SIZE_CLASSES[size]} ${BAND_CLASSES[band]} ${className}`}>
      {SCORE_BAND_LABELS[band]}
    </span>
  );
}
