import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import i18n from '../../core/i18n';
import {
  ALL,
  CUSTOMER,
  fakeApi,
  GATEWAYS,
  loginAs,
  PERMISSION_ENTRIES,
  renderAdmin,
  ROLES,
  TELEMETRY,
  USERS,
} from './adminTestKit';
import { AdminPage } from './AdminPage';

function Search() {
  return <output data-testid="location-search">{useLocation().search}</output>;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  fakeApi({
    'GET /users': USERS,
    'GET /role': ROLES,
    'GET /permissions': PERMISSION_ENTRIES,
    'GET /customer/localhost': CUSTOMER,
    'GET /telemetry': TELEMETRY,
    'GET /telemetry/sources': [],
    'GET /gateway': { total: GATEWAYS.length, gateways: GATEWAYS },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const tabNames = () => screen.queryAllByTestId(/^admin-tab-/).map((e) => e.dataset.testid);

describe('AdminPage', () => {
  it('shows every tab to an admin and opens Users by default', async () => {
    loginAs(ALL);
    renderAdmin(
      <>
        <AdminPage />
        <Search />
      </>,
    );
    expect(tabNames()).toEqual([
      'admin-tab-users',
      'admin-tab-roles',
      'admin-tab-gateways',
      'admin-tab-ducks',
      'admin-tab-preferences',
      'admin-tab-telemetry',
    ]);
    expect(await screen.findByTestId('user-row-admin@demo.local')).toBeTruthy();
  });

  it('hides the tabs whose read permission the session lacks and opens the first visible one', async () => {
    loginAs(['readRole']);
    renderAdmin(<AdminPage />);
    expect(tabNames()).toEqual(['admin-tab-roles', 'admin-tab-preferences']);
    expect(await screen.findByTestId('role-row-OPERATOR')).toBeTruthy();
    // without createRole, updateRole and deleteRole: no buttons
    expect(screen.queryByTestId('role-create')).toBeNull();
    expect(screen.queryByTestId('role-edit')).toBeNull();
  });

  it('keeps the tab in the URL: ?tab= opens it and choosing a tab writes it', async () => {
    loginAs(ALL);
    renderAdmin(
      <>
        <AdminPage />
        <Search />
      </>,
      '/admin?tab=telemetry',
    );
    expect(await screen.findByTestId('telemetry-row-GRMS')).toBeTruthy();
    fireEvent.click(screen.getByTestId('admin-tab-roles'));
    await waitFor(() => expect(screen.getByTestId('location-search').textContent).toBe('?tab=roles'));
    expect(await screen.findByTestId('role-row-ADMINS')).toBeTruthy();
  });
});
