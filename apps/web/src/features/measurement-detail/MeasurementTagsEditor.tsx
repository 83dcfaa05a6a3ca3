import { useState, type KeyboardEvent } from 'react';
import { Button, Flex, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, EditOutlined, TagsOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { FAULT_TAG_SUGGESTIONS, MAX_TAGS, TAG_MAX_LENGTH, type MeasurementDetail } from '@overtone/contract';
import { MEASUREMENT_LISTS } from '../measurements/measurementsApi';
import { useDetailAccess } from './detailAccess';
import { measurementQueryKey, putTags, useTagSuggestionsQuery } from './measurementApi';

const FAULT_TAGS: ReadonlySet<string> = new Set(FAULT_TAG_SUGGESTIONS);

/** Locale key of a predefined fault tag ("Mechanical looseness" → `faultTag.mechanical_looseness`). */
const faultTagKey = (tag: string) => `faultTag.${tag.toLowerCase().replace(/\s+/g, '_')}`;

/** The text shown for a tag: predefined fault tags are translated, others shown as typed. */
export const tagLabel = (t: TFunction<'measurementDetail'>, tag: string) =>
  FAULT_TAGS.has(tag) ? t(faultTagKey(tag), { defaultValue: tag }) : tag;

/**
 * Normalizes an edited tag list (spec 002 §9 tag input): trimmed, empty tags and duplicates (same
 * text, any case) dropped, each at most {@link TAG_MAX_LENGTH} characters, at most {@link MAX_TAGS}.
 */
export function normalizeTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of tags.flatMap((x) => x.split(','))) {
    const tag = raw.trim().slice(0, TAG_MAX_LENGTH).trim();
    const k = tag.toLocaleLowerCase();
    if (!tag || seen.has(k) || out.length >= MAX_TAGS) continue;
    seen.add(k);
    out.push(tag);
  }
  return out;
}

/**
 * Tags of the measurement (spec 002 §2, §4): view mode shows them; with updateMeasurementTags (and
 * not read-only) an edit button switches to edit mode, whose suggestions are the predefined fault
 * tags and the customer's tags; save stores the list, cancel restores it.
 */
export function MeasurementTagsEditor({ m }: { m: MeasurementDetail }) {
  const { t } = useTranslation('measurementDetail');
  const { can, readOnly } = useDetailAccess();
  const editable = !readOnly && can('updateMeasurementTags');
  const [draft, setDraft] = useState<string[] | null>(null);
  const [search, setSearch] = useState('');
  const queryClient = useQueryClient();
  const editing = draft !== null;
  const known = useTagSuggestionsQuery(editing);

  const save = useMutation({
    mutationFn: (tags: string[]) => putTags(m._id, tags),
    onSuccess: (r) => {
      queryClient.setQueryData<MeasurementDetail>(measurementQueryKey(m._id), (old) => (old ? { ...old, tags: r.tags } : old));
      void queryClient.invalidateQueries(MEASUREMENT_LISTS);
      setDraft(null);
    },
  });

  if (!editing)
    return (
      <Flex align="center" gap={6} wrap data-testid="measurement-tags">
        <TagsOutlined style={{ color: 'rgba(0,0,0,0.45)' }} aria-label={t('tags.title')} />
        {m.tags.length === 0 && <Typography.Text type="secondary">{t('tags.none')}</Typography.Text>}
        {m.tags.map((tag) => (
          <Tag key={tag} color="cyan" style={{ marginInlineEnd: 0 }}>
            {tagLabel(t, tag)}
          </Tag>
        ))}
        {editable && (
          <Tooltip title={t('tags.edit')}>
            <Button
              size="small"
              type="text"
              icon={<EditOutlined />}
              aria-label={t('tags.edit')}
              onClick={() => setDraft(m.tags)}
              data-testid="tags-edit"
            />
          </Tooltip>
        )}
      </Flex>
    );

  const suggestions = [
    ...FAULT_TAG_SUGGESTIONS.map((tag) => ({ value: tag, label: tagLabel(t, tag) })),
    ...(known.data ?? []).filter((k) => !FAULT_TAGS.has(k.tag)).map((k) => ({ value: k.tag, label: k.tag })),
  ];
  const commitSearch = () => {
    if (search.trim()) setDraft((d) => normalizeTags([...(d ?? []), search]));
    setSearch('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Tab' || !search.trim()) return;
    e.preventDefault();
    commitSearch();
  };

  return (
    <Flex align="center" gap={6} wrap data-testid="measurement-tags-editor">
      <Select<string[]>
        mode="tags"
        value={draft}
        searchValue={search}
        onSearch={setSearch}
        onChange={(tags) => {
          setDraft(normalizeTags(tags));
          setSearch('');
        }}
        onInputKeyDown={onKeyDown}
        tokenSeparators={[',']}
        options={suggestions}
        optionFilterProp="label"
        placeholder={t('tags.placeholder')}
        style={{ minWidth: 360, maxWidth: 640 }}
        maxCount={MAX_TAGS}
        autoFocus
        aria-label={t('tags.title')}
        data-testid="tags-select"
      />
      <Space size={4}>
        <Button
          size="small"
          type="primary"
          icon={<CheckOutlined />}
          loading={save.isPending}
          onClick={() => save.mutate(normalizeTags(draft))}
          data-testid="tags-save"
        >
          {t('save')}
        </Button>
        <Button
          size="small"
          icon={<CloseOutlined />}
          disabled={save.isPending}
          onClick={() => {
            setDraft(null);
            setSearch('');
          }}
          data-testid="tags-cancel"
        >
          {t('cancel')}
        </Button>
      </Space>
    </Flex>
  );
}
