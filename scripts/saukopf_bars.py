"""Measure the Saukopf search bot against issue 11's bars (a long run, not a test).

    python scripts/saukopf_bars.py duel saukopf expert heuristic 300 [FIRST [SAVE]] [--workers N]
        duplicate deals FIRST.. (default 0): each deal is played with A on the even seats
        and B on the odd ones, then swapped (Dreihaxer: A on one seat, then on two); the
        per-deal difference of A's and B's mean net points per seat, with its 95%
        confidence interval, and (four players) where it comes from: deals whose two
        tables had the same contract, the same but other kicks, or other declarers (and
        which level declared). N worker processes (default 2); SAVE writes each deal's
        difference, contracts and the two levels as JSON lines.
    python scripts/saukopf_bars.py paired BEFORE.jsonl AFTER.jsonl
        two saved duels compared deal by deal (say, the bot before and after a change, on
        the same deals): the mean of AFTER's difference less BEFORE's, with its 95% CI.
    python scripts/saukopf_bars.py newcomer beginner 300 [FIRST] [--workers N]
        the rule-of-thumb newcomer of issue 25 (scripts/saukopf_newcomer.py) against three
        LEVEL bots: sessions FIRST.. (default 0) of four deals, the dealer rotating, the
        newcomer in seat session % 4; its net points per session less the mean of the
        three bots' (the table's measure: what it won or lost against them), with its 95%
        CI, and its per-deal record. N worker processes (default 2; the same figures).
    python scripts/saukopf_bars.py table saukopf club 1000 [--workers N] [--fast] [--first K] [--save FILE]
        four (three) bots of one level: throw-in rate, game kinds, Kontra and Re rates and
        how often the kickers and the Re side won (with 95% CIs), the declarer's win rate,
        decision latency (median, p99: wall time, and the deciding process's CPU time,
        overall and per phase). N worker processes (default 2). ``--fast`` plays the
        cards out only of deals with a Kontra (the others stop once the Kontra window
        closes), for the Kontra and Re census; the declarer's win rate and the latency
        are then of those deals only. ``--first K``: deals K.. (default 0); ``--save``
        writes each deal's result entry as JSON lines.
    python scripts/saukopf_bars.py tables saukopf club FILE...
        the table's census (no latency) over the deals saved by ``table --save`` runs, say
        of several chunks of deals.

One-deal sessions, the dealer rotating with the deal number; seeds from the deal number.
Besides the registered bots, each search level is also offered as ``LEVEL-1ply`` (for
instance ``expert-1ply``): its budget without the exact endgame and with the playouts'
raw card-point tie-break, so its card play is as it was before them (its bidding,
declaring, Kontra and Re are the level's own races), to measure what they gained; and
as ``LEVEL-seer`` and ``LEVEL-gameseer`` (scripts/saukopf_seers.py): the level, each of
its cards or the game it declares solved on the true deal with every hand open, to
measure what knowing every card adds to its play.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import statistics
import sys
import time
from collections import Counter

from dataclasses import replace

from saustall.bots.base import make_bot, register_bot
from saustall.games.saukopf.bots.search import LEVEL_BUDGETS, Budget, SearchBot
from saustall.core import get
from saustall.games.saukopf.game import SaukopfState
from saustall.core.rng import derive_seed
from saukopf_newcomer import NewcomerBot  # noqa: F401  (registers ``newcomer``)
from saukopf_seers import Seer, register_seers


def _register_before_endgame() -> None:
    """``LEVEL-1ply`` for each search level, in this script only (the worker processes
    fork from it, so they have them too)."""
    for level, budget in LEVEL_BUDGETS.items():
        def make(seed: int, budget: Budget = replace(budget, endgame=0, spread=0),
                 name: str = f"{level}-1ply") -> SearchBot:
            return SearchBot(seed, budget, name)
        register_bot("saukopf", f"{level}-1ply", make)


_register_before_endgame()
register_seers()


def play(ruleset: str, seats: list[str], deal: int, times: dict[str, list[float]],
         results: list[dict[str, object]], fast: bool = False) -> list[float]:
    """One deal with the given bot levels by seat; each seat's net points. ``fast``: a
    deal stops once its Kontra window closed without a Kontra (its entry has
    ``"declarer_won": None``, its net points are all 0)."""
    game = get("saukopf", ruleset)
    players = game.ruleset.min_players
    state = game.new_state(players, deal, {"deals": 1, "dealer": deal % players})
    assert isinstance(state, SaukopfState)
    bots = [make_bot("saukopf", level, derive_seed(deal, "bars", i))
            for i, level in enumerate(seats)]
    while not state.is_terminal():
        p = state.current_player
        view = state.view(p)
        bot = bots[p]
        if isinstance(bot, Seer):
            bot.deal = state  # it decides on the true deal (what knowing it adds)
        start, cpu = time.perf_counter(), time.process_time()
        action = bot.choose(view, state.legal_actions(p))
        times.setdefault(seats[p], []).append(time.perf_counter() - start)
        # CPU time too: on a loaded machine the wall time mostly measures the other jobs
        times.setdefault(f"{seats[p]} (CPU)", []).append(time.process_time() - cpu)
        times.setdefault(f"{seats[p]} (CPU, {view['phase']})", []).append(
            time.process_time() - cpu)
        state.apply(action)
        if fast and state.kontra_done and state.phase == "playing" and state.kontra < 0:
            assert state.decl is not None
            results.append({"thrown_in": False, "game": " ".join(state.decl.words()),
                            "declarer": state.declarer, "kontra": None, "re": None,
                            "declarer_won": None})
            return [0.0] * players
    results.extend(state.results)
    return state.returns()


def latency(times: dict[str, list[float]]) -> None:
    for level, found in sorted(times.items()):
        found.sort()
        print(f"  {level}: median {1000 * found[len(found) // 2]:.1f} ms, "
              f"p99 {1000 * found[int(len(found) * 0.99)]:.1f} ms over {len(found)} decisions")


def _duel_deal(job: tuple[str, str, str, int]) -> dict[str, object]:
    """One duplicate deal (worker process): A's less B's mean net points per seat, each
    table's contract, and the deciding times."""
    ruleset, a, b, deal = job
    players = get("saukopf", ruleset).ruleset.min_players
    if players == 4:
        lineups = [[a, b, a, b], [b, a, b, a]]
    else:
        lineups = [[a if i == k else b for i in range(3)] for k in range(3)] + \
                  [[b if i == k else a for i in range(3)] for k in range(3)]
    total = {a: 0.0, b: 0.0}
    count = {a: 0, b: 0}
    times: dict[str, list[float]] = {}
    tables = []
    for seats in lineups:
        results: list[dict[str, object]] = []
        for level, value in zip(seats, play(ruleset, seats, deal, times, results)):
            total[level] += value
            count[level] += 1
        entry = results[-1]
        tables.append({"a_seats": [i for i, level in enumerate(seats) if level == a]} | {
            key: entry.get(key)
            for key in ("thrown_in", "game", "declarer", "kontra", "re", "declarer_won")})
    return {"deal": deal, "diff": total[a] / count[a] - total[b] / count[b],
            "tables": tables, "times": times}


