import { useEffect, useState } from 'react';
import { fetchPublicCounts, type PublicCounts } from './api';

/** The social-proof figures, fetched after the first paint; null until they arrive or when the call fails. */
export function usePublicCounts(): PublicCounts | null {
  const [counts, setCounts] = useState<PublicCounts | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchPublicCounts(controller.signal).then(setCounts, () => {
      // The page reads fine without the figures.
    });
    return () => controller.abort();
  }, []);
  return counts;
}
