/**
 * The measurement list with the browser in another time zone than the customer's: the customer is
 * GMT+3 (the demo's preference), the browser UTC (then New York, with daylight saving time). The
 * range, its shortcuts and the dates shown must be the customer's, whatever the browser's zone.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { MeasurementListItem } from '@overtone/contract';
import i18n from '../../core/i18n';
import { ALL, CUSTOMER, fakeApi, loginAs, renderAdmin, TELEMETRY, type ApiCall } from '../admin/adminTestKit';
import { MeasurementsTab } from './MeasurementsTab';
import { defaultFilters, filtersToQuery, lastDays } from './measurementFilters';
import { toIsoWithOffset } from '../../ui/customerTime';

const GMT3 = 180;
/** 22:30 UTC on 1 May: still 1 May in the browser (UTC), already 01:30 on 2 May for the customer. */
const NOW = Date.parse('2024-05-01T22:30:00.000Z');
/** The measurement of the bug report: made at 22:00 UTC, i.e. 01:00 on 2 May for the customer. */
const AT_22_UTC = '2024-05-01T22:00:00.000Z';
/** The first instant of the customer's 3 May (00:00 GMT+3): after the end of its today. */
const TOMORROW = '2024-05-02T21:00:00.000Z';

const item = (id: string, createdAt: string): MeasurementListItem => ({
  _id: id.padStart(24, '0'),
  createdAt,
  user: { name: 'Ada', surname: 'Admin' },
  point: { _id: 'p1', name: 'Motor', path: ['Plant', 'Motor'] },
  gateway: 'CA:B8:28:00:00:01',
  measurementType: 'PERIODIC',
  macAddress: 'CA:B8:31:00:00:03',
  favorite: false,
  tags: [],
  upload: false,
  partial: false,
  error: null,
  state: 'persisted',
});
const STORED = [item('a', TOMORROW), item('b', AT_22_UTC), item('c', '2024-04-20T12:00:00.000Z')];

/**
 * A query date as the server reads it (measurements/repo.ts `parseApiDate`): `YYYY-MM-DD HH:mm:ss`
 * is a wall-clock time of the customer's zone (GMT+3), ISO 8601 with an offset is taken as it is.
 */
const serverInstant = (s: string) =>
  /^\d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)?$/.test(s) ? Date.parse(`${s.replace(' ', 'T')}Z`) - GMT3 * 60_000 : Date.parse(s);
/** `GET /measurement` as the server answers it: on createdAt, bounds inclusive. */
const listByDate = (c: ApiCall) => {
  const from = serverInstant(c.query.get('startDate')!);
  const to = serverInstant(c.query.get('endDate')!);
  const measurements = STORED.filter((m) => Date.parse(m.createdAt) >= from && Date.parse(m.createdAt) <= to);
  return { total: measurements.length, totalExact: true, measurements };
};

let savedTz: string | undefined;
const useBrowserZone = (tz: string) => {
  process.env.TZ = tz; // Node re-reads the zone when TZ is assigned
};
beforeAll(() => {
  savedTz = process.env.TZ;
});
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

