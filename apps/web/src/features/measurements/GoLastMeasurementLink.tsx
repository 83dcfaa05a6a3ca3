import { Button } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { measurementPath, useLastMeasurementId } from './lastMeasurement';

/** "Go Last Measurement": shown once a live measurement has been stored in this browser. */
export function GoLastMeasurementLink() {
  const { t } = useTranslation('measurements');
  const id = useLastMeasurementId();
  if (!id) return null;
  return (
    <Link to={measurementPath(id)} data-testid="go-last-measurement-link">
      <Button type="link" icon={<HistoryOutlined />}>
        {t('goLastMeasurement')}
      </Button>
    </Link>
  );
}
