import { describe, expect, it } from 'vitest';

/** The glob's keys are relative to this folder: resolved to a path under src/. */
const underSrc = (key: string) => new URL(key, 'file:///src/features/dashboard/charts/').pathname.slice('/src/'.length);

/** Every source file of the web app (tests excluded), keyed by its path under src/. */
const sources = Object.entries(
  import.meta.glob<string>(['../../../**/*.{ts,tsx}', '!../../../**/*.test.{ts,tsx}'], {
    eager: true,
    query: '?raw',
    import: 'default',
  }),
).map(([key, text]) => ({ file: underSrc(key), text }));
const textOf = (file: string) => sources.find((s) => s.file === file)!.text;

describe('ECharts stays out of the login page’s JavaScript', () => {
  it('only charts/EChart.tsx imports ECharts, and only its modular parts', () => {
    expect(sources.length).toBeGreaterThan(100);
    const importers = sources.filter((f) => /from '(echarts|zrender)[/']/.test(f.text)).map((f) => f.file);
    expect(importers).toEqual(['features/dashboard/charts/EChart.tsx']);
    expect(textOf('features/dashboard/charts/EChart.tsx')).not.toMatch(/from 'echarts'/); // the full bundle
  });

  it('EChart and the dashboard tab are reached through dynamic imports only', () => {
    const staticImport = (target: string) =>
      sources.filter((f) => new RegExp(`^import [^;]*from '[./]*[^']*/?${target}'`, 'm').test(f.text)).map((f) => f.file);
    expect(staticImport('EChart')).toEqual([]);
    expect(staticImport('dashboard/DashboardTab')).toEqual([]);
    expect(textOf('features/dashboard/charts/LazyChart.tsx')).toContain("import('./EChart')");
    expect(textOf('features/home/HomePage.tsx')).toContain("import('../dashboard/DashboardTab')");
  });
});
