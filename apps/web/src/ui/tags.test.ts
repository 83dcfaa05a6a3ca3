import { describe, expect, it } from 'vitest';
import { addTags, MAX_TAG_LENGTH, MAX_TAGS } from './tags';

describe('addTags', () => {
  it('trims, splits on commas and ignores empty entries and duplicates (case-insensitive)', () => {
    expect(addTags(['bearing'], ['  noise ', 'a, b,,', 'Bearing', 'NOISE', ''])).toEqual(['bearing', 'noise', 'a', 'b']);
  });

  it('cuts long tags and stops at the maximum count', () => {
    expect(addTags([], ['x'.repeat(100)])[0]).toHaveLength(MAX_TAG_LENGTH);
    const many = Array.from({ length: 50 }, (_, i) => `t${i}`);
    expect(addTags([], many)).toHaveLength(MAX_TAGS);
  });

  it('does not modify the current list', () => {
    const current = ['a'];
    addTags(current, ['b']);
    expect(current).toEqual(['a']);
  });
});
