import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { TIME_ZONES, timeZoneOffsetMinutes as zoneOffsetMinutes } from '@overtone/contract';
import { asCustomerClock, customerClock, offsetText, toIsoWithOffset } from './customerTime';
import { formatDate } from './formatDate';

let savedTz: string | undefined;
beforeAll(() => {
  savedTz = process.env.TZ;
  process.env.TZ = 'Europe/Berlin'; // a browser zone with daylight saving time, unlike any customer zone
});
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

describe('customer time zones', () => {
  it('reads the preference as minutes east of UTC (contract timeZoneOffsetMinutes, as the server does)', () => {
    expect(zoneOffsetMinutes('GMT+3')).toBe(180);
    expect(zoneOffsetMinutes('GMT-4')).toBe(-240);
    expect(zoneOffsetMinutes('GMT+5:45')).toBe(345);
    expect(zoneOffsetMinutes('GMT')).toBe(0);
    expect(zoneOffsetMinutes('Europe/Istanbul')).toBe(0);
    expect(zoneOffsetMinutes(undefined)).toBe(0);
    expect(offsetText(180)).toBe('+03:00');
    expect(offsetText(-270)).toBe('-04:30');
    expect(offsetText(0)).toBe('+00:00');
  });

  it('every zone of the contract: an instant survives customer clock → ISO with offset → Date.parse', () => {
    const instants = ['2024-03-31T00:30:00.000Z', '2024-10-27T01:15:30.250Z', '2024-12-31T22:00:00.000Z'].map(Date.parse);
    for (const zone of TIME_ZONES) {
      const offset = zoneOffsetMinutes(zone);
      for (const t of instants) {
        const clock = customerClock(t, offset);
        expect(Date.parse(toIsoWithOffset(clock, offset)), `${zone} ${t}`).toBe(t);
      }
    }
  });

  it('a customer clock keeps its fields across the browser’s DST change (Berlin, 31 March)', () => {
    const before = customerClock('2024-03-30T12:00:00.000Z', 180); // 15:00 GMT+3
    const after = before.add(2, 'day');
    expect(toIsoWithOffset(after, 180)).toBe('2024-04-01T15:00:00.000+03:00');
    expect(Date.parse(toIsoWithOffset(after, 180)) - Date.parse(toIsoWithOffset(before, 180))).toBe(2 * 86_400_000);
    // 02:30 does not exist in Berlin that night; in GMT+3 it does.
    expect(toIsoWithOffset(customerClock('2024-03-30T23:30:00.000Z', 180), 180)).toBe('2024-03-31T02:30:00.000+03:00');
  });

  it('a local-mode reading (text typed into a picker) is taken by its fields, not its instant', () => {
    const typed = dayjs('2024-05-02 23:59:59', 'YYYY-MM-DD HH:mm:ss');
    expect(asCustomerClock(typed).format('YYYY-MM-DD HH:mm:ss')).toBe('2024-05-02 23:59:59');
    expect(toIsoWithOffset(typed, 180)).toBe('2024-05-02T23:59:59.000+03:00');
  });

  it('formats an instant in the customer’s zone and format; keeps what is not a date', () => {
    expect(formatDate('2024-05-01T22:00:00.000Z', 'DD-MM-YYYY HH:mm:ss', 180)).toBe('02-05-2024 01:00:00');
    expect(formatDate('2024-05-01T22:00:00.000Z', 'YYYY/MM/DD HH:mm:ss', -300)).toBe('2024/05/01 17:00:00');
    expect(formatDate('soon', 'DD-MM-YYYY', 180)).toBe('soon');
    expect(formatDate(null, 'DD-MM-YYYY', 180)).toBe('');
  });
});
