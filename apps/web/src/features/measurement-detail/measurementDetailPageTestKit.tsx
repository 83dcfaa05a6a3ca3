import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { MeasurementDetail, Permission, Point } from '@overtone/contract';
import i18n from '../../core/i18n';
import { configureApiClient } from '../../core/api/apiClient';
import { sessionStore } from '../../core/session';
import type { ApiCall, MockAnswer } from '../../app/testing/mockApi';
import { renderApp, TEST_SESSION } from '../../app/testing/renderApp';
import MeasurementDetailPage from './MeasurementDetailPage';
import { blankPoint } from '../points/blankPoint';
import { blankMeasurement } from './blankMeasurement';

/**
 * The measurement page's test fixtures (MeasurementDetailPage.test.tsx, MeasurementDetailPanels.test.tsx):
 * a measurement and its point, permissions, the API answers the page reads, and the render. The
 * test files mock `./SignalCharts` themselves (a mock belongs to its file).
 */
export const ID = 'a0000000000000000000000a';
export const NEXT = 'b0000000000000000000000b';

export const measurement = (over: Partial<MeasurementDetail> = {}): MeasurementDetail =>
  blankMeasurement({
    _id: ID,
    user: { name: 'Ada', surname: 'Admin' },
    point: { _id: 'p1', name: 'Motor', path: ['Plant', 'Line 1', 'Motor'] },
    tags: ['pump'],
    telemetry: [
      {
        name: 'GRMS',
        telemetry: 'GRMS',
        source: 'accelerometer_x',
        sensor: '',
        value: 0.123456789,
        unit: 'g',
        deviceReported: false,
      },
      { name: 'CREST', telemetry: 'CREST', source: 'accelerometer_x', sensor: '', value: 3, unit: '', deviceReported: false },
    ],
    ...over,
  });

export const POINT: Point = blankPoint({
  _id: 'p1',
  name: 'Motor',
  tagCode: 'M-1',
  parent: 'g1',
  path: ['Plant', 'Line 1'],
  type: ['Electric Motor'],
  referenceFrequency: 25,
  health: 'healthy',
  machineType: 'fan',
});

export const ALL: Permission[] = [
  'readMeasurement',
  'deleteMeasurement',
  'deleteMeasurementPhoto',
  'updateMeasurementTags',
  'readAlarm',
];
export const loginAs = (permissions: Permission[]) => sessionStore.set({ ...TEST_SESSION, permissions });

export type Routes = Record<string, MockAnswer | ((call: ApiCall) => MockAnswer)>;
export const baseRoutes = (m: MeasurementDetail = measurement()): Routes => ({
  [`GET /measurement/${m._id}`]: [200, m],
  'GET /point/p1': [200, POINT],
  [`GET /measurement/${m._id}/photo`]: [200, []],
  'GET /alarm-transactions': [200, { total: 0, pageNumber: 1, pageSize: 10, transactions: [] }],
  'GET /measurement/tags': [200, [{ tag: 'pump', count: 3 }]],
  'GET /temporaryToken': [200, []],
});

export const renderPage = (entry = `/measurement/${ID}`) =>
  renderApp(
    [
      { path: '/', element: <div>home screen</div> },
      { path: '/measurement/:id', element: <MeasurementDetailPage /> },
    ],
    { initialEntry: entry },
  );

export const notifyError = vi.fn();
/** Registers the page tests' beforeEach (English, a fresh error toast spy) and afterEach (clean DOM, clock, globals, storage). */
export function usePageTestSetup() {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    notifyError.mockReset();
    configureApiClient({ notifyError, redirectToLogin: vi.fn() });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });
}

export const openTools = async () => {
  fireEvent.click(await screen.findByTestId('tools-menu'));
};
