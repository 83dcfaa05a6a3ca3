import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDateFormatter } from '../../../ui/formatDate';

/** When a Duck (its own gateway) was last heard, in the customer's date format, or "never". */
export function DuckLastSeen({ connectionDate }: { connectionDate: string | null }) {
  const { t } = useTranslation('ducks');
  const formatDate = useDateFormatter();
  if (!connectionDate) return <Typography.Text type="secondary">{t('neverSeen')}</Typography.Text>;
  return <Typography.Text>{formatDate(connectionDate)}</Typography.Text>;
}
