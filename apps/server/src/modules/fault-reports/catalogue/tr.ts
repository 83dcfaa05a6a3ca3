import type { LanguageCatalogue } from './types.ts';

const bearingCause =
  'Genel nedenler: yetersiz veya kirlenmiş yağlama, nominal ömrün sonunda yorulma, aşırı yük, rulmanı zorlayan eksen kaçıklığı veya dengesizlik, hatalı geçme veya montaj, rulmandan geçen elektrik akımı (frekans invertörlü motorlar).';

/** Türkçe katalog (ürünün varsayılan rapor dili). */
export const tr: LanguageCatalogue = {
  locale: 'tr',
  withComponent: (fault, component) => `${fault} — ${component}`,
  timeToStop: (count) => `Gerekli duruşa kadar tahmini süre: ${count} ay`,
  components: {
    outer_race: {
      name: 'dış bilezik',
      indication:
        'Zarf spektrumu: BPFO (dış bilezik bilye geçiş frekansı) ve harmoniklerinde çizgiler; dış bilezik dönmediği için genellikle yan bant yoktur, en yüksek genlik yük bölgesi yönündedir.',
      cause:
        'Dış bilezik hasarı çoğunlukla yük bölgesinde başlar; ovalleşmiş bir yatak yuvası veya yuvasında dönen (kayan) dış bilezik de neden olabilir.',
    },
    inner_race: {
      name: 'iç bilezik',
      indication:
        'Zarf spektrumu: BPFI (iç bilezik bilye geçiş frekansı) ve harmoniklerinde, 1× dönme frekansı aralıklı yan bantlarla çizgiler; hasar mil ile birlikte dönerek yük bölgesine girip çıkar.',
      cause:
        'İç bilezik hasarı çoğunlukla yüksek yük altında yorulmadan, mil üzerindeki aşırı sıkı geçmeden (çatlak bilezik) veya rulmandan geçen akımdan (oluklanma) kaynaklanır.',
    },
    rolling_element: {
      name: 'yuvarlanma elemanı',
      indication:
        'Zarf spektrumu: BSF (yuvarlanma elemanı dönme frekansı) veya 2× BSF çizgisi ve FTF (kafes frekansı) aralıklı yan bantlar; hasarlı eleman kafesle birlikte yük bölgesine girip çıkar.',
      cause:
        'Yuvarlanma elemanı hasarına çoğunlukla kirlenme, yağlayıcının bozulması veya statik aşırı yük (brinelleme) yol açar.',
    },
    cage: {
      name: 'kafes',
      indication:
        'Zarf spektrumu: FTF (kafes frekansı, yaklaşık 0,4× dönme frekansı) ve harmoniklerinde çizgiler; FTF çoğu zaman diğer rulman çizgilerini modüle eder.',
      cause: 'Kafes hasarına çoğunlukla yağsızlık, hatalı montaj, eksen kaçıklığı veya yüksek hız ve ivmelenme yol açar.',
    },
  },
  faults: {
    cavitation: {
      name: 'Kavitasyon',
      description:
        'Pompa girişinde basınç sıvının buhar basıncının altına düştüğünde buhar kabarcıkları oluşur ve çark boyunca ilerledikçe şiddetle çöker. Bu çökmeler çarkı ve gövdeyi aşındırır, rulmanları ve mekanik salmastrayı zorlar.',
      indication:
        'İvme spektrumunda belirgin çizgi içermeyen, geniş bantlı ve rastgele yüksek frekans enerjisi (tipik olarak 2 kHz üzeri), çoğu zaman yükselmiş kanat geçiş frekansı; zaman sinyali düzensizdir ve seviye debi ve emme koşullarıyla değişir.',
      cause:
        'Yetersiz net pozitif emme yüksekliği (NPSHa < NPSHr): tıkalı emme süzgeci, kısmen kapalı emme vanası, düşük emme tankı seviyesi, yüksek sıvı sıcaklığı, en iyi verim noktasının çok üzerinde debi veya emme tarafından hava girişi.',
      suggestions: [
        'Emme tarafını kontrol edin: süzgeç ve filtre, emme vanasının tam açık olması, tank seviyesi ve emme basıncı.',
        'Çalışma noktasını (debi, basma yüksekliği) pompa eğrisiyle karşılaştırın ve en iyi verim noktasına yaklaştırın.',
        'Sıvı sıcaklığını ve NPSH emniyet payını (NPSHa ile NPSHr) kontrol edin.',
        'İlk duruşta çarkta kavitasyon aşınması olup olmadığını kontrol edin.',
        'Düzeltici işlemden 7 gün sonra kontrol ölçümüyle doğrulayın.',
      ],
    },
    'mechanical-looseness': {
      name: 'Mekanik gevşeklik',
      description:
        'Rijit tutulması gereken parçalar (ayaklar, cıvatalar, yatak gövdeleri, mil üzerindeki geçmeler) ön gerilmesini veya geçmesini kaybetmiştir. Gevşek bağlantı doğrusal olmayan şekilde tepki verir; titreşim harmoniklerce zenginleşir ve ölçümden ölçüme değişebilir.',
      indication:
        'Hız spektrumunda dönme frekansının çok sayıda harmoniği (çoğu zaman 10× ve üzerine kadar), sıklıkla yarım mertebeler (0,5×, 1,5×, 2,5×) ve yükselmiş gürültü tabanı; zaman sinyali kesik veya düzensiz, faz kararsızdır. Yapısal gevşeklik belirgin şekilde yöne bağlıdır, çoğunlukla düşeydir.',
      cause:
        'Gevşek veya uzamış ankraj cıvataları, yumuşak ayak, çatlak taban plakası veya şase, bozulmuş grout, yatak yuvasında veya mil üzerinde boşluklu rulman (aşınmış geçme), aşırı rulman boşluğu.',
      suggestions: [
        'Ankraj ve yatak gövdesi cıvatalarını kontrol edin ve belirtilen torkla sıkın.',
        'Komparatör veya lazer hizalama cihazıyla yumuşak ayak kontrolü yapın ve şimlerle düzeltin.',
        'Taban plakası, şase ve groutta çatlak olup olmadığını kontrol edin.',
        'İlk duruşta rulman geçmelerini (yuva ve mil) ve rulman boşluğunu kontrol edin.',
        '14 gün içinde kontrol ölçümüyle doğrulayın.',
      ],
    },
    pulley_and_belt: {
      name: 'Kasnak ve kayış arızası',
      description:
        'Kayış tahrikinde arıza: aşınmış, çatlamış veya yanlış gerdirilmiş kayış, eksantrik veya aşınmış kasnaklar ya da aynı hizada olmayan kasnaklar. Her iki milde değişken yüke ve kayışlar ile rulmanlarda hızlı aşınmaya yol açar.',
      indication:
        'Dönme frekansının altında kayış frekansı ve harmoniklerinde çizgiler (çoğu zaman en yükseği 2× kayış frekansı) ve/veya kayış doğrultusunda kasnağın yüksek 1× bileşeni (eksantrik kasnak) ya da yüksek eksenel 1× (hizasız kasnaklar); seviyeler kayış gerginliğiyle değişir.',
      cause:
        'Kayış aşınması, uzaması veya hasarı, yanlış kayış gerginliği, uyumsuz kayış takımı, eksantrik kasnak veya aşınmış kanallar, aynı hizada olmayan kasnaklar (açısal veya paralel kaçıklık), kayış rezonansı.',
      suggestions: [
        'Kayışları aşınma, çatlak ve parlama açısından kontrol edin; bir kayış hasarlıysa takımın tamamını değiştirin.',
        'Kayış gerginliğini gerginlik ölçerle kontrol edin ve üretici değerine ayarlayın.',
        'Kasnak hizasını lazer kasnak hizalama cihazıyla kontrol edin.',
        'Kasnak salgısını ve kanal aşınmasını komparatör ve kanal mastarıyla kontrol edin.',
        '14 gün içinde kontrol ölçümüyle doğrulayın.',
      ],
    },
    electrical_fault: {
      name: 'Elektriksel arıza',
      description:
        'Elektrik motorundaki elektromanyetik kuvvetler hava aralığı boyunca eşit dağılmamıştır: stator arızaları, eşit olmayan hava aralığı (eksantriklik), kırık rotor çubukları veya dengesiz besleme. Bu titreşimi manyetik alan üretir ve motorun enerjisi kesildiği anda kaybolur.',
      indication:
        'Şebeke frekansının iki katında bir çizgi (50 Hz şebekede 100 Hz), yüksek çözünürlükte 2× dönme frekansından ayrılır, ve/veya 1× ile harmonikleri çevresinde kutup geçiş frekansı aralıklı yan bantlar (rotor çubukları); seviye yüke bağlıdır ve enerji kesilince hemen düşer.',
      cause:
        'Statik veya dinamik hava aralığı eksantrikliği, stator sargı arızaları veya gevşek saç paketi, kırık rotor çubukları veya kısa devre halkaları, faz gerilimi dengesizliği, stator gövdesini çarpıtan yumuşak ayak, frekans invertöründen kaynaklanan sorunlar.',
      suggestions: [
        'Besleme gerilimini ve üç faz arasındaki akım dengesini kontrol edin.',
        'Rotor çubuğu ve eksantriklik arızaları için motor akım imza analizi (MCSA) yapın.',
        'Motor ayakları altında yumuşak ayak kontrolü yapın.',
        'Enerji keserken ölçüm alın: titreşimin anında düşmesi elektriksel nedeni doğrular.',
        'İlk duruşta hava aralığını, statoru ve rotoru bir motor atölyesine kontrol ettirin.',
      ],
    },
    flow_induced_fault: {
      name: 'Akış kaynaklı titreşim',
      description:
        'Mekanik bir hatadan değil, pompa, fan veya kompresördeki sıvı ya da gaz akışından kaynaklanan titreşim: kanat geçiş frekansında basınç darbeleri, türbülans ve geri dolaşım (resirkülasyon). Makine tasarım noktasından uzakta çalıştıkça artar.',
      indication:
        'Kanat geçiş frekansında (kanat sayısı × dönme frekansı) ve harmoniklerinde yüksek çizgi ve/veya dönme frekansının altında geniş bantlı, rastgele düşük frekans enerjisi (türbülans); seviyeler debi, basınç ve vana konumuyla değişir.',
      cause:
        'En iyi verim noktasından çok uzakta çalışma (çok düşük veya çok yüksek debi), geri dolaşım, çark ile salyangoz dili veya difüzör kanatları arasındaki boşluğun çok küçük olması, boru veya kanalda tıkanma ya da keskin dirsekler, hasarlı kanatlar.',
      suggestions: [
        'Çalışma noktasını (debi, basınç, vana konumları) makinenin tasarım noktasıyla karşılaştırın ve düzeltin.',
        'Emme ve basma hatlarını veya kanalları tıkanma, kısılma ve hasarlı yönlendirme kanatları açısından kontrol edin.',
        'İlk duruşta çarkı ve salyangoz dili veya difüzörle arasındaki boşluğu kontrol edin.',
        'Debiye bağımlılığı doğrulamak için ölçümü farklı debilerde tekrarlayın.',
      ],
    },
    early_stage_bearing_failure: {
      name: 'Erken evre rulman arızası',
      description:
        'Rulmanda hasarın ilk belirtileri görülmektedir: hız spektrumunda henüz görünmeyen mikro çukurcuklanma veya küçük bir pullanma. Rulman genellikle bir süre daha çalışabilir, ancak hasar büyüyecektir.',
      indication:
        'Bu evrede çizgiler yalnızca yüksek frekansta görülür: spektral kurtosis ile seçilen bandın zarf (demodülasyon) spektrumunda, düşük genlikli ve az harmonikli; hız spektrumu ve toplam seviye henüz normaldir.',
      cause: bearingCause,
      suggestions: [
        'Yağlamayı kontrol edin (gres miktarı, aralığı ve durumu); zamanı geldiyse yağlayın.',
        'Rulmanı zorlayan nedenleri kontrol edin: eksen kaçıklığı, dengesizlik, kayış gerginliği.',
        '14 gün içinde kontrol ölçümüyle doğrulayın ve zarf çizgilerinin trendini izleyin.',
        'Rulman değişimini planlayın ve yedek rulmanın stokta olduğundan emin olun.',
      ],
    },
    bearing_failure: {
      name: 'Rulman arızası',
      description:
        'Rulmanın bir elemanında yerel hasar (pullanma, çatlak veya çukurcuklanma) oluşmuştur. Hasarın üzerinden geçen her yuvarlanma elemanı bir darbe üretir ve hasar yayıldıkça daha hızlı büyür.',
      indication:
        'Bu evrede çizgiler hız veya ivme spektrumunda da görülür; çok sayıda harmonik, yan bant ve yükselmiş gürültü tabanı vardır; zaman sinyali tekrarlayan darbeler gösterir (yüksek tepe faktörü ve basıklık).',
      cause: bearingCause,
      suggestions: [
        'Rulman değişimini ilk duruşa planlayın; seviye hızla artıyorsa daha erken durdurun.',
        'Rulman sıcaklığını kontrol edin ve dinleyin (stetoskop veya ultrason); yağlamayı kontrol edin.',
        'Ölçüm aralığını kısaltın ve 7 gün içinde kontrol ölçümüyle doğrulayın.',
        'Kök nedeni bulmak için sökülen rulmanı inceleyin (yağlama, geçme, hizalama, kirlenme).',
        'Yeniden devreye almadan önce lazer cihazıyla hizalamayı ve balansı kontrol edin.',
      ],
    },
    gear_failure: {
      name: 'Dişli arızası',
      description:
        'Bir dişli çiftinde arıza: aşınmış, çukurcuklanmış, çatlamış veya kırık dişler, eksantrik veya hizasız dişliler ya da diş boşluğu sorunları. Diş kavramasındaki yükü değiştirir ve arızalı dişliyi taşıyan milin hızında modüle eder.',
      indication:
        'Dişli kavrama frekansında (diş sayısı × mil hızı) ve harmoniklerinde, arızalı dişlinin mil hızı aralıklı yan bantlarla çizgiler; 2× veya 3× kavrama harmoniğinin artması aşınma veya kaçıklığa, zaman sinyalinde devir başına tek darbe çatlak veya kırık dişe işaret eder.',
      cause:
        'Aşırı yük veya kötü yağlama nedeniyle diş aşınması, çukurcuklanma veya yenme, eksantrik dişliler veya eğik miller, dişli kaçıklığı, yanlış diş boşluğu, aşınmış redüktör rulmanları, yabancı cisimle hasar görmüş diş.',
      suggestions: [
        'Yağ seviyesini ve durumunu kontrol edin; aşınma partikülü analizi için yağ numunesi alın.',
        'İlk duruşta muayene kapağından dişleri ve temas izini kontrol edin.',
        'Redüktör rulmanlarını ve giriş ile çıkış millerinin hizasını kontrol edin.',
        '14 gün içinde kontrol ölçümüyle doğrulayın ve kavrama frekansı ile yan bantlarının trendini izleyin.',
      ],
    },
    insufficient_lubrication: {
      name: 'Yetersiz yağlama',
      description:
        'Rulmandaki yağ filmi çok incedir; yuvarlanma elemanları ile bilezikler arasında metal metale temas ve sürtünme oluşur. Düzeltilmezse hızlı aşınmaya ve rulman arızasına yol açar.',
      indication:
        'İvme spektrumunda baskın rulman çizgisi olmadan yükselmiş yüksek frekans gürültü tabanı (tipik olarak 1–10 kHz), yüksek frekans bant enerjisi referansın üzerinde; yağlamadan sonra seviye belirgin şekilde düşer.',
      cause:
        'Atlanmış veya çok uzun yağlama aralığı, yanlış gres miktarı veya tipi, eskimiş ya da su veya partikülle kirlenmiş gres, tıkalı gres hattı, yüksek rulman sıcaklığı, gresi çalkalayan aşırı yağlama.',
      suggestions: [
        'Rulmanı üreticinin aralığına göre doğru gres ve miktarla yağlayın.',
        'Gres hattını ve gresörlüğü kontrol edin; taze gresin rulmana ulaştığından emin olun.',
        'Yağlamadan 1–2 gün sonra ölçümü tekrarlayın: yüksek frekans seviyesi düşmelidir.',
        'Bakım planındaki yağlama aralığını ve miktarını gözden geçirin.',
      ],
    },
    unidentified_fault: {
      name: 'Tanımlanamayan arıza',
      description:
        'Titreşim, noktanın kendi referansına veya ISO 10816/20816 değerlendirme bölgelerine göre açıkça anormaldir, ancak spektrum bilinen bir arıza örüntüsüne uymaz. Makinenin durumu değişmiştir ve ayrıntılı analiz gerekir.',
      indication:
        'Toplam hız seviyesi veya bant enerjileri referansın ya da ISO 10816 bölge sınırlarının üzerindedir; dönme frekansı harmonikleri, rulman, dişli veya elektriksel çizgilerden oluşan baskın bir örüntü yoktur.',
      cause:
        'Değişen çalışma koşulları (hız, yük, proses), birden fazla arızanın birlikte bulunması, kinematik verisi girilmemiş bir elemanın arızası veya yapısal bir değişiklik.',
      suggestions: [
        'Çalışma koşullarının (hız, yük, proses) referanstan bu yana değişip değişmediğini kontrol edin.',
        'Örüntünün tanınabilmesi için noktanın kinematik verilerini (rulmanlar, dişliler, kayışlar, kanat sayısı) tamamlayın.',
        'Makineyi kontrol edin: sıcaklık, ses, sızıntı, gevşek parçalar.',
        '7 gün içinde kontrol ölçümüyle doğrulayın; seviye artmaya devam ederse bir titreşim analistine danışın.',
      ],
    },
    impacting_failure: {
      name: 'Darbe (çarpma) arızası',
      description:
        'Makinede tekrarlayan mekanik darbeler oluşmaktadır: dönen parçaların sabit parçalara sürtünmesi, gevşek parçaların çarpması veya aşırı boşluklar. Darbeler yapının doğal frekanslarını uyarır ve temas yüzeylerine zarar verir.',
      indication:
        'Zaman sinyalinde yüksek tepe faktörü ve basıklıkla belirgin darbeler, dönme frekansında veya onun bir kesrinde periyodik; ivme spektrumunda geniş bantlı yükselmiş taban veya uyarılmış rezonanslar.',
      cause:
        'Rotorun salmastra, muhafaza veya gövdeye sürtünmesi; gevşek parçalar (kaplin, fan, kapak); rulmanlarda veya bağlantılarda aşırı boşluk; yabancı cisimler; prosesten gelen darbeler (kırıcılar, presler).',
      suggestions: [
        'Makinede sürtünme izleri, gevşek parçalar ve yabancı cisimler olup olmadığını kontrol edin.',
        'Salmastra, muhafaza ve kaplinlerdeki boşlukları kontrol edin.',
        'Rulman boşluğunu ve dönen parçaların bağlantısını kontrol edin.',
        '7 gün içinde kontrol ölçümüyle doğrulayın ve zaman sinyalini referansla karşılaştırın.',
      ],
    },
    misalignment: {
      name: 'Eksen kaçıklığı',
      description:
        'Birbirine kaplinle bağlı iki milin eksenleri çakışmaz: açısal kaçıklık, paralel kaçıklık veya ikisi birden. Rulmanları ve kaplini zorlar; erken rulman arızalarının en yaygın nedenlerinden biridir.',
      indication:
        '1× bileşene göre yüksek 2× dönme frekansı (çoğu zaman 1× değerinin yarısından fazla) ve yüksek eksenel titreşim; açısal kaçıklıkta yüksek eksenel 1×, paralel kaçıklıkta yüksek radyal 2×; kaplinin iki tarafı arasında yaklaşık 180° faz farkı.',
      cause:
        'Montajda yetersiz hizalama, hesaba katılmamış ısıl genleşme, yumuşak ayak, boru zorlaması, temel oturması, aşınmış kaplin, gevşemiş ankraj cıvataları.',
      suggestions: [
        'Hizalamayı lazer hizalama cihazıyla kontrol edin ve kaplin üreticisinin toleranslarına göre yeniden hizalayın.',
        'Hizalamadan önce yumuşak ayağı kontrol edin ve düzeltin.',
        'Boru zorlaması ve temel oturması olup olmadığını kontrol edin.',
        'Kaplini aşınma ve hasar açısından kontrol edin.',
        'Yeniden hizalamadan 7 gün sonra kontrol ölçümüyle doğrulayın.',
      ],
    },
    resonance: {
      name: 'Rezonans',
      description:
        'Bir tahrik frekansı (çoğunlukla dönme frekansı veya harmoniklerinden biri) makinenin, taşıyıcı yapısının veya borularının bir doğal frekansıyla çakışır. Titreşim küçük kuvvetlerle bile kat kat büyür.',
      indication:
        'Kinematikle açıklanamayan bir frekansta yüksek tepe veya bir yönde diğerlerinden çok daha yüksek dönme frekansı çizgisi; genlik küçük hız değişimleriyle güçlü şekilde değişir ve rezonanstan geçerken faz yaklaşık 90° kayar.',
      cause:
        'Fazla esnek taban, şase veya taşıyıcı, yapısal değişiklik (sökülmüş takviye, çatlak kaynak), değişen çalışma hızı (frekans invertörleri), eklenen kütle, bozulmuş grout.',
      suggestions: [
        'Doğal frekansı darbe (çekiç) testi veya kalkış/duruş ölçümüyle doğrulayın.',
        'Kritik hız aralığında sürekli çalışmaktan kaçının (sürücüde bu hız bandını atlatın).',
        'Doğal frekansı tahrikten en az %10–20 uzaklaştırmak için yapıyı rijitleştirin veya kütlesini değiştirin.',
        'Taban, kaynaklar ve takviyelerde çatlak olup olmadığını kontrol edin.',
        'Tahrik kuvvetinin kendisini azaltın (balans, hizalama).',
      ],
    },
    unbalance: {
      name: 'Dengesizlik',
      description:
        'Rotorun kütle merkezi dönme ekseni üzerinde değildir; bu nedenle rulmanlara dönme frekansında dönen bir merkezkaç kuvveti etki eder. Kuvvet hızın karesiyle artar.',
      indication:
        'Radyal yönlerde (yatay ve düşey) baskın 1× dönme frekansı çizgisi, düşük eksenel titreşim ve az harmonik; sinüs biçimli zaman sinyali ve kararlı faz, yatay ile düşey arasında yaklaşık 90° fark.',
      cause:
        'Rotorda malzeme birikmesi veya aşınma (fan kanatları, çarklar), kaybolmuş balans ağırlığı, kırık kanat, onarım sonrası balanslanmamış rotor, ısıl eğilme, eksantrik monte edilmiş kasnak veya kaplinler.',
      suggestions: [
        'Rotoru (fan kanatları, çark) kontrol edin, birikintileri temizleyin, aşınma veya eksik parça arayın.',
        'Rotoru yerinde (tek veya iki düzlemde) ISO 21940-11 kalite derecesine göre balanslayın.',
        'Balans ağırlıklarının yerinde ve sağlam bağlı olduğunu kontrol edin.',
        'Balanstan 7 gün sonra kontrol ölçümüyle doğrulayın.',
      ],
    },
    ski_slope: {
      name: 'Kayak eğimi (düşük frekans yükselmesi)',
      description:
        'Hız spektrumu en düşük frekanslara doğru bir kayak pisti gibi dik biçimde yükselir. Çoğunlukla bir ölçüm hatasıdır: ivmeden hıza integral alınırken düşük frekans gürültüsü veya sensörün geçici tepkisi büyür; ancak gerçek düşük frekans uyarımından da kaynaklanabilir.',
      indication:
        'Hız spektrumunda genlik, belirgin çizgi olmadan 0 Hz’e doğru sürekli yükselir ve çoğu zaman toplam hız seviyesine hâkim olur; ivme spektrumunda aynı yükselme görülmez.',
      cause:
        'Montajdan sonra oturmamış sensör, ısıl geçiş, sensörün aşırı yüklenmesi (kırpılma) veya hasarlı sensör, kötü montaj veya gevşek mıknatıs, kablo gürültüsü; daha seyrek olarak düşük frekansta türbülans, sürtünme veya yapısal gevşeklik.',
      suggestions: [
        'Sensör montajını (temiz ve düz yüzey, sağlam mıknatıs veya saplama) ve kabloyu kontrol edin.',
        'Ölçümü bir oturma süresinden sonra tekrarlayın ve sensörün bias gerilimini kontrol edin.',
        'Hız hesabında makinenin 1× frekansının altında bir yüksek geçiren filtre (ör. 2–10 Hz) kullanın.',
        'Temiz bir ölçümde eğim sürüyorsa düşük frekans uyarımı arayın (türbülans, gevşeklik, sürtünme).',
      ],
    },
    beat_phenomenon: {
      name: 'Vuru olayı',
      description:
        'Frekansları birbirine yakın iki titreşim toplanır ve genliği frekans farkları hızında periyodik olarak artıp azalan bir sinyal oluşturur. Vuru kendi başına bir hata değildir, ancak tepe değerleri makineyi zorlar ve çoğu zaman etkileşen iki kaynağı gösterir.',
      indication:
        'Zaman sinyalinin genliği 1/Δf periyoduyla artıp azalır (genlik modülasyonu); yüksek çözünürlükte spektrumda birbirine yakın iki çizgi görülür, ör. 2× dönme frekansı ile şebeke frekansının iki katı veya iki komşu makinenin hızları.',
      cause:
        'Ortak taban veya yapı üzerinde birbirine yakın hızlarda çalışan iki makine, 2× dönme frekansı şebeke frekansının iki katına yakın olan bir motor, bir tahrikte yakın hızlı iki mil, doğal frekansa yakın bir tahrik frekansı.',
      suggestions: [
        'İki kaynağı belirleyin: daha yüksek frekans çözünürlüğüyle (daha uzun kayıt) ve komşu makinelerde ölçüm alın.',
        'Benzer hızdaki komşu bir makinenin titreşimi taban veya borular üzerinden iletip iletmediğini kontrol edin.',
        'Mümkünse kaynaklardan birinin hızını değiştirin veya makineleri birbirinden yalıtın.',
        'Mümkünse komşu makine durdurulmuşken kontrol ölçümüyle doğrulayın.',
      ],
    },
    sensor_clipping: {
      name: 'Sensör kırpılması (ölçüm aralığı aşıldı)',
      description:
        'Sinyal ivmeölçerin ölçüm aralığının sınırlarına ulaşmış ve kırpılmıştır. Bu bir makine arızası değil, ölçüm sorunudur: bu ölçümün değerleri ve spektrumları geçerli değildir.',
      indication:
        'Zaman sinyalinde, ayarlı aralığa yakın aynı pozitif veya negatif değerde düz tepeler; spektrumda sahte geniş bantlı enerji ve kayak eğimi.',
      cause:
        'Titreşim seviyesine göre çok küçük ölçüm aralığı, sensörün yakınında güçlü darbeler, bağlantısında tıkırdayan gevşek sensör, hasarlı sensör veya kablo.',
      suggestions: [
        'Sensörün sağlam monte edildiğini ve tıkırdamadığını kontrol edin.',
        'Noktanın profilinde ivmeölçer aralığını büyütün ve yeniden ölçün.',
        'Sensörü ve kabloyu kontrol edin; hasarlı sensörü değiştirin.',
        'Sensör yakınındaki güçlü darbeler gerçekse bunları bir makine sorunu olarak inceleyin.',
      ],
    },
    sensor_dc_drift: {
      name: 'Sensör DC kayması',
      description:
        'Sinyalin ortalama değeri ölçüm sırasında yavaşça kaymaktadır. Bu bir makine arızası değil, sensör veya ölçüm zinciri sorunudur; bu ölçümün düşük frekans içeriği güvenilir değildir.',
      indication:
        'Kayıt içinde zaman sinyalinin ortalaması kayar veya yavaş bir eğri izler; hız spektrumunda kayak eğimi görülür ve düşük frekans çizgileri bozulur.',
      cause:
        'Montaj veya enerji verme sonrası oturmamış sensör, sıcaklık geçişi, hasarlı ivmeölçer veya yükselteç, konnektörde nem, arızalı kablo, aralık dışında bias gerilimi.',
      suggestions: [
        'Sensörün bias gerilimini, kabloyu ve konnektörü (nem, korozyon) kontrol edin.',
        'Bir oturma süresinden sonra yeniden ölçün.',
        'Montaj noktasında sıcaklık değişimi olup olmadığını kontrol edin.',
        'Kayma sürerse sensörü değiştirin.',
      ],
    },
    sensor_flat_signal: {
      name: 'Sabit veya tekrarlanan sensör sinyali',
      description:
        'Sinyal sabittir veya aynı değerleri tekrarlar; gerçek titreşim içermez. Bu bir makine arızası değil, sensör veya ölçüm zinciri sorunudur.',
      indication:
        'Zaman sinyali düzdür (standart sapma sıfıra yakın) veya birebir tekrarlanan parçalardan oluşur; spektrumda ne dönme frekansı çizgileri ne de gürültü tabanı vardır.',
      cause:
        'Bağlantısı kopmuş veya kırık kablo, çalışmayan sensör, sensöre besleme gelmemesi, veri toplama arızası, gönderen cihazın takılıp aynı değeri tekrarlaması.',
      suggestions: [
        'Kabloyu, konnektörü ve sensörün beslemesini kontrol edin.',
        'Cihazın pilini ve ağ geçidiyle bağlantısını kontrol edin.',
        'Yeniden ölçün; sinyal düz kalırsa sensörü değiştirin.',
        'Ölçüm kanalının doğru sensöre atandığını kontrol edin.',
      ],
    },
    sensor_placement_failure: {
      name: 'Sensör yerleşim hatası (sensör yer değiştirdi)',
      description:
        'Sensör yer değiştirmiş, dönmüş veya gevşemiş görünmektedir: statik ivmenin (yerçekimi) yönü veya sıcaklık aniden değişmiştir. Bu bir makine arızası değil, ölçüm sorunudur; değişiklikten sonraki ölçümler öncekilerle karşılaştırılamaz.',
      indication:
        'İki ölçüm arasında eksenler arası statik (DC) ivmede basamak değişimi veya ani sıcaklık sıçraması, çoğu zaman toplam seviyelerde de basamakla birlikte.',
      cause:
        'Bakım sırasında çarpılan veya yerinden oynatılan mıknatıslı sensör, gevşemiş saplama veya yapıştırıcı, başka bir konuma veya yöne yeniden takılmış sensör, düşmüş sensör.',
      suggestions: [
        'Noktadaki sensörü kontrol edin: sağlam bağlı mı, işaretli konumda ve doğru yönde mi?',
        'Sensörü işaretli konuma (temiz yüzey, saplama veya güçlü mıknatıs) yeniden monte edin ve yeniden ölçün.',
        'Yeni konum isteniyorsa, yeni bir referansın öğrenilmesi için tamamlanmış bir bakım kaydı girin.',
        'Sonraki montajların tekrarlanabilir olması için montaj konumunu işaretleyin.',
      ],
    },
  },
};
