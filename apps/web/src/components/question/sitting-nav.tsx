import { buttonClassName } from '../ui/button-styles';

/**
 * An exam sitting's row of moves (a simulacro, a custom exam in exam mode): «Anterior», «Mapa» (which opens the
 * question map `paletteId`) and the way on, whose label and rule each sitting gives («Siguiente», «Omitir»).
 */
export function SittingNav({
  label,
  className,
  onPrevious,
  previousDisabled,
  paletteId,
  paletteOpen,
  onTogglePalette,
  next,
}: {
  label: string;
  className: string;
  onPrevious: () => void;
  previousDisabled: boolean;
  paletteId: string;
  paletteOpen: boolean;
  onTogglePalette: () => void;
  next: { label: string; onClick: () => void; disabled: boolean; describedBy?: string | undefined };
}) {
  return (
    <nav aria-label={label} className={className}>
      <div className="grid grid-cols-3 gap-2">
        <button type="button" onClick={onPrevious} disabled={previousDisabled} className={buttonClassName('secondary', 'md')}>
          Anterior
        </button>
        <button
          type="button"
          aria-expanded={paletteOpen}
          aria-controls={paletteId}
          onClick={onTogglePalette}
          className={buttonClassName('secondary', 'md')}
        >
          Mapa
        </button>
        <button
          type="button"
          onClick={next.onClick}
          disabled={next.disabled}
          aria-describedby={next.describedBy}
          className={buttonClassName('primary', 'md')}
        >
          {next.label}
        </button>
      </div>
    </nav>
  );
}
