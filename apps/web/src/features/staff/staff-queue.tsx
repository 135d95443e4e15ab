import type { ReactNode } from 'react';
import { Link, redirect, type LoaderFunctionArgs } from 'react-router';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { redirectIfSignedOut } from '../../lib/api-failure';
import { loginPathFor } from '../../lib/redirect-to';
import { sessionStore, type SessionStore } from '../../lib/session';

/** What a staff queue page gets: its data, "no permission" (403), or a Spanish message. */
export type StaffLoaderData<T> = { status: 'ok'; data: T } | { status: 'forbidden' } | { status: 'error'; message: string };

/**
 * The loader of a staff queue (/metrics/revision, /metrics/reportes): a visitor or a trial goes to log in and back,
 * a 403 becomes the "no permission" notice, and any other failure its message. The server checks staff on every call.
 */
export function createStaffLoader<T>(load: (signal: AbortSignal) => Promise<T>, store: Pick<SessionStore, 'ready'> = sessionStore) {
  return async function staffLoader({ request }: LoaderFunctionArgs): Promise<StaffLoaderData<T>> {
    const { user } = await store.ready();
    if (!user || user.isTrial) throw redirect(loginPathFor(new URL(request.url).pathname));
    try {
      return { status: 'ok', data: await load(request.signal) };
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) return { status: 'forbidden' };
      redirectIfSignedOut(error, request);
      return { status: 'error', message: error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE };
    }
  };
}

/** A staff queue page: back to the metrics, its title, then the queue, "no permission" or the failure's message. */
export function StaffQueuePage<T>({
  title,
  data,
  children,
}: {
  title: string;
  data: StaffLoaderData<T>;
  children: (loaded: T) => ReactNode;
}) {
  return (
    <div className="space-y-6">
      <div>
        <Link to="/metrics" className="font-semibold text-brand-800 hover:underline">
          Volver a métricas
        </Link>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      </div>
      {data.status === 'forbidden' && (
        <p className="rounded-xl bg-white p-4 text-slate-800 shadow-sm">No tienes permiso para ver esta página</p>
      )}
      {data.status === 'error' && (
        <p role="alert" className="rounded-xl bg-rose-50 p-4 text-rose-900">
          {data.message}
        </p>
      )}
      {data.status === 'ok' && children(data.data)}
    </div>
  );
}
