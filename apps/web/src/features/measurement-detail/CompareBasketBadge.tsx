import { Badge, Button, Tooltip } from 'antd';
import { DiffOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCompareBasketCount } from './compareBasketCount';

/** The compare basket of the header with its item count (spec 002 §2); `onOpen` opens the compare view. */
export function CompareBasketBadge({ onOpen }: { onOpen?: () => void }) {
  const { t } = useTranslation('measurementDetail');
  const count = useCompareBasketCount();
  return (
    <Tooltip title={t('compare.basket', { count })}>
      <Badge count={count} showZero size="small" color={count ? '#1677ff' : '#bfbfbf'} data-testid="compare-count">
        <Button
          icon={<DiffOutlined />}
          onClick={onOpen}
          aria-label={t('compare.basket', { count })}
          data-testid="compare-basket"
        />
      </Badge>
    </Tooltip>
  );
}
