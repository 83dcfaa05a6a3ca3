import type { FaultName, ReportLanguageText } from '@overtone/contract';

/**
 * The evaluation questions of each fault (spec 001 §3 questions, §5 evaluation rules). Every report
 * asks `fault_confirmed` first and `comments` last (added by `faultQuestions` in ../catalogue.ts);
 * these are the yes/no questions in between. Codes are stable: the server stores answers by code.
 */

/** A fault-specific yes/no question. */
export interface SpecificQuestion {
  /** lower_snake_case, unique within the fault, never renamed (answers are stored by it). */
  code: string;
  isMandatory: boolean;
  question: ReportLanguageText;
}

export const CONFIRMED_TEXT: ReportLanguageText = {
  tr: 'Arıza yerinde yapılan kontrolde doğrulandı mı?',
  en: 'Was the fault confirmed on inspection?',
  de: 'Wurde der Fehler bei der Inspektion bestätigt?',
  ru: 'Подтвердилась ли неисправность при осмотре?',
  zh: '现场检查是否确认了该故障？',
  zhTw: '現場檢查是否確認了該故障？',
};

export const COMMENTS_TEXT: ReportLanguageText = {
  tr: 'Yorumlar (bulgular, yapılan işlemler)',
  en: 'Comments (findings, actions taken)',
  de: 'Bemerkungen (Befund, durchgeführte Maßnahmen)',
  ru: 'Комментарии (результаты осмотра, выполненные работы)',
  zh: '备注（检查发现、已采取的措施）',
  zhTw: '備註（檢查發現、已採取的措施）',
};

const q = (code: string, isMandatory: boolean, question: ReportLanguageText): SpecificQuestion => ({
  code,
  isMandatory,
  question,
});

const bearingQuestions: SpecificQuestion[] = [
  q('bearing_noisy_or_hot', false, {
    tr: 'Rulman sesli çalışıyor veya ısınmış mıydı?',
    en: 'Was the bearing noisy or hot?',
    de: 'War das Lager laut oder heiß?',
    ru: 'Был ли подшипник шумным или горячим?',
    zh: '轴承是否有异响或发热？',
    zhTw: '軸承是否有異音或發熱？',
  }),
  q('lubricated_recently', false, {
    tr: 'Rulman yakın zamanda yağlandı mı?',
    en: 'Was the bearing lubricated recently?',
    de: 'Wurde das Lager kürzlich geschmiert?',
    ru: 'Смазывался ли подшипник в последнее время?',
    zh: '轴承最近是否加注过润滑脂？',
    zhTw: '軸承最近是否加注過潤滑脂？',
  }),
  q('bearing_damage_found', false, {
    tr: 'Sökülen rulmanda hasar görüldü mü?',
    en: 'Was damage found on the bearing after removal?',
    de: 'Wurde am ausgebauten Lager ein Schaden festgestellt?',
    ru: 'Обнаружено ли повреждение на демонтированном подшипнике?',
    zh: '拆下的轴承上是否发现损伤？',
    zhTw: '拆下的軸承上是否發現損傷？',
  }),
];

const sensorMountChecked = q('sensor_mount_checked', true, {
  tr: 'Sensörün montajı ve kablosu kontrol edildi mi?',
  en: 'Were the sensor mounting and cable checked?',
  de: 'Wurden Befestigung und Kabel des Sensors geprüft?',
  ru: 'Проверены ли крепление и кабель датчика?',
  zh: '是否检查了传感器的安装和电缆？',
  zhTw: '是否檢查了感測器的安裝和電纜？',
});
const sensorReplaced = q('sensor_replaced', false, {
  tr: 'Sensör değiştirildi mi?',
  en: 'Was the sensor replaced?',
  de: 'Wurde der Sensor ausgetauscht?',
  ru: 'Был ли заменён датчик?',
  zh: '是否更换了传感器？',
  zhTw: '是否更換了感測器？',
});

