import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  FS,
  X,
  bodies,
  canvasCalls,
  expected,
  measurement,
  measurementGets,
  openDomain,
  pick,
  posts,
  renderCharts,
  setUpSignalChartsTests,
} from './signalChartsTestKit';

vi.mock('uplot', async () => (await import('./signalChartsMocks')).fakeUplotModule());
vi.mock('./domains/domainClient', async (importOriginal) =>
  (await import('./signalChartsMocks')).recordingDomainClient(await importOriginal()),
);

setUpSignalChartsTests();

describe('Polar and orbit', () => {
  it('polar: a reference frequency of 0 shows the red hint and sends nothing; a typed one draws the chart', async () => {
    renderCharts(0);
    await openDomain('polar');
    const hint = await screen.findByTestId('polar-reference-hint');
    expect(hint.textContent).toBe('Please enter the rotation speed (reference frequency) of the machine.');
    expect(hint.closest('.ant-typography-danger')).not.toBeNull();
    expect(posts('polar-analyze')).toEqual([]);

    const input = screen.getByTestId('polar-reference');
    fireEvent.change(input, { target: { value: '24.5' } });
    await waitFor(() => expect(posts('polar-analyze').length).toBe(1));
    expect(bodies('polar-analyze')[0]).toMatchObject({ referenceFrequency: 24.5, window: 'rectangular', samplingRate: FS });
    expect(screen.queryByTestId('polar-reference-hint')).toBeNull();
    const revolutions = expected({
      kind: 'polar',
      signal: X(),
      samplingRateHz: FS,
      window: 'rectangular',
      removeDc: true,
      referenceFrequencyHz: 24.5,
    }).r.length;
    expect(revolutions).toBeGreaterThan(1);
    await waitFor(() => expect(screen.getAllByTestId('polar-revolution')).toHaveLength(revolutions));
    expect(screen.getByTestId('polar-mean')).toBeTruthy();
  });

  it('orbit: 0 shows the hint; two axis selectors and the window choose what is sent', async () => {
    renderCharts(0);
    await openDomain('orbit');
    await screen.findByTestId('orbit-reference-hint');
    expect(posts('orbit-analyze')).toEqual([]);
    expect(screen.getByTestId('orbit-axis-1')).toBeTruthy();
    expect(screen.getByTestId('orbit-axis-2')).toBeTruthy();

    fireEvent.change(screen.getByTestId('orbit-reference'), { target: { value: '25' } });
    await waitFor(() => expect(posts('orbit-analyze').length).toBe(1));
    expect(bodies('orbit-analyze')[0]).toMatchObject({
      referenceFrequency: 25,
      signal: measurement.data.accelerometer_x,
      signal2: measurement.data.accelerometer_y,
    });
    await screen.findByTestId('orbit-mean');

    await pick('orbit-window', 'Hanning');
    await waitFor(() => expect(posts('orbit-analyze').length).toBe(2));
    expect(bodies('orbit-analyze')[1].window).toBe('hanning');
    expect(measurementGets()).toEqual([]);
  });

  it('starts from the point’s reference frequency', async () => {
    renderCharts(25);
    await openDomain('polar');
    await waitFor(() => expect(posts('polar-analyze').length).toBe(1));
    expect(bodies('polar-analyze')[0].referenceFrequency).toBe(25);
    expect(screen.queryByTestId('polar-reference-hint')).toBeNull();
  });
});

describe('Autocorrelation and spectrogram', () => {
  it('autocorrelation: lag size 1024 by default, another lag size is a new request; sizes not below N are disabled', async () => {
    renderCharts();
    await openDomain('autoCorrelation');
    await waitFor(() => expect(posts('auto-correlation').length).toBe(1));
    expect(bodies('auto-correlation')[0]).toMatchObject({ lagSize: 1024, window: 'rectangular' });
    expect(bodies('auto-correlation')[0].signal).toEqual(measurement.data.accelerometer_x);
    await pick('autocorrelation-lag', '2048');
    await waitFor(() => expect(posts('auto-correlation').length).toBe(2));
    expect(bodies('auto-correlation')[1].lagSize).toBe(2048);
    await waitFor(() => expect(screen.getByTestId('autocorrelation-chart').dataset.points).toBe('2049'));

    // N = 4096: 4096 and 9192 cannot be computed.
    fireEvent.mouseDown(screen.getByTestId('autocorrelation-lag').querySelector('input')!);
    const disabled = [...document.querySelectorAll('.ant-select-item-option-disabled')].map((e) => e.textContent);
    expect(disabled).toEqual(['4096', '9192']);
  });

  it('spectrogram: an nfft choice sends a new request and the heat map is drawn on the canvas', async () => {
    renderCharts();
    await openDomain('spectrogram');
    await waitFor(() => expect(posts('spectrogram').length).toBe(1));
    expect(bodies('spectrogram')[0]).toMatchObject({ nfft: 1024, window: 'hanning', samplingRate: FS });
    const cells = (nfft: number) => {
      const s = expected({
        kind: 'spectrogram',
        signal: X(),
        samplingRateHz: FS,
        window: 'hanning',
        removeDc: true,
        nfft,
        overlap: 0.5,
      });
      return `${s.t.length}x${s.f.length}`;
    };
    expect(cells(1024)).toBe('7x513');
    await waitFor(() => expect(screen.getByTestId('spectrogram-chart').dataset.cells).toBe(cells(1024)));
    expect(canvasCalls).toContain(`createImageData ${cells(1024)}`);
    expect(canvasCalls).toContain('drawImage');

    canvasCalls.length = 0;
    await pick('spectrogram-nfft', '2048');
    await waitFor(() => expect(posts('spectrogram').length).toBe(2));
    expect(bodies('spectrogram')[1].nfft).toBe(2048);
    await waitFor(() => expect(screen.getByTestId('spectrogram-chart').dataset.cells).toBe(cells(2048)));
    expect(canvasCalls).toContain(`createImageData ${cells(2048)}`);
    expect(canvasCalls).toContain('putImageData');
    expect(canvasCalls).toContain('drawImage');

    // A scale change redraws without a request.
    canvasCalls.length = 0;
    await act(async () => fireEvent.click(within(screen.getByTestId('spectrogram-scale')).getByText('Linear')));
    expect(canvasCalls).toContain('drawImage');
    expect(posts('spectrogram').length).toBe(2);
    expect(measurementGets()).toEqual([]);
  });
});
