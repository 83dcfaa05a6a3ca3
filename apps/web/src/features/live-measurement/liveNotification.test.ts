import { describe, expect, it } from 'vitest';
import { LIVE_NOTIFICATION_S } from './useLiveMeasurement';

describe('live measurement notifications', () => {
  it('stay as long as spec 000 §9 says: success 15000 ms, error 5000 ms', () => {
    expect(LIVE_NOTIFICATION_S.success * 1000).toBe(15_000);
    expect(LIVE_NOTIFICATION_S.error * 1000).toBe(5_000);
  });
});
