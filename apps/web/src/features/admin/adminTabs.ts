import type { Permission } from '@overtone/contract';

/** Tabs of the admin page, in display order (spec 002 §2 "Admin page"). */
export const ADMIN_TABS = ['users', 'roles', 'gateways', 'ducks', 'preferences', 'telemetry'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/**
 * The permission that shows each tab; `null`: shown to every logged-in user (preferences are read
 * from the customer record; editing needs more).
 */
export const TAB_PERMISSION: Record<AdminTab, Permission | null> = {
  users: 'readUser',
  roles: 'readRole',
  gateways: 'readGateway',
  ducks: 'readGateway',
  preferences: null,
  telemetry: 'readTelemetry',
};

/** The tabs the session may see, in display order. */
export function visibleAdminTabs(can: (p: Permission) => boolean): AdminTab[] {
  return ADMIN_TABS.filter((tab) => {
    const p = TAB_PERMISSION[tab];
    return p === null || can(p);
  });
}

/**
 * The tab to show for the `?tab=` query value: that tab when it is visible, otherwise the first
 * visible one (users when the session may read users, spec 002: the default tab is adminUsers).
 */
export function resolveAdminTab(requested: string | null, visible: readonly AdminTab[]): AdminTab {
  const found = visible.find((t) => t === requested);
  return found ?? visible[0] ?? 'preferences';
}
