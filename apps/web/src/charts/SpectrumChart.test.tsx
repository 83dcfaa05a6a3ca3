import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from '../core/i18n';
import { fakeCharts, renderWithApp } from './chartTestKit';
import SpectrumChart from './SpectrumChart';

vi.mock('./UplotChart', async () => ({ UplotChart: (await import('./chartTestKit')).FakeUplotChart }));

// 0, 1, …, 1023 Hz; the highest line below 500 Hz is at 100 Hz.
const xHz = Array.from({ length: 1024 }, (_, i) => i);
const y = xHz.map((f) => (f === 100 ? 2 : f === 700 ? 5 : 0.01));

beforeEach(async () => {
  await i18n.changeLanguage('en');
  fakeCharts.length = 0;
});
afterEach(() => cleanup());

const renderChart = (props: Partial<Parameters<typeof SpectrumChart>[0]> = {}) =>
  renderWithApp(<SpectrumChart xHz={xHz} y={y} unit="g" amplitudeLabel="Grms" name="accelerometer_x" {...props} />);
const plot = () => screen.getByTestId('spectrum-plot');
const cursorIndex = () => Number(screen.getByTestId('spectrum-cursor').getAttribute('data-index'));
const zoom = () => Number(plot().getAttribute('data-zoom'));
const chart = () => fakeCharts.at(-1)!;
const countInput = () => {
  const el = screen.getByTestId('spectrum-harmonic-count');
  return el instanceof HTMLInputElement ? el : el.querySelector('input')!;
};

describe('SpectrumChart keyboard', () => {
  it('starts on the highest peak, steps 1 with ←/→ and jumps 10 with Alt, clamped', () => {
    renderChart();
    expect(cursorIndex()).toBe(100);
    fireEvent.keyDown(plot(), { key: 'ArrowRight' });
    expect(cursorIndex()).toBe(101);
    fireEvent.keyDown(plot(), { key: 'ArrowLeft' });
    fireEvent.keyDown(plot(), { key: 'ArrowLeft' });
    expect(cursorIndex()).toBe(99);
    fireEvent.keyDown(plot(), { key: 'ArrowRight', altKey: true });
    expect(cursorIndex()).toBe(109);
    fireEvent.keyDown(plot(), { key: 'ArrowLeft', altKey: true });
    expect(cursorIndex()).toBe(99);
    for (let i = 0; i < 12; i++) fireEvent.keyDown(plot(), { key: 'ArrowLeft', altKey: true });
    expect(cursorIndex()).toBe(0);
    expect(screen.getByTestId('spectrum-cursor').textContent).toContain('0.00 Hz');
  });

  it('step and jump buttons move the cursor like the keys', () => {
    renderChart();
    fireEvent.click(screen.getByTestId('spectrum-jumpRight'));
    fireEvent.click(screen.getByTestId('spectrum-stepRight'));
    expect(cursorIndex()).toBe(111);
    fireEvent.click(screen.getByTestId('spectrum-jumpLeft'));
    fireEvent.click(screen.getByTestId('spectrum-stepLeft'));
    expect(cursorIndex()).toBe(100);
  });

  it('zooms 0–10 with ↑/↓ (each level halves the span) and Enter resets', () => {
    renderChart();
    expect(zoom()).toBe(0);
    fireEvent.keyDown(plot(), { key: 'ArrowDown' });
    expect(zoom()).toBe(0);
    fireEvent.keyDown(plot(), { key: 'ArrowUp' });
    expect(zoom()).toBe(1);
    const s1 = chart().scales.x;
    expect(s1.max! - s1.min!).toBeCloseTo(1023 / 2, 9);
    fireEvent.keyDown(plot(), { key: 'ArrowUp' });
    const s2 = chart().scales.x;
    expect(s2.max! - s2.min!).toBeCloseTo(1023 / 4, 9);
    expect(s2.min! <= 100 && s2.max! >= 100).toBe(true);
    for (let i = 0; i < 15; i++) fireEvent.keyDown(plot(), { key: 'ArrowUp' });
    expect(zoom()).toBe(10);
    expect(screen.getByTestId('spectrum-zoom-level').textContent).toBe('Zoom 10/10');
    const s10 = chart().scales.x;
    expect(s10.max! - s10.min!).toBeCloseTo(1023 / 1024, 9);
    fireEvent.keyDown(plot(), { key: 'Enter' });
    expect(zoom()).toBe(0);
    expect(chart().scales.x).toEqual({ min: 0, max: 1023 });
  });

  it('does not take keys typed into a form control', () => {
    renderChart();
    const count = countInput();
    fireEvent.keyDown(count, { key: 'ArrowUp' });
    fireEvent.keyDown(count, { key: 'ArrowRight' });
    expect(zoom()).toBe(0);
    expect(cursorIndex()).toBe(100);
  });
});

