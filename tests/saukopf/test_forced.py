"""Forced contracts (``saustall census --force``): every game kind's worth, declared or not
by the bots."""

from __future__ import annotations

import json
from typing import Any, Sequence

import pytest
from typer.testing import CliRunner

from saustall.bots.base import make_bot
from saustall.cli.main import app
from saustall.core import get
from saustall.core.errors import InvalidOptionError
from saustall.games.saukopf.actions import PASS, declaration_of, is_bid, is_declare
from saustall.games.saukopf.bidding import KREUZ_MASK
from saustall.games.saukopf.cards import GAME_KINDS, KIND_BY_NAME, SCHWARZ
from saustall.games.saukopf.census import deal_seed
from saustall.games.saukopf.forced import (
    ForcedJob, force_bidding, forced_contracts, forced_declarer, play_forced, run_forced,
)
from saustall.games.saukopf.game import SaukopfState


def _deal(index: int, seed: int = 1) -> SaukopfState:
    state = get("saukopf", "saukopf").new_state(4, deal_seed(seed, index),
                                                {"deals": 1, "dealer": index % 4})
    assert isinstance(state, SaukopfState)
    return state


def test_force_all_names_every_kind_plain_and_am_spiess_and_bad_kinds_are_named() -> None:
    every = forced_contracts("saukopf", ["all"])
    assert len(every) == 2 * len(GAME_KINDS)
    assert ("unreine-kreuzung", False) in every and ("wutz", True) in every
    # the Dreihaxer plays solos only
    solos = forced_contracts("dreihaxer", ["all"], spiess="no")
    assert {kind for kind, _ in solos} == {k.name for k in GAME_KINDS if not k.doppel}
    assert forced_contracts("saukopf", ["wutz,mast", "wutz"], "yes") == (
        ("wutz", True), ("mast", True))
    with pytest.raises(InvalidOptionError, match="unknown game kind 'wutzz'.*sauerei"):
        forced_contracts("saukopf", ["wutzz"])
    with pytest.raises(InvalidOptionError, match="Doppel game, not played at 3"):
        forced_contracts("dreihaxer", ["unreine-kreuzung"])


def test_the_declarer_is_a_seat_that_may_declare_the_kind_or_nobody() -> None:
    found_kreuzung = 0
    for index in range(40):
        state = _deal(index)
        seat = forced_declarer(state, ("unreine-kreuzung", False))
        holders = [s for s in range(4) if (state.masks[s] & KREUZ_MASK).bit_count() <= 1]
        if seat is None:  # a Kreuzung needs a hand with at most one trump
            assert holders == []
        else:
            found_kreuzung += 1
            assert seat in holders
        assert forced_declarer(state, ("wutz", False)) is not None  # a Wutz always may
    assert found_kreuzung > 0


@pytest.mark.parametrize("kind", ["keiler", "knorpel", "unreine-sauerei", "vegane-mast"])
def test_the_forced_bidding_is_the_kinds_least_bid_and_everybody_else_passes(
        kind: str) -> None:
    info = KIND_BY_NAME[kind]
    for index in range(12):
        state = _deal(index)
        seat = forced_declarer(state, (kind, False))
        if seat is None:
            continue
        force_bidding(state, seat, info)
        assert state.phase == "declaring" and state.cur == seat
        assert state.stage == ("napf" if info.napf else "trog")
        bids = [(stage, who, bid) for stage, who, bid in state.bid_log if bid]
        assert bids == [(state.stage, seat, info.min_bid)]
        assert state.bid == (SCHWARZ if kind == "vegane-mast" else info.min_bid)
        legal = [declaration_of(a) for a in state.legal_actions(seat) if is_declare(a)]
        assert any(d.kind == info.code for d in legal)
        return
    pytest.fail(f"no deal of 12 let a seat declare {kind}")


class _Watching:
    """A bot that records what it is given (and plays as the heuristic bot)."""

    seen: list[tuple[Any, list[Any]]] = []

    def __init__(self, seed: int = 0) -> None:
        self.inner = make_bot("saukopf", "heuristic", seed)

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        _Watching.seen.append((view, list(legal)))
        return self.inner.choose(view, legal)


