import type { BearingComponent, DetectionType, EvidenceDomain, FaultSeverity, ReportLanguage } from '@overtone/contract';

/**
 * The fault report PDF's own static texts (headings, field names, column headers, answers) in the
 * six report languages (spec 001 §9: tr default, en, de, ru, zh, zhTw). Severity names follow the
 * web app's alarm levels (apps/web/src/locales); vibration terms follow ISO 13372 / ISO 18436 usage.
 * The fault's own texts (name, description, suggestions, questions) come with the report.
 */
export interface PdfLabels {
  reportTitle: string;
  point: string;
  date: string;
  severity: string;
  severities: Record<FaultSeverity, string>;
  bearingComponent: string;
  components: Record<BearingComponent, string>;
  confidence: string;
  timeToStop: string;
  detectionType: string;
  detectionTypes: Record<DetectionType, string>;
  status: string;
  statuses: { open: string; closed: string };
  description: string;
  indication: string;
  cause: string;
  suggestions: string;
  evidence: string;
  columns: {
    kind: string;
    frequencyHz: string;
    order: string;
    amplitude: string;
    axis: string;
    domain: string;
    baseline: string;
  };
  domains: Record<EvidenceDomain, string>;
  spectrum: string;
  /** Axis titles of the spectrum picture. */
  frequencyAxis: string;
  amplitudeAxis: string;
  questions: string;
  yes: string;
  no: string;
  notAnswered: string;
  /** Footer: "Page 2 / 3". */
  page: (page: number, pages: number) => string;
}

