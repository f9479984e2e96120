"""Pigasus's bots, registered by the support record's ``register_bots``.

``reaction``: bots that grab a pair after a modelled reaction time (the named levels,
the earlier ``slow``, ``casual``, ``sharp``, and their measured ratings) and the
simulation of a whole game on simulated time. Importing this package registers nothing.
"""
