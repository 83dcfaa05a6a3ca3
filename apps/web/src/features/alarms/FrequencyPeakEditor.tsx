import { useEffect, useState } from 'react';
import { Alert, App, Button, Input, InputNumber, Result, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  FREQUENCY_PEAK_AXES,
  MAX_FREQUENCY_PEAK_ALARMS,
  MAX_PEAK_FREQUENCY_HZ,
  MIN_SENSITIVITY_HZ,
  SENSITIVITY_STEP_HZ,
  THRESHOLD_DECIMALS,
  THRESHOLD_LEVELS,
  THRESHOLD_STEP,
  type AxisKey,
  type Point,
  type ThresholdLevel,
} from '@overtone/contract';
import { hasPermission, useSession } from '../../core/session';
import { LevelTag, levelColor, sourceLabel, validationText } from './alarmLabels';
import { useFrequencyPeakAlarmsQuery, useSaveFrequencyPeakAlarms } from './alarmsApi';
import { forceEvenSensitivity, newRow, rowsOf, toPeakBody, type PeakRow, type RowIssue } from './frequencyPeakModel';

/**
 * The frequency-peak (envelope) alarm editor of a point (spec 001 §2, §3, §4, §5, §9): rows of name,
 * axis, frequency (Hz), sensitivity (Hz, the full band width: an even number ≥ 2, forced even when
 * the input is left) and the attention / hazard / critical thresholds in g. Any change sets the
 * has-changes flag that enables Save changes and Discard; saving sends the whole set
 * (`POST /point/{id}/frequencyPeakAlarm`) and clears it; Discard reloads the stored set. Without
 * updateAlarm the set is shown read-only. The caller renders it only with readAlarm.
 */
