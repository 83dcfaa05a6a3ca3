import type { PermissionEntry } from '@overtone/contract';

/** Permissions grouped by category, in the order the server lists them. */
export interface PermissionGroup {
  category: string;
  keys: string[];
}

/** Groups `GET /permissions` entries by category (first appearance order). */
export function groupPermissions(entries: readonly PermissionEntry[]): PermissionGroup[] {
  const groups = new Map<string, string[]>();
  for (const e of entries) {
    const keys = groups.get(e.category) ?? [];
    keys.push(e.name);
    groups.set(e.category, keys);
  }
  return [...groups].map(([category, keys]) => ({ category, keys }));
}

export type CategoryState = 'all' | 'some' | 'none';

/** The tri-state of a category checkbox (spec 002 §4): all its permissions on, some, or none. */
export function categoryState(keys: readonly string[], selected: ReadonlySet<string>): CategoryState {
  const on = keys.filter((k) => selected.has(k)).length;
  return on === 0 ? 'none' : on === keys.length ? 'all' : 'some';
}

/**
 * Clicking a category checkbox: when all its permissions are on it turns them all off, otherwise
 * it turns them all on. Keeps the other categories' permissions and the order of `selected`.
 */
export function toggleCategory(keys: readonly string[], selected: readonly string[]): string[] {
  const set = new Set(selected);
  if (categoryState(keys, set) === 'all') return selected.filter((k) => !keys.includes(k));
  return [...selected, ...keys.filter((k) => !set.has(k))];
}

/** Turns one permission on or off. */
export function togglePermission(key: string, on: boolean, selected: readonly string[]): string[] {
  const without = selected.filter((k) => k !== key);
  return on ? [...without, key] : without;
}
