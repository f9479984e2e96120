// Die Regeln in den eigenen Worten des Projekts: Deutsch.
import { html } from "../dom.js";

export default {
  drecksau: html`
<p><b>Ziel:</b> Als Erste oder Erster nur noch dreckige Schweine vor sich haben. Schweine lieben
Matsch – der Bauer, der Regen und die Mitspieler sehen das anders.</p>
<h3>Vorbereitung</h3>
<p>Alle legen saubere Schweine aus: zu zweit je 5, zu dritt je 4, sonst je 3. Jede Person hält
3 Karten (in der schnelleren Variante der deutschen Ausgabe 4).</p>
<h3>Ein Zug</h3>
<p>Eine Karte ausspielen und wieder auf die Handgröße nachziehen. Passt keine Karte:</p>
<ul><li><b>Dirty Pig (englische Ausgabe), Sauschön:</b> stattdessen eine, zwei oder alle Karten tauschen.</li>
<li><b>Drecksau (deutsche Ausgabe):</b> stattdessen eine Karte abwerfen. Ist gar keine Karte
verwendbar, die Hand zeigen, abwerfen und neu ziehen.</li></ul>
<h3>Die Karten</h3>
<dl>
<dt>Matsch</dt><dd>Eines deiner sauberen Schweine wird dreckig. Drecksau!</dd>
<dt>Regen</dt><dd>Wäscht alle dreckigen Schweine sauber, auch deine – außer denen im Stall.</dd>
<dt>Stall</dt><dd>Kommt über eines deiner Schweine, sauber oder dreckig, und hält den Regen ab.</dd>
<dt>Bauer schrubbt</dt><dd>Macht ein dreckiges Schwein eines anderen sauber, auch im Stall – außer die Stalltür ist zu.</dd>
<dt>Stalltür</dt><dd>Verschließt einen deiner Ställe mit dreckigem Schwein darin: Der Bauer kommt nicht mehr hinein.</dd>
<dt>Blitz</dt><dd>Brennt den Stall (samt Tür) eines anderen ab. Dem Schwein passiert nichts.</dd>
<dt>Blitzableiter</dt><dd>Kommt auf einen deiner Ställe: Der Blitz kann ihm nichts mehr anhaben.</dd>
</dl>
<p>Ein dreckiges Schwein im Stall mit verschlossener Tür und Blitzableiter bleibt für immer dreckig.</p>
<h3>Erweiterung Sauschön</h3>
<p>Drei Schweine für alle. Man gewinnt auch mit lauter <b>schönen</b> Schweinen.</p>
<dl>
<dt>Schönsau</dt><dd>Auf jedes Schwein legen, eigenes oder fremdes, sauber oder dreckig. Matsch, Regen und
Bauer können einer Schönsau nichts anhaben. Nicht hinter eine verschlossene Stalltür, und ein Stall
mit Schönsau kann nicht verschlossen werden.</dd>
<dt>Aus dem Staub</dt><dd>Nimmt einer beliebigen Person eine Schönsau weg; das Schwein darunter ist wieder zu sehen.</dd>
<dt>Glücksvogel</dt><dd>Wer ihn spielt, darf in diesem Zug auch die restlichen Handkarten spielen;
weitere Glücksvögel auf der Hand verfallen.</dd>
</dl>
<h3>Sauschön-Turnier</h3>
<p>Es werden Runden gespielt. Wer eine Runde mit schönen Schweinen gewinnt, bekommt den obersten
Pokal, wer mit dreckigen gewinnt, den obersten Matscheimer; jeder Stapel hat Preise mit 1, 2 und
3 Punkten, die 1 oben. Ist ein Stapel leer, gewinnen die meisten Punkte; bei Gleichstand spielen
die Führenden eine Entscheidungsrunde.</p>
<h3>In dieser App</h3>
<p>Eine Karte der Hand anklicken: Die Schweine, auf die sie passt, leuchten auf. Dann das Schwein
(oder seinen Stall) anklicken. Karten ohne Ziel bekommen einen Knopf. Ausgegraute Karten passen
gerade nicht, lassen sich aber tauschen oder abwerfen.</p>`,

  saukopf: html`
<p><b>Saukopf</b> ist Schafkopf mit Schweinen: vier Leute, das bayerische Blatt mit 32 Karten
(Eichel, Gras, Herz, Schellen; Sau, Zehn, König, Ober, Unter, Neun, Acht, Sieben). Augen:
Sau 11, Zehn 10, König 4, Ober 3, Unter 2, sonst 0; zusammen 120. Der Dreihaxer ist die Fassung
für drei mit je zehn Karten und zwei ausgelegten Karten.</p>
<h3>Grunzen und Quieken</h3>
<p>Links vom Geber beginnend wird eine Augenzahl <b>gegrunzt</b> (61 bis 120, oder Schwarz für alle
Stiche) oder <b>gequiekt</b> (gepasst); jede Person grunzt höchstens zweimal. Wer am höchsten grunzt,
spielt. Gegrunzt wird zuerst im <b>Trog</b> (saubere Spiele, die Augen sollen geholt werden).
Quieken alle, geht es im <b>Napf</b> weiter (unreine Spiele, auf Verlieren gespielt). Quieken
wieder alle, wird neu gegeben.</p>
<h3>Die Spiele</h3>
<table>
<tr><th>Trog</th><th>Trümpfe</th></tr>
<tr><td>Sauerei (2 gegen 2, nur bei 61)</td><td>Ober, Unter, Herz; man ruft eine Sau, die man nicht hat – wer sie hat, spielt mit</td></tr>
<tr><td>Kreuzung (2 gegen 2, nur bei 61)</td><td>Ober, Unter, Herz; nur mit keinem oder einem einzigen Trumpf (wird aufgedeckt); der Mitspieler meldet sich in einer Extrarunde</td></tr>
<tr><td>Keiler (Solo)</td><td>Ober, Unter und eine gewählte Farbe</td></tr>
<tr><td>Wutz (Solo)</td><td>die vier Unter</td></tr>
<tr><td>Hauer (Solo)</td><td>die Unter und eine gewählte Farbe</td></tr>
<tr><td>Ferkelparade (Solo)</td><td>alle Neuner, dann alle Achter, dann alle Siebener (je Eichel, Gras, Herz, Schellen)</td></tr>
<tr><td>Knorpel (Solo, ab 91)</td><td>eine einzige, selbst benannte Karte</td></tr>
<tr><th>Napf</th><th>auf Verlieren</th></tr>
<tr><td>Unreine Sauerei / Kreuzung</td><td>wie oben; gewonnen, wenn die Gegner mindestens den Grunzer holen</td></tr>
<tr><td>Mast (Solo, ab 91)</td><td>ein Herz-Solo auf Verlieren</td></tr>
<tr><td>Vegane Mast (Solo, Schwarz)</td><td>ohne Trumpf; gewonnen nur ohne einen einzigen Stich</td></tr>
</table>
<p><b>Am Spieß:</b> Jedes Spiel kann verkehrt herum angesagt werden: Die Rangfolge innerhalb der
Trümpfe und jeder Farbe dreht sich um (Trumpf sticht trotzdem Farbe).</p>
<h3>Das Spiel</h3>
<p>Angespielte Farbe bedienen (Trümpfe gelten als eine Farbe), sonst beliebig. Der höchste Trumpf
sticht, sonst die höchste Karte der angespielten Farbe. Bei der Sauerei darf, wer die gerufene
Sau hat, sie jederzeit ausspielen, eine andere Karte ihrer Farbe aber nur mit drei oder mehr Karten
dieser Farbe neben der Sau (davonlaufen). Ist er nicht davongelaufen, muss er die Sau zugeben, wenn
ihre Farbe angespielt wird, und darf sie nicht vor dem letzten Stich abwerfen. Davonlaufen gibt es
nur einmal: danach sind die Sau und ihre Farbe frei wie alle anderen Karten.</p>
<p><b>Huftritt (Kontra):</b> Ein Gegner darf der Spielerpartei bis zur zweiten Karte des ersten
Stichs einen Huftritt verpassen; die Spielerpartei darf sofort zurücktreten (<b>Re</b>). Jeder Tritt
verdoppelt die Fleischpunkte.</p>
<h3>Abrechnung</h3>
<p>Die Gewinner holen sich <b>Fleischpunkte</b>: Schlachtung 2, Extrawurst +1 beim Solo, Schwarte +1 je
Laufendem (im Trog je fehlendem Spitzentrumpf, im Napf je gehaltenem), Stallgeruch +1, wenn die Sieger mehr als 90 Augen (Trog) oder 30
oder weniger (Napf) bekamen, gezählt an ihren eigenen Augen, Porco Negro +1 für alle oder keine Stiche, Bolzenschuss +1 gegen ein Spiel am Spieß, 1 weniger
mit vier oder mehr Laufenden auf der Glücksseite. Wer waghalsig verliert, kassiert
<b>Rauborstigkeitspunkte</b>: Übergrunzen, verlorenes Spiel am Spieß, verlorenes Kontra oder Re. Am
Ende wird Schlachtmeister, wer das meiste Fleisch hat, und Oberrauborstler, wer am rauborstigsten war.</p>`,

  pigasus: html`
<p><b>Ziel:</b> Die meisten Karten sammeln, indem man Paare schneller entdeckt als alle anderen.</p>
<h3>Die Karten</h3>
<p>Neun Tiere: Schwein, Krokodil, Giraffe, Elefant, Pferd, Schaf, Ente, Hase und Eule. Jede Karte
zeigt den Körper eines Tiers mit Kopf und Fell eines anderen. Zwei Karten sind ein <b>Paar</b>, wenn
sie vertauscht sind: Schwein mit Krokodilkopf passt zu Krokodil mit Schweinekopf. 16 Karten werden
zu Beginn beiseitegelegt und nur bei Gleichstand gebraucht.</p>
<h3>Spielablauf</h3>
<p>Wer gibt, deckt die Karten eine nach der anderen auf. Sobald du ein Paar siehst, <b>schnapp dir
den Pigasus</b> (der große Knopf oder die Leertaste) und klicke dann die beiden Karten an.</p>
<ul><li><b>Richtig geschnappt:</b> Du behältst beide Karten und gibst als Nächstes.</li>
<li><b>Falsch geschnappt:</b> Du legst so viele deiner gesammelten Karten in die Schachtel zurück,
wie Personen (oder Teams) mitspielen.</li>
<li>Wer im selben Augenblick zugreift, gilt als gleichzeitig: Zeigen beide auf das richtige Paar,
bekommt jede Person eine Karte.</li></ul>
<p>Ist der Stapel aufgebraucht und kein Paar mehr übrig, gewinnen die meisten Karten. Ein Gleichstand
wird mit den beiseitegelegten Karten entschieden.</p>
<h3>Teams</h3>
<p>Im Teamspiel darf jedes Mitglied schnappen und geben; das Team hat einen gemeinsamen Stapel und
bezahlt Fehlgriffe daraus.</p>
<h3>Tasten</h3>
<p>Leertaste: schnappen · Eingabe: nächste Karte aufdecken, wenn du gibst · N: zugeben, dass kein Paar da ist.</p>`,
};

