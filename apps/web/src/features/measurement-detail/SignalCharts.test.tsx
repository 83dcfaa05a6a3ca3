import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import type { AxisKey } from '@overtone/contract';
import { fakeApi, renderAdmin } from '../admin/adminTestKit';
import { SignalCharts } from './SignalCharts';
import { charts } from './signalChartsMocks';
import {
  FS,
  SKF_6205,
  POINT_ID,
  X,
  bodies,
  expected,
  line,
  measurement,
  measurementGets,
  openDomain,
  pick,
  point,
  posts,
  recorded,
  renderCharts,
  setUpSignalChartsTests,
} from './signalChartsTestKit';

vi.mock('uplot', async () => (await import('./signalChartsMocks')).fakeUplotModule());
vi.mock('./domains/domainClient', async (importOriginal) =>
  (await import('./signalChartsMocks')).recordingDomainClient(await importOriginal()),
);

setUpSignalChartsTests();

describe('SignalCharts: the domain switch', () => {
  it('offers the eight domains in the spec order, FFT first open, and shows each with the signal of the detail, never loading the measurement again', async () => {
    renderCharts();
    expect(screen.getByTestId('signal-charts').dataset.domain).toBe('fft');
    const tabs = [...screen.getAllByRole('tab')].map((t) => t.textContent);
    expect(tabs).toEqual(['Time', 'FFT', 'Cepstrum', 'Envelope', 'Spectrogram', 'Polar', 'Orbit', 'Autocorrelation']);

    const panels: [string, string, string][] = [
      ['fft', 'spectrum', ''],
      ['cepstrum', 'cepstrum', 'cepstrum-chart'],
      ['envelope', 'envelope', 'envelope-panel'],
      ['spectrogram', 'spectrogram', 'spectrogram-chart'],
      ['polar', 'polar-analyze', 'polar-chart'],
      ['orbit', 'orbit-analyze', 'orbit-chart'],
      ['autoCorrelation', 'auto-correlation', 'autocorrelation-chart'],
    ];
    for (const [domain, endpoint, testId] of panels) {
      await openDomain(domain);
      await waitFor(() => expect(posts(endpoint).length).toBe(1));
      if (testId) await screen.findByTestId(testId);
      expect(bodies(endpoint)[0].signal).toEqual(measurement.data.accelerometer_x);
    }
    expect(bodies('orbit-analyze')[0].signal2).toEqual(measurement.data.accelerometer_y);
    for (const endpoint of ['spectrogram', 'cepstrum', 'envelope', 'polar-analyze', 'orbit-analyze'])
      expect(bodies(endpoint)[0].samplingRate).toBe(FS);

    // Back to a visited domain: kept as it was, from the cache.
    await openDomain('cepstrum');
    expect(posts('cepstrum').length).toBe(1);
    expect(measurementGets()).toEqual([]);
  }, 30_000);

  it('on an axis change computes the visible domain only, and a hidden one on its next visit, from the detail’s samples', async () => {
    function Harness() {
      const [axis, setAxis] = useState<AxisKey>('accelerometer_x');
      return (
        <>
          <button data-testid="to-y" onClick={() => setAxis('accelerometer_y')} />
          <SignalCharts m={measurement} axis={axis} referenceFrequencyHz={25} bearing={SKF_6205} />
        </>
      );
    }
    renderAdmin(<Harness />);
    await openDomain('cepstrum');
    await waitFor(() => expect(posts('cepstrum').length).toBe(1));
    await openDomain('autoCorrelation');
    await waitFor(() => expect(posts('auto-correlation').length).toBe(1));

    fireEvent.click(screen.getByTestId('to-y'));
    await waitFor(() => expect(posts('auto-correlation').length).toBe(2));
    expect(bodies('auto-correlation')[1].signal).toEqual(measurement.data.accelerometer_y);
    expect(posts('cepstrum').length).toBe(1);

    await openDomain('cepstrum');
    await waitFor(() => expect(posts('cepstrum').length).toBe(2));
    expect(bodies('cepstrum')[1].signal).toEqual(measurement.data.accelerometer_y);
    expect(measurementGets()).toEqual([]);
  }, 20_000);

  it('labels the axes by the point’s coordinate-axis mapping', async () => {
    renderCharts();
    // accelerometer_x is mounted as the machine's Z axis on this point.
    await waitFor(() => expect(screen.getByTestId('domain-axis').textContent).toBe('Z axis'));
    await openDomain('orbit');
    const first = screen.getByTestId('orbit-axis-1');
    expect(first.textContent).toContain('Z axis');
    expect(screen.getByTestId('orbit-axis-2').textContent).toContain('Y axis');
  });

  it('reloads a chart on a window change with one analysis request and no measurement request', async () => {
    renderCharts();
    await openDomain('cepstrum');
    await waitFor(() => expect(posts('cepstrum').length).toBe(1));
    expect(bodies('cepstrum')[0].window).toBe('hanning');
    await pick('cepstrum-window', 'Hamming');
    await waitFor(() => expect(posts('cepstrum').length).toBe(2));
    expect(bodies('cepstrum')[1]).toMatchObject({ window: 'hamming', signal: measurement.data.accelerometer_x });
    const want = expected({ kind: 'cepstrum', signal: X(), samplingRateHz: FS, window: 'hamming', removeDc: true });
    await waitFor(() => expect(charts.at(-1)!.data[1]).toEqual(Float64Array.from(want.y)));
    expect(measurementGets()).toEqual([]);
  });
});

