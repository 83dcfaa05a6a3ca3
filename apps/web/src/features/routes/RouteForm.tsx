import { useState } from 'react';
import { Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RouteBody } from '@overtone/contract';
import { PointPicker } from './PointPicker';

interface Props {
  /** Values to start from (editing); empty for a new route. */
  initial?: RouteBody;
  submitLabel: string;
  /** Saves; a rejection keeps the form as it is (the API client already showed the error). */
  onSubmit(values: RouteBody): Promise<unknown>;
  /** Clear the form after a successful save (the create card). */
  resetOnSuccess?: boolean;
  onCancel?(): void;
  /** Prefix of the data-testids: `${prefix}-name`, `${prefix}-points`, `${prefix}-submit`. */
  testId: string;
}

/**
 * The route form (spec 000 §5 "Route form"): name required (`inputName`), at least one point
 * (`leastOnePoint`), the same rules the server checks. Used by the create card and the edit dialog.
 */
export function RouteForm({ initial, submitLabel, onSubmit, resetOnSuccess, onCancel, testId }: Props) {
  const { t } = useTranslation('routes');
  const [form] = Form.useForm<RouteBody>();
  const [saving, setSaving] = useState(false);

  const finish = async (values: RouteBody) => {
    setSaving(true);
    try {
      await onSubmit({ name: values.name.trim(), points: values.points });
      if (resetOnSuccess) form.resetFields();
    } catch {
      // Shown by the API client; the user may correct and retry.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<RouteBody>
      name="route"
      form={form}
      layout="vertical"
      initialValues={initial ?? { name: '', points: [] }}
      onFinish={finish}
    >
      <Form.Item
        name="name"
        label={t('name')}
        validateTrigger="onBlur"
        rules={[{ required: true, whitespace: true, message: t('inputName') }]}
      >
        <Input placeholder={t('namePlaceholder')} maxLength={200} data-testid={`${testId}-name`} />
      </Form.Item>
      <Form.Item
        name="points"
        label={t('points')}
        tooltip={t('pointsHint')}
        rules={[{ type: 'array', min: 1, required: true, message: t('leastOnePoint') }]}
      >
        <PointPicker data-testid={`${testId}-points`} />
      </Form.Item>
      <Flex gap={8} justify="end">
        {onCancel && <Button onClick={onCancel}>{t('common:cancel')}</Button>}
        <Button type="primary" htmlType="submit" loading={saving} data-testid={`${testId}-submit`}>
          {submitLabel}
        </Button>
      </Flex>
    </Form>
  );
}
