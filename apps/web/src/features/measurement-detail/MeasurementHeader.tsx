import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MeasurementDetail } from '@overtone/contract';
import { useDateFormatter } from '../../ui/formatDate';
import { MeasurementStateTags, MeasurementTypeTag } from '../measurements/MeasurementTags';
import { pointPathText } from '../measurements/pointPath';
import { CompareBasketButton } from '../compare/CompareBasketButton';
import { BackButton } from './BackButton';
import { FavoriteStar } from './FavoriteStar';
import { MeasurementTagsEditor } from './MeasurementTagsEditor';
import { MeasurementToolsMenu } from './MeasurementToolsMenu';

/**
 * Header of the measurement page (spec 002 §2): point path, favorite star, creation date, type and
 * state, the compare basket with its count and the tools menu; below, the tags editor. `extra` is
 * shown left of the basket.
 */
export function MeasurementHeader({ m, extra }: { m: MeasurementDetail; extra?: ReactNode }) {
  const { t } = useTranslation('measurementDetail');
  const formatDate = useDateFormatter();
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Flex align="center" gap={8} wrap>
          <BackButton />
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="measurement-point-path">
            {m.point ? pointPathText(m.point) : t('noPoint')}
          </Typography.Title>
          <FavoriteStar m={m} />
        </Flex>
        <Flex align="center" gap={12} wrap>
          {extra}
          <CompareBasketButton />
          <MeasurementToolsMenu m={m} />
        </Flex>
      </Flex>
      <Flex align="center" gap={8} wrap style={{ paddingLeft: 40 }}>
        <Typography.Text type="secondary" data-testid="measurement-created">
          <CalendarOutlined /> {formatDate(m.createdAt)}
        </Typography.Text>
        <MeasurementTypeTag type={m.measurementType} />
        <MeasurementStateTags item={m} />
      </Flex>
      <div style={{ paddingLeft: 40 }}>
        <MeasurementTagsEditor m={m} />
      </div>
    </Flex>
  );
}
