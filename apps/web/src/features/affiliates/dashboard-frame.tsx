import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AppShellLayout } from '../../components/layout/app-shell-layout';
import { buttonClassName } from '../../components/ui/button-styles';
import { BrandMark } from '../../components/ui/brand-mark';

/**
 * The affiliate dashboard lives outside /app (spec: route table) but is a signed-in page, so it uses the
 * app shell with a plain header: the brand and a way into the app.
 */
export function DashboardFrame({ children }: { children: ReactNode }) {
  return (
    <AppShellLayout
      header={
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-2 sm:px-6">
            <Link to="/" className="rounded-lg text-lg text-slate-900">
              <BrandMark />
              <span className="sr-only">, ir a la página principal</span>
            </Link>
            <Link to="/app" className={buttonClassName('ghost', 'sm')}>
              Ir a la app
            </Link>
          </div>
        </header>
      }
    >
      {children}
    </AppShellLayout>
  );
}
