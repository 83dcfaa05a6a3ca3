import { App, Button, Tooltip } from 'antd';
import { PlusSquareOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  addToCompareBasket,
  COMPARE_BASKET_MAX,
  COMPARE_BASKET_MESSAGE_KEY,
  COMPARE_BASKET_MESSAGE_S,
  type CompareItem,
} from '../../../charts/compareBasket';

/**
 * "Add to compare" of a Duck vibration channel's spectrum, as the measurement page's: the spectrum as
 * shown (g RMS) and the channel's samples (g) go to the compare basket (features/compare).
 * @param item builds the basket item when clicked; null while there is no spectrum (disabled)
 */
export function DuckCompareButton({ item }: { item: (() => CompareItem) | null }) {
  const { t } = useTranslation('charts');
  const { message } = App.useApp();
  const add = () => {
    if (!item) return;
    const result = addToCompareBasket(item());
    const toast = { key: COMPARE_BASKET_MESSAGE_KEY, duration: COMPARE_BASKET_MESSAGE_S };
    if (result === 'full') void message.warning({ ...toast, content: t('compare.full', { max: COMPARE_BASKET_MAX }) });
    else if (result === 'storageFull') void message.error({ ...toast, content: t('compare.storageFull') });
    else void message.success({ ...toast, content: t(result === 'added' ? 'compare.added' : 'compare.replaced') });
  };
  return (
    <Tooltip title={t('compare.tooltip', { max: COMPARE_BASKET_MAX })}>
      <Button size="small" icon={<PlusSquareOutlined />} onClick={add} disabled={!item} data-testid="duck-spectrum-compare">
        {t('compare.add')}
      </Button>
    </Tooltip>
  );
}