def test_the_forced_deal_plays_the_kind_and_the_bots_choose_from_views_and_legal_actions(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from saustall.bots import base

    make_bot("saukopf", "heuristic", 0)  # the game's bots registered
    monkeypatch.setitem(base._BOTS["saukopf"], "watching", _Watching)
    job = ForcedJob("saukopf", 4, "watching", 1, (("hauer", True),), 3)
    played = [play_forced(job, ("hauer", True), index) for index in range(3)]
    assert all(deal.declarer is not None and deal.played for deal in played)
    assert _Watching.seen and all(isinstance(view, dict) and "hand" in view
                                  for view, _ in _Watching.seen)
    # the declarer's bot chose among Hauer am Spieß declarations only, and bid nothing
    declared = [legal for _, legal in _Watching.seen if any(is_declare(a) for a in legal)]
    assert declared and all(declaration_of(a).kind == KIND_BY_NAME["hauer"].code
                            and declaration_of(a).spiess for legal in declared for a in legal)
    assert not any(is_bid(a) for _, legal in _Watching.seen for a in legal if a != PASS)
    for deal in played:  # a won deal pays the winners; the net is the deal's own
        assert deal.won == (deal.declarer_net > 0)
        assert deal.party_net == deal.declarer_net  # a solo: the party is the declarer


def test_forced_worth_is_the_same_for_any_workers_and_the_command_writes_json_and_report(
        tmp_path) -> None:
    contracts = (("wutz", False), ("unreine-kreuzung", False))
    one = run_forced("saukopf", "heuristic", 8, contracts, seed=3, workers=1)
    two = run_forced("saukopf", "heuristic", 8, contracts, seed=3, workers=2)
    assert one.rows == two.rows
    wutz, kreuzung = one.rows
    assert wutz.declarable.value == 1.0 and wutz.declarer_net.n == 8
    assert kreuzung.declarer_net.n == kreuzung.declarable.value * 8 < 8
    path, report = tmp_path / "forced.json", tmp_path / "forced.html"
    done = CliRunner().invoke(app, ["census", "--force", "wutz", "--spiess", "both",
                                    "--bot", "heuristic", "--deals", "6", "--workers", "1",
                                    "--json", str(path), "--report", str(report)])
    assert done.exit_code == 0, done.output
    assert "wutz am Spieß" in done.stdout and "edge" in done.stdout
    data = json.loads(path.read_text())
    assert [(row["kind"], row["spiess"]) for row in data["forced"]] == [
        ("wutz", False), ("wutz", True)]
    for row in data["forced"]:
        assert row["declarer_net"]["n"] == 6
        for figure in ("declarer_net", "edge", "won", "kontra"):
            found = row[figure]
            assert found["low"] is None and found["note"] or \
                found["low"] <= found["value"] <= found["high"]
    text = report.read_text()
    assert text.count("data:image/png;base64,") == 3 and "Contract worth" in text
    refused = CliRunner().invoke(app, ["census", "--force", "schafkopf"])
    assert refused.exit_code == 2 and "unknown game kind 'schafkopf'" in refused.output
    assert "Traceback" not in refused.output


def test_a_vegane_mast_am_spiess_is_seated_on_the_hand_taking_the_fewest_tricks() -> None:
    from saustall.games.saukopf.bots.eval import tricks_of_mask
    from saustall.games.saukopf.cards import VEGANE_MAST, order_for

    spiess, plain = order_for(VEGANE_MAST, -1, True), order_for(VEGANE_MAST, -1, False)
    moved = 0
    for index in range(20):
        state = _deal(index)
        seat = forced_declarer(state, ("vegane-mast", True))
        assert seat is not None
        fewest = min(tricks_of_mask(mask, spiess) for mask in state.masks)
        assert tricks_of_mask(state.masks[seat], spiess) == fewest
        moved += seat != forced_declarer(state, ("vegane-mast", False))
    # am Spieß the 9s, 8s and 7s are the highest cards: another hand suits it
    assert moved > 0 and plain is not spiess
