/**
 * Moves the item with id `moved` to the position of the item with id `target` (drag and drop:
 * dropping on a row takes its place, the rows in between shift by one).
 * @returns a new list; the same order when either id is unknown or they are equal
 */
export function moveTo(ids: readonly string[], moved: string, target: string): string[] {
  const from = ids.indexOf(moved);
  const to = ids.indexOf(target);
  if (from < 0 || to < 0 || from === to) return [...ids];
  const out = ids.filter((id) => id !== moved);
  out.splice(to, 0, moved);
  return out;
}

/**
 * Moves the item with id `moved` one place up (-1) or down (+1) (keyboard reordering).
 * @returns a new list; unchanged at the ends
 */
export function moveBy(ids: readonly string[], moved: string, step: -1 | 1): string[] {
  const from = ids.indexOf(moved);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const out = [...ids];
  [out[from], out[to]] = [out[to], out[from]];
  return out;
}
