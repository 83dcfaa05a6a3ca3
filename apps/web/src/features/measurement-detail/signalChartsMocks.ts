import type * as DomainClient from './domains/domainClient';

/*
 * The stand-ins of the SignalCharts tests (SignalCharts.test.tsx, SignalChartsAnalyses.test.tsx),
 * which mock the modules with them:
 *   vi.mock('uplot', async () => (await import('./signalChartsMocks')).fakeUplotModule());
 *   vi.mock('./domains/domainClient', async (real) => (await import('./signalChartsMocks')).recordingDomainClient(await real()));
 * Nothing here imports the app (the mocks are made before it loads).
 */

/** The uPlot charts made, with their data (uPlot needs a real canvas). */
export const charts: { data: unknown[]; destroyed: boolean }[] = [];
/** Every domain computation the page asked the browser for (the real computation runs). */
export const computed: Record<string, unknown>[] = [];

/** uPlot's module: a stand-in that records the charts and their data. */
export const fakeUplotModule = () => ({
  default: class FakeUplot {
    data: unknown[];
    destroyed = false;
    width = 600;
    height = 300;
    over: HTMLDivElement;
    bbox = { left: 0, top: 0, width: 600, height: 300 };
    scales = { x: { min: 0, max: 1 }, y: { min: 0, max: 1 } };
    constructor(_opts: unknown, data: unknown[], el: HTMLElement) {
      this.data = data;
      this.over = document.createElement('div');
      el.appendChild(this.over);
      charts.push(this);
    }
    setData(d: unknown[]) {
      this.data = d;
    }
    setSize() {}
    setScale() {}
    setCursor() {}
    redraw() {}
    valToPos() {
      return 0;
    }
    posToVal() {
      return 0;
    }
    destroy() {
      this.destroyed = true;
    }
  },
});

/**
 * The DSP client with its real computation, each request recorded in {@link computed}: every domain
 * is computed in the browser (docs/signals.md).
 */
export const recordingDomainClient = (real: typeof DomainClient): typeof DomainClient => ({
  ...real,
  computeInBrowser: (r) => {
    computed.push(r as unknown as Record<string, unknown>);
    return real.computeInBrowser(r);
  },
});
