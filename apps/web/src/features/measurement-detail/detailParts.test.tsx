import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import i18n from '../../core/i18n';
import { detailAccess } from './detailAccess';
import { ImageViewer, MIN_SCALE, zoomed } from './ImageViewer';
import { normalizeTags } from './MeasurementTagsEditor';
import { hzToRpm, rpmToHz } from '@overtone/dsp';
import { formatTelemetry } from './TelemetryTable';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('measurement detail parts', () => {
  it('RPM = Hz × 60 and back', () => {
    expect(hzToRpm(25)).toBe(1500);
    expect(rpmToHz(1500)).toBe(25);
  });

  it('telemetry values to 4 decimals', () => {
    expect(formatTelemetry(1)).toBe('1.0000');
    expect(formatTelemetry(0.000049)).toBe('0.0000');
    expect(formatTelemetry(-12.34567)).toBe('-12.3457');
  });

  it('image viewer: zoom step 0.2, wheel 0.015, never below the minimum', () => {
    expect(zoomed(1, 0.2)).toBe(1.2);
    expect(zoomed(1, 0.015)).toBe(1.015);
    expect(zoomed(0.3, -0.2)).toBe(MIN_SCALE);
    expect(zoomed(MIN_SCALE, -0.015)).toBe(MIN_SCALE);
  });

  it('image viewer: buttons zoom and rotate by 90°, the wheel zooms by 0.015', () => {
    render(
      <AntApp>
        <ImageViewer images={[{ key: 'k', url: '/a.jpg', title: 'A' }]} index={0} onIndexChange={() => undefined} />
      </AntApp>,
    );
    const img = screen.getByTestId('image-viewer-img');
    fireEvent.click(screen.getByTestId('image-zoom-in'));
    expect(img.getAttribute('data-scale')).toBe('1.2');
    fireEvent.click(screen.getByTestId('image-rotate-right'));
    expect(img.getAttribute('data-rotate')).toBe('90');
    fireEvent.wheel(img.parentElement!, { deltaY: -100 });
    expect(img.getAttribute('data-scale')).toBe('1.215');
  });

  it('tags: trimmed, empty and duplicate tags dropped, commas split', () => {
    expect(normalizeTags([' pump ', '', 'Pump', 'a,b', 'a'])).toEqual(['pump', 'a', 'b']);
  });

  it('read-only access grants no write, and reads only as the link allows', () => {
    const scope = {
      measurementId: 'm',
      allowTrend: true,
      allowImage: false,
      allowAlarmTransactions: false,
      expiresAt: '2030-01-01T00:00:00.000Z',
    };
    const a = detailAccess(() => true, scope);
    expect(a.readOnly).toBe(true);
    for (const p of ['deleteMeasurement', 'updateMeasurementTags', 'deleteMeasurementPhoto'] as const)
      expect(a.can(p)).toBe(false);
    expect(a.can('Readtrend')).toBe(true);
    expect(a.can('readAlarm')).toBe(false);
    expect(a.showPhotos).toBe(false);
    const session = detailAccess((p) => p !== 'readAlarm', null);
    expect(session.readOnly).toBe(false);
    expect(session.showAlarms).toBe(false);
    expect(session.can('deleteMeasurement')).toBe(true);
  });
});
