import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { MainContent } from '../ui/main-content';

/**
 * Frame of the signed-in app under /app. The header is a slot (the app header with the account badge
 * and icon links) so this layout stays free of session logic. As a layout route it renders the child
 * route; a page that builds its own header from its data (the home dashboard) passes its content as children.
 */
export function AppShellLayout({ header, children }: { header?: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      {header}
      <MainContent className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 sm:px-6">{children ?? <Outlet />}</MainContent>
    </div>
  );
}
