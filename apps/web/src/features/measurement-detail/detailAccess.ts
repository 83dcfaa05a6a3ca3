import { createContext, useContext } from 'react';
import type { Permission, ShareScope } from '@overtone/contract';

/** What the measurement page may show and change: the session's permissions, or a share link's scope. */
export interface DetailAccess {
  /** Opened with a share token: every write control is hidden. */
  readOnly: boolean;
  /** What the share token grants (null without one). */
  scope: ShareScope | null;
  /** Whether a control needing `permission` is shown (always false for writes in read-only mode). */
  can(permission: Permission): boolean;
  /** Photos are shown: always for a session, with allowImage for a share link. */
  showPhotos: boolean;
  /** Alarm transactions are shown: readAlarm for a session, allowAlarmTransactions for a share link. */
  showAlarms: boolean;
}

/** Permissions that only read: kept in read-only mode when the share scope allows the content. */
const READS: ReadonlySet<Permission> = new Set<Permission>(['readMeasurement', 'readAlarm', 'Readtrend', 'readPoint']);

/**
 * Builds the access of the page.
 * @param has whether the session holds a permission (`hasPermission` bound to the session)
 * @param scope the share scope when the page was opened with a share token
 */
export function detailAccess(has: (p: Permission) => boolean, scope: ShareScope | null): DetailAccess {
  if (!scope) return { readOnly: false, scope: null, can: has, showPhotos: true, showAlarms: has('readAlarm') };
  return {
    readOnly: true,
    scope,
    can: (p) => READS.has(p) && (p !== 'readAlarm' || scope.allowAlarmTransactions) && (p !== 'Readtrend' || scope.allowTrend),
    showPhotos: scope.allowImage,
    showAlarms: scope.allowAlarmTransactions,
  };
}

export const DetailAccessContext = createContext<DetailAccess>(detailAccess(() => true, null));

/** The access of the measurement page being shown. */
export const useDetailAccess = () => useContext(DetailAccessContext);
