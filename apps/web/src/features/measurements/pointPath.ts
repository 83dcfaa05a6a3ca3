/**
 * The path of a point as shown in lists: its ancestors' names then its own, joined by " / ".
 * The point's own name is not repeated when the path already ends with it.
 */
export function pointPathText(point: { name: string; path: readonly string[] } | null): string {
  if (!point) return '';
  const parts = point.path.at(-1) === point.name ? point.path : [...point.path, point.name];
  return parts.filter(Boolean).join(' / ');
}
