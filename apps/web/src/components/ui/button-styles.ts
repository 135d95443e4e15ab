/**
 * Button looks shared by real <button>s and by links that look like buttons, so a link stays a link
 * (navigation) and a button stays a button (action). Every size keeps a 44 px touch target.
 */

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'inverse' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const BASE =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold text-center transition-colors disabled:cursor-not-allowed disabled:opacity-60';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800',
  secondary: 'border border-slate-300 bg-white text-slate-900 shadow-sm hover:border-slate-400 hover:bg-slate-50',
  ghost: 'text-brand-800 hover:bg-brand-50',
  inverse: 'bg-white text-brand-900 shadow-sm hover:bg-brand-50',
  /** What cannot be undone (deleting the account). */
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
};

const SIZES: Record<ButtonSize, string> = {
  /** Compact on phones (header actions), regular from 640 px. */
  sm: 'min-h-11 px-2.5 text-sm sm:px-5 sm:text-base',
  md: 'min-h-11 px-5 text-base',
  lg: 'min-h-12 px-6 text-lg',
};

/** `extra` adds layout classes (margins, width); it must not repeat padding or text size, which the size owns. */
export function buttonClassName(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return [BASE, VARIANTS[variant], SIZES[size], extra].filter(Boolean).join(' ');
}
