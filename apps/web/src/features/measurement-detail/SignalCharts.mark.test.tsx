import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { MeasurementDetail } from '@overtone/contract';
import i18n from '../../core/i18n';
import { mockApi } from '../../app/testing/mockApi';
import { renderApp } from '../../app/testing/renderApp';
import { blankPoint } from '../points/blankPoint';
import { blankMeasurement } from './blankMeasurement';
import { SignalCharts } from './SignalCharts';

vi.mock('../../charts/UplotChart', async () => ({ UplotChart: (await import('../../charts/chartTestKit')).FakeUplotChart }));

const xHz = Array.from({ length: 1000 }, (_, i) => i * 0.5);
const y = xHz.map(() => 0.001);
vi.mock('./measurementApi', async (original) => ({
  ...(await original<typeof import('./measurementApi')>()),
  useSpectrumQuery: () => ({ isPending: false, isError: false, data: { x: xHz, y, unit: 'g' } }),
  useEnvelopeQuery: () => ({ isPending: false, isError: false, isFetching: false, data: { x: xHz, y, unit: 'g' } }),
}));

const signal = Array.from({ length: 2048 }, (_, i) => Math.sin(i / 3));
const m: MeasurementDetail = blankMeasurement({
  _id: 'a0000000000000000000000a',
  point: { _id: 'p1', name: 'Motor', path: ['Plant', 'Motor'] },
  calibratedSamplingRate: 12000,
  data: { accelerometer_x: signal, accelerometer_y: signal },
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
  mockApi({ 'GET /point/p1': [200, blankPoint({ _id: 'p1', name: 'Motor', path: ['Plant'] })] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SignalCharts with an evidence link', () => {
  it('opens the domain of the link with the line marked there, and only there', async () => {
    renderApp([
      {
        path: '/',
        element: (
          <SignalCharts
            m={m}
            axis="accelerometer_y"
            referenceFrequencyHz={0}
            mark={{ domain: 'envelope', axis: 'accelerometer_y', markHz: 162 }}
          />
        ),
      },
    ]);
    const panel = await screen.findByTestId('envelope-panel', {}, { timeout: 10000 });
    expect(screen.getByTestId('signal-charts').getAttribute('data-domain')).toBe('envelope');
    expect(panel.getAttribute('data-mark-hz')).toBe('162');
    fireEvent.click(screen.getByTestId('domain-tab-fft'));
    const spectrum = await screen.findByTestId('spectrum-panel', {}, { timeout: 10000 });
    expect(spectrum.hasAttribute('data-mark-hz')).toBe(false);
  });

  it('opens the FFT as usual without a link', async () => {
    renderApp([{ path: '/', element: <SignalCharts m={m} axis="accelerometer_x" referenceFrequencyHz={0} /> }]);
    await waitFor(() => expect(screen.getByTestId('signal-charts').getAttribute('data-domain')).toBe('fft'));
    expect((await screen.findByTestId('spectrum-panel', {}, { timeout: 10000 })).hasAttribute('data-mark-hz')).toBe(false);
  });
});
