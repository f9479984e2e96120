// Saukopf's rules in the project's own words (English, German, French), the questions
// and answers for every decision in docs/rules/saukopf.md by its id there (S1, S2...),
// and the decision each refused move breaks. The renderer hands them to the rules dialog
// (../../rules.js); tests/web/test_rules_help_web.py checks every decision has its entry
// in every language.
import { html } from "../../dom.js";

/** The rules by language, as content for dom.js. */
export const text = {
  en: html`
<p><b>Saukopf</b> is Schafkopf with pigs: four players, the 32-card Bavarian deck (Acorns,
Leaves, Hearts, Bells; Sau, Ten, King, Ober, Unter, Nine, Eight, Seven). Card points:
Sau 11, Ten 10, King 4, Ober 3, Unter 2, others 0; 120 in all. Dreihaxer is the three-player
version with ten cards each and two cards laid aside.</p>
<h3>Bidding: grunting and squeaking</h3>
<p>Starting left of the dealer, players <b>grunt</b> a number of card points (61 to 120, or
Schwarz for every trick) or <b>squeak</b> to pass; each may grunt at most twice. The highest
grunter becomes the declarer. Bidding starts in the <b>Trog</b> (clean games, played to win
the points). If all squeak, it is repeated in the <b>Napf</b> (unclean games, played to lose).
If all squeak again, the cards are dealt afresh.</p>
<h3>The games</h3>
<table>
<tr><th>Trog</th><th>trumps</th></tr>
<tr><td>Sauerei (2 v 2, only at 61)</td><td>Ober, Unter, Hearts; call a Sau you do not hold: its owner is your partner</td></tr>
<tr><td>Kreuzung (2 v 2, only at 61)</td><td>Ober, Unter, Hearts; only with no trump or a single one (laid open); a partner volunteers in an extra round</td></tr>
<tr><td>Keiler (solo)</td><td>Ober, Unter and a suit you name</td></tr>
<tr><td>Wutz (solo)</td><td>the four Unter</td></tr>
<tr><td>Hauer (solo)</td><td>the Unter and a suit you name</td></tr>
<tr><td>Ferkelparade (solo)</td><td>all Nines, then all Eights, then all Sevens (each Eichel, Gras, Herz, Schellen)</td></tr>
<tr><td>Knorpel (solo, bid 91+)</td><td>one single card you name</td></tr>
<tr><th>Napf</th><th>played to lose</th></tr>
<tr><td>Unreine Sauerei / Kreuzung</td><td>as above; you win if the others take at least the bid</td></tr>
<tr><td>Mast (solo, 91+)</td><td>a Hearts solo played to lose</td></tr>
<tr><td>Vegane Mast (solo, Schwarz)</td><td>no trumps; you win only by taking no trick</td></tr>
</table>
<p><b>Am Spieß:</b> any game may be declared upside down: the rank order inside the trumps and
inside every suit is reversed (trumps still beat the suits).</p>
<h3>Playing</h3>
<p>The player left of the dealer plays first, leading the first trick; whoever wins a trick
leads the next.</p>
<p>Follow the suit led (trumps count as one suit); otherwise play anything. The highest trump
wins the trick, else the highest card of the suit led. In a Sauerei the Sau's owner may
lead the Sau at any time, but another card of its suit only while holding three or more of them
besides the Sau (running away). Unless they ran away, they must play the Sau when its suit is
led, and may not throw it away before the last trick. Running away happens once: afterwards the Sau
and its suit are free like any other cards.</p>
<p><b>Huftritt (Kontra):</b> an opponent may kick the declarer's side until the second card of
the first trick; the declarer's side may kick back at once (<b>Re</b>). Each kick doubles the
meat points.</p>
<h3>Scoring</h3>
<p>The winners take <b>meat points</b>: Schlachtung 2, Extrawurst +1 for a solo, Schwarte +1 per
matador (in the Trog per top trump the winners lack, in the Napf per top trump they hold), Stallgeruch +1 when the winners took more than 90 card points (Trog) or 30 or fewer (Napf), counted on the winners' own points, Porco Negro +1 for all or no tricks,
Bolzenschuss +1 for beating a game am Spieß, minus 1 with four or more matadors the lucky way.
Reckless losers collect <b>roughness points</b>: over-grunting, losing am Spieß, a lost Kontra
or Re. After the session the most meat makes the Schlachtmeister, the most roughness the
Oberrauborstler.</p>`,

  de: html`
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
<p>Wer links vom Geber sitzt, spielt zuerst aus; wer einen Stich macht, spielt den nächsten aus.</p>
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

  fr: html`
<p><b>Saukopf</b>, c'est le Schafkopf avec des cochons : quatre joueurs, le jeu bavarois de 32 cartes
(Glands, Feuilles, Cœurs, Grelots ; Sau, Dix, Roi, Ober, Unter, Neuf, Huit, Sept). Points :
Sau 11, Dix 10, Roi 4, Ober 3, Unter 2, les autres 0 ; 120 en tout. Le Dreihaxer se joue à trois,
dix cartes chacun et deux cartes mises de côté.</p>
<h3>Enchères : grogner et couiner</h3>
<p>En commençant à gauche du donneur, on <b>grogne</b> un nombre de points (61 à 120, ou Schwarz pour
tous les plis) ou on <b>couine</b> pour passer ; chacun grogne au plus deux fois. Le plus haut
grogneur devient le déclarant. On enchérit d'abord dans l'<b>auge</b> (Trog : jeux propres, pour
gagner les points). Si tout le monde couine, on recommence dans la <b>gamelle</b> (Napf : jeux sales,
pour perdre). Si tout le monde couine encore, on redistribue.</p>
<h3>Les jeux</h3>
<table>
<tr><th>Trog</th><th>atouts</th></tr>
<tr><td>Sauerei (2 contre 2, seulement à 61)</td><td>Ober, Unter, Cœurs ; on appelle une Sau qu'on n'a pas : son détenteur est le partenaire</td></tr>
<tr><td>Kreuzung (2 contre 2, seulement à 61)</td><td>Ober, Unter, Cœurs ; seulement sans atout ou avec un seul (posé face visible) ; un partenaire se propose lors d'un tour en plus</td></tr>
<tr><td>Keiler (solo)</td><td>Ober, Unter et une couleur choisie</td></tr>
<tr><td>Wutz (solo)</td><td>les quatre Unter</td></tr>
<tr><td>Hauer (solo)</td><td>les Unter et une couleur choisie</td></tr>
<tr><td>Ferkelparade (solo)</td><td>tous les Neuf, puis tous les Huit, puis tous les Sept (chacun Eichel, Gras, Herz, Schellen)</td></tr>
<tr><td>Knorpel (solo, dès 91)</td><td>une seule carte, nommée par le déclarant</td></tr>
<tr><th>Napf</th><th>joué pour perdre</th></tr>
<tr><td>Unreine Sauerei / Kreuzung</td><td>comme ci-dessus ; gagné si les adversaires prennent au moins l'enchère</td></tr>
<tr><td>Mast (solo, dès 91)</td><td>un solo à Cœurs joué pour perdre</td></tr>
<tr><td>Vegane Mast (solo, Schwarz)</td><td>sans atout ; gagné seulement sans aucun pli</td></tr>
</table>
<p><b>À la broche (am Spieß) :</b> tout jeu peut être annoncé à l'envers : l'ordre des atouts et de
chaque couleur est inversé (l'atout bat toujours les couleurs).</p>
<h3>Le jeu de la carte</h3>
<p>Le joueur à gauche du donneur joue en premier et entame le premier pli ; qui remporte un pli
entame le suivant.</p>
<p>Fournir la couleur demandée (les atouts comptent comme une couleur), sinon jouer n'importe quoi.
Le plus fort atout remporte le pli, sinon la plus forte carte de la couleur demandée. Dans une
Sauerei, le détenteur de la Sau appelée peut la jouer en tête à tout moment, mais une autre carte de
sa couleur seulement s'il en a trois ou plus en plus de la Sau (s'enfuir). S'il ne s'est pas enfui,
il doit fournir la Sau quand sa couleur est demandée et ne peut pas la défausser avant le dernier pli.
On ne s'enfuit qu'une fois : ensuite la Sau et sa couleur sont libres comme toutes les autres cartes.</p>
<p><b>Coup de sabot (Kontra) :</b> un adversaire peut en donner un au camp du déclarant jusqu'à la
deuxième carte du premier pli ; le camp du déclarant peut riposter aussitôt (<b>Re</b>). Chaque coup
double les points de viande.</p>
<h3>Décompte</h3>
<p>Les gagnants prennent des <b>points de viande</b> : Schlachtung 2, Extrawurst +1 pour un solo,
Schwarte +1 par matador (dans l'auge par atout de tête manquant, dans la gamelle par atout de tête
détenu), Stallgeruch +1 quand les gagnants ont pris plus de 90 points de cartes (Trog) ou 30 ou moins
(Napf), comptés sur leurs propres points, Porco Negro +1 pour tous les plis ou aucun, Bolzenschuss
+1 contre un jeu à la broche, 1 de moins avec quatre matadors ou plus du côté chanceux. Les perdants
téméraires ramassent des <b>points de rudesse</b> : surenchère, jeu à la broche perdu, Kontra ou Re
perdu. À la fin, le plus de viande fait le Schlachtmeister, le plus de rudesse l'Oberrauborstler.</p>`,

};

