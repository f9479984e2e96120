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
<tr><td>Ferkelparade (Solo)</td><td>alle Neuner, Achter und Siebener</td></tr>
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
ihre Farbe angespielt wird, und darf sie nicht vor dem letzten Stich abwerfen.</p>
<p><b>Huftritt (Kontra):</b> Ein Gegner darf der Spielerpartei bis zur zweiten Karte des ersten
Stichs einen Huftritt verpassen; die Spielerpartei darf sofort zurücktreten (<b>Re</b>). Jeder Tritt
verdoppelt die Fleischpunkte.</p>
<h3>Abrechnung</h3>
<p>Die Gewinner holen sich <b>Fleischpunkte</b>: Schlachtung 2, Extrawurst +1 beim Solo, Schwarte +1 je
Laufendem (im Trog je fehlendem Spitzentrumpf, im Napf je gehaltenem), Stallgeruch +1 bei deutlichem
Abstand, Porco Negro +1 für alle oder keine Stiche, Bolzenschuss +1 gegen ein Spiel am Spieß, 1 weniger
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
