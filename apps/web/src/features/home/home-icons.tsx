/** Line icons of the home dashboard; decorative, the text next to each is its name. */

const common = {
  'aria-hidden': true,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

type IconProps = { className?: string };

export function GroupIcon({ className = 'size-6' }: IconProps) {
  return (
    <svg {...common} className={className}>
      <circle cx="9" cy="8" r="3.2" />
      <path d="M3 19c.6-3.2 3-5 6-5s5.4 1.8 6 5" />
      <circle cx="17" cy="9" r="2.4" />
      <path d="M16.5 14c2.3.2 4 1.7 4.5 4.5" />
    </svg>
  );
}

export function RenewIcon({ className = 'size-6' }: IconProps) {
  return (
    <svg {...common} className={className}>
      <path d="M20 12a8 8 0 0 1-14.3 4.9M4 12a8 8 0 0 1 14.3-4.9" />
      <path d="M18.5 3v4.2h-4.2M5.5 21v-4.2h4.2" />
    </svg>
  );
}

/** A price tag: buying a first membership ("Hazte miembro"), never a reload. */
export function TagIcon({ className = 'size-6' }: IconProps) {
  return (
    <svg {...common} className={className}>
      <path d="M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9z" />
      <circle cx="8" cy="8" r="1.6" />
    </svg>
  );
}

export function ProfileIcon({ className = 'size-6' }: IconProps) {
  return (
    <svg {...common} className={className}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c.8-4 4-6.5 8-6.5s7.2 2.5 8 6.5" />
    </svg>
  );
}

export function HelpIcon({ className = 'size-6' }: IconProps) {
  return (
    <svg {...common} className={className}>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.6 2.6 0 0 1 5 .9c0 1.7-2.5 2.2-2.5 3.8M12 17.2h.01" />
    </svg>
  );
}

export function BoltIcon({ className = 'size-7' }: IconProps) {
  return (
    <svg {...common} className={className}>
      <path d="M13 3L5 13.5h6L10 21l8-10.5h-6z" />
    </svg>
  );
}

export function StopwatchIcon({ className = 'size-7' }: IconProps) {
  return (
    <svg {...common} className={className}>
      <circle cx="12" cy="13.5" r="7.5" />
      <path d="M12 13.5V9.5M10 2.5h4M18.5 6.5l1.5-1.5" />
    </svg>
  );
}

export function StethoscopeIcon({ className = 'size-7' }: IconProps) {
  return (
    <svg {...common} className={className}>
      <path d="M6 3v6a4 4 0 0 0 8 0V3" />
      <path d="M10 13v2a5 5 0 0 0 10 0v-2" />
      <circle cx="20" cy="11" r="2" />
    </svg>
  );
}

export function CardsIcon({ className = 'size-7' }: IconProps) {
  return (
    <svg {...common} className={className}>
      <rect x="3" y="7" width="13" height="14" rx="2" />
      <path d="M8 3h11a2 2 0 0 1 2 2v12" />
      <path d="M7 12h5M7 16h3" />
    </svg>
  );
}

export function ChartIcon({ className = 'size-6' }: IconProps) {
  return (
    <svg {...common} className={className}>
      <path d="M4 20V4M4 20h16" />
      <path d="M8 16v-4M12 16V8M16 16v-6" />
    </svg>
  );
}

export function GiftIcon({ className = 'size-6' }: IconProps) {
  return (
    <svg {...common} className={className}>
      <rect x="3" y="8" width="18" height="5" rx="1" />
      <path d="M5 13v8h14v-8M12 8v13" />
      <path d="M12 8c-1.5-3-5-4-5.5-1.5S9.5 8 12 8zM12 8c1.5-3 5-4 5.5-1.5S14.5 8 12 8z" />
    </svg>
  );
}

export function ChevronIcon({ className = 'size-5' }: IconProps) {
  return (
    <svg {...common} className={className}>
      <path d="M6 9l6 6 6-6" />
    </svg>
  );
}

export function ArrowRightIcon({ className = 'size-5' }: IconProps) {
  return (
    <svg {...common} className={className}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </svg>
  );
}