export function FrequencyPeakEditor({
  pointId,
  point,
}: {
  pointId: string;
  point: Pick<Point, 'coordinateXAxis' | 'coordinateYAxis' | 'coordinateZAxis'> | undefined;
}) {
  const { t, i18n } = useTranslation('alarms');
  const { message } = App.useApp();
  const session = useSession();
  const canEdit = hasPermission(session, 'updateAlarm');
  const q = useFrequencyPeakAlarmsQuery(pointId, true);
  const save = useSaveFrequencyPeakAlarms(pointId);
  const [rows, setRows] = useState<PeakRow[]>([]);
  const [hasChanges, setHasChanges] = useState(false);
  const [issues, setIssues] = useState<RowIssue[]>([]);

  // The stored set replaces the rows whenever it (re)loads and nothing is being edited.
  useEffect(() => {
    if (q.data && !hasChanges) setRows(rowsOf(q.data));
  }, [q.data, hasChanges]);

  const text = (key: string) => validationText(key, t, (k) => i18n.exists(k));

  const change = (key: string, patch: (r: PeakRow) => PeakRow) => {
    setRows((rs) => rs.map((r) => (r.key === key ? patch(r) : r)));
    setHasChanges(true);
    setIssues([]);
  };
  const setThreshold = (key: string, level: ThresholdLevel, v: number | null) =>
    change(key, (r) => ({ ...r, threshold: { ...r.threshold, [level]: v } }));

  const add = () => {
    setRows((rs) => [...rs, newRow()]);
    setHasChanges(true);
  };
  const remove = (key: string) => {
    setRows((rs) => rs.filter((r) => r.key !== key));
    setHasChanges(true);
    setIssues([]);
  };

  const discard = async () => {
    setIssues([]);
    const fresh = await q.refetch();
    if (fresh.data) setRows(rowsOf(fresh.data));
    setHasChanges(false);
  };

  const submit = () => {
    const result = toPeakBody(rows);
    if (!result.ok) {
      setIssues(result.issues);
      return;
    }
    save.mutate(result.body, {
      onSuccess: (stored) => {
        setRows(rowsOf(stored));
        setHasChanges(false);
        void message.success(t('peak.saved'));
      },
    });
  };

  const issueOf = (index: number, field: string) =>
    issues.find(
      (i) => i.row === index && (i.field === field || (field.startsWith('threshold') && i.field === 'threshold.hazard')),
    );
  const status = (index: number, field: string) => (issueOf(index, field) ? ('error' as const) : undefined);
  const stored = new Map((q.data ?? []).map((a) => [a._id, a]));

  const columns: ColumnsType<PeakRow> = [
    {
      key: 'name',
      title: t('peak.name'),
      // wide enough to read a name such as "BPFO 2× drive end" (the other columns are fixed)
      width: 260,
      render: (_, r, i) => (
        <Input
          style={{ minWidth: 220 }}
          value={r.name}
          maxLength={200}
          disabled={!canEdit}
          status={status(i, 'name')}
          placeholder={t('peak.namePlaceholder')}
          onChange={(e) => change(r.key, (x) => ({ ...x, name: e.target.value }))}
          data-testid="peak-name"
        />
      ),
    },
    {
      key: 'axis',
      title: t('peak.axis'),
      width: 200,
      render: (_, r) => (
        <Select<AxisKey>
          value={r.axis}
          disabled={!canEdit}
          style={{ width: '100%' }}
          options={FREQUENCY_PEAK_AXES.map((a) => ({ value: a, label: sourceLabel(a, point, t) }))}
          onChange={(axis) => change(r.key, (x) => ({ ...x, axis }))}
          data-testid="peak-axis"
        />
      ),
    },
    {
      key: 'frequency',
      title: t('peak.frequency'),
      width: 130,
      render: (_, r, i) => (
        <InputNumber
          value={r.frequency}
          min={0}
          max={MAX_PEAK_FREQUENCY_HZ}
          disabled={!canEdit}
          status={status(i, 'frequency')}
          style={{ width: '100%' }}
          onChange={(v) => change(r.key, (x) => ({ ...x, frequency: v }))}
          data-testid="peak-frequency"
        />
      ),
    },
    {
      key: 'sensitivity',
      title: (
        <Tooltip title={t('peak.sensitivityHelp')}>
          <span>{t('peak.sensitivity')}</span>
        </Tooltip>
      ),
      width: 120,
      render: (_, r, i) => (
        <InputNumber
          value={r.sensitivity}
          min={MIN_SENSITIVITY_HZ}
          step={SENSITIVITY_STEP_HZ}
          precision={0}
          disabled={!canEdit}
          status={status(i, 'sensitivity')}
          style={{ width: '100%' }}
          onChange={(v) => change(r.key, (x) => ({ ...x, sensitivity: v }))}
          onBlur={() => {
            if (forceEvenSensitivity(r.sensitivity) !== r.sensitivity)
              change(r.key, (x) => ({ ...x, sensitivity: forceEvenSensitivity(x.sensitivity) }));
          }}
          data-testid="peak-sensitivity"
        />
      ),
    },
    ...THRESHOLD_LEVELS.map((level): ColumnsType<PeakRow>[number] => ({
      key: level,
      title: <span style={{ color: levelColor(level) }}>{t('peak.thresholdG', { level: t(`levels.${level}`) })}</span>,
      width: 120,
      render: (_, r, i) => (
        <InputNumber
          value={r.threshold[level]}
          min={0}
          step={THRESHOLD_STEP}
          precision={THRESHOLD_DECIMALS}
          disabled={!canEdit}
          status={status(i, `threshold.${level}`)}
          style={{ width: '100%' }}
          onChange={(v) => setThreshold(r.key, level, v)}
          data-testid={`peak-${level}`}
        />
      ),
    })),
    {
      key: 'level',
      title: t('peak.level'),
      width: 100,
      render: (_, r) => {
        const a = stored.get(r.key);
        return a ? <LevelTag level={a.level} /> : <Tag>{t('peak.new')}</Tag>;
      },
    },
  ];
  if (canEdit)
    columns.push({
      key: 'remove',
      width: 48,
      render: (_, r) => (
        <Tooltip title={t('peak.remove')}>
          <Button
            type="text"
            danger
            size="small"
            icon={<DeleteOutlined />}
            aria-label={t('peak.remove')}
            onClick={() => remove(r.key)}
            data-testid="peak-remove"
          />
        </Tooltip>
      ),
    });

  if (q.isError)
    return (
      <Result
        status="warning"
        title={t('loadFailed')}
        subTitle={q.error.message}
        extra={<Button onClick={() => void q.refetch()}>{t('common:retry')}</Button>}
      />
    );

  return (
    <div data-testid="frequency-peak-editor">
      <Typography.Paragraph type="secondary">{t('peak.help')}</Typography.Paragraph>
      {canEdit && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Button
            icon={<PlusOutlined />}
            onClick={add}
            disabled={q.isPending || rows.length >= MAX_FREQUENCY_PEAK_ALARMS}
            data-testid="peak-add"
          >
            {t('peak.add')}
          </Button>
          <Button type="primary" onClick={submit} disabled={!hasChanges} loading={save.isPending} data-testid="peak-save">
            {t('peak.save')}
          </Button>
          <Button onClick={() => void discard()} disabled={!hasChanges || save.isPending} data-testid="peak-discard">
            {t('peak.discard')}
          </Button>
          {hasChanges && <Tag color="warning">{t('peak.unsaved')}</Tag>}
        </Space>
      )}
      {issues.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="peak-issues"
          title={
            <ul style={{ margin: 0, paddingInlineStart: 16 }}>
              {issues.map((i, n) => (
                <li key={n}>{i.row >= 0 ? t('peak.rowIssue', { row: i.row + 1, message: text(i.message) }) : text(i.message)}</li>
              ))}
            </ul>
          }
        />
      )}
      <Table<PeakRow>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={rows}
        loading={q.isPending || q.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('peak.empty') }}
      />
    </div>
  );
}
