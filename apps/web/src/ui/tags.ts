/** Limits of measurement tags (contract `measureBody`: at most 32, each 1–64 characters). */
export const MAX_TAGS = 32;
export const MAX_TAG_LENGTH = 64;

/**
 * Adds free-typed tags to a list (spec 002 §9 "Tag input"): each entry is trimmed, empty entries
 * and duplicates (case-insensitive) are ignored, long entries are cut to {@link MAX_TAG_LENGTH},
 * and the list stops at {@link MAX_TAGS}. Entries may contain commas: each comma separates a tag.
 * @returns a new list; the input is not modified
 */
export function addTags(current: readonly string[], entries: readonly string[]): string[] {
  const out = [...current];
  const seen = new Set(out.map((t) => t.toLocaleLowerCase()));
  for (const raw of entries.flatMap((e) => e.split(','))) {
    const tag = raw.trim().slice(0, MAX_TAG_LENGTH).trim();
    if (!tag || seen.has(tag.toLocaleLowerCase()) || out.length >= MAX_TAGS) continue;
    seen.add(tag.toLocaleLowerCase());
    out.push(tag);
  }
  return out;
}
