import { App, Button, Flex, Form, InputNumber, Modal, Spin, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DUCK_PERIOD_S, type DuckItem } from '@overtone/contract';
import { DeleteButton } from '../DeleteButton';
import { deleteDuckPeriod, invalidateDucks, saveDuckPeriod, useDuckPeriodicQuery } from '../../ducks/ducksApi';
import { formatPeriod } from './formatPeriod';

const MIN_MIN = DUCK_PERIOD_S.min / 60;
const MAX_MIN = DUCK_PERIOD_S.max / 60;

/**
 * Periodic measurement of a Duck (`GET/PUT/DELETE /ducks/{id}/periodic`): the interval in minutes
 * (1 minute … 7 days, sent in seconds); turning it off asks for confirmation. Without updateGateway
 * the interval is shown read-only.
 */
export function DuckPeriodicDialog({ duck, canEdit, onClose }: { duck: DuckItem; canEdit: boolean; onClose(): void }) {
  const { t } = useTranslation('ducks');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const q = useDuckPeriodicQuery(duck._id);
  const [form] = Form.useForm<{ minutes: number | null }>();

  const done = async (text: string) => {
    void message.success(text);
    await invalidateDucks(queryClient); // the list and this periodic query
    onClose();
  };
  const save = useMutation({
    mutationFn: (minutes: number) => saveDuckPeriod(duck._id, Math.round(minutes * 60)),
    onSuccess: () => done(t('periodic.saved')),
  });
  const remove = useMutation({
    mutationFn: () => deleteDuckPeriod(duck._id),
    onSuccess: () => done(t('periodic.deleted')),
  });

  const current = q.data;
  return (
    <Modal
      open
      title={t('periodic.title', { mac: duck.macAddress })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={460}
    >
      {q.isPending ? (
        <Spin />
      ) : (
        <Flex vertical gap={12}>
          <Flex align="center" gap={8} justify="space-between">
            <Typography.Text data-testid="duck-periodic-current">
              {current == null ? t('periodic.off') : t('periodic.every', { period: formatPeriod(current, t) })}
            </Typography.Text>
            {canEdit && current != null && (
              <DeleteButton
                title={t('periodic.confirmDelete')}
                tooltip={t('periodic.delete')}
                onConfirm={() => remove.mutateAsync()}
                data-testid="duck-periodic-delete"
              />
            )}
          </Flex>
          {canEdit && (
            <Form
              name="duckPeriodic"
              form={form}
              layout="vertical"
              initialValues={{ minutes: current != null ? current / 60 : null }}
              onFinish={(v) => save.mutate(v.minutes ?? 0)}
            >
              <Form.Item
                name="minutes"
                label={t('periodic.interval')}
                extra={t('periodic.intervalHint', { min: MIN_MIN, max: MAX_MIN })}
                rules={[
                  { required: true, message: t('periodic.required') },
                  { type: 'number', min: MIN_MIN, max: MAX_MIN, message: t('periodic.range', { min: MIN_MIN, max: MAX_MIN }) },
                ]}
              >
                <InputNumber<number>
                  precision={0}
                  suffix={t('periodic.minutes')}
                  style={{ width: '100%' }}
                  data-testid="duck-periodic-minutes"
                />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="duck-periodic-save">
                {t('admin:save')}
              </Button>
            </Form>
          )}
        </Flex>
      )}
    </Modal>
  );
}
