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

// Questions and answers (French): every decision in docs/rules/<game>.md, by its id there
// (D1, S1, P1), in the project's own words. The rules dialog searches them, and a refused
// move links to the one it breaks (CITES in ../rules.js). tests/web/test_rules_help_web.py
// checks that every decision has its entry in every language.
export const qa = {
  drecksau: [
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
  saukopf: [
    ["S1", "Quand peut-on annoncer un jeu à deux (Sauerei, Kreuzung) ?",
      "Seulement si l'enchère la plus haute est exactement 61. Les enchères doivent monter : après toute enchère plus haute, il ne reste que les solos."],
    ["S2", "Quels nombres puis-je enchérir ?",
      "Seulement un nombre après lequel vous pourriez encore annoncer un jeu de ce tour d'enchères avec votre main. Au Napf, pas d'enchère de 62 à 90, et 61 seulement avec une main pour une Unreine Sauerei ou Kreuzung."],
    ["S3", "Comment tournent les enchères ?",
      "Dans le sens des aiguilles d'une montre. Qui couine (passe) sort de ce tour d'enchères, et chacun enchérit au plus deux fois. Elles finissent quand plus personne d'autre que le meilleur enchérisseur ne peut enchérir ; une enchère Schwarz les termine aussitôt."],
    ["S4", "Et si tout le monde couine deux fois ?",
      "Les cartes sont jetées. Cette donne compte quand même dans la séance, et le joueur suivant distribue."],
    ["S5", "Comment mesure-t-on le Stallgeruch ?",
      "Sur les points de cartes des gagnants eux-mêmes : plus de 90 au Trog, 30 ou moins au Napf (30 pile compte)."],
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
  pigasus: [
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
