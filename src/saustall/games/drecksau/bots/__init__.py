"""Drecksau's bots, registered by the support record's ``register_bots``.

``heuristic`` (``random``, ``heuristic``, ``racer``), ``search`` (the named levels and
their measured ratings) and the fast move policy both use (``policy``). Importing this
package registers nothing.
"""
