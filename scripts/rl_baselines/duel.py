"""A quick duplicate duel of a policy file against a bot: every deal twice, seats swapped.

    python scripts/rl_baselines/duel.py POLICY.npz --game drecksau --ruleset dirty-pig \\
        --opponent heuristic --deals 500

For choosing among candidates while training (a policy file need not be shipped yet);
the figures quoted in docs/rl.md come from ``saustall arena`` with the shipped policy.
Drecksau: win share (a capped game is shared); Saukopf: net points per deal, the policy
in two seats (A B A B) of one-deal sessions, every rotation.
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
    from saustall.core.registry import get

    bound = get(game, ruleset)
    rng = random.Random(seed)
    means = []
    for _ in range(deals):
        deal_seed = rng.getrandbits(62)
        results = []
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
            results.append(sum(mine) / len(mine))
        means.append(sum(results) / len(results))
    mean = statistics.fmean(means)
    half = 1.96 * statistics.stdev(means) / math.sqrt(len(means)) if len(means) > 1 else math.nan
    return mean, mean - half, mean + half


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
    args = parser.parse_args(argv)
    mean, low, high = duel(args.game, args.ruleset, args.policy, args.opponent, args.deals,
                           args.seed, args.players, args.bidder)
    print(f"{args.policy} vs {args.opponent}: {mean:.4f} [{low:.4f}, {high:.4f}] "
          f"over {args.deals} deals")
    return 0


if __name__ == "__main__":
    sys.exit(main())
