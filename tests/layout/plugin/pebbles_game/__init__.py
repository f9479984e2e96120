"""Pebbles: a game from outside Saustall, found only through its entry point.

Players in turn take 1 to 3 pebbles from one pile; whoever takes the last pebble wins.
It offers nothing but rulesets and a factory, so every surface plays it generically.
"""
