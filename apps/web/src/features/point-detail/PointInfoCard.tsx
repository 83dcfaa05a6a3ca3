import { useState } from 'react';
import { Button, Card, Descriptions, Image, Space, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Point } from '@overtone/contract';
import { HEALTH_COLORS } from '../../ui/health';
import { pointPathText } from '../measurements/pointPath';
import { hasPermission, useSession } from '../../core/session';
import { PointFormDialog } from '../point-form/PointFormDialog';
import { referenceFrequencyParams } from '../points/referenceFrequency';

/**
 * The point's information card: its record (name, path, reference frequency, bearing, types
 * translated, health, images), edited with the point form. Titled apart from the configuration card
 * below it (device, profile, periodic, trigger; spec 001 §2 "Configuration card").
 */
export function PointInfoCard({ point }: { point: Point }) {
  const { t } = useTranslation('point');
  const session = useSession();
  const [editing, setEditing] = useState(false);
  const bearing = point.bearing ? `${point.bearing.brand} ${point.bearing.bearing_number}` : (point.bearingBrand ?? '');
  const referenceFrequency = point.referenceFrequencyVariable
    ? t('variableSpeed')
    : point.referenceFrequency > 0
      ? t('referenceFrequencyValue', referenceFrequencyParams(point.referenceFrequency))
      : t('notSet');

  return (
    <Card
      size="small"
      title={t('infoTitle')}
      data-testid="point-info"
      extra={
        hasPermission(session, 'updatePoint') && (
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="point-info-edit">
            {t('edit')}
          </Button>
        )
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
        items={[
          { key: 'name', label: t('name'), children: <Typography.Text strong>{point.name}</Typography.Text> },
          { key: 'path', label: t('path'), children: pointPathText(point) },
          { key: 'tagCode', label: t('tagCode'), children: <span className="mono">{point.tagCode}</span> },
          { key: 'referenceFrequency', label: t('referenceFrequency'), children: referenceFrequency },
          { key: 'bearing', label: t('bearing'), children: bearing || t('notSet') },
          {
            key: 'health',
            label: t('health'),
            children: <Tag color={HEALTH_COLORS[point.health]}>{t(`tree:health.${point.health}`)}</Tag>,
          },
          {
            key: 'types',
            label: t('types'),
            children: (
              <Space size={4} wrap>
                {point.type.map((ty) => (
                  <Tag key={ty}>{t(`pointForm:pointType.${ty}`, { defaultValue: ty })}</Tag>
                ))}
              </Space>
            ),
          },
          ...(point.images.length
            ? [
                {
                  key: 'images',
                  label: t('images'),
                  children: (
                    <Image.PreviewGroup>
                      <Space size={4} wrap data-testid="point-info-images">
                        {point.images.map((img) => (
                          <Image key={img.key} src={img.url} width={48} height={48} style={{ objectFit: 'cover' }} />
                        ))}
                      </Space>
                    </Image.PreviewGroup>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && (
        <PointFormDialog
          open
          mode={{ kind: 'edit', pointId: point._id }}
          onClose={() => setEditing(false)}
          onSaved={() => undefined}
        />
      )}
    </Card>
  );
}
