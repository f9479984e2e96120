"""A quick duplicate duel of a policy file against a bot: every deal twice, seats swapped.

    python scripts/rl_baselines/duel.py POLICY.npz --game drecksau --ruleset dirty-pig \\
        --opponent heuristic --deals 500

For choosing among candidates while training (a policy file need not be shipped yet);
the figures quoted in docs/rl.md come from ``saustall arena`` with the shipped policy.
Drecksau: win share (a capped game is shared); Saukopf: net points per deal, the policy
in two seats (A B A B) of one-deal sessions, every rotation. Also printed: the paired
difference, the policy's seats less the opponent's per deal (the arena's head to head; in
Saukopf the measure that counts, since deals are not zero-sum: a table of one bot scores
well above 0 a seat).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from pathlib import Path

from saustall.bots.base import make_bot


def policy_bot(game: str, path: Path, seed: int, bidder: str = "heuristic"):
    """A bot playing the policy file ``path`` (as the game's ``policy:NAME`` bots do)."""
    if game == "drecksau":
        from saustall.games.drecksau.bots.learned import make_policy_bot
        return make_policy_bot(seed, "candidate", path)
    from saustall.games.saukopf.bots.learned import make_policy_bot as make
    return make(seed, "candidate", path, bidder=bidder)


def duel(game: str, ruleset: str, path: Path, opponent: str, deals: int, seed: int,
         players: int = 2, bidder: str = "heuristic") -> tuple[float, float, float]:
    """Mean result of the policy per deal and its 95% interval (normal approximation)."""
    means, _ = duel_deals(game, ruleset, path, opponent, deals, seed, players, bidder)
    return interval(means)


def interval(values: list[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval (normal approximation)."""
    mean = statistics.fmean(values)
    half = (1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1
            else math.nan)
    return mean, mean - half, mean + half


def duel_deals(game: str, ruleset: str, path: Path, opponent: str, deals: int, seed: int,
               players: int = 2, bidder: str = "heuristic"
               ) -> tuple[list[float], list[float]]:
    """Per deal: the policy's mean result, and its seats' mean less the opponent's."""
    from saustall.core.registry import get

    bound = get(game, ruleset)
    rng = random.Random(seed)
    means, differences = [], []
    for _ in range(deals):
        deal_seed = rng.getrandbits(62)
        results, gaps = [], []
        lineups = ([["P", "O"], ["O", "P"]] if players == 2 else
                   [["P", "O", "P", "O"], ["O", "P", "O", "P"]])
        for lineup in lineups:
            options = {"deals": 1} if game == "saukopf" else {}
            state = bound.new_state(players, deal_seed, options)
            bots = [policy_bot(game, path, deal_seed + s, bidder) if who == "P"
                    else make_bot(game, opponent, deal_seed + s)
                    for s, who in enumerate(lineup)]
            steps = 0
            while not state.is_terminal() and steps < 100_000:
                p = state.current_player
                state.apply(bots[p].choose(state.view(p), state.legal_actions(p)), p)
                steps += 1
            if game == "drecksau":
                won = state.winners()
                share = [1 / players] * players if not won else [
                    (1 / len(won) if s in won else 0.0) for s in range(players)]
            else:
                share = list(state.returns())
            mine = [share[s] for s, who in enumerate(lineup) if who == "P"]
            theirs = [share[s] for s, who in enumerate(lineup) if who == "O"]
            results.append(sum(mine) / len(mine))
            gaps.append(sum(mine) / len(mine) - sum(theirs) / len(theirs))
        means.append(sum(results) / len(results))
        differences.append(sum(gaps) / len(gaps))
    return means, differences


def main(argv: list[str] | None = None) -> int:
    """Play the duel and print the mean with its interval."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("policy", type=Path)
    parser.add_argument("--game", default="drecksau")
    parser.add_argument("--ruleset", default="dirty-pig")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--bidder", default="heuristic")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--versus", type=Path, default=None,
                        help="another policy file, duelled on the same deals: prints the "
                             "paired difference of the two (this one's gap less its)")
    args = parser.parse_args(argv)
    means, differences = duel_deals(args.game, args.ruleset, args.policy, args.opponent,
                                    args.deals, args.seed, args.players, args.bidder)
    mean, low, high = interval(means)
    gap, gap_low, gap_high = interval(differences)
    print(f"{args.policy} vs {args.opponent}: {mean:.4f} [{low:.4f}, {high:.4f}] "
          f"over {args.deals} deals; its seats less the opponent's: {gap:+.4f} "
          f"[{gap_low:+.4f}, {gap_high:+.4f}]")
    if args.versus is not None:
        _, others = duel_deals(args.game, args.ruleset, args.versus, args.opponent,
                               args.deals, args.seed, args.players, args.bidder)
        other, other_low, other_high = interval(others)
        paired, low, high = interval([a - b for a, b in zip(differences, others)])
        print(f"{args.versus} on the same deals: {other:+.4f} [{other_low:+.4f}, "
              f"{other_high:+.4f}]; {args.policy.name} less {args.versus.name}, paired by "
              f"deal: {paired:+.4f} [{low:+.4f}, {high:+.4f}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