describe('Envelope', () => {
  it('limits the band-pass slider to 100 … fs/2 − 50 Hz and sends the default band', async () => {
    renderCharts();
    await openDomain('envelope');
    const panel = await screen.findByTestId('envelope-panel');
    expect(panel.dataset.limits).toBe(`100,${FS / 2 - 50}`);
    const handles = within(panel).getAllByRole('slider');
    expect(handles[0].getAttribute('aria-valuemin')).toBe('100');
    expect(handles[0].getAttribute('aria-valuemax')).toBe(String(FS / 2 - 50));
    await waitFor(() => expect(posts('envelope').length).toBe(1));
    expect(bodies('envelope')[0]).toMatchObject({ frequencyRange: [500, 6000], xlim: 2500 });
  });

  it('places BPFO, BPFI, FTF and BSF at k · order · reference frequency, with a harmonics choice up to 10', async () => {
    renderCharts(25);
    await openDomain('envelope');
    const faults = await screen.findByTestId('envelope-faults');
    expect([...within(faults).getAllByRole('button')].map((b) => b.textContent)).toEqual(['BPFO', 'BPFI', 'FTF', 'BSF']);
    const panel = screen.getByTestId('envelope-panel');
    expect(panel.dataset.markers).toBe('');

    fireEvent.click(screen.getByTestId('envelope-fault-bpfo'));
    const bpfo = [1, 2, 3, 4, 5].map((k) => Number((k * 3.585 * 25).toFixed(6)));
    await waitFor(() => expect(panel.dataset.markers).toBe(bpfo.join(' ')));

    fireEvent.click(screen.getByTestId('envelope-fault-ftf'));
    const ftf = [1, 2, 3, 4, 5].map((k) => Number((k * 0.398 * 25).toFixed(6)));
    await waitFor(() => expect(panel.dataset.markers).toBe(`${bpfo.join(' ')};${ftf.join(' ')}`));

    await pick('envelope-fault-harmonics', '10');
    await waitFor(() => expect(panel.dataset.markers!.split(';')[0].split(' ')).toHaveLength(10));
    expect(Number(panel.dataset.markers!.split(';')[0].split(' ')[9])).toBeCloseTo(10 * 3.585 * 25, 6);
    // Markers are drawn over the result: no new envelope request.
    expect(posts('envelope').length).toBe(1);
  });

  it('offers no fault buttons without a reference frequency or without a bearing', async () => {
    renderCharts(0);
    await openDomain('envelope');
    await screen.findByTestId('envelope-panel');
    expect(screen.queryByTestId('envelope-faults')).toBeNull();
    cleanup();
    renderCharts(25, null);
    await openDomain('envelope');
    await screen.findByTestId('envelope-panel');
    expect(screen.queryByTestId('envelope-faults')).toBeNull();
  });

  it('FFT: a point with a gearbox gets the gear-mesh button from its form (teeth × reference frequency)', async () => {
    recorded.api = fakeApi({
      [`GET /point/${POINT_ID}`]: { ...point, type: ['Bearing', 'GearBox'], numberOfGearTeethAtDriverShaft: 23 },
      'POST /vibration/signal/spectrum': line,
    });
    renderCharts(25);
    const gmf = await screen.findByTestId('spectrum-gear-mesh-1', {}, { timeout: 10000 });
    expect(Number(gmf.getAttribute('data-frequency-hz'))).toBeCloseTo(23 * 25, 9);
    cleanup();
    recorded.api = fakeApi({ [`GET /point/${POINT_ID}`]: point, 'POST /vibration/signal/spectrum': line });
    renderCharts(25);
    await screen.findByTestId('spectrum-fault-bpfo', {}, { timeout: 10000 });
    expect(screen.queryByTestId('spectrum-gear-mesh')).toBeNull();
  });
});

describe('SignalCharts: large files (spec 002 §9: above 200000 samples)', () => {
  it('shows the notice instead of charts above 200000 samples and computes nothing; at 200000 it charts', async () => {
    const big = { ...measurement, profile: { ...measurement.profile, sampleSize: 200_001 } };
    renderAdmin(<SignalCharts m={big} axis="accelerometer_x" referenceFrequencyHz={25} bearing={null} />);
    expect(await screen.findByTestId('large-file-notice')).toBeTruthy();
    expect(screen.queryByTestId('signal-charts')).toBeNull();
    expect(recorded.api.filter((c) => c.method === 'POST')).toEqual([]);
    cleanup();
    const limit = { ...measurement, profile: { ...measurement.profile, sampleSize: 200_000 } };
    renderAdmin(<SignalCharts m={limit} axis="accelerometer_x" referenceFrequencyHz={25} bearing={null} />);
    expect(await screen.findByTestId('signal-charts')).toBeTruthy();
    expect(screen.queryByTestId('large-file-notice')).toBeNull();
  });
});