def _contract_change(tables: list[dict[str, object]]) -> str:
    """How a four-player deal's two tables differed: the kind of row of the breakdown."""
    first, second = tables

    def declaring(t: dict[str, object]) -> str:
        if t["thrown_in"]:
            return "nobody"
        return "A" if t["declarer"] in t["a_seats"] else "B"  # type: ignore[operator]
    if (first["game"], first["declarer"]) != (second["game"], second["declarer"]):
        return f"other declarers ({declaring(first)}, then {declaring(second)})"
    if all((first[k] is None) == (second[k] is None) for k in ("kontra", "re")):
        return "the same contract"
    return "the same game and declarer, other kicks"


def duel(ruleset: str, a: str, b: str, deals: int, first: int = 0,
         save: str | None = None, workers: int = 2) -> None:
    started = time.time()
    jobs = [(ruleset, a, b, deal) for deal in range(first, first + deals)]
    with multiprocessing.Pool(workers) as pool:
        rows = pool.map(_duel_deal, jobs, chunksize=4)
    diffs = [float(row["diff"]) for row in rows]  # type: ignore[arg-type]
    mean, half = _mean_ci(diffs)
    print(f"{ruleset}: {a} - {b} = {mean:+.3f} net points per deal per seat, 95% CI "
          f"[{mean - half:+.3f}, {mean + half:+.3f}], duplicate deals {first}-"
          f"{first + deals - 1} ({time.time() - started:.0f} s)")
    if len(rows[0]["tables"]) == 2:  # type: ignore[arg-type]
        print(f"  where it comes from (A = {a}, B = {b}):")
        parts: dict[str, list[float]] = {}
        for row, diff in zip(rows, diffs):
            parts.setdefault(_contract_change(row["tables"]), []).append(diff)  # type: ignore[arg-type]
        for label, found in sorted(parts.items(), key=lambda kv: -abs(sum(kv[1]))):
            print(f"    {label}: {len(found)} deals, {sum(found) / len(rows):+.3f} of the mean")
    times: dict[str, list[float]] = {}
    for row in rows:
        for level, found in row["times"].items():  # type: ignore[attr-defined]
            times.setdefault(level, []).extend(found)
    latency(times)
    if save:
        with open(save, "w", encoding="utf-8") as out:
            for row in rows:
                out.write(json.dumps({k: v for k, v in row.items() if k != "times"}
                                     | {"a": a, "b": b}) + "\n")


