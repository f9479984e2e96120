"""``python -m saustall.server``: run the game server with every setting on the command line."""

from __future__ import annotations

import argparse

from saustall.server.app import DEFAULT_DATABASE, run
from saustall.server.connections import ConnectionLimits, ConnectionSettingError
from saustall.server.limits import LimitSettings


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and serve."""
    parser = argparse.ArgumentParser(prog="python -m saustall.server",
                                     description="Run the Saustall game server.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on")
    parser.add_argument("--database", default=DEFAULT_DATABASE,
                        help="SQLAlchemy async database URL")
    parser.add_argument("--bot-delay", type=float, default=0.8,
                        help="seconds a bot pauses before acting")
    parser.add_argument("--log-level", default="info", help="uvicorn log level")
    defaults = LimitSettings()
    parser.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                        help="also accept browsers on this origin (scheme://host[:port]); "
                             "repeatable")
    parser.add_argument("--tables-per-source", type=int, default=defaults.tables_per_source,
                        help="open tables one address may create (0: no limit)")
    parser.add_argument("--sockets-per-source", type=int, default=defaults.sockets_per_source,
                        help="WebSockets one address may hold open (0: no limit)")
    parser.add_argument("--new-sockets-per-second", type=float,
                        default=defaults.new_sockets_per_second,
                        help="WebSockets one address may open per second (0: no limit)")
    parser.add_argument("--spectators-per-table", type=int,
                        default=defaults.spectators_per_table,
                        help="spectators one table accepts (0: no limit)")
    guarded = ConnectionLimits()
    parser.add_argument("--connections-per-source", type=int,
                        default=guarded.connections_per_source,
                        help="HTTP connections one address may hold open (0: no limit; "
                             "trusted proxies have none)")
    parser.add_argument("--max-connections", type=int, default=None, metavar="N",
                        help="open connections in all (default: from the open-file limit)")
    parser.add_argument("--header-timeout", type=float, default=guarded.header_timeout,
                        metavar="SECONDS",
                        help="seconds a connection has to send a whole request (0: no limit)")
    parser.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDRESS",
                        help="a reverse proxy's address or network whose X-Forwarded-For "
                             "names the client; repeatable (default: none)")
    parser.add_argument("--retain-finished", type=float, default=None, metavar="SECONDS",
                        help="seconds a finished table stays in memory (default 900)")
    parser.add_argument("--retain-idle", type=float, default=None, metavar="SECONDS",
                        help="seconds an abandoned table stays in memory (default 3600)")
    parser.add_argument("--skip-broken-tables", action="store_true",
                        help="start even if stored tables no longer replay, leaving them out")
    parser.add_argument("--bot-workers", type=int, default=None, metavar="N",
                        help="processes in which bots think (default: one per core, at "
                             "most 8)")
    parser.add_argument("--bot-module", action="append", default=[], metavar="MODULE",
                        help="import this module first, to register more bots (e.g. "
                             "benchmarks.server_bots, the load benchmark's); repeatable")
    parser.add_argument("--lease-seconds", type=float, default=None, metavar="SECONDS",
                        help="PostgreSQL: how long a table's lease outlives its process "
                             "(default 3)")
    parser.add_argument("--ws-compression", action="store_true",
                        help="offer WebSocket clients permessage-deflate (more CPU per "
                             "message, fewer bytes; off by default)")
    args = parser.parse_args(argv)
    if args.lease_seconds is not None and args.lease_seconds <= 0.2:
        parser.error("--lease-seconds must be more than 0.2")
    if args.bot_workers is not None and args.bot_workers < 1:
        parser.error("--bot-workers must be at least 1")
    connections = ConnectionLimits(
        header_timeout=args.header_timeout, connections_per_source=args.connections_per_source,
        max_connections=args.max_connections, trusted_proxies=tuple(args.trusted_proxy))
    try:
        connections.check()
    except ConnectionSettingError as exc:
        parser.error(str(exc))
    limits = LimitSettings(tables_per_source=args.tables_per_source,
                           sockets_per_source=args.sockets_per_source,
                           new_sockets_per_second=args.new_sockets_per_second,
                           spectators_per_table=args.spectators_per_table)
    run(args.host, args.port, args.database, bot_delay=args.bot_delay, log_level=args.log_level,
        allow_origins=args.allow_origin, limits=limits, connections=connections, retain_finished=args.retain_finished,
        retain_idle=args.retain_idle, skip_broken_tables=args.skip_broken_tables,
        bot_workers=args.bot_workers, bot_modules=args.bot_module,
        lease_seconds=args.lease_seconds, ws_compression=args.ws_compression)


if __name__ == "__main__":
    main()
