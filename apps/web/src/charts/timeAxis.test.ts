import { afterAll, describe, expect, it } from 'vitest';
import type uPlot from 'uplot';
import i18n from '../core/i18n';
import { dayMonthFormat, timeAxisValues } from './timeAxis';

afterAll(async () => {
  await i18n.changeLanguage('en');
});

const HOUR = 3600;
const DAY = 24 * HOUR;
/** 2026-10-28 00:00 at GMT+3, in epoch seconds. */
const MIDNIGHT_GMT3 = Date.UTC(2026, 9, 27, 21) / 1000;
const labels = (format: string, splits: number[], incr: number) => timeAxisValues(180, format)({} as uPlot, splits, 0, 50, incr);

describe('time axis', () => {
  it('takes day and month from the customer’s date format, without the year', () => {
    expect(dayMonthFormat('DD-MM-YYYY HH:mm:ss')).toBe('DD-MM');
    expect(dayMonthFormat('YYYY/MM/DD HH:mm')).toBe('MM/DD');
    expect(dayMonthFormat('MM.DD.YY')).toBe('MM.DD');
    expect(dayMonthFormat('nonsense')).toBe('DD-MM');
  });

  it('labels ticks in the customer’s zone and format, 24-hour, never uPlot’s US "10/28" and "4pm"', () => {
    // hourly ticks from 22:00 the day before (GMT+3): the day above the first tick and at midnight
    expect(
      labels(
        'DD-MM-YYYY HH:mm:ss',
        [MIDNIGHT_GMT3 - 2 * HOUR, MIDNIGHT_GMT3 - HOUR, MIDNIGHT_GMT3, MIDNIGHT_GMT3 + 16 * HOUR],
        HOUR,
      ),
    ).toEqual(['27-10\n22:00', '23:00', '28-10\n00:00', '16:00']);
    expect(labels('YYYY-MM-DD HH:mm:ss', [MIDNIGHT_GMT3, MIDNIGHT_GMT3 + DAY], DAY)).toEqual(['10-28', '10-29']);
  });

  it('names months in the interface language', async () => {
    await i18n.changeLanguage('tr');
    expect(labels('DD-MM-YYYY', [MIDNIGHT_GMT3], 30 * DAY)).toEqual(['Eki 2026']);
    await i18n.changeLanguage('de');
    expect(labels('DD-MM-YYYY', [MIDNIGHT_GMT3], 30 * DAY)).toEqual(['Okt. 2026']);
  });
});
