"""The ``saustall`` command line."""
