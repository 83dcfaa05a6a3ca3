import { describe, expect, it } from 'vitest';
import { isReorderOf } from './service.ts';

describe('telemetry definition order', () => {
  const known = new Set(['a', 'b', 'c']);
  it('accepts exactly the known ids, each once, in any order', () => {
    expect(isReorderOf(['c', 'a', 'b'], known)).toBe(true);
    expect(isReorderOf(['a', 'b', 'c'], known)).toBe(true);
  });
  it('refuses a repeat, a missing id, an unknown id or an empty list', () => {
    expect(isReorderOf(['a', 'a', 'b'], known)).toBe(false);
    expect(isReorderOf(['a', 'b'], known)).toBe(false);
    expect(isReorderOf(['a', 'b', 'x'], known)).toBe(false);
    expect(isReorderOf(['a', 'b', 'c', 'x'], known)).toBe(false);
    expect(isReorderOf([], known)).toBe(false);
    expect(isReorderOf([], new Set())).toBe(true);
  });
});
