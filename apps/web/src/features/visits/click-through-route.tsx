import { redirect, type LoaderFunctionArgs } from 'react-router';
import { recordLandingVisit } from './api';

/**
 * Route module for /c/{id} (spec: route table): a tracked link (a campaign, a post) records a landing
 * visit with originPath '/c/{id}' and lands on the home page. The beacon survives the redirect.
 */
export function loader({ params }: LoaderFunctionArgs): Response {
  const id = params.id?.trim();
  if (id) recordLandingVisit(`/c/${encodeURIComponent(id)}`);
  return redirect('/');
}

/** Never shown: the loader always redirects. */
export function Component() {
  return null;
}