/** What people type for the game's own words, by language: lists of words the rules search
 * (../../rules.js) takes as meaning the same, e.g. "Kontra" or "double" for the Huftritt. */
export const synonyms = {
  en: [["huftritt", "kontra", "contra", "double", "doubling", "kick"], ["squeak", "pass"],
    ["grunt", "bid"], ["lead", "start", "begin"], ["sau", "ace"], ["schwarz", "slam"], ["revoke", "renege"]],
  de: [["huftritt", "kontra", "doppeln", "verdoppeln", "tritt"], ["quieken", "gequiekt", "passen", "gepasst", "weiter"],
    ["grunzen", "gegrunzt", "bieten", "reizen", "gereizt"], ["ausspielen", "anspielen", "rauskommen", "beginnen", "anfangen"],
    ["sau", "ass"]],
  fr: [["sabot", "kontra", "contre", "contrer", "huftritt", "doubler"], ["couiner", "couine", "passer", "passe"],
    ["grogner", "grogne", "encherir", "enchere"], ["entamer", "commencer", "ouvrir"], ["sau", "as"]],
};

/** The questions and answers by language: [id, question, answer]. */
export const qa = {
  en: [
    ["S1", "When may a Doppel game (Sauerei, Kreuzung) be declared?",
      "Only when the top bid is exactly 61. Bids must rise, so after any higher bid only solo games are left."],
    ["S2", "Which numbers may I bid?",
      "Only a number after which you could still declare some game of that bidding stage with your hand. In the Napf there are no bids from 62 to 90, and 61 only with a hand for an Unreine Sauerei or Kreuzung."],
    ["S3", "How does the bidding go round?",
      "Clockwise. Squeaking (passing) drops you out of that bidding, and you bid at most twice. It ends when nobody but the top bidder may still bid; a Schwarz bid ends it at once."],
    ["S4", "What if everyone squeaks twice?",
      "The cards are thrown in. That deal still counts as one of the session, and the next player deals."],
    ["S5", "How is Stallgeruch measured?",
      "On the winners' own card points: more than 90 in the Trog, 30 or fewer in the Napf (exactly 30 counts). Not on the losers' points, as the card's table has it: the two readings differ at exactly 30 and in the Dreihaxer, where fewer than 120 points are in play."],
    ["S6", "Who gets the Extrawurst?",
      "Whoever wins a solo: the declarer, or the three opponents when they beat it."],
    ["S7", "Is there an Extrawurst in the Dreihaxer?",
      "No, for neither side."],
    ["S8", "How are Matadors (Laufende) counted?",
      "Over a whole party's cards (both partners in a Doppel), seen from the winners: “mit” if they hold the top trump, “ohne” if the other party does. The card handed over in a Kreuzung stays inside the party and changes nothing."],
    ["S9", "What is an Armes Schwein? Do games without trumps have Matadors?",
      "Armes Schwein means winning a Napf game “ohne 4” or more. A game without trumps has no Matadors at all: no Schwarte, no Armes Schwein."],
    ["S10", "Do the cards aside in the Dreihaxer count for Matadors?",
      "No. They belong to nobody and are skipped when counting."],
    ["S11", "How does a partner join a Kreuzung?",
      "Starting left of the declarer, each player may offer to join or pass, for at most two rounds; the first offer wins. No numbers are bid: the game stays at 61. The partner hands over a card that is not a trump if they have one, otherwise any card."],
    ["S12", "When can I give a Huftritt (Kontra), and who may answer with Re?",
      "Right after the first card, in turn from the second player on, everyone but the declarer and a known partner is asked. A hidden partner is asked too but may only decline, so the order gives nothing away. After a Kontra, the declarer and possible partners are asked for Re; a Re by anyone but the declarer shows the partner."],
    ["S13", "What are the rules for the called Sau?",
      "You may not call a Sau you hold, and you need a card of its suit. Its holder must play it when the suit is led, unless they run away: that needs three or more other cards of the suit in hand."],
    ["S14", "Which card may I name in a Knorpel?",
      "Any card in play, an opponent's too, but not a card laid aside in the Dreihaxer: that would leave no trump at all."],
    ["S15", "What happens with a revoke (Verwerfen)?",
      "Only when recording a game from a real table: the revoke is entered as a move, the rest of the deal goes to the side it names, and the deal is scored as usual. Online, a card that breaks a rule is simply refused."],
    ["S16", "What does a Schwarz bid or a bid of 120 need?",
      "A Schwarz bid in the Trog needs every trick. A bid of 120 needs all 120 card points; a trick worth nothing taken by the other side does not spoil it. A Schwarz bid counts as above 61."],
    ["S17", "What if players tie for a trophy?",
      "A full tie (same meat and roughness points) shares the trophy. Nobody is Oberrauborstler while nobody has a roughness point."],
    ["S18", "Who gets the Bolzenschuss?",
      "Only the side that beats a game played am Spieß; a declarer who wins am Spieß gets none."],
    ["S19", "After running away, may the Sau's holder lead its suit again?",
      "Yes. Running away happens once; from then on the Sau and the other cards of its suit are free like any others, however few of them are left."],
    ["S20", "How do the Ferkelparade trumps rank?",
      "By number first: the four Nines (Eichel, Gras, Herz, Schellen), then the four Eights, then the four Sevens. Am Spieß it is the other way round, so the Schellen 7 is the highest trump, then the Herz 7 and the Gras 7."],
  ],
  de: [
    ["S1", "Wann darf ein Doppelspiel (Sauerei, Kreuzung) angesagt werden?",
      "Nur wenn das höchste Gebot genau 61 ist. Gebote müssen steigen, also bleiben nach jedem höheren Gebot nur Solospiele."],
    ["S2", "Welche Zahlen darf ich bieten?",
      "Nur eine Zahl, nach der du mit deiner Hand noch ein Spiel dieser Bietrunde ansagen könntest. Im Napf gibt es keine Gebote von 62 bis 90, und 61 nur mit einer Hand für eine Unreine Sauerei oder Kreuzung."],
    ["S3", "Wie geht das Bieten reihum?",
      "Im Uhrzeigersinn. Wer quiekt (passt), ist aus dieser Bietrunde raus, und jede Person bietet höchstens zweimal. Es endet, wenn niemand außer dem Höchstbietenden noch bieten darf; ein Schwarz-Gebot beendet es sofort."],
    ["S4", "Was, wenn alle zweimal quieken?",
      "Die Karten werden eingeworfen. Das Spiel zählt trotzdem als eines der Sitzung, und die nächste Person gibt."],
    ["S5", "Woran wird Stallgeruch gemessen?",
      "An den eigenen Augen der Sieger: mehr als 90 im Trog, 30 oder weniger im Napf (genau 30 zählt). Nicht an den Augen der Verlierer, wie es die Tabelle der Karte sagt: Die beiden Lesarten unterscheiden sich bei genau 30 und im Dreihaxer, wo weniger als 120 Augen im Spiel sind."],
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
  fr: [
    ["S1", "Quand peut-on annoncer un jeu à deux (Sauerei, Kreuzung) ?",
      "Seulement si l'enchère la plus haute est exactement 61. Les enchères doivent monter : après toute enchère plus haute, il ne reste que les solos."],
    ["S2", "Quels nombres puis-je enchérir ?",
      "Seulement un nombre après lequel vous pourriez encore annoncer un jeu de ce tour d'enchères avec votre main. Au Napf, pas d'enchère de 62 à 90, et 61 seulement avec une main pour une Unreine Sauerei ou Kreuzung."],
    ["S3", "Comment tournent les enchères ?",
      "Dans le sens des aiguilles d'une montre. Qui couine (passe) sort de ce tour d'enchères, et chacun enchérit au plus deux fois. Elles finissent quand plus personne d'autre que le meilleur enchérisseur ne peut enchérir ; une enchère Schwarz les termine aussitôt."],
    ["S4", "Et si tout le monde couine deux fois ?",
      "Les cartes sont jetées. Cette donne compte quand même dans la séance, et le joueur suivant distribue."],
    ["S5", "Comment mesure-t-on le Stallgeruch ?",
      "Sur les points de cartes des gagnants eux-mêmes : plus de 90 au Trog, 30 ou moins au Napf (30 pile compte). Pas sur les points des perdants, comme le dit le tableau de la carte : les deux lectures diffèrent à 30 pile et au Dreihaxer, où moins de 120 points sont en jeu."],
    ["S6", "Qui reçoit l'Extrawurst ?",
      "Qui gagne un solo : le déclarant, ou les trois adversaires s'ils le battent."],
    ["S7", "Y a-t-il une Extrawurst au Dreihaxer ?",
      "Non, pour aucun camp."],
    ["S8", "Comment compte-t-on les matadors (Laufende) ?",
      "Sur les cartes de tout un camp (les deux partenaires d'un jeu à deux), vu des gagnants : « mit » s'ils ont l'atout le plus fort, « ohne » si l'autre camp l'a. La carte passée dans une Kreuzung reste dans le camp et ne change rien."],
    ["S9", "Qu'est-ce qu'un Armes Schwein ? Un jeu sans atout a-t-il des matadors ?",
      "Armes Schwein, c'est gagner un jeu du Napf « ohne 4 » ou plus. Un jeu sans atout n'a aucun matador : ni Schwarte, ni Armes Schwein."],
    ["S10", "Les cartes mises de côté au Dreihaxer comptent-elles pour les matadors ?",
      "Non. Elles n'appartiennent à personne et sont sautées dans le compte."],
    ["S11", "Comment une Kreuzung trouve-t-elle son partenaire ?",
      "En commençant à gauche du déclarant, chacun peut se proposer ou passer, pendant deux tours au plus ; la première offre l'emporte. On n'enchérit pas de nombre : le jeu reste à 61. Le partenaire donne une carte qui n'est pas un atout s'il en a une, sinon n'importe laquelle."],
    ["S12", "Quand puis-je donner un Huftritt (Kontra), et qui peut répondre Re ?",
      "Juste après la première carte, chacun à son tour à partir du deuxième joueur, sauf le déclarant et un partenaire connu, est interrogé. Un partenaire caché est interrogé aussi mais ne peut que refuser : l'ordre ne trahit rien. Après un Kontra, le déclarant et les partenaires possibles sont interrogés pour le Re ; un Re d'un autre que le déclarant révèle le partenaire."],
    ["S13", "Quelles règles pour la Sau appelée ?",
      "On ne peut pas appeler une Sau qu'on a, et il faut une carte de sa couleur. Qui la tient doit la jouer quand la couleur est entamée, sauf s'il s'enfuit : il faut pour cela trois autres cartes de cette couleur ou plus en main."],
    ["S14", "Quelle carte puis-je nommer au Knorpel ?",
      "N'importe quelle carte en jeu, même d'un adversaire, mais pas une carte mise de côté au Dreihaxer : il n'y aurait plus aucun atout."],
    ["S15", "Que se passe-t-il en cas de faute (Verwerfen) ?",
      "Seulement pour noter une partie jouée à une vraie table : la faute est saisie comme un coup, le reste de la donne va au camp qu'elle désigne, et la donne est comptée normalement. En ligne, une carte contraire aux règles est simplement refusée."],
    ["S16", "Que faut-il pour une enchère Schwarz ou de 120 ?",
      "Une enchère Schwarz au Trog demande tous les plis. Une enchère de 120 demande les 120 points de cartes ; un pli sans valeur pris par l'autre camp ne la gâche pas. Une enchère Schwarz compte comme plus de 61."],
    ["S17", "Et si plusieurs sont à égalité pour un titre ?",
      "Une égalité complète (mêmes points de viande et de rudesse) partage le titre. Tant que personne n'a de point de rudesse, personne n'est Oberrauborstler."],
    ["S18", "Qui reçoit le Bolzenschuss ?",
      "Seulement le camp qui bat un jeu am Spieß ; le déclarant qui gagne am Spieß n'en reçoit pas."],
    ["S19", "Après s'être enfui, le détenteur de la Sau peut-il rejouer sa couleur en tête ?",
      "Oui. On ne s'enfuit qu'une fois ; ensuite la Sau et les autres cartes de sa couleur sont libres comme toutes les autres, même s'il en reste peu."],
    ["S20", "Quel est l'ordre des atouts dans la Ferkelparade ?",
      "D'abord par valeur : les quatre 9 (Eichel, Gras, Herz, Schellen), puis les quatre 8, puis les quatre 7. Am Spieß, c'est l'inverse : le 7 de Schellen est l'atout le plus fort, puis le 7 de Herz et le 7 de Gras."],
  ],
};

/** The decision a refused move breaks, by the rule name the server sends with the refusal
 * (the engine's IllegalActionError rules). Rules that no decision explains are not here. */
export const cites = {
  "doppel-capped-at-61": "S1",
  "bid-needs-a-game": "S2", "minimum-bid": "S2", "trog-or-napf": "S2",
  "two-bids-each": "S3", "bid-must-rise": "S3", "bidding-phase": "S3",
  "join-in-kreuzung": "S11", "give-in-kreuzung": "S11", "give-a-non-trump": "S11",
  "kontra-window": "S12", "kontra-by-opponents": "S12", "re-answers-kontra": "S12",
  "re-by-declarer-party": "S12",
  "call-a-sau-you-lack": "S13", "call-needs-suit-card": "S13", "rufsau-run-away": "S13",
  "rufsau-must-answer-search": "S13", "rufsau-no-discard": "S13",
  "knorpel-card-in-play": "S14",
  "revoke-in-table-mode": "S15", "revoke-in-play": "S15",
};
