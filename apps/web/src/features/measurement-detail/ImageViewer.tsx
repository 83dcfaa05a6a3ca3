import { useEffect, useRef, useState, type WheelEvent } from 'react';
import { Button, Modal, Space, Tooltip } from 'antd';
import {
  LeftOutlined,
  RightOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Image viewer constants (spec 002 §9): buttons zoom by 0.2, one wheel event by 0.015, rotation 90°. */
export const ZOOM_STEP = 0.2;
export const WHEEL_ZOOM_STEP = 0.015;
export const ROTATE_STEP_DEG = 90;
/** The image is not shrunk below this scale. */
export const MIN_SCALE = 0.2;

export interface ViewerTransform {
  scale: number;
  rotateDeg: number;
}

const INITIAL: ViewerTransform = { scale: 1, rotateDeg: 0 };

/** Scale after zooming in (`step` > 0) or out (`step` < 0), rounded to 3 decimals and kept ≥ {@link MIN_SCALE}. */
export const zoomed = (scale: number, step: number) =>
  step < 0 && scale <= MIN_SCALE ? scale : Math.max(MIN_SCALE, Number.parseFloat((scale + step).toFixed(3)));

interface Props {
  images: { key: string; url: string; title?: string }[];
  /** Index of the image shown; `null` closes the viewer. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
}

/** Full-screen viewer of the measurement photos: zoom (buttons and wheel), rotation, previous/next. */
export function ImageViewer({ images, index, onIndexChange }: Props) {
  const { t } = useTranslation('measurementDetail');
  const [transform, setTransform] = useState<ViewerTransform>(INITIAL);
  const lastWheel = useRef(0);
  const image = index === null ? undefined : images[index];

  useEffect(() => setTransform(INITIAL), [index]);

  const zoom = (step: number) => setTransform((tr) => ({ ...tr, scale: zoomed(tr.scale, step) }));
  const rotate = (deg: number) => setTransform((tr) => ({ ...tr, rotateDeg: tr.rotateDeg + deg }));
  const go = (delta: number) => {
    if (index === null || !images.length) return;
    onIndexChange((index + delta + images.length) % images.length);
  };
  const onWheel = (e: WheelEvent) => {
    // One step per 20 ms: a trackpad fires dozens of events per gesture.
    const now = Date.now();
    if (now - lastWheel.current < 20) return;
    lastWheel.current = now;
    zoom(e.deltaY < 0 ? WHEEL_ZOOM_STEP : -WHEEL_ZOOM_STEP);
  };

  return (
    <Modal
      open={!!image}
      onCancel={() => onIndexChange(null)}
      footer={null}
      width="90vw"
      centered
      destroyOnHidden
      title={image?.title}
      data-testid="image-viewer"
    >
      {image && (
        <>
          <div
            onWheel={onWheel}
            style={{
              height: '70vh',
              overflow: 'hidden',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              background: 'rgba(0,0,0,0.04)',
            }}
          >
            <img
              src={image.url}
              alt={image.title ?? image.key}
              data-testid="image-viewer-img"
              data-scale={transform.scale}
              data-rotate={transform.rotateDeg}
              style={{
                maxWidth: '100%',
                maxHeight: '100%',
                transform: `scale(${transform.scale}) rotate(${transform.rotateDeg}deg)`,
                transition: 'transform 0.15s',
              }}
            />
          </div>
          <Space style={{ width: '100%', justifyContent: 'center', marginTop: 12 }} wrap>
            {images.length > 1 && (
              <Tooltip title={t('photos.previous')}>
                <Button icon={<LeftOutlined />} onClick={() => go(-1)} aria-label={t('photos.previous')} />
              </Tooltip>
            )}
            <Tooltip title={t('photos.zoomOut')}>
              <Button
                icon={<ZoomOutOutlined />}
                onClick={() => zoom(-ZOOM_STEP)}
                aria-label={t('photos.zoomOut')}
                data-testid="image-zoom-out"
              />
            </Tooltip>
            <Tooltip title={t('photos.zoomIn')}>
              <Button
                icon={<ZoomInOutlined />}
                onClick={() => zoom(ZOOM_STEP)}
                aria-label={t('photos.zoomIn')}
                data-testid="image-zoom-in"
              />
            </Tooltip>
            <Tooltip title={t('photos.rotateLeft')}>
              <Button
                icon={<RotateLeftOutlined />}
                onClick={() => rotate(-ROTATE_STEP_DEG)}
                aria-label={t('photos.rotateLeft')}
              />
            </Tooltip>
            <Tooltip title={t('photos.rotateRight')}>
              <Button
                icon={<RotateRightOutlined />}
                onClick={() => rotate(ROTATE_STEP_DEG)}
                aria-label={t('photos.rotateRight')}
                data-testid="image-rotate-right"
              />
            </Tooltip>
            <Tooltip title={t('photos.resetView')}>
              <Button icon={<UndoOutlined />} onClick={() => setTransform(INITIAL)} aria-label={t('photos.resetView')} />
            </Tooltip>
            {images.length > 1 && (
              <Tooltip title={t('photos.next')}>
                <Button icon={<RightOutlined />} onClick={() => go(1)} aria-label={t('photos.next')} />
              </Tooltip>
            )}
          </Space>
        </>
      )}
    </Modal>
  );
}
