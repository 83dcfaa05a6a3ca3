import { Card, Checkbox, Flex, Switch, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { categoryState, toggleCategory, togglePermission, type PermissionGroup } from './categoryState';

interface Props {
  group: PermissionGroup;
  selected: readonly string[];
  onChange(next: string[]): void;
  disabled?: boolean;
  /**
   * Whether the user holds a permission (default: all). One they lack cannot be switched on: nobody
   * grants what they do not hold (the server answers 403 GRANT_NOT_HELD).
   */
  held?: (key: string) => boolean;
}

const ALL_HELD = () => true;

/**
 * One permission category of the role dialog: a tri-state checkbox (checked all, indeterminate
 * some, unchecked none; clicking turns all on, or all off when all are on) and a switch per permission.
 */
export function PermissionCategoryGroup({ group, selected, onChange, disabled, held = ALL_HELD }: Props) {
  const { t } = useTranslation('admin');
  const set = new Set(selected);
  const state = categoryState(group.keys, set);
  const grantable = group.keys.filter(held);
  const title = t(`permissionCategory.${group.category}`, { defaultValue: group.category });
  return (
    <Card
      size="small"
      data-testid={`perm-category-${group.category}`}
      title={
        <Checkbox
          checked={state === 'all'}
          indeterminate={state === 'some'}
          onChange={() => onChange(toggleCategory(grantable, selected))}
          disabled={disabled || grantable.length === 0}
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
          const mine = held(key);
          return (
            <Tooltip key={key} title={mine ? undefined : t('permissionNotHeld')}>
              <Flex align="center" gap={8} component="label">
                <Switch
                  size="small"
                  checked={set.has(key)}
                  onChange={(on) => onChange(togglePermission(key, on, selected))}
                  disabled={disabled || !mine}
                  aria-label={label}
                  data-testid={`perm-${key}`}
                />
                <Typography.Text type={mine ? undefined : 'secondary'}>{label}</Typography.Text>
              </Flex>
            </Tooltip>
          );
        })}
      </Flex>
    </Card>
  );
}
