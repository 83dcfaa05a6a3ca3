import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DUCK_VOLTAGE_REFERENCES, duckGroupCode, type DuckConfig } from '@overtone/contract';

/** One line of a Duck's configuration: sample size, sampling rate, voltage reference, and its sensors. */
export function DuckConfigSummary({ config }: { config: DuckConfig }) {
  const { t } = useTranslation('ducks');
  const ref = config.voltageReference;
  return (
    <Flex vertical gap={4} data-testid="duck-config-summary">
      <Typography.Text>
        {t('summary', {
          sampleSize: config.sampleSize,
          rate: t('hz', { value: config.samplingRate }),
          reference: t(`references.${ref}`, { volts: DUCK_VOLTAGE_REFERENCES[ref] }),
        })}
      </Typography.Text>
      {config.sensors.length === 0 ? (
        <Typography.Text type="warning">{t('noSensors')}</Typography.Text>
      ) : (
        <Flex gap={4} wrap>
          {config.sensors.map((s) => {
            const code = s.groupCode || duckGroupCode(s.channels);
            return (
              <Tag key={code} data-testid="duck-sensor-tag">
                {s.displayName} · {t(`sensorTypes.${s.name}`)} · <span className="mono">{code}</span>
              </Tag>
            );
          })}
        </Flex>
      )}
    </Flex>
  );
}
