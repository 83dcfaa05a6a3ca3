import { useEffect, useMemo, useState, type JSX } from 'react';
import { Alert, App, Form, Modal, Tabs, type ButtonProps } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BearingFields } from './BearingFields';
import { ClassificationFields } from './ClassificationFields';
import { GearboxFields } from './GearboxFields';
import { GeneralFields } from './GeneralFields';
import { ImagesField } from './ImagesField';
import { MachineFields } from './MachineFields';
import { invalidateAfterSave, savePointForm, usePointFormRecord } from './pointFormApi';
import { emptyPointFormValues, pointFormValuesOf, type PointFormValues } from './pointFormValues';
import { SECTIONS, sectionOf, type Section } from './sections';

export type PointFormMode = { kind: 'create'; parentGroupId: string } | { kind: 'edit'; pointId: string };

interface Props {
  open: boolean;
  mode: PointFormMode;
  onClose(): void;
  /** Called with the point's id after a successful save, just before `onClose`. */
  onSaved(pointId: string): void;
}

/**
 * Create (`POST /group/{parentGroupId}/point`) or edit (`GET` then `PUT /point/{id}`) a measurement
 * point (spec 000 §3 "Point", §4 "Reference frequency toggle", §5 "Point form", §7). The whole
 * dialog is the form, so Enter in a field submits it; a chosen image is uploaded after the save.
 */
export function PointFormDialog({ open, mode, onClose, onSaved }: Props): JSX.Element {
  const { t } = useTranslation('pointForm');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PointFormValues>();
  const [section, setSection] = useState<Section>('general');
  const create = mode.kind === 'create';
  const record = usePointFormRecord(open && mode.kind === 'edit' ? mode.pointId : null);
  const loading = !create && record.isPending;

  const initialValues = useMemo(() => (record.data ? pointFormValuesOf(record.data) : emptyPointFormValues()), [record.data]);
  useEffect(() => {
    // The form mounted before the point arrived: take the loaded values as its initial ones.
    // (setFieldsValue, not resetFields: the Form inside the dialog's portal may not have re-rendered
    // with the new initialValues yet when this effect runs.)
    if (record.data) form.setFieldsValue(initialValues);
  }, [record.data, initialValues, form]);
  useEffect(() => {
    if (open) setSection('general');
  }, [open]);

  const save = useMutation({
    mutationFn: (values: PointFormValues) => savePointForm(mode, values),
    onSuccess: async (pointId) => {
      void message.success(t(create ? 'created' : 'updated'));
      await invalidateAfterSave(queryClient, pointId);
      onSaved(pointId);
      onClose();
    },
  });

  const sectionContent: Record<Section, JSX.Element> = {
    general: <GeneralFields create={create} />,
    bearing: <BearingFields />,
    machine: <MachineFields />,
    gearbox: <GearboxFields />,
    classification: <ClassificationFields />,
    images: <ImagesField images={record.data?.images ?? []} />,
  };
  const failed = !create && record.isError;
  const okButtonProps = {
    htmlType: 'submit',
    loading: save.isPending,
    disabled: loading || failed,
    'data-testid': 'point-dialog-ok',
  } as ButtonProps;

  return (
    <Modal
      open={open}
      title={t(create ? 'createTitle' : 'editTitle')}
      width="70%"
      loading={loading}
      onCancel={onClose}
      okText={t('save')}
      cancelText={t('cancel')}
      okButtonProps={okButtonProps}
      cancelButtonProps={{ 'data-testid': 'point-dialog-cancel' } as ButtonProps}
      destroyOnHidden
      styles={{ body: { maxHeight: '70vh', overflowY: 'auto', overflowX: 'hidden' } }}
      modalRender={(dom) => (
        <Form<PointFormValues>
          name="point"
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onFinish={() => save.mutate(form.getFieldsValue(true) as PointFormValues)}
          onFinishFailed={({ errorFields }) => {
            const first = errorFields[0]?.name[0];
            if (first !== undefined) setSection(sectionOf(first));
          }}
          clearOnDestroy
        >
          {dom}
        </Form>
      )}
    >
      {failed ? (
        <Alert type="error" showIcon title={t('loadFailed')} data-testid="point-load-failed" />
      ) : (
        <Tabs
          activeKey={section}
          onChange={(k) => setSection(k as Section)}
          items={SECTIONS.map((s) => ({
            key: s,
            label: <span data-testid={`point-section-${s}`}>{t(`sections.${s}`)}</span>,
            children: sectionContent[s],
            forceRender: true,
          }))}
        />
      )}
    </Modal>
  );
}
