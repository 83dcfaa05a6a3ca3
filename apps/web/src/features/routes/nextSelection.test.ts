import { describe, expect, it } from 'vitest';
import { nextSelection } from './PointPicker';

describe('nextSelection (the order of a route is the order points were ticked)', () => {
  const points = new Set(['p1', 'p2', 'p3']);
  it('keeps earlier picks in place, appends new ones in tree order, drops group keys and unticked points', () => {
    expect(nextSelection(['p3'], ['g1', 'p1', 'p2', 'p3'], points)).toEqual(['p3', 'p1', 'p2']);
    expect(nextSelection(['p3', 'p1'], ['p1'], points)).toEqual(['p1']);
    expect(nextSelection([], ['g1'], points)).toEqual([]);
  });
});
