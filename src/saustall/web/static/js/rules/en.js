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

// Questions and answers (English): every decision in docs/rules/<game>.md, by its id there
// (D1, S1, P1), in the project's own words. The rules dialog searches them, and a refused
// move links to the one it breaks (CITES in ../rules.js). tests/web/test_rules_help_web.py
// checks that every decision has its entry in every language.
export const qa = {
  drecksau: [
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
  saukopf: [
    ["S1", "When may a Doppel game (Sauerei, Kreuzung) be declared?",
      "Only when the top bid is exactly 61. Bids must rise, so after any higher bid only solo games are left."],
    ["S2", "Which numbers may I bid?",
      "Only a number after which you could still declare some game of that bidding stage with your hand. In the Napf there are no bids from 62 to 90, and 61 only with a hand for an Unreine Sauerei or Kreuzung."],
    ["S3", "How does the bidding go round?",
      "Clockwise. Squeaking (passing) drops you out of that bidding, and you bid at most twice. It ends when nobody but the top bidder may still bid; a Schwarz bid ends it at once."],
    ["S4", "What if everyone squeaks twice?",
      "The cards are thrown in. That deal still counts as one of the session, and the next player deals."],
    ["S5", "How is Stallgeruch measured?",
      "On the winners' own card points: more than 90 in the Trog, 30 or fewer in the Napf (exactly 30 counts)."],
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
  pigasus: [
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
};
