"""Built-in games, one package each. Every game declares its support record in
``<game>/support.py`` and is found through the ``saustall.games`` entry points
(:mod:`saustall.core.registry`), as a game from another package is."""