export const PDF_LABELS: Record<ReportLanguage, PdfLabels> = {
  tr: {
    reportTitle: 'Titreşim analizi (arıza) raporu',
    point: 'Ölçüm noktası',
    date: 'Tarih',
    severity: 'Önem derecesi',
    severities: { healthy: 'Normal', attention: 'Dikkat', hazard: 'Tehlike', critical: 'Kritik' },
    bearingComponent: 'Rulman elemanı',
    components: { outer_race: 'Dış bilezik', inner_race: 'İç bilezik', rolling_element: 'Yuvarlanma elemanı', cage: 'Kafes' },
    confidence: 'Güven düzeyi',
    timeToStop: 'Duruşa kalan süre',
    detectionType: 'Tespit türü',
    detectionTypes: { machine: 'Makine arızası', sensor: 'Sensör arızası' },
    status: 'Durum',
    statuses: { open: 'Açık', closed: 'Kapalı' },
    description: 'Açıklama',
    indication: 'Belirti',
    cause: 'Olası neden',
    suggestions: 'Öneriler',
    evidence: 'Kanıtlar',
    columns: {
      kind: 'Tür',
      frequencyHz: 'Frekans (Hz)',
      order: 'Mertebe',
      amplitude: 'Genlik',
      axis: 'Eksen',
      domain: 'Alan',
      baseline: 'Referans',
    },
    domains: { spectrum: 'Spektrum', envelope: 'Zarf spektrumu', time: 'Zaman sinyali' },
    spectrum: 'Kanıtları işaretlenmiş spektrum',
    frequencyAxis: 'Frekans (Hz)',
    amplitudeAxis: 'Genlik',
    questions: 'Değerlendirme soruları',
    yes: 'Evet',
    no: 'Hayır',
    notAnswered: 'Yanıtlanmadı',
    page: (p, n) => `Sayfa ${p} / ${n}`,
  },
  en: {
    reportTitle: 'Vibration analysis (fault) report',
    point: 'Measurement point',
    date: 'Date',
    severity: 'Severity',
    severities: { healthy: 'Normal', attention: 'Attention', hazard: 'Hazard', critical: 'Critical' },
    bearingComponent: 'Bearing component',
    components: { outer_race: 'Outer race', inner_race: 'Inner race', rolling_element: 'Rolling element', cage: 'Cage' },
    confidence: 'Confidence',
    timeToStop: 'Time to stop',
    detectionType: 'Detection type',
    detectionTypes: { machine: 'Machine fault', sensor: 'Sensor fault' },
    status: 'Status',
    statuses: { open: 'Open', closed: 'Closed' },
    description: 'Description',
    indication: 'Indication',
    cause: 'Probable cause',
    suggestions: 'Recommendations',
    evidence: 'Evidence',
    columns: {
      kind: 'Kind',
      frequencyHz: 'Frequency (Hz)',
      order: 'Order',
      amplitude: 'Amplitude',
      axis: 'Axis',
      domain: 'Domain',
      baseline: 'Baseline',
    },
    domains: { spectrum: 'Spectrum', envelope: 'Envelope spectrum', time: 'Time waveform' },
    spectrum: 'Spectrum with the evidence marked',
    frequencyAxis: 'Frequency (Hz)',
    amplitudeAxis: 'Amplitude',
    questions: 'Evaluation questions',
    yes: 'Yes',
    no: 'No',
    notAnswered: 'Not answered',
    page: (p, n) => `Page ${p} / ${n}`,
  },
  de: {
    reportTitle: 'Schwingungsanalyse-Bericht (Schadensbefund)',
    point: 'Messstelle',
    date: 'Datum',
    severity: 'Schweregrad',
    severities: { healthy: 'Normal', attention: 'Achtung', hazard: 'Gefahr', critical: 'Kritisch' },
    bearingComponent: 'Lagerkomponente',
    components: { outer_race: 'Außenring', inner_race: 'Innenring', rolling_element: 'Wälzkörper', cage: 'Käfig' },
    confidence: 'Konfidenz',
    timeToStop: 'Zeit bis zum Stillstand',
    detectionType: 'Befundart',
    detectionTypes: { machine: 'Maschinenschaden', sensor: 'Sensorfehler' },
    status: 'Status',
    statuses: { open: 'Offen', closed: 'Geschlossen' },
    description: 'Beschreibung',
    indication: 'Merkmal',
    cause: 'Mögliche Ursache',
    suggestions: 'Empfehlungen',
    evidence: 'Befundnachweise',
    columns: {
      kind: 'Art',
      frequencyHz: 'Frequenz (Hz)',
      order: 'Ordnung',
      amplitude: 'Amplitude',
      axis: 'Achse',
      domain: 'Bereich',
      baseline: 'Referenzwert',
    },
    domains: { spectrum: 'Spektrum', envelope: 'Hüllkurvenspektrum', time: 'Zeitsignal' },
    spectrum: 'Spektrum mit markierten Befundlinien',
    frequencyAxis: 'Frequenz (Hz)',
    amplitudeAxis: 'Amplitude',
    questions: 'Bewertungsfragen',
    yes: 'Ja',
    no: 'Nein',
    notAnswered: 'Nicht beantwortet',
    page: (p, n) => `Seite ${p} / ${n}`,
  },
  ru: {
    reportTitle: 'Отчёт виброанализа (неисправность)',
    point: 'Точка измерения',
    date: 'Дата',
    severity: 'Степень опасности',
    severities: { healthy: 'Норма', attention: 'Внимание', hazard: 'Опасность', critical: 'Критично' },
    bearingComponent: 'Элемент подшипника',
    components: {
      outer_race: 'Наружное кольцо',
      inner_race: 'Внутреннее кольцо',
      rolling_element: 'Тело качения',
      cage: 'Сепаратор',
    },
    confidence: 'Достоверность',
    timeToStop: 'Время до останова',
    detectionType: 'Тип обнаружения',
    detectionTypes: { machine: 'Неисправность машины', sensor: 'Неисправность датчика' },
    status: 'Статус',
    statuses: { open: 'Открыт', closed: 'Закрыт' },
    description: 'Описание',
    indication: 'Признак',
    cause: 'Вероятная причина',
    suggestions: 'Рекомендации',
    evidence: 'Диагностические признаки',
    columns: {
      kind: 'Тип',
      frequencyHz: 'Частота (Гц)',
      order: 'Порядок',
      amplitude: 'Амплитуда',
      axis: 'Ось',
      domain: 'Область',
      baseline: 'Базовый уровень',
    },
    domains: { spectrum: 'Спектр', envelope: 'Спектр огибающей', time: 'Временной сигнал' },
    spectrum: 'Спектр с отмеченными признаками',
    frequencyAxis: 'Частота (Гц)',
    amplitudeAxis: 'Амплитуда',
    questions: 'Вопросы для оценки',
    yes: 'Да',
    no: 'Нет',
    notAnswered: 'Нет ответа',
    page: (p, n) => `Страница ${p} из ${n}`,
  },
  zh: {
    reportTitle: '振动分析（故障）报告',
    point: '测点',
    date: '日期',
    severity: '严重程度',
    severities: { healthy: '正常', attention: '注意', hazard: '危险', critical: '严重' },
    bearingComponent: '轴承部件',
    components: { outer_race: '外圈', inner_race: '内圈', rolling_element: '滚动体', cage: '保持架' },
    confidence: '置信度',
    timeToStop: '距停机时间',
    detectionType: '检测类型',
    detectionTypes: { machine: '机械故障', sensor: '传感器故障' },
    status: '状态',
    statuses: { open: '未关闭', closed: '已关闭' },
    description: '描述',
    indication: '故障特征',
    cause: '可能原因',
    suggestions: '处理建议',
    evidence: '诊断依据',
    columns: {
      kind: '类型',
      frequencyHz: '频率 (Hz)',
      order: '阶次',
      amplitude: '幅值',
      axis: '轴向',
      domain: '分析域',
      baseline: '基线',
    },
    domains: { spectrum: '频谱', envelope: '包络谱', time: '时域波形' },
    spectrum: '标注诊断依据的频谱',
    frequencyAxis: '频率 (Hz)',
    amplitudeAxis: '幅值',
    questions: '评估问题',
    yes: '是',
    no: '否',
    notAnswered: '未回答',
    page: (p, n) => `第 ${p} 页，共 ${n} 页`,
  },
  zhTw: {
    reportTitle: '振動分析（故障）報告',
    point: '量測點',
    date: '日期',
    severity: '嚴重程度',
    severities: { healthy: '正常', attention: '注意', hazard: '危險', critical: '嚴重' },
    bearingComponent: '軸承元件',
    components: { outer_race: '外環', inner_race: '內環', rolling_element: '滾動體', cage: '保持器' },
    confidence: '信賴度',
    timeToStop: '距停機時間',
    detectionType: '偵測類型',
    detectionTypes: { machine: '機械故障', sensor: '感測器故障' },
    status: '狀態',
    statuses: { open: '未結案', closed: '已結案' },
    description: '說明',
    indication: '故障特徵',
    cause: '可能原因',
    suggestions: '處理建議',
    evidence: '診斷依據',
    columns: {
      kind: '類型',
      frequencyHz: '頻率 (Hz)',
      order: '階次',
      amplitude: '振幅',
      axis: '軸向',
      domain: '分析域',
      baseline: '基線',
    },
    domains: { spectrum: '頻譜', envelope: '包絡頻譜', time: '時域波形' },
    spectrum: '標示診斷依據的頻譜',
    frequencyAxis: '頻率 (Hz)',
    amplitudeAxis: '振幅',
    questions: '評估問題',
    yes: '是',
    no: '否',
    notAnswered: '未回答',
    page: (p, n) => `第 ${p} 頁，共 ${n} 頁`,
  },
};
