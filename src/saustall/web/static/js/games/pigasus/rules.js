// Pigasus's rules in the project's own words (English, German, French), the questions
// and answers for every decision in docs/rules/pigasus.md by its id there (P1, P2...),
// and the decision each refused move breaks. The renderer hands them to the rules dialog
// (../../rules.js); tests/web/test_rules_help_web.py checks every decision has its entry
// in every language.
import { html } from "../../dom.js";

/** The rules by language, as content for dom.js. */
export const text = {
  en: html`
<p><b>Goal:</b> collect the most cards by spotting pairs faster than everyone else.</p>
<h3>The cards</h3>
<p>Nine animals: pig, crocodile, giraffe, elephant, horse, sheep, duck, rabbit and owl. Every
card shows one animal's body wearing another animal's head and skin. Two cards are a
<b>pair</b> when they are swapped: a pig with a crocodile's head goes with a crocodile with a pig's
head. 16 cards are set aside at the start and only used to break a tie.</p>
<h3>Playing</h3>
<p>The dealer turns cards face up one by one. As soon as you see a pair, <b>grab the Pigasus</b>
(the big button, or the space bar), then click the two cards.</p>
<ul><li><b>Right grab:</b> you keep both cards and become the dealer.</li>
<li><b>Wrong grab:</b> you put as many of your collected cards back into the box as there are
players (or teams).</li>
<li>Grabs within a split second of each other count as simultaneous: if both point at the
right pair, each gets one card.</li></ul>
<p>When the deck is used up and no pair is left, the most cards win. A tie is broken with the
cards set aside.</p>
<h3>Teams</h3>
<p>In the team game, every member may grab and deal; the team shares one pile and pays wrong
grabs from it.</p>
<h3>Keys</h3>
<p>Space: grab · Enter: reveal the next card when you deal · N: admit there is no pair.</p>`,
  de: html`
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
  fr: html`
<p><b>But :</b> ramasser le plus de cartes en repérant les paires plus vite que tout le monde.</p>
<h3>Les cartes</h3>
<p>Neuf animaux : cochon, crocodile, girafe, éléphant, cheval, mouton, canard, lapin et hibou. Chaque
carte montre le corps d'un animal avec la tête et le pelage d'un autre. Deux cartes forment une
<b>paire</b> quand elles sont inversées : un cochon à tête de crocodile va avec un crocodile à tête de
cochon. 16 cartes sont mises de côté au début et ne servent qu'à départager une égalité.</p>
<h3>Déroulement</h3>
<p>Le donneur retourne les cartes une par une. Dès que vous voyez une paire, <b>attrapez le Pigasus</b>
(le gros bouton ou la barre d'espace), puis cliquez sur les deux cartes.</p>
<ul><li><b>Bonne prise :</b> vous gardez les deux cartes et devenez le donneur.</li>
<li><b>Mauvaise prise :</b> vous remettez dans la boîte autant de vos cartes qu'il y a de joueurs
(ou d'équipes).</li>
<li>Des prises à un instant d'écart comptent comme simultanées : si toutes deux désignent la bonne
paire, chacun reçoit une carte.</li></ul>
<p>Quand la pioche est épuisée et qu'il ne reste aucune paire, le plus de cartes l'emporte. Une
égalité se départage avec les cartes mises de côté.</p>
<h3>Équipes</h3>
<p>En équipe, chaque membre peut attraper et donner ; l'équipe partage un seul tas et y paie ses
mauvaises prises.</p>
<h3>Touches</h3>
<p>Espace : attraper · Entrée : retourner la carte suivante quand vous donnez · N : admettre qu'il n'y a pas de paire.</p>`,
};

/** The questions and answers by language: [id, question, answer]. */
export const qa = {
  en: [
    ["P1", "Are grabbing and pointing one move?",
      "No, two: the grab counts the moment you grab, then you choose the cards. Everyone sees who holds the Pigasus meanwhile; the grab time, not the time spent choosing, decides the race. Only a holder points."],
    ["P2", "How do I point at a pair?",
      "At one card, then at the second; the second completes your claim. Everyone sees each card you point at, you cannot take one back, and both must be two different cards on the table."],
    ["P3", "Can the dealer reveal a card while someone holds the Pigasus?",
      "No. Nothing is revealed until that grab is judged."],
    ["P4", "What if several players grab at almost the same moment?",
      "The earliest grab takes the Pigasus. Grabs up to 150 ms after it hold it equally; a later grab is refused as too late."],
    ["P5", "Two equal holders point at the same right pair: who scores?",
      "Each takes one of its two cards; the earlier grab takes the card with the lower number."],
    ["P6", "Equal holders point at two different right pairs?",
      "Each takes their whole pair."],
    ["P7", "One equal holder is right and another is wrong?",
      "Each is judged alone: the right one scores, the wrong one pays."],
    ["P8", "A third equal holder points at a pair already shared?",
      "They score nothing and pay nothing: a pair has only two cards, and being right is not punished."],
    ["P9", "Who deals after a grab?",
      "After a right grab the grabber deals. After equal holds, the earliest grab among those who scored deals; if nobody scored, the dealer stays."],
    ["P10", "What does a wrong grab cost?",
      "As many of your collected cards as there are players (or all you have). The most recently won go back first, into the box, out of play."],
    ["P11", "What if I grab and then see no pair?",
      "Saying “no pair” after a grab is a wrong grab, and so is a grab when there is no pair on the table."],
    ["P12", "What if I grab wrongly with no cards to pay?",
      "You are benched: you may not grab again until someone takes a pair (or a tie-break starts). Otherwise guessing would cost nothing."],
    ["P13", "How long may I think after grabbing?",
      "10 seconds. A holder who has not pointed by then has pointed at nothing: a wrong grab."],
    ["P14", "What if my move arrives just after the table changed?",
      "It is judged against the table as it is after the change; if it is refused, nothing changes."],
    ["P15", "When does the game end?",
      "After the last card: at once if no pair is left on the table."],
    ["P16", "And if a pair is still on the table after the last card?",
      "A last call runs: grabs still count, and the game ends once 5 seconds pass with no change."],
    ["P17", "What if the last call is set to 0?",
      "The game ends the moment the last card is laid (or the last grab is judged), even with a pair on the table."],
    ["P18", "What happens on a tie?",
      "The tied players play on alone, with the 16 set-aside cards as the deck and the table as it is; the first of them to score wins."],
    ["P19", "May everyone grab in a tie-break?",
      "No, only the tied players."],
    ["P20", "Who deals in a tie-break?",
      "The dealer if tied, otherwise the next tied player clockwise."],
    ["P21", "Several tied players score with the same grab?",
      "They alone play on."],
    ["P22", "What if the set-aside cards run out in a tie-break?",
      "The tied players still in it share the win."],
    ["P23", "In teams, what does a wrong grab cost?",
      "As many cards as there are teams, not people."],
    ["P24", "May two teammates hold the Pigasus together?",
      "No, a team holds it at most once: a teammate's grab in the same moment is refused, and so is a second grab of your own."],
    ["P25", "How are teams seated?",
      "Alternately: seat 1 plays for team 1, seat 2 for team 2, and so on round the table."],
    ["P26", "Can I see which cards others have collected?",
      "No: collected cards lie face down. Piles, the deck, the set-aside cards and the box show as counts only."],
    ["P27", "Who deals first?",
      "The first seat, unless the table chose another."],
    ["P28", "How many can play?",
      "2 to 10 players; in teams 4 to 10, in 2 to 5 teams of at least two."],
    ["P29", "Can a game go on without end?",
      "No: after 5000 moves it stops and is scored as it stands; ties share the win."],
  ],
  de: [
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
  fr: [
    ["P1", "Attraper et montrer, est-ce un seul coup ?",
      "Non, deux : la prise compte à l'instant où vous attrapez, ensuite vous choisissez les cartes. Tout le monde voit qui tient le Pigasus pendant ce temps ; c'est l'heure de la prise qui décide, pas le temps de réflexion. Seul celui qui le tient montre."],
    ["P2", "Comment montrer une paire ?",
      "Une carte, puis la seconde ; la seconde complète votre affirmation. Chacun voit chaque carte montrée, vous ne pouvez pas en reprendre, et ce doivent être deux cartes différentes sur la table."],
    ["P3", "Le donneur peut-il retourner une carte pendant que quelqu'un tient le Pigasus ?",
      "Non. Rien n'est retourné avant que cette prise soit jugée."],
    ["P4", "Et si plusieurs attrapent presque en même temps ?",
      "La prise la plus tôt gagne le Pigasus. Les prises jusqu'à 150 ms après le tiennent à égalité ; plus tard, c'est trop tard et c'est refusé."],
    ["P5", "Deux tenants à égalité montrent la même bonne paire : qui marque ?",
      "Chacun prend une des deux cartes ; la prise la plus tôt prend la carte au plus petit numéro."],
    ["P6", "Des tenants à égalité montrent deux bonnes paires différentes ?",
      "Chacun prend toute sa paire."],
    ["P7", "Un tenant à égalité a raison, un autre tort ?",
      "Chacun est jugé seul : le bon marque, le mauvais paie."],
    ["P8", "Un troisième tenant montre une paire déjà partagée ?",
      "Il ne gagne rien et ne paie rien : une paire n'a que deux cartes, et avoir raison n'est pas puni."],
    ["P9", "Qui distribue après une prise ?",
      "Après une bonne prise, celui qui a attrapé distribue. Après une prise à égalité, la prise la plus tôt parmi ceux qui ont marqué distribue ; si personne n'a marqué, le donneur reste."],
    ["P10", "Que coûte une mauvaise prise ?",
      "Autant de vos cartes gagnées qu'il y a de joueurs (ou toutes celles que vous avez). Les plus récentes repartent d'abord, dans la boîte, hors jeu."],
    ["P11", "Et si j'attrape puis ne vois pas de paire ?",
      "Dire « pas de paire » après une prise est une mauvaise prise, tout comme une prise quand aucune paire n'est sur la table."],
    ["P12", "Et si je me trompe sans carte pour payer ?",
      "Vous êtes mis sur le banc : pas de nouvelle prise avant que quelqu'un prenne une paire (ou qu'un départage commence). Sinon deviner ne coûterait rien."],
    ["P13", "Combien de temps puis-je réfléchir après une prise ?",
      "10 secondes. Qui n'a pas montré d'ici là n'a rien montré : une mauvaise prise."],
    ["P14", "Et si mon coup arrive juste après un changement sur la table ?",
      "Il est jugé d'après la table après le changement ; s'il est refusé, rien ne change."],
    ["P15", "Quand la partie se termine-t-elle ?",
      "Après la dernière carte : aussitôt s'il ne reste aucune paire sur la table."],
    ["P16", "Et s'il reste une paire après la dernière carte ?",
      "Un dernier appel a lieu : les prises comptent encore, et la partie finit dès que 5 secondes passent sans changement."],
    ["P17", "Et si le dernier appel est réglé à 0 ?",
      "La partie finit à l'instant où la dernière carte est posée (ou la dernière prise jugée), même avec une paire sur la table."],
    ["P18", "Que se passe-t-il en cas d'égalité ?",
      "Les ex æquo jouent seuls, avec les 16 cartes mises de côté comme pioche et la table telle quelle ; le premier d'entre eux qui marque gagne."],
    ["P19", "Tout le monde peut-il attraper pendant le départage ?",
      "Non, seulement les ex æquo."],
    ["P20", "Qui distribue au départage ?",
      "Le donneur s'il est ex æquo, sinon le prochain ex æquo dans le sens des aiguilles d'une montre."],
    ["P21", "Plusieurs ex æquo marquent avec la même prise ?",
      "Eux seuls continuent."],
    ["P22", "Et si les cartes mises de côté s'épuisent au départage ?",
      "Les ex æquo encore en lice se partagent la victoire."],
    ["P23", "En équipes, que coûte une mauvaise prise ?",
      "Autant de cartes qu'il y a d'équipes, pas de personnes."],
    ["P24", "Deux coéquipiers peuvent-ils tenir le Pigasus ensemble ?",
      "Non, une équipe le tient au plus une fois : la prise d'un coéquipier au même instant est refusée, tout comme une deuxième prise de votre part."],
    ["P25", "Comment les équipes sont-elles placées ?",
      "En alternance : la place 1 joue pour l'équipe 1, la place 2 pour l'équipe 2, et ainsi de suite autour de la table."],
    ["P26", "Puis-je voir les cartes gagnées par les autres ?",
      "Non : les cartes gagnées sont face cachée. Les tas, la pioche, les cartes mises de côté et la boîte ne montrent que des nombres."],
    ["P27", "Qui distribue en premier ?",
      "La première place, sauf si la table en a choisi une autre."],
    ["P28", "Combien peuvent jouer ?",
      "De 2 à 10 ; en équipes de 4 à 10, en 2 à 5 équipes d'au moins deux."],
    ["P29", "Une partie peut-elle ne jamais finir ?",
      "Non : après 5000 coups elle s'arrête et est comptée telle quelle ; les égalités partagent la victoire."],
  ],
};

/** The decision a refused move breaks, by the rule name the server sends with the refusal
 * (the engine's IllegalActionError rules). Rules that no decision explains are not here. */
export const cites = {
  "only-holder-points": "P1",
  "point-once": "P2", "point-at-table-cards": "P2", "point-two-different-cards": "P2",
  "no-reveal-while-held": "P3",
  "pigasus-held": "P4",
  "benched": "P12",
  "time-moves-forward": "P14", "tick-when-due": "P14", "tick-at-due-time": "P14",
  "deck-empty": "P15",
  "tiebreak-contenders-only": "P19",
  "hold-once": "P24",
};
