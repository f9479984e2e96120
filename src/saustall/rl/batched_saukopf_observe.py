"""The observation of the batched Saukopf simulator: the AEC environment's vector
(:mod:`saustall.rl.saukopf_v0`), float for float, for many lanes at once.

:func:`observe` writes, for one seat in every lane (the seat to act, or one named),
what :meth:`SaukopfState.view_counts <saustall.games.saukopf.game.SaukopfState.view_counts>`
shows that seat, in the environment's layout: card masks unpacked to bits, seats rotated
to the observer's relative seats, the rest scaled as the environment scales it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

if TYPE_CHECKING:
    from saustall.rl.batched_saukopf import BatchedSaukopf, SaukopfBatch

__all__ = ["observe"]


def observe(sim: BatchedSaukopf, batch: SaukopfBatch,
            seat: int | NDArray[np.integer[Any]] | None = None,
            out: NDArray[np.float32] | None = None) -> NDArray[np.float32]:
    """:meth:`BatchedSaukopf.observe <saustall.rl.batched_saukopf.BatchedSaukopf.observe>`."""
    B, P, at, hs = batch.batch_size, sim.num_players, sim.layout.at, sim.tricks
    rows = np.arange(B)
    if seat is None:
        me = np.where(batch.current_player >= 0, batch.current_player,
                      np.maximum(batch.last_player, 0)).astype(np.intp)
    else:
        me = np.broadcast_to(np.asarray(seat, dtype=np.intp), (B,))
    obs = out if out is not None else sim.blank_observations(B)
    obs[...] = 0  # one pass: cheaper than clearing the one-hot blocks alone
    rel_seats = (me[:, None] + np.arange(P)) % P  # the absolute seat of each relative row

    def bits(masks: NDArray[np.uint32]) -> NDArray[np.uint8]:
        """The card bits of each lane's masks, card 0 first (``B x 32 * masks``)."""
        raw = np.ascontiguousarray(masks, dtype="<u4").view(np.uint8).reshape(B, -1)
        return np.unpackbits(raw, axis=1, bitorder="little")

    def one(block: str, seats: NDArray[Any], where: NDArray[np.bool_] | None = None) -> None:
        lanes = rows if where is None else rows[where]
        chosen = seats if where is None else seats[where]
        obs[lanes, at[block] + (chosen.astype(np.intp) - me[lanes]) % P] = 1.0

    obs[:, at["hand"]:at["hand"] + 32] = bits(batch.hands[rows, me])
    trick = np.take_along_axis(batch.trick, rel_seats, axis=1).astype(np.intp)
    held = trick >= 0
    lane_of, row_of = np.nonzero(held)
    obs[lane_of, at["trick"] + 32 * row_of + trick[held]] = 1.0
    played = np.take_along_axis(batch.played, rel_seats, axis=1)
    obs[:, at["played"]:at["played"] + 32 * P] = bits(played)
    obs[:, at["aside"]:at["aside"] + 32] = bits(batch.aside)
    obs[:, at["trumps"]:at["trumps"] + 32] = sim._trump_values[batch.decl]
    obs[rows, at["phase"] + batch.phase.astype(np.intp)] = 1.0
    obs[:, at["napf"]] = batch.fact("napf_stage")
    bid = batch.fact("bid").astype(np.float64)
    obs[:, at["top_bid"]] = np.where(bid > 0, (bid - 60) / 61, 0.0)
    one("top_bidder", batch.fact("top_bidder"), batch.fact("top_bidder") >= 0)
    obs[:, at["bids_left"]:at["bids_left"] + P] = np.take_along_axis(
        batch.bids_left, rel_seats, axis=1) / 2
    obs[:, at["passed"]:at["passed"] + P] = np.take_along_axis(batch.passed, rel_seats,
                                                               axis=1)
    declared = batch.decl < sim.undeclared
    obs[rows[declared], at["game"] + sim._kind_index[batch.decl[declared]]] = 1.0
    obs[:, at["spiess"]] = batch.fact("spiess")
    declarer = batch.fact("declarer")
    one("declarer", declarer, declared)
    partner = batch.partner
    one("partner", partner, (partner >= 0) & (batch.partner_public | (partner == me)))
    for block, name in (("called_ace", "called_ace"), ("open_trump", "open_trump")):
        card = batch.fact(name).astype(np.intp)
        shown = card >= 0
        obs[rows[shown], at[block] + card[shown]] = 1.0
    given = batch.fact("given").astype(np.intp)
    sees = (given >= 0) & ((me == declarer) | (me == partner))
    obs[rows[sees], at["given"] + given[sees]] = 1.0
    one("kontra", batch.kontra, batch.kontra >= 0)
    one("re", batch.re, batch.re >= 0)
    one("leader", batch.leader)
    one("to_act", batch.current_player, batch.current_player >= 0)
    for block, values, scale in (
            ("points", batch.taken_points, 120.0), ("tricks_won", batch.taken_tricks, hs),
            ("hand_counts", np.bitwise_count(batch.hands), hs)):
        obs[:, at[block]:at[block] + P] = np.take_along_axis(
            values, rel_seats, axis=1).astype(np.float64) / scale
    net = np.take_along_axis(batch.net, rel_seats, axis=1).astype(np.float64) / 100
    obs[:, at["net"]:at["net"] + P] = np.clip(net, -1.0, 1.0)
    finished = batch.fact("deals_finished").astype(np.float64)
    obs[:, at["deal"]] = np.minimum(1.0, finished / batch.deals)
    one("dealer", batch.fact("dealer"))
    return obs
