import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../core/i18n';
import { configureApiClient } from '../../core/api/apiClient';
import { mockApi, type ApiCall } from '../../app/testing/mockApi';
import { renderApp } from '../../app/testing/renderApp';
import { TREE_QUERY_KEY } from '../tree/treeApi';
import { evaluationBodyOf } from './EvaluationDialog';
import { FaultReportsTab } from './FaultReportsTab';
import { FaultReportsTabLabel } from './FaultReportsTabLabel';
import { loginWith, P, POINT, QUESTIONS, report, reportsAnswer } from './faultReportsTestKit';

let calls: ApiCall[];
let answered = false;
const notifyError = vi.fn();
const OPEN = report(1);

beforeEach(async () => {
  await i18n.changeLanguage('en');
  answered = false;
  notifyError.mockReset();
  configureApiClient({ notifyError, redirectToLogin: vi.fn() });
  calls = mockApi({
    [`GET /point/${P}`]: [200, POINT],
    [`GET /point/${P}/fault-reports`]: () => [200, reportsAnswer([{ ...OPEN, isAnswered: answered }])],
    [`GET /point/${P}/fault-reports/confirmations`]: [200, { data: { point: [], customer: [] } }],
    'GET /fault-reports/unanswered-evaluations-count': () => [
      200,
      { data: { detectionReports: answered ? [] : [{ point: P, count: 1 }] } },
    ],
    [`PUT /fault-reports/${OPEN.id}/evaluation`]: () => {
      answered = true;
      return [200, { ...OPEN, isAnswered: true }];
    },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The tab with its label (the badge of unanswered evaluations), as the point's tabs show them. */
const show = () =>
  renderApp([
    {
      path: '/',
      element: (
        <>
          <FaultReportsTabLabel pointId={P} />
          <FaultReportsTab pointId={P} />
        </>
      ),
    },
  ]);
const dialog = () => screen.getByTestId('evaluation-dialog');
const radio = (code: string, value: 'yes' | 'no') =>
  within(screen.getByTestId(`question-${code}`)).getByDisplayValue(value) as HTMLInputElement;
const putCalls = () => calls.filter((c) => c.method === 'PUT');

async function openEvaluation() {
  fireEvent.click(await screen.findByTestId('report-evaluate'));
  return screen.findByTestId('evaluation-dialog');
}

describe('EvaluationDialog', () => {
  it('lists the questions in their order, in the interface language: yes/no choices and a text for comments', async () => {
    loginWith(['readFaultReport', 'updateFaultReport']);
    show();
    await openEvaluation();
    const labels = [...dialog().querySelectorAll('.ant-form-item-label label')].map((l) => l.textContent);
    expect(labels).toEqual(['Did an inspection confirm the fault?', 'Was the bearing replaced?', 'Comments']);
    expect(within(screen.getByTestId('question-fault_confirmed')).getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByTestId('question-comments').tagName).toBe('TEXTAREA');
  });

  it("checks a mandatory question on blur with the common 'required' message, and does not save without it", async () => {
    loginWith(['readFaultReport', 'updateFaultReport']);
    show();
    await openEvaluation();
    const yes = radio('fault_confirmed', 'yes');
    fireEvent.focus(yes);
    fireEvent.blur(yes);
    await waitFor(() => expect(within(dialog()).getAllByText('This field is required')).toHaveLength(1));
    // The optional comments question is never required.
    const comments = screen.getByTestId('question-comments');
    fireEvent.focus(comments);
    fireEvent.blur(comments);
    fireEvent.click(screen.getByTestId('evaluation-save'));
    await waitFor(() => expect(within(dialog()).getAllByText('This field is required')).toHaveLength(2));
    expect(putCalls()).toHaveLength(0);
    // Choosing an answer clears the message.
    fireEvent.click(radio('fault_confirmed', 'yes'));
    await waitFor(() => expect(within(dialog()).getAllByText('This field is required')).toHaveLength(1));
  });

  it('saves the answers with PUT /fault-reports/{id}/evaluation, then the list, the badges and the tree reload', async () => {
    loginWith(['readFaultReport', 'updateFaultReport']);
    const { queryClient } = show();
    queryClient.setQueryData(TREE_QUERY_KEY, []);
    await waitFor(() => expect(screen.getByTestId('fault-reports-badge').textContent).toBe('1'));
    await openEvaluation();
    const countCalls = () => calls.filter((c) => c.path === '/fault-reports/unanswered-evaluations-count').length;
    const listCalls = () => calls.filter((c) => c.path === `/point/${P}/fault-reports`).length;
    const before = { count: countCalls(), list: listCalls() };
    fireEvent.click(radio('fault_confirmed', 'yes'));
    fireEvent.click(radio('bearing_replaced', 'no'));
    fireEvent.change(screen.getByTestId('question-comments'), { target: { value: '  Spall found on the outer race.  ' } });
    fireEvent.click(screen.getByTestId('evaluation-save'));
    await waitFor(() => expect(putCalls()).toHaveLength(1));
    expect(putCalls()[0].path).toBe(`/fault-reports/${OPEN.id}/evaluation`);
    expect(putCalls()[0].body).toEqual({
      questions: [
        { code: 'fault_confirmed', answer: 'yes' },
        { code: 'bearing_replaced', answer: 'no' },
        { code: 'comments', answer: 'Spall found on the outer race.' },
      ],
    });
    expect(await screen.findByText('The evaluation was saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('evaluation-dialog')).toBeNull());
    await waitFor(() => expect(countCalls()).toBeGreaterThan(before.count));
    expect(listCalls()).toBeGreaterThan(before.list);
    await waitFor(() => expect(screen.queryByTestId('fault-reports-badge')).toBeNull());
    expect(queryClient.getQueryState(TREE_QUERY_KEY)?.isInvalidated).toBe(true);
    // The reloaded report is answered: no 'new' badge any more.
    await waitFor(() => expect(screen.getByTestId('evaluate-badge').querySelector('.ant-badge-count')).toBeNull());
  });

  it('opens an answered report with its answers; read-only without updateFaultReport', async () => {
    answered = true;
    const withAnswers = QUESTIONS.map((q) => ({
      ...q,
      answer: { fault_confirmed: 'no', bearing_replaced: 'yes', comments: 'No spall.' }[q.code]!,
    }));
    calls = mockApi({
      [`GET /point/${P}`]: [200, POINT],
      [`GET /point/${P}/fault-reports`]: [200, reportsAnswer([{ ...OPEN, isAnswered: true, questions: withAnswers }])],
      [`GET /point/${P}/fault-reports/confirmations`]: [200, { data: { point: [], customer: [] } }],
    });
    loginWith(['readFaultReport']);
    show();
    await openEvaluation();
    expect(radio('fault_confirmed', 'no').checked).toBe(true);
    expect(radio('bearing_replaced', 'yes').checked).toBe(true);
    expect((screen.getByTestId('question-comments') as HTMLTextAreaElement).value).toBe('No spall.');
    expect(radio('fault_confirmed', 'yes').disabled).toBe(true);
    expect(screen.queryByTestId('evaluation-save')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('evaluation-cancel')));
    await waitFor(() => expect(screen.queryByTestId('evaluation-dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});

describe('evaluationBodyOf', () => {
  it('sends the answered questions in order, trims the text and leaves out unanswered optional ones', () => {
    expect(evaluationBodyOf(QUESTIONS, { comments: '   ', bearing_replaced: 'yes', fault_confirmed: 'no' })).toEqual({
      questions: [
        { code: 'fault_confirmed', answer: 'no' },
        { code: 'bearing_replaced', answer: 'yes' },
      ],
    });
  });
});
