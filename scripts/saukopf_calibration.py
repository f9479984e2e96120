"""How honest the Saukopf search bots' estimates are (a long run, not a test).

    python scripts/saukopf_calibration.py LEVEL DEALS [--first K] [--workers N] [--save FILE]

Four LEVEL bots play deals K.. (default 0) as ``saukopf_bars.py table`` does (one-deal
sessions, the dealer rotating, the bots' seeds from the deal number), with every Kontra and
Re passed, so each deal ends with the result of the game as declared and played. At each
seat's Kontra decision the bot's race is run as it would be: its estimate that its party
beats the game, and whether it would kick. Printed:

- **the kickers' estimates against the real results**, by estimate band and by game kind
  (am Spieß apart), with the kicks the bots would have made and how many of them the
  kickers would have won: where the estimate is too hopeful, the inference or the
  playouts are wrong for that game;
- **the playouts against the bots' play**, by game kind: the declarer's win when the
  playout policy (:mod:`saustall.games.saukopf.bots.rollout`) plays the real hands out,
  against the real result, and the card points the bots' play gave the declarer beyond
  the policy's. Every race of the search bots (bidding, declaring, Kontra, Re)
  values a game by such playouts, so a game the policy misplays is misjudged everywhere.

``--save`` writes each decision point as a JSON line (the view, the race's estimates, the
real result). N worker processes (default 2). Figures from it are quoted in docs/bots.md.
"""

from __future__ import annotations

import json
import multiprocessing
import sys
from collections import defaultdict

from saustall.bots.base import make_bot
from saustall.core import get
from saustall.core.rng import derive_seed
from saustall.games.saukopf.actions import KONTRA, PASS
from saustall.games.saukopf.bots.rollout import policy_action
from saustall.games.saukopf.bots.search import SearchBot
from saustall.games.saukopf.game import SaukopfState
from saukopf_bars import _option, _path_option, _share_ci

PLAYERS = 4


def _game_label(game: str) -> str:
    """``knorpel HO spiess`` -> ``knorpel am Spieß``: the kind, and whether am Spieß."""
    words = game.split()
    return words[0] + (" am Spieß" if words[-1] == "spiess" else "")


def _policy_result(state: SaukopfState) -> tuple[bool, int]:
    """Whether the declarer's party wins ``state`` played out by the policy alone, and
    its card points."""
    deal = state.deal_index
    while state.deal_index == deal and not state.over:
        state.apply(PASS if state.phase in ("kontra", "re") else policy_action(state))
    return bool(state.results[-1]["declarer_won"]), _declarer_points(state)


def _declarer_points(state: SaukopfState) -> int:
    """The card points the declarer's party took in the deal ``state`` just finished."""
    return int(str(state.results[-1]["declarer_points"]))


def calibrate_deal(job: tuple[str, int]) -> list[dict[str, object]]:
    """One deal (worker process): its Kontra decision points, each with the real result
    and the policy's result on the real hands."""
    level, deal = job
    game = get("saukopf", "saukopf")
    state = game.new_state(PLAYERS, deal, {"deals": 1, "dealer": deal % PLAYERS})
    assert isinstance(state, SaukopfState)
    bots = [make_bot("saukopf", level, derive_seed(deal, "bars", i)) for i in range(PLAYERS)]
    points: list[dict[str, object]] = []
    policy: tuple[bool, int] | None = None
    while not state.is_terminal():
        p = state.current_player
        view = state.view(p)
        legal = state.legal_actions(p)
        if view["phase"] in ("kontra", "re") and PASS in legal:
            bot = bots[p]
            if view["phase"] == "kontra" and KONTRA in legal and isinstance(bot, SearchBot):
                if policy is None:  # the real deal, played out by the policy alone
                    policy = _policy_result(state.clone())
                race = bot.kick_race(view, KONTRA)
                points.append({"deal": deal, "seat": p, "view": view,
                               "game": view["declared"]["game"], "worlds": race.worlds,
                               "estimate": race.win(0).mean, "kick": race.chosen == 1,
                               "policy_declarer_won": policy[0],
                               "policy_declarer_points": policy[1]})
            state.apply(PASS)
            continue
        state.apply(bots[p].choose(view, legal))
    won, taken = bool(state.results[-1]["declarer_won"]), _declarer_points(state)
    for point in points:
        point["declarer_won"] = won
        point["declarer_points"] = taken
    return points


def report(points: list[dict[str, object]]) -> None:
    """Print the two tables of the module docstring."""
    deals = {int(str(p["deal"])) for p in points}
    print(f"{len(points)} Kontra decisions over {len(deals)} played deals")
    print("the kickers' estimate that they beat the game, against the real result:")
    bands = [(0.0, 0.1), (0.1, 0.2), (0.2, 0.3), (0.3, 0.5), (0.5, 0.7), (0.7, 0.9), (0.9, 1.01)]
    for low, high in bands:
        chosen = [p for p in points if low <= float(str(p["estimate"])) < high]
        _line(f"estimate {low:.1f}-{min(high, 1.0):.1f}", chosen)
    by_game: dict[str, list[dict[str, object]]] = defaultdict(list)
    for p in points:
        by_game[_game_label(str(p["game"]))].append(p)
    for label, chosen in sorted(by_game.items(), key=lambda kv: -len(kv[1])):
        _line(label, chosen)
    print("the declarer's win, the playout policy on the real hands against the bots' play:")
    first: dict[int, dict[str, object]] = {}
    for p in points:
        first.setdefault(int(str(p["deal"])), p)
    by_game = defaultdict(list)
    for p in first.values():
        by_game[_game_label(str(p["game"]))].append(p)
    for label, chosen in sorted(by_game.items(), key=lambda kv: -len(kv[1])):
        policy = sum(bool(p["policy_declarer_won"]) for p in chosen)
        real = sum(bool(p["declarer_won"]) for p in chosen)
        gained = [int(str(p["declarer_points"])) - int(str(p["policy_declarer_points"]))
                  for p in chosen]
        print(f"  {label:22s} n={len(chosen):4d}  playouts {_share_ci(policy, len(chosen))}"
              f"  real {_share_ci(real, len(chosen))}; the bots' play gave the declarer "
              f"{sum(gained) / len(chosen):+.1f} card points")


def _line(label: str, chosen: list[dict[str, object]]) -> None:
    if not chosen:
        return
    estimate = sum(float(str(p["estimate"])) for p in chosen) / len(chosen)
    beaten = sum(not p["declarer_won"] for p in chosen)
    kicks = [p for p in chosen if p["kick"]]
    kicks_won = sum(not p["declarer_won"] for p in kicks)
    print(f"  {label:22s} n={len(chosen):4d}  estimated {estimate:.0%}, real "
          f"{_share_ci(beaten, len(chosen))}; would kick {len(kicks)}, won {kicks_won}")


def main(args: list[str]) -> None:
    workers = _option(args, "--workers", 2)
    first = _option(args, "--first", 0)
    save = _path_option(args, "--save")
    level, deals = args[0], int(args[1])
    points: list[dict[str, object]] = []
    with multiprocessing.Pool(workers) as pool:
        for found in pool.imap(calibrate_deal, [(level, d) for d in range(first, first + deals)],
                               chunksize=2):
            points.extend(found)
    if save:
        with open(save, "w", encoding="utf-8") as out:
            for p in points:
                out.write(json.dumps(p) + "\n")
    print(f"saukopf, 4 x {level}, deals {first}-{first + deals - 1}, every kick passed")
    report(points)


if __name__ == "__main__":
    main(sys.argv[1:])
