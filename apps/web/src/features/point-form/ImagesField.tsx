import { useEffect, useState } from 'react';
import { Button, Checkbox, Form, Image, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PointImage } from './pointFormRecord';

/**
 * The point's images (spec 000 §3, §7): the stored ones as thumbnails, each with a delete toggle
 * (their keys go in `deleteImage`), and one new image file to upload on save (`image`).
 */
export function ImagesField({ images }: { images: readonly PointImage[] }) {
  const { t } = useTranslation('pointForm');
  return (
    <>
      {images.length > 0 && (
        <Form.Item name="deleteImage" label={t('storedImages')}>
          <StoredImages images={images} />
        </Form.Item>
      )}
      <Form.Item name="image" label={t('newImage')} extra={t('newImageHint')}>
        <ImageChooser />
      </Form.Item>
    </>
  );
}

interface StoredProps {
  images: readonly PointImage[];
  value?: string[];
  onChange?(keys: string[]): void;
}

function StoredImages({ images, value = [], onChange }: StoredProps) {
  const { t } = useTranslation('pointForm');
  const toggle = (key: string, on: boolean) => onChange?.(on ? [...value, key] : value.filter((k) => k !== key));
  return (
    <Space wrap size="middle">
      {images.map((img) => {
        const deleted = value.includes(img.key);
        return (
          <Space key={img.key} orientation="vertical" align="center" data-testid={`point-image-${img.key}`}>
            <Image src={img.url} width={96} height={96} style={{ objectFit: 'cover', opacity: deleted ? 0.35 : 1 }} />
            <Checkbox
              checked={deleted}
              onChange={(e) => toggle(img.key, e.target.checked)}
              data-testid={`point-image-delete-${img.key}`}
            >
              {t('deleteImage')}
            </Checkbox>
          </Space>
        );
      })}
    </Space>
  );
}

interface ChooserProps {
  value?: File | null;
  onChange?(file: File | null): void;
}

/** Picks one image file (image/*); it is kept in the form and uploaded after the save. */
function ImageChooser({ value = null, onChange }: ChooserProps) {
  const { t } = useTranslation('pointForm');
  const preview = useObjectUrl(value);
  return (
    <Space align="center" wrap>
      <Upload
        accept="image/*"
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          onChange?.(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} data-testid="point-image-choose">
          {t('chooseImage')}
        </Button>
      </Upload>
      {value ? (
        <>
          {preview && <Image src={preview} width={64} height={64} style={{ objectFit: 'cover' }} preview={false} />}
          <Typography.Text data-testid="point-image-name">{value.name}</Typography.Text>
          <Button
            icon={<DeleteOutlined />}
            type="text"
            aria-label={t('removeImage')}
            onClick={() => onChange?.(null)}
            data-testid="point-image-remove"
          />
        </>
      ) : (
        <Typography.Text type="secondary">{t('noNewImage')}</Typography.Text>
      )}
    </Space>
  );
}

/** An object URL showing `file`, revoked when the file changes or the field unmounts. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url;
}
