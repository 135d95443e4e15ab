import { useRef, useState } from 'react';
import type { QuestionFigure as Figure } from '@galeno/domain/contracts/quiz';
import { buttonClassName } from '../ui/button-styles';
import { Modal } from '../ui/modal';

/**
 * How large the figure is drawn in the full-screen view: fitted to the screen, at its own size (where it opens: the
 * card already shows it fitted), or twice that.
 */
const SCALES = [
  { label: 'Ajustar', factor: null },
  { label: 'Tamaño real', factor: 1 },
  { label: 'Doble', factor: 2 },
] as const;

/**
 * The figure of a question's stem (an ECG, a chart): shown in the card at the card's width, its space reserved so
 * nothing jumps as it loads, and opened full screen («Ampliar figura») where it can be drawn larger and scrolled,
 * as a phone needs to read a 12-lead ECG. Outside the options' group, so it can still be opened once graded.
 */
export function QuestionFigure({ figure }: { figure: Figure }) {
  const [open, setOpen] = useState(false);
  const [scale, setScale] = useState(1);
  const opener = useRef<HTMLButtonElement>(null);
  const factor = SCALES[scale]!.factor;
  return (
    <figure className="mb-3">
      {/* A tap on the drawing opens it too; «Ampliar figura» is the way for keyboards and screen readers. */}
      <img
        src={figure.url}
        alt={figure.alt}
        width={figure.width}
        height={figure.height}
        loading="lazy"
        decoding="async"
        onClick={() => setOpen(true)}
        className="h-auto w-full cursor-zoom-in rounded-xl border border-slate-200 bg-white"
      />
      <figcaption className="mt-1 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
        <span>{figure.caption ?? 'Figura'}</span>
        <button ref={opener} type="button" onClick={() => setOpen(true)} className={buttonClassName('secondary', 'sm')}>
          Ampliar figura
        </button>
      </figcaption>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={figure.caption ?? 'Figura'}
        returnFocusRef={opener}
        className="m-0 flex h-dvh max-h-none w-screen max-w-none flex-col bg-white p-0"
        headerClassName="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-2"
        titleClassName="text-base font-bold text-slate-900"
        headerAction={
          <button type="button" onClick={() => setOpen(false)} className={buttonClassName('secondary', 'sm')}>
            Cerrar
          </button>
        }
      >
        <div role="group" aria-label="Tamaño de la figura" className="flex flex-wrap gap-2 border-b border-slate-200 px-4 py-2">
          {SCALES.map((option, index) => (
            <button
              key={option.label}
              type="button"
              aria-pressed={scale === index}
              onClick={() => setScale(index)}
              className={buttonClassName(scale === index ? 'primary' : 'secondary', 'sm')}
            >
              {option.label}
            </button>
          ))}
        </div>
        {/* Focusable, so a keyboard scrolls it with the arrow keys. */}
        <div
          tabIndex={0}
          role="region"
          aria-label="Figura ampliada: desplázate para recorrerla"
          className="min-h-0 flex-1 overflow-auto p-2 focus-visible:outline-3 focus-visible:-outline-offset-4 focus-visible:outline-brand-700"
          data-testid="figura-ampliada"
        >
          <img
            src={figure.url}
            alt={figure.alt}
            width={figure.width}
            height={figure.height}
            style={factor === null ? { width: '100%', height: 'auto' } : { width: figure.width * factor, maxWidth: 'none', height: 'auto' }}
          />
        </div>
      </Modal>
    </figure>
  );
}
