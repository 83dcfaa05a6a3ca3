import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../core/i18n';
import { sessionStore } from '../../core/session';
import { renderApp, TEST_SESSION } from '../../app/testing/renderApp';
import { dispositionFileName } from './faultReportsApi';
import { PdfPreviewDialog, pdfFileName, pdfScale } from './PdfPreviewDialog';
import { report } from './faultReportsTestKit';

const R = report(1);
let requests: { url: URL; headers: Record<string, string> }[];
let answer: () => Response;
const PDF_BYTES = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]); // %PDF-

beforeEach(async () => {
  await i18n.changeLanguage('en');
  sessionStore.set({ ...TEST_SESSION, permissions: ['readFaultReport'] });
  requests = [];
  answer = () =>
    new Response(PDF_BYTES, {
      status: 200,
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="report.pdf"; filename*=UTF-8''Pump%20DE%20rapor.pdf`,
      },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      requests.push({ url: new URL(input, 'http://localhost'), headers: (init.headers ?? {}) as Record<string, string> });
      return answer();
    }),
  );
  let n = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:pdf-${++n}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const show = () => renderApp([{ path: '/', element: <PdfPreviewDialog report={R} onClose={vi.fn()} /> }]);
const frame = () => screen.findByTestId('pdf-frame');

describe('PdfPreviewDialog', () => {
  it('shows the report PDF in the interface language, fetched with the session token, in a 712 × 1150 page', async () => {
    window.innerWidth = 1600;
    show();
    const iframe = await frame();
    expect(requests).toHaveLength(1);
    expect(requests[0].url.pathname).toBe(`/api/fault-reports/${R.id}/pdf`);
    expect(requests[0].url.searchParams.get('language')).toBe('en');
    expect(requests[0].headers.token).toBe('session-token');
    expect(iframe.getAttribute('src')).toBe('blob:pdf-1#view=FitH'); // the page fits the frame's width
    expect(iframe.getAttribute('data-language')).toBe('en');
    expect([iframe.getAttribute('width'), iframe.getAttribute('height')]).toEqual(['712', '1150']);
  });

  it('loads the PDF again in the chosen report language', async () => {
    show();
    await frame();
    fireEvent.mouseDown(within(screen.getByTestId('pdf-language')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Deutsch', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(requests.at(-1)!.url.searchParams.get('language')).toBe('de'));
    await waitFor(async () => expect((await frame()).getAttribute('src')).toBe('blob:pdf-2#view=FitH'));
    expect((await frame()).getAttribute('data-language')).toBe('de');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:pdf-1');
  });

  it('defaults to zhTw when the interface is in Traditional Chinese', async () => {
    await i18n.changeLanguage('zh-tw');
    show();
    await frame();
    expect(requests[0].url.searchParams.get('language')).toBe('zhTw');
  });

  it('downloads the shown PDF under the name the server gave', async () => {
    show();
    await frame();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    fireEvent.click(screen.getByTestId('pdf-download'));
    expect(clicked).toHaveLength(1);
    expect(clicked[0].getAttribute('href')).toBe('blob:pdf-1');
    expect(clicked[0].download).toBe('Pump DE rapor.pdf');
  });

  it("shows a failure with the server's message as a toast and in the page", async () => {
    answer = () =>
      new Response(JSON.stringify({ message: 'The report could not be rendered', code: 'X_PDF' }), {
        status: 422,
        headers: { 'Content-Type': 'application/json' },
      });
    show();
    expect(await screen.findByText('The PDF could not be created')).toBeTruthy();
    await waitFor(() =>
      expect(document.querySelector('.ant-message')?.textContent).toContain('The report could not be rendered'),
    );
    expect(screen.queryByTestId('pdf-frame')).toBeNull();
    expect((screen.getByTestId('pdf-download') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the PDF page size and file name', () => {
  it('keeps 712 × 1150 on a wide screen and scales it down to fit a narrow one', () => {
    expect(pdfScale(1600)).toBe(1);
    expect(pdfScale(808)).toBe(1);
    expect(pdfScale(500)).toBeCloseTo((500 - 96) / 712, 9);
  });

  it('reads the file name of Content-Disposition, the UTF-8 form first', () => {
    expect(dispositionFileName(`attachment; filename="a.pdf"; filename*=UTF-8''%C3%87ark%20DE.pdf`)).toBe('Çark DE.pdf');
    expect(dispositionFileName('inline; filename="report 1.pdf"')).toBe('report 1.pdf');
    expect(dispositionFileName(null)).toBeNull();
    expect(pdfFileName({ pointName: 'Pump / DE', createdAt: '2030-01-02T03:04:05.000Z' }, 'zhTw')).toBe(
      'fault-report-Pump_DE-2030-01-02-zhTw.pdf',
    );
  });
});
