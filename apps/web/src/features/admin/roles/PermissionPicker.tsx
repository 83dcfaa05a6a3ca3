import { Skeleton } from 'antd';
import type { Permission } from '@overtone/contract';
import { hasPermission, useSession } from '../../../core/session';
import { groupPermissions } from './categoryState';
import { PermissionCategoryGroup } from './PermissionCategoryGroup';
import { usePermissionsQuery } from './rolesApi';

interface Props {
  value?: string[];
  onChange?(next: string[]): void;
}

/**
 * Form control of a role's permissions: the categories of `GET /permissions` in a responsive grid.
 * Permissions the user does not hold are shown but cannot be switched on.
 */
export function PermissionPicker({ value = [], onChange }: Props) {
  const q = usePermissionsQuery();
  const session = useSession();
  const held = (key: string) => hasPermission(session, key as Permission);
  if (q.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  const groups = groupPermissions(q.data ?? []);
  return (
    <div
      style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(230px, 1fr))', gap: 12 }}
      data-testid="permission-picker"
    >
      {groups.map((g) => (
        <PermissionCategoryGroup key={g.category} group={g} selected={value} onChange={(next) => onChange?.(next)} held={held} />
      ))}
    </div>
  );
}
