// Les règles dans les mots du projet : français.
import { html } from "../dom.js";

export default {
  drecksau: html`
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

  saukopf: html`
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
<tr><td>Ferkelparade (solo)</td><td>tous les Neuf, Huit et Sept</td></tr>
<tr><td>Knorpel (solo, dès 91)</td><td>une seule carte, nommée par le déclarant</td></tr>
<tr><th>Napf</th><th>joué pour perdre</th></tr>
<tr><td>Unreine Sauerei / Kreuzung</td><td>comme ci-dessus ; gagné si les adversaires prennent au moins l'enchère</td></tr>
<tr><td>Mast (solo, dès 91)</td><td>un solo à Cœurs joué pour perdre</td></tr>
<tr><td>Vegane Mast (solo, Schwarz)</td><td>sans atout ; gagné seulement sans aucun pli</td></tr>
</table>
<p><b>À la broche (am Spieß) :</b> tout jeu peut être annoncé à l'envers : l'ordre des atouts et de
chaque couleur est inversé (l'atout bat toujours les couleurs).</p>
<h3>Le jeu de la carte</h3>
<p>Fournir la couleur demandée (les atouts comptent comme une couleur), sinon jouer n'importe quoi.
Le plus fort atout remporte le pli, sinon la plus forte carte de la couleur demandée. Dans une
Sauerei, le détenteur de la Sau appelée peut la jouer en tête à tout moment, mais une autre carte de
sa couleur seulement s'il en a trois ou plus en plus de la Sau (s'enfuir). S'il ne s'est pas enfui,
il doit fournir la Sau quand sa couleur est demandée et ne peut pas la défausser avant le dernier pli.</p>
<p><b>Coup de sabot (Kontra) :</b> un adversaire peut en donner un au camp du déclarant jusqu'à la
deuxième carte du premier pli ; le camp du déclarant peut riposter aussitôt (<b>Re</b>). Chaque coup
double les points de viande.</p>
<h3>Décompte</h3>
<p>Les gagnants prennent des <b>points de viande</b> : Schlachtung 2, Extrawurst +1 pour un solo,
Schwarte +1 par matador (dans l'auge par atout de tête manquant, dans la gamelle par atout de tête
détenu), Stallgeruch +1 pour un large écart, Porco Negro +1 pour tous les plis ou aucun, Bolzenschuss
+1 contre un jeu à la broche, 1 de moins avec quatre matadors ou plus du côté chanceux. Les perdants
téméraires ramassent des <b>points de rudesse</b> : surenchère, jeu à la broche perdu, Kontra ou Re
perdu. À la fin, le plus de viande fait le Schlachtmeister, le plus de rudesse l'Oberrauborstler.</p>`,

  pigasus: html`
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
