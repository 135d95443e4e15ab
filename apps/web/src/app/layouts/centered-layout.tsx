import { Link, Outlet } from 'react-router';
import { BrandMark } from '../../components/ui/brand-mark';
import { MainContent } from '../../components/ui/main-content';

/** Narrow centered column for short public screens: login, signup, signup confirmation, metrics, 404. */
export function CenteredLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="px-4 py-4 sm:px-6">
        <Link to="/" className="inline-flex rounded-lg text-slate-900">
          <BrandMark className="text-lg" />
          <span className="sr-only">, ir a la página principal</span>
        </Link>
      </header>
      <MainContent className="flex flex-1 justify-center px-4 pb-12 pt-2 sm:items-center sm:pt-0">
        <div className="w-full max-w-md">
          <Outlet />
        </div>
      </MainContent>
    </div>
  );
}
