import type { ReactNode } from 'react';
import { Button, Dropdown, Flex, Segmented, Space, Tooltip, Typography } from 'antd';
import {
  CompressOutlined,
  DoubleLeftOutlined,
  DoubleRightOutlined,
  DownloadOutlined,
  LeftOutlined,
  RightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MAX_ZOOM_LEVEL } from './spectrumMath';

export type AmplitudeScale = 'linear' | 'log';
export type FrequencyAxis = 'frequency' | 'rpm';

interface Props {
  scale: AmplitudeScale;
  onScale(s: AmplitudeScale): void;
  axis: FrequencyAxis;
  onAxis(a: FrequencyAxis): void;
  zoom: number;
  onZoom(level: number): void;
  onCsv(): void;
  onPng(): void;
  /** SVG export; the menu item is shown when given. */
  onSvg?(): void;
  /** Moves the active line by `delta` lines (−10, −1, +1, +10); the step buttons are shown when given. */
  onStep?(delta: number): void;
  /** Controls owned by the caller (window, Grms/Vrms). */
  extra?: ReactNode;
  /** Prefix of the `data-testid`s, `spectrum` by default. */
  testIdPrefix?: string;
}

/** Spectrum controls (spec 002 §2 "Chart controls", FFT): scale, x axis, zoom, downloads. */
export function SpectrumToolbar(props: Props) {
  const { scale, onScale, axis, onAxis, zoom, onZoom, onCsv, onPng, onSvg, onStep, extra, testIdPrefix = 'spectrum' } = props;
  const { t } = useTranslation('charts');
  // Two groups that wrap as a whole before wrapping inside: the caller's analysis controls, then the
  // view controls (scale, axis, zoom, steps, download), so that a narrow row never strands one button.
  return (
    <Flex gap={10} align="center" wrap data-testid={`${testIdPrefix}-toolbar`}>
      {extra && (
        <Flex gap={10} align="center" wrap>
          {extra}
        </Flex>
      )}
      <Flex gap={10} align="center" wrap>
        <Segmented<AmplitudeScale>
          size="small"
          value={scale}
          onChange={onScale}
          options={[
            { value: 'linear', label: t('scale.linear') },
            { value: 'log', label: t('scale.log') },
          ]}
          data-testid={`${testIdPrefix}-scale`}
        />
        <Segmented<FrequencyAxis>
          size="small"
          value={axis}
          onChange={onAxis}
          options={[
            { value: 'frequency', label: t('axis.frequency') },
            { value: 'rpm', label: t('axis.rpm') },
          ]}
          data-testid={`${testIdPrefix}-axis`}
        />
        <Space.Compact size="small">
          <Tooltip title={t('zoomIn')}>
            <Button
              icon={<ZoomInOutlined />}
              disabled={zoom >= MAX_ZOOM_LEVEL}
              onClick={() => onZoom(zoom + 1)}
              aria-label={t('zoomIn')}
              data-testid={`${testIdPrefix}-zoom-in`}
            />
          </Tooltip>
          <Tooltip title={t('zoomOut')}>
            <Button
              icon={<ZoomOutOutlined />}
              disabled={zoom <= 0}
              onClick={() => onZoom(zoom - 1)}
              aria-label={t('zoomOut')}
              data-testid={`${testIdPrefix}-zoom-out`}
            />
          </Tooltip>
          <Tooltip title={t('zoomReset')}>
            <Button
              icon={<CompressOutlined />}
              disabled={zoom === 0}
              onClick={() => onZoom(0)}
              aria-label={t('zoomReset')}
              data-testid={`${testIdPrefix}-zoom-reset`}
            />
          </Tooltip>
        </Space.Compact>
        {onStep && (
          <Space.Compact size="small">
            {(
              [
                [-10, 'jumpLeft', <DoubleLeftOutlined key="i" />],
                [-1, 'stepLeft', <LeftOutlined key="i" />],
                [1, 'stepRight', <RightOutlined key="i" />],
                [10, 'jumpRight', <DoubleRightOutlined key="i" />],
              ] as const
            ).map(([delta, key, icon]) => (
              <Tooltip key={key} title={t(key)}>
                <Button icon={icon} onClick={() => onStep(delta)} aria-label={t(key)} data-testid={`${testIdPrefix}-${key}`} />
              </Tooltip>
            ))}
          </Space.Compact>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`${testIdPrefix}-zoom-level`}>
          {t('zoomLevel', { level: zoom, max: MAX_ZOOM_LEVEL })}
        </Typography.Text>
        <Dropdown
          menu={{
            items: [
              { key: 'csv', label: t('downloadCsv'), onClick: onCsv, 'data-testid': `${testIdPrefix}-download-csv` },
              { key: 'png', label: t('downloadPng'), onClick: onPng, 'data-testid': `${testIdPrefix}-download-png` },
              ...(onSvg
                ? [{ key: 'svg', label: t('downloadSvg'), onClick: onSvg, 'data-testid': `${testIdPrefix}-download-svg` }]
                : []),
            ],
          }}
        >
          <Button size="small" icon={<DownloadOutlined />} data-testid={`${testIdPrefix}-download`}>
            {t('download')}
          </Button>
        </Dropdown>
      </Flex>
    </Flex>
  );
}
