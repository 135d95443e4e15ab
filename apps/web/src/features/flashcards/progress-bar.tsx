/**
 * A labelled progress bar: screen readers hear its name and `valueText` ("3 de 15 tarjetas aprendidas"),
 * sighted people see the bar next to text that says the same.
 */
export function ProgressBar({
  value,
  max = 100,
  label,
  valueText,
  className = '',
}: {
  value: number;
  max?: number;
  label: string;
  valueText: string;
  className?: string;
}) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className={`h-2.5 overflow-hidden rounded-full bg-slate-200 ${className}`}
    >
      <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300" style={{ width: `${percent}%` }} />
    </div>
  );
}
