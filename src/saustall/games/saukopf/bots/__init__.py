"""Saukopf's bots and its analyser, registered by the support record's ``register_bots``.

``heuristic`` (``random``, ``heuristic``), ``beginner``,
``search`` (``club``, ``expert``) with its parts: hand ratings (``eval``), the playout
policy (``rollout``), the exact endgame solver (``endgame``), paired races of rare
decisions (``decide``) and rivals in the bidding (``rivals``); ``analysis``, the analyser
of ``saustall analyze``; ``ratings``, every level's measured strength. Importing this
package registers nothing.
"""