def _share_ci(hits: int, total: int) -> str:
    """``hits`` of ``total`` as a percentage with its 95% (Wilson) confidence interval."""
    if not total:
        return "-"
    z = 1.96
    p = hits / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return f"{p:.1%} [{centre - half:.1%}, {centre + half:.1%}]"


def _mean_ci(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval."""
    return (statistics.mean(values),
            1.96 * statistics.stdev(values) / math.sqrt(len(values)))


def paired(before: str, after: str) -> None:
    def load(path: str) -> dict[int, float]:
        with open(path, encoding="utf-8") as saved:
            return {row["deal"]: row["diff"] for row in map(json.loads, saved)}
    old, new = load(before), load(after)
    deals = sorted(old.keys() & new.keys())
    mean, half = _mean_ci([new[d] - old[d] for d in deals])
    print(f"{len(deals)} deals: {statistics.mean(old[d] for d in deals):+.3f} before, "
          f"{statistics.mean(new[d] for d in deals):+.3f} after; after - before "
          f"{mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}]")


def _table_deal(job: tuple[str, str, int, bool]) -> tuple[list[dict[str, object]],
                                                          dict[str, list[float]]]:
    """One deal of a table of one level (worker process): its result entries and the
    deciding times."""
    ruleset, level, deal, fast = job
    players = get("saukopf", ruleset).ruleset.min_players
    times: dict[str, list[float]] = {}
    results: list[dict[str, object]] = []
    play(ruleset, [level] * players, deal, times, results, fast)
    return results, times


def table(ruleset: str, level: str, deals: int, workers: int = 2, fast: bool = False,
          first: int = 0, save: str | None = None) -> None:
    times: dict[str, list[float]] = {}
    results: list[dict[str, object]] = []
    started = time.time()
    with multiprocessing.Pool(workers) as pool:
        for found, spent in pool.map(_table_deal, [(ruleset, level, deal, fast) for deal
                                                   in range(first, first + deals)],
                                     chunksize=4):
            results.extend(found)
            for key, values in spent.items():
                times.setdefault(key, []).extend(values)
    if save:
        with open(save, "w", encoding="utf-8") as out:
            for entry in results:
                out.write(json.dumps(entry) + "\n")
    census(ruleset, level, deals, results,
           f"{time.time() - started:.0f} s{', cards played out only with a Kontra' if fast else ''}")
    latency(times)


def census(ruleset: str, level: str, deals: int, results: list[dict[str, object]],
           note: str) -> None:
    """Print the census of a table's deals (``results``: their result entries)."""
    players = get("saukopf", ruleset).ruleset.min_players
    played = [r for r in results if not r["thrown_in"]]
    finished = [r for r in played if r["declarer_won"] is not None]
    kinds = Counter(str(r["game"]).split()[0] for r in played)
    share = len(played) or 1
    kicked = [r for r in played if r["kontra"] is not None]
    answered = [r for r in kicked if r["re"] is not None]
    print(f"{ruleset}, {players} x {level}: {deals} deals ({note}); "
          f"thrown in {1 - len(played) / deals:.1%}; Kontra "
          f"{_share_ci(len(kicked), len(played))}; Re "
          f"{sum(r['re'] is not None for r in played) / share:.1%}; declarer won "
          f"{sum(bool(r['declarer_won']) for r in finished) / (len(finished) or 1):.1%}"
          f" of {len(finished)}; am Spieß "
          f"{sum(str(r['game']).endswith('spiess') for r in played) / share:.1%}")
    print("  game kinds:", ", ".join(f"{k} {v}" for k, v in kinds.most_common()))
    kickers_won = sum(not r["declarer_won"] for r in kicked)
    re_won = sum(bool(r["declarer_won"]) for r in answered)
    print(f"  kickers won {kickers_won} of {len(kicked)} Kontras "
          f"({_share_ci(kickers_won, len(kicked))}); Re on {len(answered)} of them "
          f"({_share_ci(len(answered), len(kicked))}), the Re side won {re_won} "
          f"({_share_ci(re_won, len(answered))})")


def _path_option(args: list[str], name: str) -> str | None:
    """The value of ``--name PATH`` in ``args`` (removed from them), or None."""
    if name not in args:
        return None
    at = args.index(name)
    path = args[at + 1]
    del args[at:at + 2]
    return path


def _option(args: list[str], name: str, default: int) -> int:
    """The value of ``--name N`` in ``args`` (removed from them), or ``default``."""
    if name not in args:
        return default
    at = args.index(name)
    value = int(args[at + 1])
    del args[at:at + 2]
    return value


NEWCOMER_DEALS = 4
"""Deals in one newcomer session (each player deals once)."""


def _newcomer_session(job: tuple[str, int]) -> dict[str, object]:
    """One newcomer session (worker process): the newcomer's net less the bots' mean,
    and the newcomer's role and result in each deal."""
    level, session = job
    game = get("saukopf", "saukopf")
    players = game.ruleset.min_players
    seat = session % players
    seats = [level] * players
    seats[seat] = "newcomer"
    state = game.new_state(players, derive_seed(session, "newcomer session"),
                           {"deals": NEWCOMER_DEALS, "dealer": session % players})
    assert isinstance(state, SaukopfState)
    bots = [make_bot("saukopf", name, derive_seed(session, "newcomer", i))
            for i, name in enumerate(seats)]
    while not state.is_terminal():
        p = state.current_player
        state.apply(bots[p].choose(state.view(p), state.legal_actions(p)))
    net = state.returns()
    roles = []
    for entry in state.results:
        if entry["thrown_in"]:
            roles.append(("thrown in", False, 0.0))
            continue
        party = [entry["declarer"]] + ([entry["partner"]] if entry["partner"] is not None else [])
        role = ("declarer" if entry["declarer"] == seat else
                "partner" if seat in party else "opponent")
        gained = entry["meat"][seat] - entry["roughness"][seat] - statistics.mean(
            entry["meat"][p] - entry["roughness"][p] for p in range(players) if p != seat)
        roles.append((role, seat in entry["winners"], float(gained)))
    others = statistics.mean(net[p] for p in range(players) if p != seat)
    return {"relative": net[seat] - others, "net": net[seat], "others": others,
            "roles": roles}


def newcomer(level: str, sessions: int, first: int = 0, workers: int = 2) -> None:
    started = time.time()
    jobs = [(level, session) for session in range(first, first + sessions)]
    if workers > 1:
        with multiprocessing.Pool(workers) as pool:
            rows = pool.map(_newcomer_session, jobs, chunksize=4)
    else:
        rows = list(map(_newcomer_session, jobs))
    mean, half = _mean_ci([float(row["relative"]) for row in rows])  # type: ignore[arg-type]
    print(f"newcomer against three {level}: {mean:+.2f} net points per {NEWCOMER_DEALS}-deal "
          f"session (its net less the bots' mean), 95% CI [{mean - half:+.2f}, "
          f"{mean + half:+.2f}], sessions {first}-{first + sessions - 1} "
          f"({time.time() - started:.0f} s)")
    nets = [float(r["net"]) for r in rows]  # type: ignore[arg-type]
    others = [float(r["others"]) for r in rows]  # type: ignore[arg-type]
    print(f"  its own net {statistics.mean(nets):+.2f}, "
          f"each bot's {statistics.mean(others):+.2f} per session")
    print("  per deal:")
    deals = [role for row in rows for role in row["roles"]]  # type: ignore[attr-defined]
    for role in ("declarer", "partner", "opponent", "thrown in"):
        found = [d for d in deals if d[0] == role]
        if not found:
            continue
        won = sum(1 for d in found if d[1])
        print(f"    {role}: {len(found)} deals ({len(found) / len(deals):.1%})"
              + (f", won {won} ({won / len(found):.0%})" if role != "thrown in" else "")
              + f", {statistics.mean(d[2] for d in found):+.2f} net less the bots' mean")


if __name__ == "__main__":
    mode, *args = sys.argv[1:]
    workers = _option(args, "--workers", 2)
    fast = "--fast" in args
    if fast:
        args.remove("--fast")
    if mode == "newcomer":
        newcomer(args[0], int(args[1]), int(args[2]) if len(args) > 2 else 0, workers)
    elif mode == "duel":
        duel(args[0], args[1], args[2], int(args[3]), int(args[4]) if len(args) > 4 else 0,
             args[5] if len(args) > 5 else None, workers)
    elif mode == "paired":
        paired(args[0], args[1])
    elif mode == "tables":
        entries: list[dict[str, object]] = []
        for path in args[2:]:
            with open(path, encoding="utf-8") as saved:
                entries.extend(json.loads(line) for line in saved)
        census(args[0], args[1], len(entries), entries, f"{len(args) - 2} saved runs")
    else:
        first_deal = _option(args, "--first", 0)
        save_path = _path_option(args, "--save")
        table(args[0], args[1], int(args[2]), workers, fast, first_deal, save_path)
