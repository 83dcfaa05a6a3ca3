import { describe, expect, it } from 'vitest';
import { inputErrorOf } from './worker-task.ts';

describe('inputErrorOf: which computation errors are the request’s', () => {
  it('a RangeError (packages/dsp refusing an input) is; a TypeError or a trap is ours', () => {
    expect(inputErrorOf(new RangeError('frequencyRange must be increasing'))).toBe('frequencyRange must be increasing');
    expect(inputErrorOf(new TypeError("Cannot read properties of undefined (reading 'length')"))).toBeNull();
    expect(inputErrorOf(Object.assign(new Error('unreachable'), { name: 'RuntimeError' }))).toBeNull(); // a WebAssembly trap
    expect(inputErrorOf('a string')).toBeNull();
  });
});
