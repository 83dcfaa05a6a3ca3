import { Skeleton } from 'antd';
import { groupPermissions } from './categoryState';
import { PermissionCategoryGroup } from './PermissionCategoryGroup';
import { usePermissionsQuery } from './rolesApi';

interface Props {
  value?: string[];
  onChange?(next: string[]): void;
}

/** Form control of a role's permissions: the categories of `GET /permissions` in a responsive grid. */
export function PermissionPicker({ value = [], onChange }: Props) {
  const q = usePermissionsQuery();
  if (q.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  const groups = groupPermissions(q.data ?? []);
  return (
    <div
      style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(230px, 1fr))', gap: 12 }}
      data-testid="permission-picker"
    >
      {groups.map((g) => (
        <PermissionCategoryGroup key={g.category} group={g} selected={value} onChange={(next) => onChange?.(next)} />
      ))}
    </div>
  );
}
