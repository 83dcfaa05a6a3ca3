import { useMemo } from 'react';
import { Alert, App, Form, Input, Modal, Radio, Typography, type ButtonProps } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type EvaluationBody, type FaultReport, type FaultReportQuestion, type Language } from '@overtone/contract';
import { currentLanguage } from '../../core/i18n';
import { refreshAfterEvaluation, saveEvaluation } from './faultReportsApi';
import { localizedText } from './faultReportLabels';

/** Longest free-text answer (contract `evaluationBody`: 2000 characters). */
export const MAX_COMMENT_LENGTH = 2000;

type Answers = Record<string, string | undefined>;

/** The questions in their order (spec 001 §3 questions {order}). */
export const orderedQuestions = (questions: readonly FaultReportQuestion[]) => [...questions].sort((a, b) => a.order - b.order);

/**
 * The `PUT /fault-reports/{id}/evaluation` body of the form's answers: every answered question in
 * order, free text trimmed; unanswered optional questions are left out.
 */
export function evaluationBodyOf(questions: readonly FaultReportQuestion[], answers: Answers): EvaluationBody {
  return {
    questions: orderedQuestions(questions).flatMap((q) => {
      const a = answers[q.code]?.trim();
      return a ? [{ code: q.code, answer: a }] : [];
    }),
  };
}

interface Props {
  report: FaultReport;
  /** False: the answers are shown read-only (no updateFaultReport). */
  editable: boolean;
  onClose(): void;
}

/**
 * The evaluation dialog of a report (spec 001 §2, §4, §5): its questions in order, a yes/no choice
 * for `yesNo` questions and a text area for the 'comments' question; mandatory questions are
 * required (the common 'required' message, checked on blur). An answered report opens with its
 * answers. Save sends the answers (`PUT /fault-reports/{id}/evaluation`) and reloads the list,
 * the unanswered badges of the tab and of the tree, and the confirmation statistics.
 */
export function EvaluationDialog({ report, editable, onClose }: Props) {
  const { t } = useTranslation('faultReports');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Answers>();
  const language: Language = currentLanguage();
  const questions = useMemo(() => orderedQuestions(report.questions), [report.questions]);
  const initialValues = useMemo(
    () => Object.fromEntries(questions.map((q) => [q.code, q.answer ?? undefined])) as Answers,
    [questions],
  );

  const save = useMutation({
    mutationFn: (answers: Answers) => saveEvaluation(report.id, evaluationBodyOf(questions, answers)),
    onSuccess: async () => {
      void message.success(t('evaluation.saved'));
      onClose();
      await refreshAfterEvaluation(queryClient);
    },
  });

  const onFinish = (answers: Answers) => {
    if (!evaluationBodyOf(questions, answers).questions.length) {
      void message.warning(t('evaluation.noAnswers'));
      return;
    }
    save.mutate(answers);
  };

  return (
    <Modal
      open
      title={t('evaluation.title', { name: localizedText(report.name, language) })}
      onCancel={onClose}
      okText={t('evaluation.save')}
      cancelText={editable ? t('common:cancel') : t('evaluation.close')}
      width={640}
      okButtonProps={{ htmlType: 'submit', loading: save.isPending, 'data-testid': 'evaluation-save' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'evaluation-cancel' } as ButtonProps}
      footer={editable ? undefined : (_, { CancelBtn }) => <CancelBtn />}
      destroyOnHidden
      modalRender={(dom) => (
        <Form<Answers>
          name="evaluation"
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onFinish={onFinish}
          clearOnDestroy
        >
          {dom}
        </Form>
      )}
    >
      <div data-testid="evaluation-dialog">
        <Typography.Paragraph type="secondary">{report.pointPath}</Typography.Paragraph>
        {report.isAnswered && report.evaluation && (
          <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('evaluation.alreadyAnswered')} />
        )}
        {questions.map((q) => {
          const label = localizedText(q.question, language);
          const rules = q.isMandatory ? [{ required: true, whitespace: true, message: t('common:required') }] : [];
          return q.answerType === 'text' ? (
            <Form.Item key={q.code} name={q.code} label={label} rules={rules} validateTrigger="onBlur">
              <Input.TextArea
                disabled={!editable}
                autoSize={{ minRows: 3, maxRows: 8 }}
                maxLength={MAX_COMMENT_LENGTH}
                showCount
                data-testid={`question-${q.code}`}
              />
            </Form.Item>
          ) : (
            <Form.Item key={q.code} name={q.code} label={label} rules={rules} validateTrigger={['onBlur', 'onChange']}>
              <Radio.Group
                disabled={!editable}
                data-testid={`question-${q.code}`}
                options={[
                  { value: 'yes', label: t('common:yes') },
                  { value: 'no', label: t('common:no') },
                ]}
              />
            </Form.Item>
          );
        })}
      </div>
    </Modal>
  );
}
