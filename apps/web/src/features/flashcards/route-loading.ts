import { redirect } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { loginPathFor } from '../../lib/redirect-to';

/**
 * Runs a loader's calls. A 401 means the session ended (another tab logged out, it expired): the person
 * logs in again and comes back to this very page. Any other failure reaches the route's ErrorBoundary.
 */
export async function loadSignedIn<T>(request: Request, load: (signal: AbortSignal) => Promise<T>): Promise<T> {
  try {
    return await load(request.signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      const url = new URL(request.url);
      throw redirect(loginPathFor(`${url.pathname}${url.search}`));
    }
    throw error;
  }
}