describe('a GMT+3 customer, the browser on UTC', () => {
  beforeEach(() => useBrowserZone('UTC'));

  it('the browser is really on UTC (else this file would prove nothing)', () => {
    expect(new Date(NOW).getTimezoneOffset()).toBe(0);
    expect(new Date(NOW).getDate()).toBe(1);
  });

  it('"today" is the customer’s 2 May and holds the measurement made at 22:00 UTC', () => {
    const q = filtersToQuery(defaultFilters(GMT3, NOW), GMT3);
    expect(q.endDate).toBe('2024-05-02T23:59:59.999+03:00');
    expect(q.startDate).toBe('2023-05-04T01:30:00.000+03:00'); // 364 days before 01:30 on 2 May
    const at = Date.parse(AT_22_UTC);
    expect(Date.parse(q.startDate!)).toBeLessThanOrEqual(at);
    expect(Date.parse(q.endDate!)).toBeGreaterThanOrEqual(at);
    // …and ends before the customer's tomorrow.
    expect(Date.parse(q.endDate!)).toBeLessThan(Date.parse(TOMORROW));
  });

  it('the shortcuts run back 7, 30 and 90 days from now to the end of the customer’s today', () => {
    for (const days of [7, 30, 90]) {
      const [from, to] = lastDays(days, GMT3, NOW).map((d) => toIsoWithOffset(d, GMT3));
      expect(to, `${days}`).toBe('2024-05-02T23:59:59.999+03:00');
      expect(Date.parse(from), `${days}`).toBe(NOW - days * 86_400_000);
      expect(Date.parse(to)).toBeGreaterThanOrEqual(Date.parse(AT_22_UTC));
    }
  });

  describe('the Measurements tab', { timeout: 20_000 }, () => {
    let api: ReturnType<typeof fakeApi>;
    beforeEach(async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(NOW);
      await i18n.changeLanguage('en');
      loginAs(ALL);
      api = fakeApi({
        'GET /measurement': listByDate,
        'GET /measurement/tags': [],
        'GET /telemetry': TELEMETRY,
        'GET /customer/localhost': CUSTOMER,
      });
    });
    afterEach(() => {
      cleanup();
      vi.useRealTimers();
      vi.unstubAllGlobals();
      localStorage.clear();
    });
    const rangeInputs = () => screen.getAllByTestId('filter-range') as HTMLInputElement[];
    const listQueries = () => api.filter((c) => c.method === 'GET' && c.path === '/measurement').map((c) => c.query);

    it('lists the 22:00 UTC measurement as made today at 01:00, in the customer’s zone and format, named in the title', async () => {
      renderAdmin(<MeasurementsTab />);
      const tab = await screen.findByTestId('measurements-tab');
      await waitFor(() => expect(tab.querySelectorAll('tr[data-row-key]')).toHaveLength(2));
      expect([...tab.querySelectorAll('tr[data-row-key]')].map((r) => r.getAttribute('data-row-key'))).toEqual([
        STORED[1]._id,
        STORED[2]._id,
      ]); // not STORED[0], made on the customer's tomorrow
      expect(screen.getAllByTestId('measurement-created-at').map((e) => e.textContent)).toEqual([
        '02-05-2024 01:00:00',
        '20-04-2024 15:00:00',
      ]);
      expect(screen.getByRole('columnheader', { name: 'Date (GMT+3)' })).toBeTruthy();
      expect(screen.getByTestId('filter-time-zone').textContent).toBe('GMT+3');
      expect(listQueries()[0].get('endDate')).toBe('2024-05-02T23:59:59.999+03:00');
      // The picker shows the range in the customer's zone and date format.
      expect(rangeInputs().map((i) => i.value)).toEqual(['04-05-2023 01:30:00', '02-05-2024 23:59:59']);
    });

    it('the last-week shortcut sends 7 days back to the end of the customer’s today', async () => {
      renderAdmin(<MeasurementsTab />);
      await waitFor(() => expect(listQueries()).toHaveLength(1));
      const [start] = rangeInputs();
      fireEvent.mouseDown(start);
      fireEvent.focus(start);
      fireEvent.click(start);
      fireEvent.click(await screen.findByText('Last week'));
      await waitFor(() => expect(rangeInputs().map((i) => i.value)).toEqual(['25-04-2024 01:30:00', '02-05-2024 23:59:59']));
      fireEvent.click(screen.getByTestId('filter-apply'));
      await waitFor(() => expect(listQueries()).toHaveLength(2));
      const q = listQueries()[1];
      expect(q.get('startDate')).toBe('2024-04-25T01:30:00.000+03:00');
      expect(q.get('endDate')).toBe('2024-05-02T23:59:59.999+03:00');
      await waitFor(() =>
        expect(screen.getAllByTestId('measurement-created-at').map((e) => e.textContent)).toEqual(['02-05-2024 01:00:00']),
      );
    });
  });
});

describe('a GMT+3 customer, the browser in New York (daylight saving time)', () => {
  beforeEach(() => useBrowserZone('America/New_York'));

  it('the 90-day shortcut across the browser’s DST change is exactly 90 × 24 h, ending at the customer’s midnight', () => {
    const now = Date.parse('2024-04-15T12:00:00.000Z'); // EDT now; 90 days back is EST (before 10 March)
    expect(new Date(now).getTimezoneOffset()).toBe(240);
    expect(new Date(now - 90 * 86_400_000).getTimezoneOffset()).toBe(300);
    const [from, to] = lastDays(90, GMT3, now).map((d) => toIsoWithOffset(d, GMT3));
    expect(Date.parse(from)).toBe(now - 90 * 86_400_000);
    expect(from).toBe('2024-01-16T15:00:00.000+03:00');
    expect(to).toBe('2024-04-15T23:59:59.999+03:00');
  });
});
