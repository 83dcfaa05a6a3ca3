/**
 * The `points` query parameter of the calls that follow the tree's checked points (the dashboard's,
 * the measurement list's): the ids as a sorted comma list; absent (every point of the customer)
 * when none is checked. The home view passes null when every point is checked, the same filter.
 */
export const pointsParam = (points: readonly string[] | null | undefined): string | undefined =>
  points?.length ? [...points].sort().join(',') : undefined;
