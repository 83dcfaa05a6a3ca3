import { describe, expect, it } from 'vitest';
import { moveBy, moveTo } from './reorder';

const ids = ['a', 'b', 'c', 'd'];

describe('telemetry reordering', () => {
  it('drop on a row takes its place', () => {
    expect(moveTo(ids, 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(moveTo(ids, 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
    expect(moveTo(ids, 'b', 'b')).toEqual(ids);
    expect(moveTo(ids, 'x', 'b')).toEqual(ids);
  });

  it('moves one step up or down, not past the ends', () => {
    expect(moveBy(ids, 'b', -1)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveBy(ids, 'b', 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveBy(ids, 'a', -1)).toEqual(ids);
    expect(moveBy(ids, 'd', 1)).toEqual(ids);
  });
});
