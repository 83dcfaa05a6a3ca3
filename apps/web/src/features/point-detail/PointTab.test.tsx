import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { LANGUAGES, type Point } from '@overtone/contract';
import i18n from '../../core/i18n';
import { sessionStore } from '../../core/session';
import { mockApi } from '../../app/testing/mockApi';
import { TEST_SESSION, renderApp } from '../../app/testing/renderApp';
import { resources } from '../../locales/resources';
import { PointTab } from './PointTab';
import { blankPoint } from '../points/blankPoint';

const P = 'c'.repeat(24);
const POINT: Point = blankPoint({
  _id: P,
  name: 'Gearbox input',
  tagCode: 'gb1',
  parent: 'g1',
  path: ['Demo Plant', 'CWRU test rig'],
  health: 'healthy',
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the point tab’s cards', () => {
  it('are titled apart in every language: point information, then configuration (device, profile, periodic, trigger)', () => {
    for (const lang of LANGUAGES) {
      const info = resources[lang].point.infoTitle;
      const config = resources[lang].pointConfig.title;
      expect(typeof info, lang).toBe('string');
      expect(info, lang).not.toBe(config);
    }
    expect(resources.tr.point.infoTitle).toBe('Nokta bilgileri');
    expect(resources.en.point.infoTitle).toBe('Point information');
  });

  it('shows "Nokta bilgileri" above "Yapılandırma" in Turkish (both used to read "configuration")', async () => {
    await i18n.changeLanguage('tr');
    sessionStore.set({ ...TEST_SESSION, permissions: ['readPoint'] });
    mockApi({
      [`GET /point/${P}`]: [200, POINT],
      [`GET /point/${P}/config`]: [200, { device: null, profile: null, channelGroups: [] }],
      [`GET /point/${P}/periodic`]: [200, { sleepAmount: null, schedulerJob: null }],
      [`GET /point/${P}/trigger`]: [200, { triggers: [] }],
    });
    renderApp([{ path: '/', element: <PointTab pointId={P} /> }]);
    await screen.findByTestId('point-info');
    await waitFor(() =>
      expect([...document.querySelectorAll('.ant-card-head-title')].map((e) => e.textContent)).toEqual([
        'Nokta bilgileri',
        'Yapılandırma',
      ]),
    );
  });
});
