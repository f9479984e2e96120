// The rules in the project's own words: English.
import { html } from "../dom.js";

export default {
  drecksau: html`
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

  saukopf: html`
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
<tr><td>Ferkelparade (solo)</td><td>all Nines, Eights and Sevens</td></tr>
<tr><td>Knorpel (solo, bid 91+)</td><td>one single card you name</td></tr>
<tr><th>Napf</th><th>played to lose</th></tr>
<tr><td>Unreine Sauerei / Kreuzung</td><td>as above; you win if the others take at least the bid</td></tr>
<tr><td>Mast (solo, 91+)</td><td>a Hearts solo played to lose</td></tr>
<tr><td>Vegane Mast (solo, Schwarz)</td><td>no trumps; you win only by taking no trick</td></tr>
</table>
<p><b>Am Spieß:</b> any game may be declared upside down: the rank order inside the trumps and
inside every suit is reversed (trumps still beat the suits).</p>
<h3>Playing</h3>
<p>Follow the suit led (trumps count as one suit); otherwise play anything. The highest trump
wins the trick, else the highest card of the suit led. In a Sauerei the Sau's owner may
lead the Sau at any time, but another card of its suit only while holding three or more of them
besides the Sau (running away). Unless they ran away, they must play the Sau when its suit is
led, and may not throw it away before the last trick.</p>
<p><b>Huftritt (Kontra):</b> an opponent may kick the declarer's side until the second card of
the first trick; the declarer's side may kick back at once (<b>Re</b>). Each kick doubles the
meat points.</p>
<h3>Scoring</h3>
<p>The winners take <b>meat points</b>: Schlachtung 2, Extrawurst +1 for a solo, Schwarte +1 per
matador (in the Trog per top trump the winners lack, in the Napf per top trump they hold), Stallgeruch +1 for a big margin, Porco Negro +1 for all or no tricks,
Bolzenschuss +1 for beating a game am Spieß, minus 1 with four or more matadors the lucky way.
Reckless losers collect <b>roughness points</b>: over-grunting, losing am Spieß, a lost Kontra
or Re. After the session the most meat makes the Schlachtmeister, the most roughness the
Oberrauborstler.</p>`,

  pigasus: html`
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
};
