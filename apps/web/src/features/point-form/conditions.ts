/**
 * A multi-select holding a 'None' entry: picking another entry drops 'None', picking 'None' keeps
 * only it, and an emptied list falls back to `fallback` (['None'] for the point type list, spec 000 §3).
 */
export function exclusiveNone<T extends string>(previous: readonly T[], next: readonly T[], fallback: readonly T[]): T[] {
  const none = 'None' as T;
  const added = next.filter((x) => !previous.includes(x));
  if (added.includes(none)) return [none];
  const rest = next.filter((x) => x !== none);
  return rest.length ? rest : [...fallback];
}
