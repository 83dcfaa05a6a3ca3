import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { Permission } from '@overtone/contract';
import i18n from '../../core/i18n';
import { configureApiClient } from '../../core/api/apiClient';
import { sessionStore } from '../../core/session';
import { mockApi } from '../../app/testing/mockApi';
import { renderApp, TEST_SESSION } from '../../app/testing/renderApp';
import { DetailAccessContext, detailAccess } from './detailAccess';
import { ShareLinkDialog } from './ShareLinkDialog';

/** The share dialog offers only the extras the user may read (issue 14; the server answers 403 otherwise). */
const renderWith = (permissions: Permission[]) => {
  mockApi({ 'GET /temporaryToken': [200, []] });
  const access = detailAccess((p) => permissions.includes(p), null);
  return renderApp([{ path: '/', element: <ShareLinkDialog measurementId="m1" open onClose={() => undefined} /> }], {
    wrap: (n) => <DetailAccessContext.Provider value={access}>{n}</DetailAccessContext.Provider>,
  });
};
const disabled = (testId: string) => screen.getByTestId(testId).classList.contains('ant-switch-disabled');

beforeEach(async () => {
  await i18n.changeLanguage('en');
  configureApiClient({ notifyError: vi.fn(), redirectToLogin: vi.fn() });
  sessionStore.set(TEST_SESSION);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ShareLinkDialog extras', () => {
  it('disables the extras whose permission the user lacks', async () => {
    renderWith(['readMeasurement', 'readPoint']);
    await screen.findByTestId('share-allowTrend');
    expect(disabled('share-allowTrend')).toBe(true);
    expect(disabled('share-allowImage')).toBe(false);
    expect(disabled('share-allowAlarmTransactions')).toBe(true);
  });

  it('offers every extra to a user holding Readtrend, readPoint and readAlarm', async () => {
    renderWith(['readMeasurement', 'readPoint', 'Readtrend', 'readAlarm']);
    await screen.findByTestId('share-allowTrend');
    for (const id of ['share-allowTrend', 'share-allowImage', 'share-allowAlarmTransactions'])
      expect(disabled(id), id).toBe(false);
  });
});
