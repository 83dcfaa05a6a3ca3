import type { QueryClient } from '@tanstack/react-query';

/** The keys of the answers an invalidation marked stale, in the cache's order (tests of what a change reloads). */
export const invalidatedKeys = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => q.queryKey);
