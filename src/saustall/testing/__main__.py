"""``python -m saustall.testing GAME``: run the conformance suite on a registered game.

Prints one line per ruleset and check (passed, skipped with the reason, or FAILED with
what broke and the example that repeats it); exits 1 if any check failed, 2 for a game or
check that does not exist.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from saustall.core.errors import UnknownGameError
from saustall.testing.suite import CHECKS, ConformanceFailures, check_game


def main(argv: Sequence[str] | None = None) -> int:
    """Run the suite as the command line asks; the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m saustall.testing",
        description="Check a registered game against Saustall's conformance contract.")
    parser.add_argument("game", help="the game's registered name")
    parser.add_argument("--ruleset", help="one ruleset only (default: all)")
    parser.add_argument("--examples", type=int, default=3,
                        help="seeded examples per check and table size (default 3)")
    parser.add_argument("--seed", type=int, default=0, help="where the examples are drawn from")
    parser.add_argument("--check", action="append", dest="checks", metavar="NAME",
                        help="run only this check (repeatable): "
                             + ", ".join(check.name for check in CHECKS))
    args = parser.parse_args(argv)
    try:
        report = check_game(args.game, args.ruleset, examples=args.examples, seed=args.seed,
                            checks=args.checks)
    except ConformanceFailures as failed:
        print(failed.report.text())
        print(f"{len(failed.report.failures)} check(s) failed")
        return 1
    except (UnknownGameError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(report.text())
    print(f"every check passed ({len(report.skipped)} skipped, as said above)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
