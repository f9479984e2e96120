// Drecksau's rules in the project's own words (English, German, French), the questions
// and answers for every decision in docs/rules/drecksau.md by its id there (D1, D2...),
// and the decision each refused move breaks. The renderer hands them to the rules dialog
// (../../rules.js); tests/web/test_rules_help_web.py checks every decision has its entry
// in every language.
import { html } from "../../dom.js";

/** The rules by language, as content for dom.js. */
export const text = {
  en: html`
<p><b>Goal:</b> be the first whose pigs are all dirty. Pigs love mud; the farmer, the rain
and the other players do not.</p>
<h3>Setting up</h3>
<p>Everyone lays out clean pigs: 5 each with two players, 4 with three, 3 with more.
Each player holds 3 cards (4 in the faster variant of the German edition).</p>
<h3>A turn</h3>
<p>Use one card, then draw back up to your hand size. If no card suits you:</p>
<ul><li><b>Dirty Pig (English edition), Sauschön:</b> swap one, two or all of your cards instead.</li>
<li><b>Drecksau (German edition):</b> throw one card away instead. If nothing in your hand can be
used at all, show your hand, throw it away and draw a new one.</li></ul>
<h3>The cards</h3>
<dl>
<dt>Mud</dt><dd>One of your clean pigs gets dirty. Drecksau!</dd>
<dt>Rain</dt><dd>Washes every dirty pig clean, yours too, except pigs in a barn.</dd>
<dt>Barn</dt><dd>Goes over one of your pigs, clean or dirty, and keeps the rain off.</dd>
<dt>Farmer scrubs</dt><dd>Cleans a dirty pig of another player, even in a barn, unless the barn door is shut.</dd>
<dt>Barn door</dt><dd>Shuts one of your barns with a dirty pig inside: now the farmer cannot get in.</dd>
<dt>Lightning</dt><dd>Burns down another player's barn (and its door). The pig itself is fine.</dd>
<dt>Lightning rod</dt><dd>Goes on one of your barns: lightning can no longer strike it.</dd>
</dl>
<p>A dirty pig in a barn with a shut door and a lightning rod can never be cleaned again.</p>
<h3>Sauschön expansion</h3>
<p>Three pigs each. You also win with all pigs <b>pretty</b>.</p>
<dl>
<dt>Pretty pig</dt><dd>Put it on any pig, yours or someone else's, clean or dirty. Mud, rain and the
farmer cannot touch a pretty pig. Not allowed behind a shut barn door, and a barn with a pretty pig
cannot be shut.</dd>
<dt>Escape</dt><dd>Removes a pretty pig from any player; the pig underneath shows again.</dd>
<dt>Lucky bird</dt><dd>Play it and you may also play the rest of your hand this turn; extra lucky
birds in your hand are lost.</dd>
</dl>
<h3>Sauschön tournament</h3>
<p>Play rounds. A round won with pretty pigs earns the top trophy, one won with dirty pigs the
top mud bucket; each stack holds prizes worth 1, 2 and 3 points, the 1 on top. When one stack is
empty the most points win; tied leaders play one deciding round.</p>
<h3>In this app</h3>
<p>Click a card in your hand: the pigs it can go on light up. Then click the pig (or its barn).
Cards that need no target get a button. Greyed cards cannot be used now, but you can swap
or throw them away.</p>`,

  de: html`
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

  fr: html`
<p><b>But :</b> être la première personne dont tous les cochons sont sales. Les cochons adorent
la boue ; le fermier, la pluie et les autres joueurs beaucoup moins.</p>
<h3>Mise en place</h3>
<p>Chacun aligne des cochons propres : 5 à deux joueurs, 4 à trois, 3 au-delà. Chacun tient
3 cartes en main (4 dans la variante rapide de l'édition allemande).</p>
<h3>Un tour</h3>
<p>Jouez une carte, puis complétez votre main. Si aucune carte ne vous convient :</p>
<ul><li><b>Dirty Pig (édition anglaise), Sauschön :</b> échangez une, deux ou toutes vos cartes à la place.</li>
<li><b>Drecksau (édition allemande) :</b> défaussez une carte à la place. Si aucune carte n'est
utilisable, montrez votre main, défaussez-la et piochez-en une nouvelle.</li></ul>
<h3>Les cartes</h3>
<dl>
<dt>Boue</dt><dd>Un de vos cochons propres devient sale. Drecksau !</dd>
<dt>Pluie</dt><dd>Lave tous les cochons sales, les vôtres aussi, sauf ceux qui sont dans une grange.</dd>
<dt>Grange</dt><dd>Se pose sur un de vos cochons, propre ou sale, et le protège de la pluie.</dd>
<dt>Le fermier frotte</dt><dd>Nettoie un cochon sale d'un autre joueur, même dans une grange, sauf si la porte est verrouillée.</dd>
<dt>Porte de grange</dt><dd>Verrouille une de vos granges abritant un cochon sale : le fermier ne peut plus entrer.</dd>
<dt>Foudre</dt><dd>Brûle la grange (et sa porte) d'un autre joueur. Le cochon n'a rien.</dd>
<dt>Paratonnerre</dt><dd>Se pose sur une de vos granges : la foudre ne peut plus la frapper.</dd>
</dl>
<p>Un cochon sale dans une grange verrouillée avec paratonnerre reste sale pour toujours.</p>
<h3>Extension Sauschön</h3>
<p>Trois cochons chacun. On gagne aussi avec uniquement de <b>beaux</b> cochons.</p>
<dl>
<dt>Belle truie</dt><dd>Se pose sur n'importe quel cochon, à vous ou à un autre, propre ou sale. La boue,
la pluie et le fermier n'ont aucun effet sur elle. Interdite derrière une porte verrouillée, et une
grange avec une belle truie ne peut pas être verrouillée.</dd>
<dt>Fuite</dt><dd>Retire une belle truie à n'importe quel joueur ; le cochon dessous réapparaît.</dd>
<dt>Oiseau porte-bonheur</dt><dd>Qui le joue peut aussi jouer le reste de sa main ce tour-ci ; les
autres oiseaux en main sont perdus.</dd>
</dl>
<h3>Tournoi Sauschön</h3>
<p>On joue plusieurs manches. Une manche gagnée avec de beaux cochons rapporte le trophée du dessus,
une manche gagnée avec des cochons sales le seau de boue du dessus ; chaque pile contient des prix
de 1, 2 et 3 points, le 1 en haut. Quand une pile est vide, le plus de points l'emporte ; en cas
d'égalité, les premiers jouent une manche décisive.</p>
<h3>Dans cette application</h3>
<p>Cliquez sur une carte de votre main : les cochons où elle peut aller s'allument. Cliquez ensuite
sur le cochon (ou sa grange). Les cartes sans cible ont un bouton. Les cartes grisées ne servent
à rien pour l'instant, mais on peut les échanger ou les défausser.</p>`,

};

/** What people type for the game's own words, by language: lists of words the rules search
 * (../../rules.js) takes as meaning the same. */
export const synonyms = {
  en: [["barn", "shed", "stable", "sty"], ["dirty", "muddy", "filthy"], ["clean", "wash"],
    ["start", "begin", "first"], ["pretty", "beautiful"]],
  de: [["stall", "scheune"], ["dreckig", "schmutzig"], ["sauber", "waschen"], ["anfangen", "beginnen", "starten"],
    ["schonsau", "schon", "hubsch"]],
  fr: [["grange", "etable", "abri", "porcherie"], ["sale", "boueux"], ["propre", "laver", "nettoyer"],
    ["commencer", "debuter", "premier"], ["belle", "jolie"]],
};

/** The questions and answers by language: [id, question, answer]. */
export const qa = {
  en: [
    ["D1", "Which cards is Sauschön played with?",
      "With the English edition's base deck (57 cards, 18 pigs) plus the 32 Sauschön cards, and with the English turn: play a card or swap cards. Its 18 pigs are what give six players three pigs each."],
    ["D2", "How many pigs does each player get in Sauschön?",
      "Three, whatever the number of players."],
    ["D3", "German edition: what happens when no card in my hand can be used?",
      "You must show your hand: it is thrown away, you draw a full new hand, and that is your whole turn. Throwing away a single card is not allowed then. Everyone sees the cards you showed."],
    ["D4", "Can I play rain when no pig would be washed?",
      "Yes, rain can always be played. So in the German edition a hand with rain is never stuck."],
    ["D5", "Where may mud and the farmer go?",
      "A card has to change something. Mud goes on one of your own clean pigs; the farmer on another player's dirty pig whose barn door is not shut. To get rid of a card, throw it away or swap it."],
    ["D6", "Where do barns, lightning rods and barn doors go?",
      "On your own pigs and barns only: one barn per pig, one rod and one door per barn, and a door only shuts on a dirty pig."],
    ["D7", "What does lightning destroy?",
      "Another player's barn together with its door; both go to the discard pile. The pig stays as it was (a dirty pig stays dirty, now out in the rain). A barn with a lightning rod cannot be struck."],
    ["D8", "What if the draw pile runs out, and when may I pass?",
      "The discard pile, including cards thrown away this turn, is shuffled into a new draw pile. If both are empty you play on with fewer cards; only with no cards at all and nothing to draw may you pass."],
    ["D9", "Can a game go on forever?",
      "No: after 1000 turns (the turn limit) the game ends as a draw, with no winner. Real games end long before that."],
    ["D10", "When is a win checked? Can my card make someone else win?",
      "After every card, for the owner of the pig the card changed. Mud checks you; a Pretty Pig or an Escape checks the owner of the target pig, so it can make another player win on the spot."],
    ["D11", "Do dirty and pretty pigs together win?",
      "No. A pretty pig counts as pretty whatever is under it, and you win only with all pigs dirty or all pigs pretty."],
    ["D12", "What can touch a pretty pig?",
      "Only Escape removes it. Mud and the farmer cannot be played on it, and rain leaves it (and the pig below) as it is. It may go on a pig in a barn unless the barn door is shut; lightning may still burn that barn."],
    ["D13", "How does a Lucky Bird turn go?",
      "Other Lucky Birds in your hand are discarded. Then you play your other cards one at a time, in any order, each checked as usual; finishing the turn throws away what you did not play. Then you draw back up to your hand size."],
    ["D14", "May I swap cards although I could play one?",
      "Yes. In the English edition swapping 1, 2 or all cards is always allowed; the swapped cards lie face up on the discard pile for everyone to see."],
    ["D15", "Who starts?",
      "The first seat. In the tournament the first player moves on one seat each round."],
    ["D16", "How does the Sauschön tournament work?",
      "A pretty win takes the top trophy, a dirty win the top mud bucket. When a stack is empty, most points wins; tied leaders alone play a deciding round that awards nothing. A round that hits the turn limit awards nothing (a deciding round is played again); after 30 rounds the leaders share the win. Every round is dealt from the tournament's seed, so it replays exactly."],
  ],
  de: [
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
  fr: [
    ["D1", "Avec quelles cartes joue-t-on Sauschön ?",
      "Avec le jeu de base de l'édition anglaise (57 cartes, 18 cochons) et les 32 cartes Sauschön, et avec le tour anglais : jouer une carte ou échanger des cartes. Seuls ses 18 cochons donnent trois cochons chacun à six joueurs."],
    ["D2", "Combien de cochons chaque joueur reçoit-il à Sauschön ?",
      "Trois, quel que soit le nombre de joueurs."],
    ["D3", "Édition allemande : que se passe-t-il si aucune carte de ma main n'est utilisable ?",
      "Vous devez montrer votre main : elle est défaussée, vous piochez une main toute neuve, et c'est tout votre tour. Défausser une seule carte n'est alors pas permis. Tout le monde voit les cartes montrées."],
    ["D4", "Puis-je jouer la pluie si aucun cochon ne serait lavé ?",
      "Oui, la pluie se joue toujours. Dans l'édition allemande, une main avec de la pluie n'est donc jamais bloquée."],
    ["D5", "Où peut-on jouer la boue et le fermier ?",
      "Une carte doit changer quelque chose. La boue va sur un de vos cochons propres ; le fermier sur un cochon sale d'un autre joueur dont la porte de grange n'est pas fermée. Pour se débarrasser d'une carte, on la défausse ou on l'échange."],
    ["D6", "Où vont les granges, paratonnerres et portes de grange ?",
      "Seulement sur vos propres cochons et granges : une grange par cochon, un paratonnerre et une porte par grange, et une porte ne se ferme que sur un cochon sale."],
    ["D7", "Que détruit la foudre ?",
      "La grange d'un autre joueur avec sa porte ; les deux vont à la défausse. Le cochon reste tel quel (un cochon sale reste sale, désormais à découvert). Une grange avec paratonnerre ne peut pas être frappée."],
    ["D8", "Et si la pioche est vide ? Quand puis-je passer ?",
      "La défausse, y compris les cartes défaussées pendant ce tour, est mélangée en une nouvelle pioche. Si les deux sont vides, on continue avec moins de cartes ; on ne peut passer que sans aucune carte et sans rien à piocher."],
    ["D9", "Une partie peut-elle durer éternellement ?",
      "Non : après 1000 tours (la limite de tours), elle se termine par une égalité, sans gagnant. Les vraies parties finissent bien avant."],
    ["D10", "Quand la victoire est-elle vérifiée ? Ma carte peut-elle faire gagner quelqu'un d'autre ?",
      "Après chaque carte, pour le propriétaire du cochon que la carte a changé. La boue vous vérifie vous ; une Belle truie ou une Fuite vérifie le propriétaire du cochon visé, et peut donc faire gagner un autre joueur sur-le-champ."],
    ["D11", "Des cochons sales et de belles truies ensemble, ça gagne ?",
      "Non. Une belle truie compte comme belle quoi qu'il y ait dessous, et on ne gagne qu'avec tous ses cochons sales ou tous beaux."],
    ["D12", "Qu'est-ce qui peut toucher une belle truie ?",
      "Seule la Fuite l'enlève. La boue et le fermier ne peuvent pas la viser, la pluie la laisse (elle et le cochon dessous) telle quelle. Elle peut aller sur un cochon dans une grange tant que la porte n'est pas fermée ; la foudre peut quand même brûler cette grange."],
    ["D13", "Comment se passe un tour d'Oiseau porte-bonheur ?",
      "Les autres Oiseaux porte-bonheur de votre main sont défaussés. Puis vous jouez vos autres cartes une à une, dans l'ordre voulu, chacune vérifiée comme d'habitude ; terminer le tour défausse ce qui n'a pas été joué. Ensuite vous complétez votre main."],
    ["D14", "Puis-je échanger des cartes alors que je pourrais en jouer une ?",
      "Oui. Dans l'édition anglaise, échanger 1, 2 ou toutes ses cartes est toujours permis ; les cartes échangées sont posées face visible sur la défausse, à la vue de tous."],
    ["D15", "Qui commence ?",
      "La première place. En tournoi, le premier joueur avance d'une place à chaque manche."],
    ["D16", "Comment se déroule le tournoi Sauschön ?",
      "Une victoire en beauté prend le trophée du dessus, une victoire dans la boue le seau du dessus. Quand une pile est vide, le plus de points gagne ; en cas d'égalité, seuls les meneurs jouent une manche décisive sans prix. Une manche arrêtée par la limite de tours ne rapporte rien (une manche décisive est rejouée) ; après 30 manches, les meneurs se partagent la victoire. Chaque manche est distribuée à partir de la graine du tournoi et se rejoue à l'identique."],
  ],
};

/** The decision a refused move breaks, by the rule name the server sends with the refusal
 * (the engine's IllegalActionError rules). Rules that no decision explains are not here. */
export const cites = {
  "expansion-card": "D1",
  "show-only-when-stuck": "D3", "show-when-stuck": "D3", "discard-one-card": "D3",
  "show-only-in-german-edition": "D3",
  "mud-own-pig": "D5", "mud-needs-clean-pig": "D5", "farmer-other-player": "D5",
  "farmer-needs-dirty-pig": "D5", "barn-door-blocks-farmer": "D5",
  "barn-own-pig": "D6", "one-barn-per-pig": "D6", "door-own-pig": "D6", "barn-door-needs-barn": "D6",
  "one-door-per-barn": "D6", "barn-door-needs-dirty-pig": "D6", "rod-own-pig": "D6",
  "rod-needs-barn": "D6", "one-rod-per-barn": "D6",
  "lightning-other-player": "D7", "lightning-needs-barn": "D7", "rod-blocks-lightning": "D7",
  "pass-only-when-empty": "D8",
  "pretty-pig-protected": "D12", "no-door-for-pretty-pig": "D12", "no-pretty-in-shut-barn": "D12",
  "one-pretty-per-pig": "D12", "escape-needs-pretty-pig": "D12",
  "lucky-bird": "D13", "lucky-bird-plays-only": "D13", "done-only-after-lucky-bird": "D13",
  "exchange-size": "D14",
};