// Questions and answers (German): every decision in docs/rules/<game>.md, by its id there
// (D1, S1, P1), in the project's own words. The rules dialog searches them, and a refused
// move links to the one it breaks (CITES in ../rules.js). tests/web/test_rules_help_web.py
// checks that every decision has its entry in every language.
export const qa = {
  drecksau: [
    ["D1", "Mit welchen Karten wird Sauschön gespielt?",
      "Mit dem Grundspiel der englischen Ausgabe (57 Karten, 18 Schweine) und den 32 Sauschön-Karten, und mit dem englischen Zug: eine Karte spielen oder Karten tauschen. Nur mit ihren 18 Schweinen bekommen sechs Personen je drei Schweine."],
    ["D2", "Wie viele Schweine bekommt jede Person bei Sauschön?",
      "Drei, egal wie viele mitspielen."],
    ["D3", "Deutsche Ausgabe: Was passiert, wenn keine Karte auf meiner Hand nutzbar ist?",
      "Du musst deine Hand zeigen: Sie wird abgeworfen, du ziehst eine ganz neue Hand, und das ist dein ganzer Zug. Eine einzelne Karte abwerfen ist dann nicht erlaubt. Alle sehen die gezeigten Karten."],
    ["D4", "Darf ich Regen spielen, wenn kein Schwein gewaschen würde?",
      "Ja, Regen geht immer. In der deutschen Ausgabe steckt eine Hand mit Regen also nie fest."],
    ["D5", "Wohin dürfen Matsch und der Bauer?",
      "Eine Karte muss etwas bewirken. Matsch kommt auf eines deiner eigenen sauberen Schweine, der Bauer auf ein dreckiges Schwein von jemand anderem, dessen Stalltür nicht zu ist. Wer eine Karte loswerden will, wirft sie ab oder tauscht sie."],
    ["D6", "Wohin kommen Ställe, Blitzableiter und Stalltüren?",
      "Nur auf deine eigenen Schweine und Ställe: ein Stall pro Schwein, ein Blitzableiter und eine Tür pro Stall, und eine Tür schließt nur über einem dreckigen Schwein."],
    ["D7", "Was zerstört der Blitz?",
      "Den Stall einer anderen Person samt Tür; beide kommen auf den Ablagestapel. Das Schwein bleibt, wie es ist (ein dreckiges bleibt dreckig, jetzt ohne Dach). Einen Stall mit Blitzableiter trifft er nicht."],
    ["D8", "Was, wenn der Nachziehstapel leer ist, und wann darf ich passen?",
      "Der Ablagestapel, auch die in diesem Zug abgeworfenen Karten, wird zu einem neuen Nachziehstapel gemischt. Sind beide leer, spielst du mit weniger Karten weiter; nur ohne jede Karte und ohne etwas zum Ziehen darfst du passen."],
    ["D9", "Kann ein Spiel ewig dauern?",
      "Nein: Nach 1000 Zügen (der Zuggrenze) endet es unentschieden, ohne Sieger. Echte Spiele enden lange vorher."],
    ["D10", "Wann wird der Sieg geprüft? Kann meine Karte jemand anderen gewinnen lassen?",
      "Nach jeder Karte, für die Person, deren Schwein die Karte verändert hat. Matsch prüft dich; eine Schönsau oder „Aus dem Staub“ prüft den Besitzer des Zielschweins und kann so jemand anderen sofort gewinnen lassen."],
    ["D11", "Gewinnen dreckige und schöne Schweine zusammen?",
      "Nein. Ein schönes Schwein zählt als schön, egal was darunter liegt, und du gewinnst nur mit lauter dreckigen oder lauter schönen Schweinen."],
    ["D12", "Was kann einem schönen Schwein etwas anhaben?",
      "Nur „Aus dem Staub“ entfernt es. Matsch und Bauer dürfen nicht darauf, Regen lässt es (und das Schwein darunter) wie es ist. Es darf auf ein Schwein im Stall, solange die Stalltür nicht zu ist; der Blitz darf diesen Stall trotzdem abbrennen."],
    ["D13", "Wie läuft ein Glücksvogel-Zug?",
      "Weitere Glücksvögel auf deiner Hand werden abgeworfen. Dann spielst du deine anderen Karten einzeln, in beliebiger Reihenfolge, jede wie üblich geprüft; beendest du den Zug, wird der Rest abgeworfen. Danach ziehst du auf deine Handgröße nach."],
    ["D14", "Darf ich tauschen, obwohl ich eine Karte spielen könnte?",
      "Ja. In der englischen Ausgabe darfst du immer 1, 2 oder alle Karten tauschen; die getauschten Karten liegen offen auf dem Ablagestapel, für alle sichtbar."],
    ["D15", "Wer fängt an?",
      "Der erste Platz. Im Turnier rückt der erste Platz jede Runde eins weiter."],
    ["D16", "Wie läuft das Sauschön-Turnier?",
      "Ein schöner Sieg bringt den obersten Pokal, ein dreckiger den obersten Matscheimer. Ist ein Stapel leer, gewinnen die meisten Punkte; bei Gleichstand spielen nur die Führenden eine Entscheidungsrunde ohne Preis. Eine Runde an der Zuggrenze bringt nichts (eine Entscheidungsrunde wird wiederholt); nach 30 Runden teilen sich die Führenden den Sieg. Jede Runde wird aus dem Startwert des Turniers gegeben und lässt sich genau nachspielen."],
  ],
  saukopf: [
    ["S1", "Wann darf ein Doppelspiel (Sauerei, Kreuzung) angesagt werden?",
      "Nur wenn das höchste Gebot genau 61 ist. Gebote müssen steigen, also bleiben nach jedem höheren Gebot nur Solospiele."],
    ["S2", "Welche Zahlen darf ich bieten?",
      "Nur eine Zahl, nach der du mit deiner Hand noch ein Spiel dieser Bietrunde ansagen könntest. Im Napf gibt es keine Gebote von 62 bis 90, und 61 nur mit einer Hand für eine Unreine Sauerei oder Kreuzung."],
    ["S3", "Wie geht das Bieten reihum?",
      "Im Uhrzeigersinn. Wer quiekt (passt), ist aus dieser Bietrunde raus, und jede Person bietet höchstens zweimal. Es endet, wenn niemand außer dem Höchstbietenden noch bieten darf; ein Schwarz-Gebot beendet es sofort."],
    ["S4", "Was, wenn alle zweimal quieken?",
      "Die Karten werden eingeworfen. Das Spiel zählt trotzdem als eines der Sitzung, und die nächste Person gibt."],
    ["S5", "Woran wird Stallgeruch gemessen?",
      "An den eigenen Augen der Sieger: mehr als 90 im Trog, 30 oder weniger im Napf (genau 30 zählt)."],
    ["S6", "Wer bekommt die Extrawurst?",
      "Wer ein Solo gewinnt: der Spieler, oder die drei Gegner, wenn sie es schlagen."],
    ["S7", "Gibt es im Dreihaxer eine Extrawurst?",
      "Nein, für keine Seite."],
    ["S8", "Wie werden Laufende gezählt?",
      "Über die Karten einer ganzen Partei (beide Partner im Doppelspiel), von den Siegern aus gesehen: „mit“, wenn sie den höchsten Trumpf haben, „ohne“, wenn die andere Partei ihn hat. Die in der Kreuzung übergebene Karte bleibt in der Partei und ändert nichts."],
    ["S9", "Was ist ein Armes Schwein? Haben Spiele ohne Trumpf Laufende?",
      "Armes Schwein heißt: ein Napf-Spiel „ohne 4“ oder mehr gewinnen. Ein Spiel ohne Trumpf hat gar keine Laufenden: keine Schwarte, kein Armes Schwein."],
    ["S10", "Zählen die beiseitegelegten Karten im Dreihaxer bei den Laufenden?",
      "Nein. Sie gehören niemandem und werden beim Zählen übersprungen."],
    ["S11", "Wie findet eine Kreuzung ihren Partner?",
      "Links vom Spieler beginnend darf jede Person sich als Partner anbieten oder passen, höchstens zwei Runden lang; das erste Angebot gilt. Es werden keine Zahlen geboten: das Spiel bleibt bei 61. Der Partner gibt eine Karte, die kein Trumpf ist, falls er eine hat, sonst eine beliebige."],
    ["S12", "Wann darf ich einen Huftritt (Kontra) geben, und wer darf mit Re antworten?",
      "Gleich nach der ersten Karte werden der Reihe nach, ab der zweiten Person, alle außer dem Spieler und einem bekannten Partner gefragt. Ein verdeckter Partner wird auch gefragt, darf aber nur ablehnen, so verrät die Reihenfolge nichts. Nach einem Kontra werden der Spieler und mögliche Partner nach Re gefragt; ein Re von jemand anderem als dem Spieler zeigt den Partner."],
    ["S13", "Welche Regeln gelten für die gerufene Sau?",
      "Du darfst keine Sau rufen, die du selbst hast, und brauchst eine Karte ihrer Farbe. Wer sie hat, muss sie spielen, wenn die Farbe gespielt wird, außer beim Davonlaufen: dafür braucht es drei oder mehr weitere Karten dieser Farbe auf der Hand."],
    ["S14", "Welche Karte darf ich beim Knorpel nennen?",
      "Jede Karte im Spiel, auch eine der Gegner, aber keine im Dreihaxer beiseitegelegte: dann gäbe es gar keinen Trumpf."],
    ["S15", "Was passiert beim Verwerfen?",
      "Nur beim Mitschreiben eines Spiels an einem echten Tisch: Das Verwerfen wird als Zug eingetragen, der Rest des Spiels geht an die genannte Seite, und es wird normal abgerechnet. Online wird eine regelwidrige Karte einfach abgelehnt."],
    ["S16", "Was braucht ein Schwarz-Gebot oder ein Gebot von 120?",
      "Ein Schwarz-Gebot im Trog braucht alle Stiche. Ein Gebot von 120 braucht alle 120 Augen; ein Stich ohne Augen für die andere Seite verdirbt es nicht. Ein Schwarz-Gebot zählt als über 61."],
    ["S17", "Was, wenn mehrere gleichauf um einen Titel liegen?",
      "Bei völligem Gleichstand (gleiche Fleisch- und Rauborstigkeitspunkte) teilen sie ihn. Solange niemand einen Rauborstigkeitspunkt hat, ist niemand Oberrauborstler."],
    ["S18", "Wer bekommt den Bolzenschuss?",
      "Nur die Seite, die ein Spiel am Spieß schlägt; wer am Spieß gewinnt, bekommt keinen."],
    ["S19", "Darf, wer davongelaufen ist, die Farbe der Sau wieder ausspielen?",
      "Ja. Davonlaufen gibt es nur einmal; danach sind die Sau und die übrigen Karten ihrer Farbe frei wie alle anderen, auch wenn nur noch wenige davon übrig sind."],
    ["S20", "Wie ist die Rangfolge der Trümpfe in der Ferkelparade?",
      "Zuerst nach der Zahl: die vier Neuner (Eichel, Gras, Herz, Schellen), dann die vier Achter, dann die vier Siebener. Am Spieß umgekehrt: die Schellen 7 ist der höchste Trumpf, dann die Herz 7 und die Gras 7."],
  ],
  pigasus: [
    ["P1", "Sind Schnappen und Zeigen ein Zug?",
      "Nein, zwei: Das Schnappen zählt im Moment des Schnappens, danach wählst du die Karten. Alle sehen solange, wer den Pigasus hält; die Zeit des Schnappens entscheidet das Rennen, nicht die Zeit zum Wählen. Nur wer ihn hält, zeigt."],
    ["P2", "Wie zeige ich auf ein Paar?",
      "Auf eine Karte, dann auf die zweite; die zweite schließt deine Behauptung ab. Alle sehen jede Karte, auf die du zeigst, du kannst keine zurücknehmen, und es müssen zwei verschiedene Karten auf dem Tisch sein."],
    ["P3", "Darf der Geber aufdecken, während jemand den Pigasus hält?",
      "Nein. Bis dieses Schnappen beurteilt ist, wird nichts aufgedeckt."],
    ["P4", "Was, wenn mehrere fast gleichzeitig schnappen?",
      "Das früheste Schnappen bekommt den Pigasus. Wer bis 150 ms danach schnappt, hält ihn gleichberechtigt mit; später ist zu spät und wird abgelehnt."],
    ["P5", "Zwei gleichberechtigte zeigen auf dasselbe richtige Paar: wer punktet?",
      "Jede Person nimmt eine der beiden Karten; das frühere Schnappen nimmt die Karte mit der niedrigeren Nummer."],
    ["P6", "Gleichberechtigte zeigen auf zwei verschiedene richtige Paare?",
      "Jede Person nimmt ihr ganzes Paar."],
    ["P7", "Eine gleichberechtigte Person hat recht, eine andere nicht?",
      "Jede wird für sich beurteilt: die richtige punktet, die falsche zahlt."],
    ["P8", "Eine dritte zeigt auf ein schon geteiltes Paar?",
      "Sie bekommt nichts und zahlt nichts: Ein Paar hat nur zwei Karten, und recht haben wird nicht bestraft."],
    ["P9", "Wer gibt nach einem Schnappen?",
      "Nach einem richtigen Schnappen gibt, wer geschnappt hat. Bei gleichberechtigtem Halten gibt, wer unter den Punktenden am frühesten schnappte; hat niemand gepunktet, bleibt der Geber."],
    ["P10", "Was kostet ein falsches Schnappen?",
      "So viele deiner gesammelten Karten, wie Personen mitspielen (oder alle, die du hast). Die zuletzt gewonnenen gehen zuerst zurück, in die Schachtel, aus dem Spiel."],
    ["P11", "Was, wenn ich schnappe und dann kein Paar sehe?",
      "„Kein Paar“ nach dem Schnappen ist ein falsches Schnappen, ebenso ein Schnappen, wenn kein Paar auf dem Tisch liegt."],
    ["P12", "Was, wenn ich falsch schnappe und keine Karten zum Bezahlen habe?",
      "Du musst aussetzen: Du darfst erst wieder schnappen, wenn jemand ein Paar nimmt (oder ein Stechen beginnt). Sonst kostete Raten nichts."],
    ["P13", "Wie lange darf ich nach dem Schnappen überlegen?",
      "10 Sekunden. Wer bis dahin nicht gezeigt hat, hat auf nichts gezeigt: ein falsches Schnappen."],
    ["P14", "Was, wenn mein Zug ankommt, kurz nachdem sich der Tisch geändert hat?",
      "Er wird am Tisch nach der Änderung gemessen; wird er abgelehnt, ändert sich nichts."],
    ["P15", "Wann endet das Spiel?",
      "Nach der letzten Karte: sofort, wenn kein Paar mehr auf dem Tisch liegt."],
    ["P16", "Und wenn nach der letzten Karte noch ein Paar liegt?",
      "Es läuft eine letzte Runde: Schnappen zählt weiter, und das Spiel endet, sobald 5 Sekunden ohne Änderung vergehen."],
    ["P17", "Was, wenn die letzte Runde auf 0 steht?",
      "Das Spiel endet in dem Moment, in dem die letzte Karte liegt (oder das letzte Schnappen beurteilt ist), auch mit einem Paar auf dem Tisch."],
    ["P18", "Was passiert bei Gleichstand?",
      "Die Gleichauf-Liegenden spielen allein weiter, mit den 16 beiseitegelegten Karten als Stapel und dem Tisch, wie er ist; wer von ihnen zuerst punktet, gewinnt."],
    ["P19", "Dürfen im Stechen alle schnappen?",
      "Nein, nur die Gleichauf-Liegenden."],
    ["P20", "Wer gibt im Stechen?",
      "Der Geber, wenn er gleichauf liegt, sonst die nächste gleichauf liegende Person im Uhrzeigersinn."],
    ["P21", "Mehrere im Stechen punkten mit demselben Schnappen?",
      "Nur sie spielen weiter."],
    ["P22", "Was, wenn im Stechen die beiseitegelegten Karten ausgehen?",
      "Wer dann noch im Stechen ist, teilt sich den Sieg."],
    ["P23", "Was kostet im Team ein falsches Schnappen?",
      "So viele Karten, wie es Teams gibt, nicht Personen."],
    ["P24", "Dürfen zwei aus einem Team den Pigasus zusammen halten?",
      "Nein, ein Team hält ihn höchstens einmal: Das Schnappen eines Teammitglieds im selben Moment wird abgelehnt, ebenso ein zweites eigenes."],
    ["P25", "Wie sitzen die Teams?",
      "Abwechselnd: Platz 1 spielt für Team 1, Platz 2 für Team 2 und so weiter reihum."],
    ["P26", "Sehe ich, welche Karten andere gesammelt haben?",
      "Nein: Gesammelte Karten liegen verdeckt. Stapel, Nachziehstapel, beiseitegelegte Karten und Schachtel zeigen nur Anzahlen."],
    ["P27", "Wer gibt zuerst?",
      "Der erste Platz, außer der Tisch hat einen anderen gewählt."],
    ["P28", "Wie viele können mitspielen?",
      "2 bis 10; im Team 4 bis 10, in 2 bis 5 Teams mit mindestens zwei Personen."],
    ["P29", "Kann ein Spiel endlos dauern?",
      "Nein: Nach 5000 Zügen hört es auf und wird gewertet, wie es steht; Gleichstand teilt den Sieg."],
  ],
};
