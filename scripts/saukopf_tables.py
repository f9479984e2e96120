"""What the Saukopf measuring scripts that seat four bots of one level share: the deal of
a one-deal session (the dealer rotating with the deal number, as ``saukopf_bars.py``
plays them) and the command line that names the level and the deals."""

from __future__ import annotations

import argparse

from saustall.core import get
from saustall.games.saukopf.game import SaukopfState


def one_deal(deal: int) -> SaukopfState:
    """Deal number ``deal`` of four players: a one-deal session, its seed the deal number
    and its dealer seat ``deal % 4``."""
    state = get("saukopf", "saukopf").new_state(4, deal, {"deals": 1, "dealer": deal % 4})
    assert isinstance(state, SaukopfState)
    return state


def level_deals_parser(prog: str, doc: str) -> argparse.ArgumentParser:
    """A parser for ``prog`` (described by the first paragraph of ``doc``, the script's
    docstring shown under it) with the level, the number of deals and ``--first``."""
    parser = argparse.ArgumentParser(
        prog=prog, description=doc.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("level", help="the bot level, e.g. club or expert")
    parser.add_argument("deals", type=int, help="how many deals to play")
    parser.add_argument("--first", type=int, default=0, help="the first deal (default 0)")
    return parser
