import { describe, expect, it } from 'vitest';
import { referenceFrequencyParams } from './referenceFrequency';

describe('referenceFrequencyParams', () => {
  it('reads a point entered in RPM as a short Hz and a whole RPM', () => {
    expect(referenceFrequencyParams(1480 / 60)).toEqual({ hz: '24.67', rpm: '1480' });
    expect(referenceFrequencyParams(29.95)).toEqual({ hz: '29.95', rpm: '1797' });
    expect(referenceFrequencyParams(50)).toEqual({ hz: '50', rpm: '3000' });
  });
});