describe('SpectrumChart clicks', () => {
  it('Ctrl+click selects a line; a plain click shows the hint', async () => {
    renderChart();
    chart().cursor.idx = 300;
    act(() => {
      chart().over.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    expect(await screen.findByText('Use Ctrl+click to select a point.')).toBeTruthy();
    expect(cursorIndex()).toBe(100);
    act(() => {
      chart().over.dispatchEvent(new MouseEvent('click', { bubbles: true, ctrlKey: true }));
    });
    expect(cursorIndex()).toBe(300);
  });
});

describe('SpectrumChart harmonics and axes', () => {
  const harmonics = () => plot().getAttribute('data-harmonics-hz')!.split(',').map(Number);

  it('marks 5 harmonics of the reference frequency by default, up to 10, and can switch them off', async () => {
    renderChart({ referenceFrequencyHz: 29.95 });
    expect(harmonics()).toEqual([1, 2, 3, 4, 5].map((k) => k * 29.95));
    const input = countInput();
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.blur(input);
    await waitFor(() => expect(harmonics()).toHaveLength(10));
    expect(harmonics()[9]).toBeCloseTo(299.5, 9);
    fireEvent.click(screen.getByTestId('spectrum-harmonics-switch'));
    expect(plot().getAttribute('data-harmonics-hz')).toBe('');
  });

  it('starts the harmonics from a Ctrl+clicked line', () => {
    renderChart({ referenceFrequencyHz: 0 });
    // without a reference frequency the selected line (here the peak at 100 Hz) is the base
    expect(harmonics()).toEqual([100, 200, 300, 400, 500]);
    chart().cursor.idx = 60;
    act(() => {
      chart().over.dispatchEvent(new MouseEvent('click', { ctrlKey: true }));
    });
    expect(harmonics()).toEqual([60, 120, 180, 240, 300]);
  });

  it('shows RPM (Hz × 60) and dB (20·log10) without a new chart per data change', () => {
    renderChart();
    const created = fakeCharts.length;
    fireEvent.click(screen.getByText('RPM'));
    const x = chart().data[0] as ArrayLike<number>;
    expect(x[100]).toBe(6000);
    expect(x[1023]).toBe(1023 * 60);
    fireEvent.click(screen.getByText('Log (dB)'));
    const yd = chart().data[1] as ArrayLike<number | null>;
    expect(yd[100]).toBeCloseTo(20 * Math.log10(2), 12);
    expect(yd[5]).toBeCloseTo(-40, 12);
    // a new chart only for new axis labels, never a new request: the data come from props
    expect(fakeCharts.length).toBeGreaterThan(created);
  });
});

describe('SpectrumChart exports', () => {
  it('downloads CSV and SVG of the shown spectrum, named by date-time', async () => {
    const blobs: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:x';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderWithApp(<SpectrumChart xHz={[0, 10, 20]} y={[0.5, 2, 1]} unit="g" amplitudeLabel="Grms" name="accelerometer_x" />);
    fireEvent.click(screen.getByText('RPM'));
    const open = async () => {
      fireEvent.mouseEnter(screen.getByTestId('spectrum-download'));
      fireEvent.click(screen.getByTestId('spectrum-download'));
    };
    await open();
    fireEvent.click(await screen.findByText('Download CSV'));
    expect(names[0]).toMatch(/^\d{2}-\d{2}-\d{4}_\d{2}-\d{2}-\d{2}_accelerometer_x_spectrum\.csv$/);
    expect(await blobs[0].text()).toBe('"speed_rpm","grms_g"\n0,0.5\n600,2\n1200,1\n');
    await open();
    fireEvent.click(await screen.findByText('Download SVG'));
    expect(names[1]).toMatch(/^\d{2}-\d{2}-\d{4}_\d{2}-\d{2}-\d{2}_accelerometer_x_spectrum\.svg$/);
    const svg = await blobs[1].text();
    expect(svg).toContain('<polyline');
    expect(svg).toContain('Speed (RPM)');
    click.mockRestore();
    vi.restoreAllMocks();
  });
});
