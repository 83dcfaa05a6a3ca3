import { Card, Flex, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTelemetrySourcesQuery } from '../../telemetry/telemetryApi';

/** Read-only list of the telemetry sources (`GET /telemetry/sources`): where values come from. */
export function TelemetrySources() {
  const { t } = useTranslation('admin');
  const q = useTelemetrySourcesQuery();
  return (
    <Card size="small" title={t('telemetry.sources')} data-testid="telemetry-sources">
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('telemetry.sourcesHint')}
      </Typography.Paragraph>
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : (
        <Flex wrap gap={6}>
          {(q.data ?? []).map((s) => (
            <Tooltip key={s.code} title={s.name}>
              <Tag className="mono">{s.code}</Tag>
            </Tooltip>
          ))}
          {q.data?.length === 0 && <Typography.Text type="secondary">{t('telemetry.noSources')}</Typography.Text>}
        </Flex>
      )}
    </Card>
  );
}
