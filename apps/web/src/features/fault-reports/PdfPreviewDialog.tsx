import { useEffect, useState } from 'react';
import { App, Button, Flex, Modal, Result, Select, Spin } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, FAULT_REPORT_PDF_SIZE, REPORT_LANGUAGES, type FaultReport, type ReportLanguage } from '@overtone/contract';
import { endpointQueryKey } from '../../core/api/endpointQuery';
import { currentLanguage } from '../../core/i18n';
import { LANGUAGE_NATIVE_NAMES } from '../../ui/LanguageSelect';
import { fetchFaultReportPdf, interfaceLanguageOf, reportLanguageOf } from './faultReportsApi';
import { localizedText } from './faultReportLabels';

/** Room the dialog needs around the page (modal padding and the page's margin), CSS px. */
const CHROME_PX = { width: 96, height: 0 };

/**
 * Scale of the 712 × 1150 page (spec 001 §9) on a viewport: 1 where it fits in width, smaller on a
 * narrower screen (the page keeps its proportions; the dialog scrolls vertically).
 * @param viewportWidthPx window.innerWidth, CSS px
 */
export const pdfScale = (viewportWidthPx: number) =>
  Math.max(0.3, Math.min(1, (viewportWidthPx - CHROME_PX.width) / FAULT_REPORT_PDF_SIZE.width));

/** The file name of a downloaded report when the server names none: `fault-report-<point>-<date>-<lang>.pdf`. */
export function pdfFileName(report: Pick<FaultReport, 'pointName' | 'createdAt'>, language: ReportLanguage): string {
  const point = report.pointName.replace(/[^\p{L}\p{N}_-]+/gu, '_').replace(/^_+|_+$/g, '') || 'point';
  return `fault-report-${point}-${report.createdAt.slice(0, 10)}-${language}.pdf`;
}

function useViewportWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

/**
 * The PDF preview of a report (spec 001 §2, §9): the page at 712 × 1150 (scaled down to fit a
 * narrower screen) from `GET /fault-reports/{id}/pdf?language=…`, a choice of the six report
 * languages (default the interface language) and Download. The PDF is fetched with the session's
 * token header and shown from a blob: URL (an iframe cannot send the header); Download saves the
 * same bytes under the server's file name.
 */
export function PdfPreviewDialog({ report, onClose }: { report: FaultReport; onClose(): void }) {
  const { t } = useTranslation('faultReports');
  const { message } = App.useApp();
  const [language, setLanguage] = useState<ReportLanguage>(() => reportLanguageOf(currentLanguage()));
  const scale = pdfScale(useViewportWidth());
  const width = Math.round(FAULT_REPORT_PDF_SIZE.width * scale);
  const height = Math.round(FAULT_REPORT_PDF_SIZE.height * scale);

  const pdf = useQuery({
    // the same report's PDF changes with its evaluation: its last change is part of the key
    queryKey: endpointQueryKey(ENDPOINTS.getFaultReportPdf, {
      params: { id: report.id },
      query: { language },
      variant: report.updatedAt,
    }),
    queryFn: ({ signal }) => fetchFaultReportPdf(report.id, language, signal),
    staleTime: 60_000,
    gcTime: 60_000,
    retry: false,
  });
  const failure = pdf.error?.message;
  useEffect(() => {
    if (failure) void message.error(failure);
  }, [failure, message]);

  // One object URL per fetched PDF, released when another replaces it or the dialog closes.
  const blob = pdf.data?.blob;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);

  const download = () => {
    if (!url) return;
    const a = document.createElement('a');
    a.href = url;
    a.download = pdf.data?.fileName ?? pdfFileName(report, language);
    document.body.appendChild(a);
    a.click();
    a.remove();
  };

  return (
    <Modal
      open
      title={t('pdf.title', { name: localizedText(report.name, currentLanguage()) })}
      onCancel={onClose}
      footer={null}
      width={width + 48}
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid="pdf-preview-dialog">
        <Flex gap={8} align="center" justify="space-between" wrap>
          <Select<ReportLanguage>
            value={language}
            onChange={setLanguage}
            prefix={t('pdf.language')}
            style={{ minWidth: 200 }}
            options={REPORT_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NATIVE_NAMES[interfaceLanguageOf(l)] }))}
            data-testid="pdf-language"
          />
          <Button type="primary" icon={<DownloadOutlined />} onClick={download} disabled={!url} data-testid="pdf-download">
            {t('pdf.download')}
          </Button>
        </Flex>
        <div
          style={{ width, height, border: '1px solid #d9d9d9', background: '#fafafa', margin: '0 auto' }}
          data-testid="pdf-page"
          data-scale={scale.toFixed(3)}
        >
          {pdf.isError ? (
            <Result
              status="warning"
              title={t('pdf.failed')}
              subTitle={failure}
              extra={<Button onClick={() => void pdf.refetch()}>{t('common:retry')}</Button>}
            />
          ) : url ? (
            <iframe
              src={`${url}#view=FitH`}
              title={t('pdf.frameTitle')}
              width={width}
              height={height}
              style={{ border: 0, display: 'block' }}
              data-testid="pdf-frame"
              data-language={language}
            />
          ) : (
            <Flex align="center" justify="center" style={{ height: '100%' }}>
              <Spin description={t('pdf.loading')} data-testid="pdf-loading" />
            </Flex>
          )}
        </div>
      </Flex>
    </Modal>
  );
}
