"""The Saustall game server: tables, seats, WebSockets and persistence.

See ``docs/protocol.md`` for the wire protocol and :mod:`saustall.server.app` for the
application (``saustall serve``).
"""
