import { redirect, type LoaderFunctionArgs } from 'react-router';
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
