import { Card, Checkbox, Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { categoryState, toggleCategory, togglePermission, type PermissionGroup } from './categoryState';

interface Props {
  group: PermissionGroup;
  selected: readonly string[];
  onChange(next: string[]): void;
  disabled?: boolean;
}

/**
 * One permission category of the role dialog: a tri-state checkbox (checked all, indeterminate
 * some, unchecked none; clicking turns all on, or all off when all are on) and a switch per permission.
 */
export function PermissionCategoryGroup({ group, selected, onChange, disabled }: Props) {
  const { t } = useTranslation('admin');
  const set = new Set(selected);
  const state = categoryState(group.keys, set);
  const title = t(`permissionCategory.${group.category}`, { defaultValue: group.category });
  return (
    <Card
      size="small"
      data-testid={`perm-category-${group.category}`}
      title={
        <Checkbox
          checked={state === 'all'}
          indeterminate={state === 'some'}
          onChange={() => onChange(toggleCategory(group.keys, selected))}
          disabled={disabled}
          data-testid={`perm-category-check-${group.category}`}
          data-state={state}
        >
          {title}
        </Checkbox>
      }
    >
      <Flex vertical gap={6}>
        {group.keys.map((key) => {
          const label = t(`permission.${key}`, { defaultValue: key });
          return (
            <Flex key={key} align="center" gap={8} component="label">
              <Switch
                size="small"
                checked={set.has(key)}
                onChange={(on) => onChange(togglePermission(key, on, selected))}
                disabled={disabled}
                aria-label={label}
                data-testid={`perm-${key}`}
              />
              <Typography.Text>{label}</Typography.Text>
            </Flex>
          );
        })}
      </Flex>
    </Card>
  );
}
