import { useState } from 'react';
import { App, Badge, Button, Drawer, Flex, Popconfirm, Tooltip, Typography, type ButtonProps } from 'antd';
import { ClearOutlined, DiffOutlined, LineChartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { clearCompareBasket, COMPARE_BASKET_MAX, COMPARE_BASKET_MESSAGE_KEY, useCompareBasket } from '../../charts/compareBasket';
import { CompareDialog } from './CompareDialog';
import { CompareTable } from './CompareTable';

/**
 * The compare basket of the measurement header (spec 002 §2, "Compare view"): a button with the
 * number of items; it opens a drawer with the table of compares (remove one, clear all, link to each
 * measurement) and the compare action, which opens the {@link CompareDialog}.
 */
export function CompareBasketButton() {
  const { t } = useTranslation('compare');
  const items = useCompareBasket();
  const { message } = App.useApp();
  const [drawer, setDrawer] = useState(false);
  const [dialog, setDialog] = useState(false);
  const count = items.length;
  const openDrawer = () => {
    message.destroy(COMPARE_BASKET_MESSAGE_KEY); // it would cover the drawer's title and close button
    setDrawer(true);
  };
  return (
    <>
      <Tooltip title={t('basket', { count, max: COMPARE_BASKET_MAX })}>
        <Badge count={count} showZero size="small" color={count ? '#1677ff' : '#bfbfbf'} data-testid="compare-count">
          <Button
            icon={<DiffOutlined />}
            onClick={openDrawer}
            aria-label={t('basket', { count, max: COMPARE_BASKET_MAX })}
            data-testid="compare-basket"
          />
        </Badge>
      </Tooltip>
      <Drawer
        open={drawer}
        onClose={() => setDrawer(false)}
        size="large"
        title={t('drawerTitle', { count, max: COMPARE_BASKET_MAX })}
        data-testid="compare-drawer"
        extra={
          <Flex gap={8}>
            <Popconfirm
              title={t('clearConfirm')}
              okText={t('clear')}
              cancelText={t('cancel')}
              onConfirm={clearCompareBasket}
              okButtonProps={{ danger: true, 'data-testid': 'compare-clear-ok' } as ButtonProps}
              disabled={!count}
            >
              <Button icon={<ClearOutlined />} disabled={!count} data-testid="compare-clear">
                {t('clear')}
              </Button>
            </Popconfirm>
            <Button
              type="primary"
              icon={<LineChartOutlined />}
              disabled={!count}
              onClick={() => setDialog(true)}
              data-testid="compare-open"
            >
              {t('compare')}
            </Button>
          </Flex>
        }
      >
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">{t('hint', { max: COMPARE_BASKET_MAX })}</Typography.Text>
          <CompareTable items={items} onNavigate={() => setDrawer(false)} />
        </Flex>
      </Drawer>
      <CompareDialog open={dialog} onClose={() => setDialog(false)} items={items} />
    </>
  );
}
