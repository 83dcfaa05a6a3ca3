import { describe, expect, it } from 'vitest';
import { exclusiveNone } from './conditions';

describe('exclusiveNone', () => {
  it('drops None when another entry is added, keeps only None when it is picked, falls back when emptied', () => {
    expect(exclusiveNone(['None'], ['None', 'Bearing'], ['None'])).toEqual(['Bearing']);
    expect(exclusiveNone(['Bearing'], ['Bearing', 'None'], ['None'])).toEqual(['None']);
    expect(exclusiveNone(['Bearing'], [], ['None'])).toEqual(['None']);
    expect(exclusiveNone(['Unbalance'], [], [])).toEqual([]);
  });
});