/** The fault-specific questions, in order (between `fault_confirmed` and `comments`). */
export const SPECIFIC_QUESTIONS: Record<FaultName, SpecificQuestion[]> = {
  cavitation: [
    q('suction_problem_found', false, {
      tr: 'Emiş tarafında sorun bulundu mu (tıkalı süzgeç, kısık vana, düşük seviye veya basınç)?',
      en: 'Was a problem found on the suction side (clogged strainer, throttled valve, low level or pressure)?',
      de: 'Wurde auf der Saugseite ein Problem gefunden (verstopftes Sieb, gedrosseltes Ventil, niedriger Stand oder Druck)?',
      ru: 'Обнаружена ли проблема на стороне всасывания (засорённый фильтр, прикрытая задвижка, низкий уровень или давление)?',
      zh: '吸入侧是否发现问题（滤网堵塞、阀门节流、液位或压力过低）？',
      zhTw: '吸入側是否發現問題（濾網堵塞、閥門節流、液位或壓力過低）？',
    }),
    q('off_design_flow', false, {
      tr: 'Pompa en iyi verim noktasından uzakta mı çalışıyordu?',
      en: 'Was the pump running far from its best efficiency point?',
      de: 'Lief die Pumpe weit entfernt von ihrem Bestpunkt?',
      ru: 'Работал ли насос вдали от точки наилучшего КПД?',
      zh: '泵是否远离最佳效率点运行？',
      zhTw: '泵是否遠離最佳效率點運轉？',
    }),
  ],
  'mechanical-looseness': [
    q('loose_parts_found', false, {
      tr: 'Gevşek cıvata, çatlak veya aşınmış yuva bulundu mu?',
      en: 'Were loose bolts, cracks or worn fits found?',
      de: 'Wurden lose Schrauben, Risse oder verschlissene Passungen gefunden?',
      ru: 'Обнаружены ли ослабленные болты, трещины или изношенные посадки?',
      zh: '是否发现螺栓松动、裂纹或配合磨损？',
      zhTw: '是否發現螺栓鬆動、裂紋或配合磨損？',
    }),
    q('soft_foot_found', false, {
      tr: 'Yumuşak ayak bulundu mu?',
      en: 'Was soft foot found?',
      de: 'Wurde ein Kippfuß festgestellt?',
      ru: 'Обнаружена ли «мягкая лапа»?',
      zh: '是否发现软脚？',
      zhTw: '是否發現軟腳？',
    }),
  ],
  pulley_and_belt: [
    q('belt_worn_or_tension_wrong', false, {
      tr: 'Kayış aşınmış, çatlamış veya gerginliği yanlış mıydı?',
      en: 'Was the belt worn, cracked or wrongly tensioned?',
      de: 'War der Riemen verschlissen, rissig oder falsch gespannt?',
      ru: 'Был ли ремень изношен, треснут или неправильно натянут?',
      zh: '皮带是否磨损、开裂或张紧力不当？',
      zhTw: '皮帶是否磨損、龜裂或張力不當？',
    }),
    q('pulleys_misaligned', false, {
      tr: 'Kasnaklar hizasız veya eksantrik miydi?',
      en: 'Were the pulleys misaligned or eccentric?',
      de: 'Waren die Riemenscheiben nicht fluchtend oder exzentrisch?',
      ru: 'Были ли шкивы несоосны или эксцентричны?',
      zh: '皮带轮是否不对中或偏心？',
      zhTw: '皮帶輪是否不對心或偏心？',
    }),
  ],
  electrical_fault: [
    q('dropped_at_power_off', false, {
      tr: 'Enerji kesildiğinde titreşim hemen düştü mü?',
      en: 'Did the vibration drop at once when the power was cut?',
      de: 'Fiel die Schwingung beim Abschalten sofort ab?',
      ru: 'Снизилась ли вибрация сразу после отключения питания?',
      zh: '断电瞬间振动是否立即下降？',
      zhTw: '斷電瞬間振動是否立即下降？',
    }),
    q('electrical_test_found_fault', false, {
      tr: 'Motor akım analizi veya elektriksel test bir arıza buldu mu?',
      en: 'Did a motor current analysis or electrical test find a fault?',
      de: 'Hat eine Motorstromanalyse oder elektrische Prüfung einen Fehler gefunden?',
      ru: 'Выявил ли анализ тока или электрические испытания двигателя неисправность?',
      zh: '电机电流分析或电气试验是否发现故障？',
      zhTw: '馬達電流分析或電氣試驗是否發現故障？',
    }),
  ],
  flow_induced_fault: [
    q('off_design_operation', false, {
      tr: 'Makine tasarım çalışma noktasından uzakta mı çalışıyordu?',
      en: 'Was the machine running away from its design operating point?',
      de: 'Lief die Maschine abseits ihres Auslegungspunktes?',
      ru: 'Работала ли машина вдали от расчётного режима?',
      zh: '机器是否偏离设计工况运行？',
      zhTw: '機器是否偏離設計工況運轉？',
    }),
    q('flow_path_obstruction', false, {
      tr: 'Akış yolunda tıkanma veya hasar bulundu mu?',
      en: 'Was an obstruction or damage found in the flow path?',
      de: 'Wurde im Strömungsweg eine Verstopfung oder Beschädigung gefunden?',
      ru: 'Обнаружены ли засорение или повреждение в проточной части?',
      zh: '流道内是否发现堵塞或损坏？',
      zhTw: '流道內是否發現堵塞或損壞？',
    }),
  ],
  early_stage_bearing_failure: bearingQuestions,
  bearing_failure: bearingQuestions,
  gear_failure: [
    q('tooth_damage_found', false, {
      tr: 'Dişlerde aşınma, pitting veya hasar bulundu mu?',
      en: 'Was tooth wear, pitting or damage found?',
      de: 'Wurden Verschleiß, Grübchen oder Schäden an den Zähnen gefunden?',
      ru: 'Обнаружены ли износ, выкрашивание или повреждение зубьев?',
      zh: '是否发现齿面磨损、点蚀或轮齿损伤？',
      zhTw: '是否發現齒面磨損、點蝕或輪齒損傷？',
    }),
    q('wear_particles_in_oil', false, {
      tr: 'Yağ analizinde aşınma partikülü bulundu mu?',
      en: 'Did an oil analysis show wear particles?',
      de: 'Zeigte eine Ölanalyse Verschleißpartikel?',
      ru: 'Показал ли анализ масла продукты износа?',
      zh: '油液分析是否发现磨损颗粒？',
      zhTw: '油液分析是否發現磨損顆粒？',
    }),
  ],
  insufficient_lubrication: [
    q('lubricated_after_report', false, {
      tr: 'Rapordan sonra rulman yağlandı mı?',
      en: 'Was the bearing lubricated after the report?',
      de: 'Wurde das Lager nach dem Bericht geschmiert?',
      ru: 'Был ли подшипник смазан после отчёта?',
      zh: '报告后是否对轴承进行了润滑？',
      zhTw: '報告後是否對軸承進行了潤滑？',
    }),
    q('level_dropped_after_lubrication', false, {
      tr: 'Yağlamadan sonra titreşim seviyesi düştü mü?',
      en: 'Did the vibration level drop after lubrication?',
      de: 'Ist der Schwingungspegel nach dem Schmieren gesunken?',
      ru: 'Снизился ли уровень вибрации после смазки?',
      zh: '润滑后振动水平是否下降？',
      zhTw: '潤滑後振動水準是否下降？',
    }),
  ],
  unidentified_fault: [
    q('cause_found', false, {
      tr: 'Belirli bir neden bulundu mu?',
      en: 'Was a specific cause found?',
      de: 'Wurde eine konkrete Ursache gefunden?',
      ru: 'Была ли найдена конкретная причина?',
      zh: '是否找到了具体原因？',
      zhTw: '是否找到了具體原因？',
    }),
    q('operating_conditions_changed', false, {
      tr: 'Çalışma koşulları (hız, yük, proses) değişmiş miydi?',
      en: 'Had the operating conditions (speed, load, process) changed?',
      de: 'Hatten sich die Betriebsbedingungen (Drehzahl, Last, Prozess) geändert?',
      ru: 'Изменились ли условия работы (частота вращения, нагрузка, технологический режим)?',
      zh: '运行工况（转速、负载、工艺）是否有变化？',
      zhTw: '運轉工況（轉速、負載、製程）是否有變化？',
    }),
  ],
  impacting_failure: [
    q('rub_or_loose_part_found', false, {
      tr: 'Sürtünme, gevşek parça veya çarpma izi bulundu mu?',
      en: 'Was a rub, a loose part or an impact mark found?',
      de: 'Wurden Anstreifen, ein loses Teil oder Schlagspuren gefunden?',
      ru: 'Обнаружены ли задевание, незакреплённая деталь или следы ударов?',
      zh: '是否发现碰摩、松动部件或撞击痕迹？',
      zhTw: '是否發現碰摩、鬆動部件或撞擊痕跡？',
    }),
  ],
  misalignment: [
    q('alignment_out_of_tolerance', false, {
      tr: 'Ölçülen eksen kaçıklığı tolerans dışında mıydı?',
      en: 'Was the alignment measured out of tolerance?',
      de: 'Lag die gemessene Ausrichtung außerhalb der Toleranz?',
      ru: 'Была ли измеренная центровка вне допуска?',
      zh: '测得的对中是否超出公差？',
      zhTw: '量測的對心是否超出公差？',
    }),
    q('coupling_worn', false, {
      tr: 'Kaplin aşınmış veya hasarlı mıydı?',
      en: 'Was the coupling worn or damaged?',
      de: 'War die Kupplung verschlissen oder beschädigt?',
      ru: 'Была ли муфта изношена или повреждена?',
      zh: '联轴器是否磨损或损坏？',
      zhTw: '聯軸器是否磨損或損壞？',
    }),
  ],
  resonance: [
    q('natural_frequency_confirmed', false, {
      tr: 'Darbe testi veya kalkış/duruş ölçümü, tahrik frekansına yakın bir doğal frekansı doğruladı mı?',
      en: 'Did a bump test or run-up/coast-down confirm a natural frequency near the excitation?',
      de: 'Hat ein Anschlagversuch oder Hoch-/Auslauf eine Eigenfrequenz nahe der Anregung bestätigt?',
      ru: 'Подтвердил ли ударный тест или разгон/выбег собственную частоту вблизи частоты возбуждения?',
      zh: '锤击试验或启停机测试是否确认了激励频率附近的固有频率？',
      zhTw: '敲擊測試或啟停機測試是否確認了激振頻率附近的自然頻率？',
    }),
  ],
  unbalance: [
    q('buildup_or_missing_weight', false, {
      tr: 'Rotorda malzeme birikmesi veya eksik balans ağırlığı bulundu mu?',
      en: 'Was material build-up or a missing balance weight found?',
      de: 'Wurden Anbackungen oder ein fehlendes Auswuchtgewicht gefunden?',
      ru: 'Обнаружены ли налипание материала или отсутствие балансировочного груза?',
      zh: '是否发现转子积料或平衡块缺失？',
      zhTw: '是否發現轉子積料或平衡塊缺失？',
    }),
    q('rotor_balanced', false, {
      tr: 'Rotor balanslandı mı?',
      en: 'Was the rotor balanced?',
      de: 'Wurde der Rotor ausgewuchtet?',
      ru: 'Был ли ротор отбалансирован?',
      zh: '转子是否做了动平衡？',
      zhTw: '轉子是否做了動平衡？',
    }),
  ],
  ski_slope: [
    sensorMountChecked,
    q('slope_after_remeasure', false, {
      tr: 'Yeni ölçümde eğim devam etti mi?',
      en: 'Did the slope remain in a new measurement?',
      de: 'Blieb der Anstieg bei einer neuen Messung bestehen?',
      ru: 'Сохранился ли подъём при повторном измерении?',
      zh: '重新测量后斜坡是否仍然存在？',
      zhTw: '重新量測後斜坡是否仍然存在？',
    }),
  ],
  beat_phenomenon: [
    q('two_sources_identified', false, {
      tr: 'Frekansları birbirine yakın iki kaynak belirlendi mi (ör. komşu makineler)?',
      en: 'Were two sources with close frequencies identified (e.g. neighbouring machines)?',
      de: 'Wurden zwei Quellen mit nahe beieinanderliegenden Frequenzen gefunden (z. B. Nachbarmaschinen)?',
      ru: 'Выявлены ли два источника с близкими частотами (например, соседние машины)?',
      zh: '是否找到两个频率相近的振源（例如相邻机器）？',
      zhTw: '是否找到兩個頻率相近的振源（例如相鄰機器）？',
    }),
  ],
  sensor_clipping: [
    sensorMountChecked,
    q('range_increased', false, {
      tr: 'İvmeölçer ölçüm aralığı büyütüldü mü?',
      en: 'Was the accelerometer range increased?',
      de: 'Wurde der Messbereich des Beschleunigungsaufnehmers vergrößert?',
      ru: 'Был ли увеличен диапазон измерения акселерометра?',
      zh: '是否增大了加速度传感器的量程？',
      zhTw: '是否加大了加速度規的量程？',
    }),
  ],
  sensor_dc_drift: [sensorMountChecked, sensorReplaced],
  sensor_flat_signal: [sensorMountChecked, sensorReplaced],
  sensor_placement_failure: [
    q('sensor_found_moved', true, {
      tr: 'Sensörün yerinden oynadığı, gevşediği veya düştüğü görüldü mü?',
      en: 'Was the sensor found moved, loose or fallen off?',
      de: 'War der Sensor verschoben, lose oder abgefallen?',
      ru: 'Оказался ли датчик смещён, ослаблен или отсоединён?',
      zh: '是否发现传感器移位、松动或脱落？',
      zhTw: '是否發現感測器移位、鬆動或脫落？',
    }),
    q('sensor_remounted', false, {
      tr: 'Sensör işaretli konumuna yeniden monte edildi mi?',
      en: 'Was the sensor remounted at its marked position?',
      de: 'Wurde der Sensor an der markierten Stelle wieder montiert?',
      ru: 'Был ли датчик установлен обратно в отмеченное место?',
      zh: '传感器是否已重新安装到标记位置？',
      zhTw: '感測器是否已重新安裝到標記位置？',
    }),
  ],
};
