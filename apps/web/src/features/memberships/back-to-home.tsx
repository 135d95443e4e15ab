import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button-styles';

/** The way back to the dashboard at the top of every membership page. */
export function BackToHome({ label = 'Volver al inicio' }: { label?: string }) {
  return (
    <nav aria-label="Regresar">
      <Link to="/app" className={buttonClassName('ghost', 'md', '-ml-3')}>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M16 10H4M9 5l-5 5 5 5" />
        </svg>
        {label}
      </Link>
    </nav>
  );
}
