import type { LanguageCatalogue } from './types.ts';

const bearingCause =
  'Allgemeine Ursachen: unzureichende oder verschmutzte Schmierung, Ermüdung am Ende der nominellen Lebensdauer, Überlast, Fluchtungsfehler oder Unwucht, die das Lager belasten, falsche Passungen oder Montage, Stromdurchgang durch das Lager (umrichtergespeiste Motoren).';

/** Deutscher Katalog. */
export const de: LanguageCatalogue = {
  locale: 'de',
  withComponent: (fault, component) => `${fault} — ${component}`,
  timeToStop: (count, plural) =>
    `Geschätzte Zeit bis zum erforderlichen Stillstand: ${count} ${plural === 'one' ? 'Monat' : 'Monate'}`,
  components: {
    outer_race: {
      name: 'Außenring',
      indication:
        'Hüllkurvenspektrum: eine Linie bei BPFO (Überrollfrequenz Außenring) und ihren Harmonischen, normalerweise ohne Seitenbänder, da der Außenring stillsteht; die höchste Amplitude liegt in Richtung der Lastzone.',
      cause:
        'Ein Außenringschaden beginnt meist in der Lastzone; Ursache kann auch ein unrundes Gehäuse oder ein im Gehäuse wandernder Außenring sein.',
    },
    inner_race: {
      name: 'Innenring',
      indication:
        'Hüllkurvenspektrum: eine Linie bei BPFI (Überrollfrequenz Innenring) und ihren Harmonischen mit Seitenbändern im Abstand der Drehfrequenz (1×), da der Schaden mit der Welle durch die Lastzone läuft.',
      cause:
        'Ein Innenringschaden entsteht oft durch Ermüdung unter hoher Last, eine zu feste Wellenpassung (gerissener Ring) oder Stromdurchgang (Riffelbildung).',
    },
    rolling_element: {
      name: 'Wälzkörper',
      indication:
        'Hüllkurvenspektrum: eine Linie bei BSF (Wälzkörper-Spinfrequenz) oder 2× BSF mit Seitenbändern im Abstand der Käfigfrequenz FTF, da der beschädigte Wälzkörper mit dem Käfig durch die Lastzone läuft.',
      cause: 'Wälzkörperschäden entstehen oft durch Verschmutzung, zersetzten Schmierstoff oder statische Überlast (Brinelling).',
    },
    cage: {
      name: 'Käfig',
      indication:
        'Hüllkurvenspektrum: eine Linie bei FTF (Käfigfrequenz, etwa 0,4× Drehfrequenz) und ihren Harmonischen, die oft die übrigen Lagerlinien moduliert.',
      cause:
        'Käfigschäden entstehen meist durch Mangelschmierung, falsche Montage, Fluchtungsfehler oder hohe Drehzahl und Beschleunigung.',
    },
  },
  faults: {
    cavitation: {
      name: 'Kavitation',
      description:
        'Am Pumpeneintritt fällt der Druck unter den Dampfdruck der Flüssigkeit, es bilden sich Dampfblasen, die weiter im Laufrad schlagartig implodieren. Die Implosionen tragen Material an Laufrad und Gehäuse ab und belasten Lager und Gleitringdichtung.',
      indication:
        'Breitbandige, regellose hochfrequente Energie (typisch über 2 kHz) im Beschleunigungsspektrum ohne diskrete Linien, oft mit erhöhter Schaufelpassierfrequenz; das Zeitsignal ist unruhig, der Pegel ändert sich mit Förderstrom und Zulaufbedingungen.',
      cause:
        'Zu geringe Haltedruckhöhe (NPSHa kleiner NPSHr): verstopfter Saugkorb oder Filter, teilweise geschlossene Saugarmatur, niedriger Behälterstand, zu hohe Flüssigkeitstemperatur, Betrieb weit oberhalb des Bestpunktes oder Lufteintritt auf der Saugseite.',
      suggestions: [
        'Saugseite prüfen: Saugkorb und Filter, Saugarmatur ganz geöffnet, Behälterstand und Saugdruck.',
        'Betriebspunkt (Förderstrom, Förderhöhe) mit der Pumpenkennlinie vergleichen und in Richtung Bestpunkt zurückführen.',
        'Flüssigkeitstemperatur und NPSH-Reserve (NPSHa gegenüber NPSHr) prüfen.',
        'Laufrad beim nächsten Stillstand auf Kavitationsverschleiß untersuchen.',
        'Mit einer Kontrollmessung 7 Tage nach der Abhilfemaßnahme bestätigen.',
      ],
    },
    'mechanical-looseness': {
      name: 'Mechanische Lose',
      description:
        'Teile, die starr gehalten werden müssten (Füße, Schrauben, Lagergehäuse, Passungen auf der Welle), haben ihre Vorspannung oder Passung verloren. Die lose Verbindung reagiert nichtlinear, die Schwingung wird oberwellenreich und kann sich von Messung zu Messung ändern.',
      indication:
        'Viele Harmonische der Drehfrequenz (oft bis 10× und darüber) im Geschwindigkeitsspektrum, häufig mit halben Ordnungen (0,5×, 1,5×, 2,5×) und angehobenem Rauschteppich; das Zeitsignal ist abgeschnitten oder unregelmäßig, die Phase instabil. Strukturelle Lose ist stark richtungsabhängig, oft vertikal.',
      cause:
        'Lose oder gelängte Fundamentschrauben, Kippfuß, gerissene Grundplatte oder Rahmen, schadhafter Verguss, Lager lose im Gehäuse oder auf der Welle (verschlissene Passung), zu großes Lagerspiel.',
      suggestions: [
        'Fundament- und Lagergehäuseschrauben prüfen und mit dem vorgeschriebenen Drehmoment anziehen.',
        'Kippfuß mit Messuhr oder Laser-Ausrichtsystem prüfen und mit Unterlegblechen beheben.',
        'Grundplatte, Rahmen und Verguss auf Risse untersuchen.',
        'Lagerpassungen (Gehäuse und Welle) und Lagerspiel beim nächsten Stillstand prüfen.',
        'Mit einer Kontrollmessung in 14 Tagen bestätigen.',
      ],
    },
    pulley_and_belt: {
      name: 'Riemen- und Riemenscheibenfehler',
      description:
        'Ein Fehler des Riementriebs: verschlissener, rissiger oder falsch gespannter Riemen, exzentrische oder verschlissene Riemenscheiben oder nicht fluchtende Scheiben. Er erzeugt eine wechselnde Last auf beiden Wellen und beschleunigt den Verschleiß von Riemen und Lagern.',
      indication:
        'Linien bei der Riemenfrequenz und ihren Harmonischen unterhalb der Drehfrequenz (2× Riemenfrequenz oft am höchsten) und/oder ein hohes 1× der Scheibe in Richtung des Riementrums (exzentrische Scheibe) oder ein hohes axiales 1× (nicht fluchtende Scheiben); die Pegel ändern sich mit der Riemenspannung.',
      cause:
        'Riemenverschleiß, Längung oder Beschädigung, falsche Riemenspannung, ungleiche Riemensätze, exzentrische Scheiben oder verschlissene Rillen, nicht fluchtende Scheiben (Winkel- oder Parallelversatz), Trumresonanz.',
      suggestions: [
        'Riemen auf Verschleiß, Risse und Glanzstellen prüfen; bei einem beschädigten Riemen den ganzen Satz tauschen.',
        'Riemenspannung mit einem Spannungsmessgerät prüfen und auf den Herstellerwert einstellen.',
        'Fluchtung der Riemenscheiben mit einem Laser-Riemenscheiben-Ausrichtgerät prüfen.',
        'Rundlauf der Scheiben und Rillenverschleiß mit Messuhr und Rillenlehre prüfen.',
        'Mit einer Kontrollmessung in 14 Tagen bestätigen.',
      ],
    },
    electrical_fault: {
      name: 'Elektrischer Fehler',
      description:
        'Die elektromagnetischen Kräfte im Elektromotor sind über den Luftspalt ungleich verteilt: Statorfehler, ungleichmäßiger Luftspalt (Exzentrizität), gebrochene Rotorstäbe oder eine unsymmetrische Versorgung. Diese Schwingung wird vom Magnetfeld erzeugt und verschwindet, sobald der Motor abgeschaltet wird.',
      indication:
        'Eine Linie bei doppelter Netzfrequenz (100 Hz bei 50-Hz-Netz), mit feiner Auflösung von 2× Drehfrequenz getrennt, und/oder Seitenbänder im Abstand der Polpassierfrequenz um 1× und seine Harmonischen (Rotorstäbe); der Pegel hängt von der Last ab und fällt beim Abschalten sofort ab.',
      cause:
        'Statische oder dynamische Luftspaltexzentrizität, Fehler der Statorwicklung oder lose Blechpakete, gebrochene Rotorstäbe oder Kurzschlussringe, Spannungsunsymmetrie der Phasen, Kippfuß, der das Statorgehäuse verzieht, Probleme durch den Frequenzumrichter.',
      suggestions: [
        'Versorgungsspannung und Stromsymmetrie der drei Phasen prüfen.',
        'Eine Motorstromanalyse (MCSA) auf Rotorstab- und Exzentrizitätsfehler durchführen.',
        'Kippfuß unter den Motorfüßen prüfen.',
        'Beim Abschalten messen: fällt die Schwingung sofort ab, ist die Ursache elektrisch.',
        'Luftspalt, Stator und Rotor beim nächsten Stillstand von einer Motorenwerkstatt prüfen lassen.',
      ],
    },
    flow_induced_fault: {
      name: 'Strömungsinduzierte Schwingung',
      description:
        'Schwingung, die nicht von einem mechanischen Schaden, sondern von der Strömung der Flüssigkeit oder des Gases durch Pumpe, Ventilator oder Verdichter angeregt wird: Druckpulsationen bei der Schaufelpassierfrequenz, Turbulenz und Rezirkulation. Sie nimmt zu, je weiter die Maschine vom Auslegungspunkt entfernt läuft.',
      indication:
        'Eine hohe Linie bei der Schaufelpassierfrequenz (Schaufelzahl × Drehfrequenz) und ihren Harmonischen und/oder breitbandige, regellose tieffrequente Energie (Turbulenz) unterhalb der Drehfrequenz; die Pegel ändern sich mit Förderstrom, Druck und Armaturenstellung.',
      cause:
        'Betrieb weit vom Bestpunkt entfernt (zu kleiner oder zu großer Förderstrom), Rezirkulation, zu kleiner Abstand zwischen Laufrad und Spiralgehäusezunge oder Leitschaufeln, Hindernisse oder scharfe Umlenkungen in Rohrleitung oder Kanal, beschädigte Schaufeln.',
      suggestions: [
        'Betriebspunkt (Förderstrom, Druck, Armaturenstellungen) mit dem Auslegungspunkt vergleichen und korrigieren.',
        'Saug- und Druckleitungen bzw. Kanäle auf Hindernisse, Drosselung und beschädigte Leitschaufeln prüfen.',
        'Laufrad und Abstand zur Spiralgehäusezunge bzw. zum Leitrad beim nächsten Stillstand prüfen.',
        'Messung bei mehreren Förderströmen wiederholen, um die Abhängigkeit von der Strömung zu bestätigen.',
      ],
    },
    early_stage_bearing_failure: {
      name: 'Lagerschaden im Frühstadium',
      description:
        'Ein Wälzlager zeigt erste Schadensanzeichen: Mikropitting oder eine kleine Abplatzung, die im Geschwindigkeitsspektrum noch nicht sichtbar ist. Das Lager kann meist noch einige Zeit laufen, der Schaden wird aber wachsen.',
      indication:
        'In diesem Stadium erscheinen die Linien nur hochfrequent: im Hüllkurvenspektrum (demoduliert) des per spektraler Kurtosis gewählten Bandes, mit kleinen Amplituden und wenigen Harmonischen; Geschwindigkeitsspektrum und Gesamtpegel sind noch normal.',
      cause: bearingCause,
      suggestions: [
        'Schmierung prüfen (Fettmenge, Intervall und Zustand) und nachschmieren, falls fällig.',
        'Ursachen prüfen, die das Lager belasten: Fluchtungsfehler, Unwucht, Riemenspannung.',
        'Mit einer Kontrollmessung in 14 Tagen bestätigen und die Hüllkurvenlinien im Trend verfolgen.',
        'Lagertausch planen und sicherstellen, dass das Ersatzlager vorrätig ist.',
      ],
    },
    bearing_failure: {
      name: 'Lagerschaden',
      description:
        'Ein Wälzlager hat einen örtlichen Schaden (Abplatzung, Riss oder Pittings) an einem seiner Bauteile. Jeder Wälzkörper, der die Schadstelle überrollt, erzeugt einen Stoß, und der Schaden wächst mit seiner Ausbreitung immer schneller.',
      indication:
        'In diesem Stadium sind die Linien auch im Geschwindigkeits- oder Beschleunigungsspektrum sichtbar, mit mehreren Harmonischen, Seitenbändern und angehobenem Rauschteppich; das Zeitsignal zeigt wiederkehrende Stöße (hoher Scheitelfaktor und hohe Kurtosis).',
      cause: bearingCause,
      suggestions: [
        'Lagertausch beim nächsten Stillstand planen; bei schnell steigendem Pegel früher abstellen.',
        'Lagertemperatur prüfen und das Lager abhören (Stethoskop oder Ultraschall); Schmierung prüfen.',
        'Messintervall verkürzen und mit einer Kontrollmessung in 7 Tagen bestätigen.',
        'Das ausgebaute Lager zur Ursachenanalyse befunden (Schmierung, Passung, Ausrichtung, Verschmutzung).',
        'Vor dem Wiederanfahren Ausrichtung mit Lasersystem und Wuchtzustand prüfen.',
      ],
    },
    gear_failure: {
      name: 'Verzahnungsschaden',
      description:
        'Ein Fehler einer Zahnradstufe: verschlissene, gepittete, angerissene oder gebrochene Zähne, exzentrische oder schief stehende Räder oder Flankenspielprobleme. Er verändert die Last im Zahneingriff und moduliert sie mit der Drehfrequenz der Welle des schadhaften Rades.',
      indication:
        'Linien bei der Zahneingriffsfrequenz (Zähnezahl × Wellendrehfrequenz) und ihren Harmonischen mit Seitenbändern im Abstand der Drehfrequenz der Welle des schadhaften Rades; ein Anstieg der 2. oder 3. Zahneingriffsharmonischen deutet auf Verschleiß oder Fluchtungsfehler, ein Stoß pro Umdrehung im Zeitsignal auf einen angerissenen oder gebrochenen Zahn.',
      cause:
        'Zahnverschleiß, Pitting oder Fressen durch Überlast oder schlechte Schmierung, exzentrische Räder oder verbogene Wellen, Achsfehler der Verzahnung, falsches Flankenspiel, verschlissene Getriebelager, ein durch Fremdkörper beschädigter Zahn.',
      suggestions: [
        'Ölstand und Ölzustand prüfen; eine Ölprobe zur Verschleißpartikelanalyse nehmen.',
        'Zähne und Tragbild beim nächsten Stillstand durch den Inspektionsdeckel prüfen.',
        'Getriebelager und Ausrichtung von An- und Abtriebswelle prüfen.',
        'Mit einer Kontrollmessung in 14 Tagen bestätigen und Zahneingriffsfrequenz mit Seitenbändern im Trend verfolgen.',
      ],
    },
    insufficient_lubrication: {
      name: 'Mangelschmierung',
      description:
        'Der Schmierfilm im Wälzlager ist zu dünn, so dass es zwischen Wälzkörpern und Laufbahnen zu metallischem Kontakt und Reibung kommt. Ohne Abhilfe führt das zu beschleunigtem Verschleiß und zum Lagerschaden.',
      indication:
        'Ein angehobener hochfrequenter Rauschteppich (typisch 1–10 kHz) im Beschleunigungsspektrum ohne dominante Lagerlinien, die hochfrequente Bandenergie liegt über der Referenz; nach dem Nachschmieren sinkt der Pegel deutlich.',
      cause:
        'Versäumtes oder zu langes Nachschmierintervall, falsche Fettmenge oder -sorte, gealtertes oder mit Wasser oder Partikeln verschmutztes Fett, verstopfte Schmierleitung, zu hohe Lagertemperatur, Überschmierung mit Walkarbeit im Fett.',
      suggestions: [
        'Lager mit dem richtigen Fett und der richtigen Menge gemäß Herstellerintervall nachschmieren.',
        'Schmierleitung und Schmiernippel prüfen und sicherstellen, dass frisches Fett das Lager erreicht.',
        'Messung 1–2 Tage nach dem Schmieren wiederholen: der hochfrequente Pegel sollte sinken.',
        'Nachschmierintervall und -menge im Instandhaltungsplan überprüfen.',
      ],
    },
    unidentified_fault: {
      name: 'Nicht identifizierter Fehler',
      description:
        'Die Schwingung ist gegenüber der eigenen Referenz des Messpunkts oder den Bewertungszonen nach ISO 10816/20816 deutlich auffällig, das Spektrum passt aber zu keinem bekannten Fehlerbild. Der Maschinenzustand hat sich verändert und muss weiter analysiert werden.',
      indication:
        'Gesamtpegel der Schwinggeschwindigkeit oder Bandenergien liegen über der Referenz oder den Zonengrenzen nach ISO 10816, ohne dominantes Muster aus Drehfrequenzharmonischen, Lager-, Verzahnungs- oder elektrischen Linien.',
      cause:
        'Veränderte Betriebsbedingungen (Drehzahl, Last, Prozess), mehrere Fehler gleichzeitig, ein Fehler an einem Bauteil ohne hinterlegte Kinematikdaten oder eine bauliche Veränderung.',
      suggestions: [
        'Prüfen, ob sich die Betriebsbedingungen (Drehzahl, Last, Prozess) seit der Referenz geändert haben.',
        'Kinematikdaten des Messpunkts vervollständigen (Lager, Zahnräder, Riemen, Schaufelzahl), damit das Fehlerbild erkannt werden kann.',
        'Maschine begutachten: Temperatur, Geräusch, Leckagen, lose Teile.',
        'Mit einer Kontrollmessung in 7 Tagen bestätigen; bei weiter steigendem Pegel einen Schwingungsanalytiker hinzuziehen.',
      ],
    },
    impacting_failure: {
      name: 'Stoßanregung',
      description:
        'In der Maschine treten wiederholte mechanische Stöße auf: rotierende Teile streifen an feststehenden, lose Teile schlagen an, oder Spiele sind zu groß. Die Stöße regen die Eigenfrequenzen der Struktur an und schädigen die Kontaktflächen.',
      indication:
        'Deutliche Impulse im Zeitsignal mit hohem Scheitelfaktor und hoher Kurtosis, periodisch mit der Drehfrequenz oder einem Bruchteil davon, sowie ein breitbandig angehobener Grundpegel oder angeregte Resonanzen im Beschleunigungsspektrum.',
      cause:
        'Anstreifen des Rotors an Dichtung, Schutzhaube oder Gehäuse; lose Teile (Kupplung, Lüfterrad, Abdeckung); zu großes Spiel in Lagern oder Gestängen; Fremdkörper; prozessbedingte Stöße (Brecher, Pressen).',
      suggestions: [
        'Maschine auf Anstreifspuren, lose Teile und Fremdkörper untersuchen.',
        'Spiele an Dichtungen, Schutzhauben und Kupplungen prüfen.',
        'Lagerspiel und Befestigung der rotierenden Teile prüfen.',
        'Mit einer Kontrollmessung in 7 Tagen bestätigen und das Zeitsignal mit der Referenz vergleichen.',
      ],
    },
    misalignment: {
      name: 'Fluchtungsfehler',
      description:
        'Die Mittellinien zweier gekuppelter Wellen fallen nicht zusammen: Winkelversatz, Parallelversatz oder beides. Er belastet Lager und Kupplung und ist eine der häufigsten Ursachen vorzeitiger Lagerschäden.',
      indication:
        'Ein hohes 2× der Drehfrequenz im Verhältnis zu 1× (oft über der Hälfte von 1×) mit hoher Axialschwingung; Winkelversatz zeigt ein hohes axiales 1×, Parallelversatz ein hohes radiales 2×; über die Kupplung hinweg etwa 180° Phasenversatz.',
      cause:
        'Unzureichende Ausrichtung bei der Montage, nicht berücksichtigte Wärmedehnung, Kippfuß, Rohrleitungskräfte, Setzungen des Fundaments, verschlissene Kupplung, gelockerte Fundamentschrauben.',
      suggestions: [
        'Ausrichtung mit einem Laser-Ausrichtsystem prüfen und nach den Toleranzen des Kupplungsherstellers neu ausrichten.',
        'Kippfuß vor dem Ausrichten prüfen und beheben.',
        'Rohrleitungskräfte und Fundamentsetzungen prüfen.',
        'Kupplung auf Verschleiß und Beschädigung prüfen.',
        'Mit einer Kontrollmessung 7 Tage nach dem Ausrichten bestätigen.',
      ],
    },
    resonance: {
      name: 'Resonanz',
      description:
        'Eine Anregungsfrequenz (meist die Drehfrequenz oder eine ihrer Harmonischen) fällt mit einer Eigenfrequenz der Maschine, ihrer Tragkonstruktion oder der Rohrleitungen zusammen. Die Schwingung wird dann schon durch kleine Kräfte vielfach verstärkt.',
      indication:
        'Eine hohe Spitze bei einer Frequenz, die die Kinematik nicht erklärt, oder eine Drehfrequenzlinie, die in einer Richtung viel höher ist als in den anderen; die Amplitude ändert sich stark bei kleinen Drehzahländerungen und die Phase dreht sich beim Durchfahren der Resonanz um etwa 90°.',
      cause:
        'Zu weiche Grundplatte, Rahmen oder Stütze, bauliche Änderung (entfernte Versteifung, gerissene Schweißnaht), geänderte Betriebsdrehzahl (Frequenzumrichter), zusätzliche Masse, schadhafter Verguss.',
      suggestions: [
        'Eigenfrequenz durch einen Anschlagversuch (Klopftest) oder eine Hoch-/Auslaufmessung bestätigen.',
        'Dauerbetrieb im kritischen Drehzahlbereich vermeiden (Frequenzband im Umrichter ausblenden).',
        'Struktur versteifen oder Masse ändern, so dass die Eigenfrequenz mindestens 10–20 % von der Anregung abrückt.',
        'Grundplatte, Schweißnähte und Versteifungen auf Risse prüfen.',
        'Die Anregung selbst verringern (Auswuchten, Ausrichten).',
      ],
    },
    unbalance: {
      name: 'Unwucht',
      description:
        'Der Massenschwerpunkt des Rotors liegt nicht auf seiner Drehachse, daher wirkt eine mit Drehfrequenz umlaufende Fliehkraft auf die Lager. Die Kraft wächst mit dem Quadrat der Drehzahl.',
      indication:
        'Eine dominante Linie bei 1× Drehfrequenz in radialer Richtung (horizontal und vertikal) mit geringer Axialschwingung und wenigen Harmonischen; sinusförmiges Zeitsignal und stabile Phase, horizontal und vertikal etwa 90° versetzt.',
      cause:
        'Anbackungen oder Verschleiß am Rotor (Lüfterschaufeln, Laufräder), verlorenes Wuchtgewicht, gebrochene Schaufel, nach einer Reparatur nicht ausgewuchteter Rotor, thermischer Verzug, exzentrisch montierte Riemenscheiben oder Kupplungen.',
      suggestions: [
        'Rotor (Lüfterschaufeln, Laufrad) prüfen, Anbackungen entfernen, auf Verschleiß oder fehlende Teile achten.',
        'Rotor vor Ort (in einer oder zwei Ebenen) auf die Wuchtgüte nach ISO 21940-11 auswuchten.',
        'Prüfen, ob die Wuchtgewichte vorhanden und fest angebracht sind.',
        'Mit einer Kontrollmessung 7 Tage nach dem Auswuchten bestätigen.',
      ],
    },
    ski_slope: {
      name: 'Skihang-Effekt (Anstieg bei tiefen Frequenzen)',
      description:
        'Das Geschwindigkeitsspektrum steigt zu den tiefsten Frequenzen hin steil an wie ein Skihang. Meist ist das ein Messartefakt, bei dem tieffrequentes Rauschen oder ein Einschwingvorgang des Sensors durch die Integration von Beschleunigung zu Geschwindigkeit verstärkt wird, es kann aber auch von echter tieffrequenter Anregung stammen.',
      indication:
        'Die Amplitude steigt im Geschwindigkeitsspektrum ohne diskrete Linien stetig gegen 0 Hz an und bestimmt oft den Gesamtpegel der Schwinggeschwindigkeit, während das Beschleunigungsspektrum diesen Anstieg nicht zeigt.',
      cause:
        'Nach der Montage noch nicht eingeschwungener Sensor, Temperaturänderung, Übersteuerung (Clipping) oder defekter Sensor, schlechte Ankopplung oder loser Magnet, Kabelstörungen; seltener Turbulenz, Anstreifen oder strukturelle Lose bei tiefen Frequenzen.',
      suggestions: [
        'Sensorbefestigung (saubere ebene Fläche, fester Magnet oder Stehbolzen) und Kabel prüfen.',
        'Messung nach einer Einschwingzeit wiederholen und die Bias-Spannung des Sensors prüfen.',
        'Für die Geschwindigkeitsberechnung einen Hochpass (z. B. 2–10 Hz, unterhalb von 1× der Maschine) verwenden.',
        'Bleibt der Anstieg bei einer sauberen Messung bestehen, nach tieffrequenter Anregung suchen (Turbulenz, Lose, Anstreifen).',
      ],
    },
    beat_phenomenon: {
      name: 'Schwebung',
      description:
        'Zwei Schwingungen mit nahe beieinanderliegenden Frequenzen überlagern sich zu einem Signal, dessen Amplitude periodisch mit ihrer Differenzfrequenz an- und abschwillt. Eine Schwebung ist an sich kein Schaden, ihre Spitzen belasten aber die Maschine, und sie zeigt oft zwei zusammenwirkende Quellen.',
      indication:
        'Die Amplitude des Zeitsignals schwillt periodisch mit der Periode 1/Δf an und ab; bei feiner Auflösung zeigt das Spektrum zwei nahe Linien, z. B. 2× Drehfrequenz und doppelte Netzfrequenz oder die Drehzahlen zweier benachbarter Maschinen.',
      cause:
        'Zwei Maschinen mit ähnlicher Drehzahl auf gemeinsamem Fundament oder Gerüst, ein Motor, dessen 2× Drehfrequenz nahe der doppelten Netzfrequenz liegt, zwei Wellen mit ähnlicher Drehzahl in einem Antrieb, eine Anregungsfrequenz nahe einer Eigenfrequenz.',
      suggestions: [
        'Beide Quellen bestimmen: mit feinerer Frequenzauflösung (längere Messung) und an den Nachbarmaschinen messen.',
        'Prüfen, ob eine Nachbarmaschine mit ähnlicher Drehzahl Schwingungen über Fundament oder Rohrleitungen überträgt.',
        'Wenn möglich die Drehzahl einer Quelle ändern oder die Maschinen voneinander entkoppeln.',
        'Mit einer Kontrollmessung bestätigen, möglichst bei stillstehender Nachbarmaschine.',
      ],
    },
    sensor_clipping: {
      name: 'Sensor-Übersteuerung (Messbereich überschritten)',
      description:
        'Das Signal hat die Grenzen des Messbereichs des Beschleunigungsaufnehmers erreicht und wurde abgeschnitten. Das ist ein Messproblem, kein Maschinenfehler: Kennwerte und Spektren dieser Messung sind nicht gültig.',
      indication:
        'Das Zeitsignal hat flache Spitzen beim gleichen positiven oder negativen Wert nahe dem eingestellten Messbereich; das Spektrum zeigt scheinbare breitbandige Energie und einen Skihang.',
      cause:
        'Ein für den Schwingungspegel zu kleiner Messbereich, starke Stöße in Sensornähe, ein loser, klappernder Sensor, ein beschädigter Sensor oder ein beschädigtes Kabel.',
      suggestions: [
        'Prüfen, ob der Sensor fest montiert ist und nicht klappert.',
        'Messbereich des Beschleunigungsaufnehmers im Profil des Messpunkts vergrößern und erneut messen.',
        'Sensor und Kabel prüfen; einen beschädigten Sensor ersetzen.',
        'Sind die starken Stöße in Sensornähe echt, sie als Maschinenproblem untersuchen.',
      ],
    },
    sensor_dc_drift: {
      name: 'DC-Drift des Sensors',
      description:
        'Der Mittelwert des Signals driftet während der Messung langsam. Das ist ein Problem des Sensors oder der Messkette, kein Maschinenfehler; der tieffrequente Inhalt dieser Messung ist nicht verlässlich.',
      indication:
        'Der Mittelwert des Zeitsignals verschiebt sich oder folgt innerhalb der Aufzeichnung einer langsamen Kurve; das Geschwindigkeitsspektrum zeigt einen Skihang, die tieffrequenten Linien sind verfälscht.',
      cause:
        'Sensor nach Montage oder Einschalten noch nicht eingeschwungen, Temperaturänderung, beschädigter Aufnehmer oder Verstärker, Feuchtigkeit im Stecker, defektes Kabel, Bias-Spannung außerhalb des Sollbereichs.',
      suggestions: [
        'Bias-Spannung des Sensors, Kabel und Stecker (Feuchtigkeit, Korrosion) prüfen.',
        'Nach einer Einschwingzeit erneut messen.',
        'Auf Temperaturänderungen an der Messstelle prüfen.',
        'Den Sensor ersetzen, wenn die Drift bestehen bleibt.',
      ],
    },
    sensor_flat_signal: {
      name: 'Konstantes oder wiederholtes Sensorsignal',
      description:
        'Das Signal ist konstant oder wiederholt dieselben Werte und enthält keine echte Schwingung. Das ist ein Problem des Sensors oder der Messkette, kein Maschinenfehler.',
      indication:
        'Das Zeitsignal ist flach (Standardabweichung nahe null) oder besteht aus identisch wiederholten Abschnitten; das Spektrum zeigt weder Drehfrequenzlinien noch einen Rauschteppich.',
      cause:
        'Abgezogenes oder gebrochenes Kabel, ausgefallener Sensor, fehlende Sensorversorgung, Fehler der Datenerfassung, ein hängender Wert, den das sendende Gerät wiederholt.',
      suggestions: [
        'Kabel und Stecker sowie die Versorgung des Sensors prüfen.',
        'Batterie des Geräts und seine Verbindung zum Gateway prüfen.',
        'Erneut messen; bleibt das Signal flach, den Sensor ersetzen.',
        'Prüfen, ob der Messkanal dem richtigen Sensor zugeordnet ist.',
      ],
    },
    sensor_placement_failure: {
      name: 'Sensor-Montagefehler (Sensor verschoben)',
      description:
        'Der Sensor wurde offenbar verschoben, verdreht oder hat sich gelöst: die Richtung der statischen Beschleunigung (Schwerkraft) oder die Temperatur hat sich sprunghaft geändert. Das ist ein Messproblem, kein Maschinenfehler; Messungen nach der Änderung sind mit den früheren nicht vergleichbar.',
      indication:
        'Ein Sprung der statischen (DC-)Beschleunigung zwischen den Achsen oder ein plötzlicher Temperatursprung zwischen zwei Messungen, oft zusammen mit einem Sprung der Gesamtpegel.',
      cause:
        'Ein Magnetsensor wurde bei Arbeiten angestoßen oder versetzt, ein gelockerter Stehbolzen oder Klebstoff, der Sensor wurde an anderer Stelle oder in anderer Ausrichtung wieder montiert, der Sensor ist abgefallen.',
      suggestions: [
        'Sensor am Messpunkt prüfen: fest angebracht, an der markierten Stelle und richtig ausgerichtet?',
        'An der markierten Stelle wieder montieren (saubere Fläche, Stehbolzen oder starker Magnet) und erneut messen.',
        'Ist die neue Position gewollt, eine abgeschlossene Wartung erfassen, damit eine neue Referenz gelernt wird.',
        'Die Montagestelle markieren, damit spätere Montagen reproduzierbar sind.',
      ],
    },
  },
};
