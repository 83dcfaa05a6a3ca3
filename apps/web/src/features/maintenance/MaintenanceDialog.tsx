import { useMemo, type KeyboardEvent } from 'react';
import { App, DatePicker, Descriptions, Form, Input, Modal, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  MAINTENANCE_DESCRIPTION_MAX,
  MAINTENANCE_STATUSES,
  MAINTENANCE_TITLE_MAX,
  type MaintenanceRecord,
  type MaintenanceStatus,
} from '@overtone/contract';
import { isApiError } from '../../core/api/ApiError';
import { useCustomer } from '../../core/customer/CustomerContext';
import { asCustomerClock } from '../../ui/customerTime';
import { useCustomerZone } from '../../ui/formatDate';
import { useMaintenanceMutations } from './maintenanceApi';
import { formatWallClock, MAINTENANCE_DATE_FORMAT, nowOnCustomerClock } from './maintenanceModel';

export interface MaintenanceFormValues {
  title: string;
  description: string;
  status: MaintenanceStatus;
  /** Customer clock (see ui/customerTime.ts). */
  start: Dayjs;
}

interface Props {
  pointId: string;
  /** The record to edit (description and status only, as `PUT` allows); null records a new one. */
  record: MaintenanceRecord | null;
  onClose(): void;
  /** After a successful save, with the saved record's start (`YYYY-MM-DD HH:mm:ss`, customer zone). */
  onSaved?(maintenanceStartDate: string): void;
}

/**
 * Enter submits from a one-line input (not from a text area, where Ctrl/⌘+Enter does, and not
 * from a picker or select, which use Enter themselves); Esc closes through the Modal.
 */
function submitsOnEnter(e: KeyboardEvent<HTMLElement>): boolean {
  if (e.key !== 'Enter' || e.nativeEvent.isComposing) return false;
  const target = e.target as HTMLElement;
  if (target.closest('.ant-picker, .ant-select, .ant-picker-dropdown')) return false;
  if (target instanceof HTMLTextAreaElement) return e.ctrlKey || e.metaKey;
  return target instanceof HTMLInputElement;
}

/**
 * Create (createMaintenance) or edit (updateMaintenance) a maintenance record (spec 001 §2, §5, §7,
 * §8). Create sends title, description, status and the start as `YYYY-MM-DD HH:mm:ss` in the
 * customer's zone (default: now on the customer's clock); edit sends description and status only.
 * Success shows the create-success or update-success message; a failure is shown by the API client
 * as an error toast with the server's message and the dialog stays open. Mount it only while open.
 */
export function MaintenanceDialog({ pointId, record, onClose, onSaved }: Props) {
  const { t } = useTranslation('maintenance');
  const { message } = App.useApp();
  const { dateFormat } = useCustomer();
  const { zone, offsetMinutes } = useCustomerZone();
  const [form] = Form.useForm<MaintenanceFormValues>();
  const { create, update } = useMaintenanceMutations(pointId);
  const initial = useMemo<MaintenanceFormValues>(
    () =>
      record
        ? {
            title: record.title,
            description: record.description,
            status: record.status,
            start: nowOnCustomerClock(offsetMinutes),
          }
        : { title: '', description: '', status: 'continues', start: nowOnCustomerClock(offsetMinutes) },
    [record, offsetMinutes],
  );

  const save = async (values: MaintenanceFormValues) => {
    try {
      if (record) {
        await update.mutateAsync({ id: record._id, body: { description: values.description ?? '', status: values.status } });
        void message.success(t('updateSuccess'));
        onSaved?.(record.maintenanceStartDate);
      } else {
        const maintenanceStartDate = asCustomerClock(values.start).format(MAINTENANCE_DATE_FORMAT);
        await create.mutateAsync({
          pointId,
          title: values.title.trim(),
          description: values.description ?? '',
          status: values.status,
          maintenanceStartDate,
        });
        void message.success(t('createSuccess'));
        onSaved?.(maintenanceStartDate);
      }
      onClose();
    } catch (e) {
      // the API client showed the server's message (spec 001 §8); the dialog stays open to retry
      if (!isApiError(e)) throw e;
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!submitsOnEnter(e)) return;
    e.preventDefault();
    form.submit();
  };

  return (
    <Modal
      open
      title={t(record ? 'editTitle' : 'createTitle')}
      okText={t('save')}
      cancelText={t('common:cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ ...({ 'data-testid': 'maintenance-dialog-ok' } as object) }}
      cancelButtonProps={{ ...({ 'data-testid': 'maintenance-dialog-cancel' } as object) }}
      destroyOnHidden
    >
      <div onKeyDown={onKeyDown}>
        <Form<MaintenanceFormValues>
          name="maintenance"
          form={form}
          layout="vertical"
          initialValues={initial}
          onFinish={(v) => void save(v)}
          data-testid="maintenance-dialog"
        >
          {record ? (
            <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
              <Descriptions.Item label={t('fields.title')}>
                <span data-testid="maintenance-title">{record.title}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.start')}>
                <span data-testid="maintenance-start">{formatWallClock(record.maintenanceStartDate, dateFormat)}</span>
              </Descriptions.Item>
            </Descriptions>
          ) : (
            <>
              <Form.Item
                name="title"
                label={t('fields.title')}
                rules={[{ required: true, whitespace: true, message: t('common:required') }]}
              >
                <Input maxLength={MAINTENANCE_TITLE_MAX} autoFocus data-testid="maintenance-title" />
              </Form.Item>
              <Form.Item
                name="start"
                label={t('fields.start')}
                extra={t('startHelp', { zone })}
                rules={[{ required: true, message: t('common:required') }]}
              >
                <DatePicker
                  showTime
                  showNow={false}
                  allowClear={false}
                  format={dateFormat}
                  style={{ width: '100%' }}
                  data-testid="maintenance-start"
                />
              </Form.Item>
            </>
          )}
          <Form.Item name="status" label={t('fields.status')}>
            <Radio.Group optionType="button" buttonStyle="solid" data-testid="maintenance-status">
              {MAINTENANCE_STATUSES.map((s) => (
                <Radio.Button key={s} value={s} data-testid={`maintenance-status-${s}`}>
                  {t(`status.${s}`)}
                </Radio.Button>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item name="description" label={t('fields.description')} extra={t('descriptionHelp')}>
            <Input.TextArea
              rows={4}
              maxLength={MAINTENANCE_DESCRIPTION_MAX}
              autoFocus={!!record}
              data-testid="maintenance-description"
            />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
