import { useEffect, useState } from 'react';
import { Button, Flex, Form, Modal, Steps, Typography } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TagsInput } from '../../ui/TagsInput';
import { isFinished, isRunning, liveStep, type LivePhase } from './liveReducer';
import type { LiveMeasurement } from './useLiveMeasurement';

interface Props {
  open: boolean;
  onClose(): void;
  live: LiveMeasurement;
  /** Shown in the title: the point's name. */
  pointName: string;
}

const STEP_KEYS = ['requested', 'measuring', 'processing', 'done'] as const;

/** Status line of a running phase. */
const PHASE_TEXT: Partial<Record<LivePhase, string>> = {
  connecting: 'status.connecting',
  requested: 'status.requested',
  measuring: 'status.measuring',
  processing: 'status.processing',
};

/**
 * The Measure dialog (spec 000 §2): optional tags and confirm; then the progress of the live
 * measurement with a Cancel that closes the live connection. Closes by itself on the outcome.
 */
export function MeasureDialog({ open, onClose, live, pointName }: Props) {
  const { t } = useTranslation('live');
  const [tags, setTags] = useState<string[]>([]);
  const { phase } = live.state;
  const running = isRunning(phase);

  useEffect(() => {
    if (open && isFinished(phase)) onClose();
  }, [open, phase, onClose]);

  const close = () => {
    if (running) live.cancel();
    onClose();
  };

  const step = liveStep(phase);
  return (
    <Modal
      open={open}
      title={t('dialogTitle', { point: pointName })}
      onCancel={close}
      width={600}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (!visible) setTags([]);
      }}
      mask={{ closable: !running }}
      footer={
        running ? (
          <Button danger onClick={close} data-testid="measure-cancel">
            {t('cancelMeasurement')}
          </Button>
        ) : (
          <Flex justify="end" gap={8}>
            <Button onClick={close}>{t('common:cancel')}</Button>
            <Button type="primary" onClick={() => live.start(tags)} data-testid="measure-confirm">
              {t('confirm')}
            </Button>
          </Flex>
        )
      }
    >
      {running ? (
        <Flex vertical gap={16} style={{ padding: '8px 0' }} data-testid="measure-progress" data-phase={phase}>
          <Steps
            size="small"
            current={step}
            items={STEP_KEYS.map((k, i) => ({ title: t(`steps.${k}`), icon: i === step ? <LoadingOutlined /> : undefined }))}
          />
          <Typography.Text type="secondary">{t(PHASE_TEXT[phase] ?? 'status.requested')}</Typography.Text>
        </Flex>
      ) : (
        <Form name="measure" layout="vertical">
          <Form.Item label={t('tags')} extra={t('tagsHint')}>
            <TagsInput value={tags} onChange={setTags} placeholder={t('tagsPlaceholder')} data-testid="measure-tags" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
