import { Button, Flex } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from './ConfirmDelete';

interface SectionActionsProps {
  /** Test ids: `<testId>-save`, `<testId>-delete` (and `<testId>-delete-ok` on the confirmation). */
  testId: string;
  /** Shows Save, the submit button of the section's form (updatePointConfig). */
  canSave: boolean;
  /** Save spins while the section's mutation runs. */
  saving: boolean;
  /** Shows Delete: deletePointConfig and something to delete. */
  canDelete?: boolean;
  /** The delete confirmation's question and the delete itself (called once confirmed). */
  remove?: { title: string; onConfirm(): Promise<unknown> };
}

/**
 * The button row of a point-configuration form section (spec 001 §2): Save (submits the form) and
 * Delete behind a confirmation (ConfirmDelete). A button the caller may not use is not shown.
 */
export function SectionActions({ testId, canSave, saving, canDelete = false, remove }: SectionActionsProps) {
  const { t } = useTranslation('pointConfig');
  return (
    <Flex gap={8}>
      {canSave && (
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} data-testid={`${testId}-save`}>
          {t('save')}
        </Button>
      )}
      {canDelete && remove && <ConfirmDelete title={remove.title} onConfirm={remove.onConfirm} testId={`${testId}-delete`} />}
    </Flex>
  );
}
