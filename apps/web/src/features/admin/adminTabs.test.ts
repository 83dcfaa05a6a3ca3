import { describe, expect, it } from 'vitest';
import type { Permission } from '@overtone/contract';
import { resolveAdminTab, visibleAdminTabs } from './adminTabs';

const holding =
  (...perms: Permission[]) =>
  (p: Permission) =>
    perms.includes(p);

describe('admin tabs by permission (spec 002 §2)', () => {
  it('shows users, roles, gateways, ducks and telemetry only with their read permission; preferences always', () => {
    expect(visibleAdminTabs(holding('readUser', 'readRole', 'readGateway', 'readTelemetry'))).toEqual([
      'users',
      'roles',
      'gateways',
      'ducks',
      'preferences',
      'telemetry',
    ]);
    expect(visibleAdminTabs(holding('readRole'))).toEqual(['roles', 'preferences']);
    expect(visibleAdminTabs(holding())).toEqual(['preferences']);
    expect(visibleAdminTabs(holding('readTelemetry'))).toEqual(['preferences', 'telemetry']);
  });

  it('shows the ducks tab only with readGateway', () => {
    expect(visibleAdminTabs(holding('readUser', 'updateGateway', 'createMeasurement'))).not.toContain('ducks');
    expect(visibleAdminTabs(holding('readGateway'))).toEqual(['gateways', 'ducks', 'preferences']);
  });

  it('opens the requested tab when visible, else the first visible one (users by default)', () => {
    const all = visibleAdminTabs(() => true);
    expect(resolveAdminTab(null, all)).toBe('users');
    expect(resolveAdminTab('telemetry', all)).toBe('telemetry');
    expect(resolveAdminTab('users', ['preferences', 'telemetry'])).toBe('preferences');
    expect(resolveAdminTab('nonsense', ['roles', 'preferences'])).toBe('roles');
  });
});
