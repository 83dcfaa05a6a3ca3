import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from '../../core/i18n';
import { fakeCharts, renderWithApp } from '../../charts/chartTestKit';
import { TimePanel } from './TimePanel';

vi.mock('../../charts/UplotChart', async () => ({ UplotChart: (await import('../../charts/chartTestKit')).FakeUplotChart }));

const signal = [1.5, 2.5, 1.5, 2.5];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  fakeCharts.length = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPanel = () =>
  renderWithApp(<TimePanel signal={signal} samplingRateHz={4} name="accelerometer_x" measurementId="m1" />);
const shown = () => Array.from(fakeCharts.at(-1)!.data[1] as ArrayLike<number>);

describe('TimePanel', () => {
  it('removes the DC offset by default and shows it when switched off; converts to mm/s²', async () => {
    renderPanel();
    await screen.findByTestId('time-chart', {}, { timeout: 10000 });
    expect(shown()).toEqual([-0.5, 0.5, -0.5, 0.5]);
    fireEvent.click(screen.getByTestId('time-dc-offset'));
    expect(shown()).toEqual(signal);
    fireEvent.click(screen.getByText('mm/s²'));
    expect(shown()).toEqual(signal.map((v) => v * 9806.65));
    expect(Array.from(fakeCharts.at(-1)!.data[0] as ArrayLike<number>)).toEqual([0, 0.25, 0.5, 0.75]);
  });

  it('downloads CSV of the shown waveform named by date-time', async () => {
    const blobs: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:x';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderPanel();
    fireEvent.click(await screen.findByTestId('time-csv'));
    expect(names[0]).toMatch(/^\d{2}-\d{2}-\d{4}_\d{2}-\d{2}-\d{2}_accelerometer_x_time\.csv$/);
    expect(await blobs[0].text()).toBe('"time_s","acceleration_g"\n0,-0.5\n0.25,0.5\n0.5,-0.5\n0.75,0.5\n');
  });

  it('plays the waveform as audio at 44.1 kHz and stops it', async () => {
    const source = { buffer: null, onended: null, connect: vi.fn(), start: vi.fn(), stop: vi.fn() };
    const created: { sampleRate: number }[] = [];
    const buffers: { length: number; rate: number }[] = [];
    class FakeAudioContext {
      destination = {};
      constructor(o: { sampleRate: number }) {
        created.push(o);
      }
      createBuffer(_c: number, length: number, rate: number) {
        buffers.push({ length, rate });
        return { copyToChannel: vi.fn() };
      }
      createBufferSource() {
        return source;
      }
      close() {
        return Promise.resolve();
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    renderPanel();
    const play = await screen.findByTestId('time-play');
    expect(play.textContent).toContain('Play');
    fireEvent.click(play);
    expect(created).toEqual([{ sampleRate: 44100 }]);
    // 4 samples at 4 Hz = 1 s → 44100 samples
    expect(buffers).toEqual([{ length: 44100, rate: 44100 }]);
    expect(source.start).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('time-play').textContent).toContain('Stop'));
    fireEvent.click(screen.getByTestId('time-play'));
    expect(source.stop).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByTestId('time-play').textContent).toContain('Play'));
  });
});
