import type { ReactNode } from 'react';
import { Button, Flex, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, CalendarOutlined, StarFilled } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MeasurementDetail } from '@overtone/contract';
import { useDateFormatter } from '../../ui/formatDate';
import { MeasurementStateTags, MeasurementTypeTag } from '../measurements/MeasurementTags';
import { pointPathText } from '../measurements/pointPath';

/** Point path, creation date, type, state and tags of a measurement; `extra` on the right. */
export function MeasurementHeader({ m, extra }: { m: MeasurementDetail; extra?: ReactNode }) {
  const { t } = useTranslation('measurementDetail');
  const navigate = useNavigate();
  const formatDate = useDateFormatter();
  return (
    <Flex justify="space-between" align="center" gap={12} wrap>
      <Flex vertical gap={6}>
        <Flex align="center" gap={8} wrap>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => void navigate(-1)} aria-label={t('back')} />
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="measurement-point-path">
            {m.point ? pointPathText(m.point) : t('noPoint')}
          </Typography.Title>
          {m.favorite && <StarFilled style={{ color: '#fadb14', fontSize: 18 }} aria-label={t('measurements:favorite')} />}
        </Flex>
        <Flex align="center" gap={8} wrap style={{ paddingLeft: 40 }}>
          <Typography.Text type="secondary">
            <CalendarOutlined /> {formatDate(m.createdAt)}
          </Typography.Text>
          <MeasurementTypeTag type={m.measurementType} />
          <MeasurementStateTags item={m} />
          {m.tags.length > 0 && (
            <Space size={4} wrap data-testid="measurement-tags">
              {m.tags.map((tag) => (
                <Tag key={tag} color="cyan">
                  {tag}
                </Tag>
              ))}
            </Space>
          )}
        </Flex>
      </Flex>
      {extra}
    </Flex>
  );
}
