import { useState } from 'react';
import { App, Badge, Button, Flex, Input, Popover, Tooltip, Typography } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NOTE_MAX_LENGTH, type MeasurementDetail } from '@overtone/contract';
import { isApiError } from '../../core/api/ApiError';
import { useDetailAccess } from './detailAccess';
import { measurementQueryKey, putNote } from './measurementApi';

/**
 * The note of the measurement (spec 002 §2), next to the sensor selector: a popover with a text
 * area of at most 1000 characters and a counter, save and cancel. A saved note (`result: 1`) shows
 * "saved", anything else "could not be saved" (spec 002 §8). Read-only mode shows the note only.
 */
export function NotePopover({ m }: { m: MeasurementDetail }) {
  const { t } = useTranslation('measurementDetail');
  const { message } = App.useApp();
  const { readOnly } = useDetailAccess();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(m.note);

  const save = useMutation({
    mutationFn: (note: string) => putNote(m._id, note),
    onSuccess: (r) => {
      queryClient.setQueryData<MeasurementDetail>(measurementQueryKey(m._id), (old) => (old ? { ...old, note: r.note } : old));
      void message.success(t('note.saved'));
      setOpen(false);
    },
    onError: (e) => void message.error(isApiError(e) && e.status >= 400 ? e.message : t('note.notSaved')),
  });

  if (readOnly && !m.note) return null;

  const onOpenChange = (next: boolean) => {
    if (next) setDraft(m.note);
    setOpen(next);
  };
  const tooLong = draft.length > NOTE_MAX_LENGTH;

  const content = readOnly ? (
    <Typography.Paragraph style={{ maxWidth: 360, whiteSpace: 'pre-wrap', margin: 0 }} data-testid="note-text">
      {m.note}
    </Typography.Paragraph>
  ) : (
    <Flex vertical gap={8} style={{ width: 360 }}>
      <Input.TextArea
        value={draft}
        onChange={(e) => setDraft(e.target.value.slice(0, NOTE_MAX_LENGTH))}
        maxLength={NOTE_MAX_LENGTH}
        showCount={{ formatter: ({ count }) => t('note.counter', { count, max: NOTE_MAX_LENGTH }) }}
        autoSize={{ minRows: 4, maxRows: 12 }}
        placeholder={t('note.placeholder')}
        aria-label={t('note.title')}
        data-testid="note-input"
      />
      <Flex justify="end" gap={8} style={{ marginTop: 12 }}>
        <Button size="small" onClick={() => setOpen(false)} disabled={save.isPending} data-testid="note-cancel">
          {t('cancel')}
        </Button>
        <Button
          size="small"
          type="primary"
          loading={save.isPending}
          disabled={tooLong || draft === m.note}
          onClick={() => save.mutate(draft)}
          data-testid="note-save"
        >
          {t('save')}
        </Button>
      </Flex>
    </Flex>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomLeft"
      title={t('note.title')}
      open={open}
      onOpenChange={onOpenChange}
      content={content}
      destroyOnHidden
    >
      <Tooltip title={m.note ? t('note.title') : t('note.add')}>
        <Badge dot={!!m.note} offset={[-4, 4]}>
          <Button icon={<FileTextOutlined />} aria-label={t('note.title')} data-testid="note-button" />
        </Badge>
      </Tooltip>
    </Popover>
  );
}
