"""``python -m saustall.server``: run the game server with every setting on the command line."""

from __future__ import annotations

import argparse

from saustall.server.app import DEFAULT_DATABASE, run


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
    parser.add_argument("--skip-broken-tables", action="store_true",
                        help="start even if stored tables no longer replay, leaving them out")
    args = parser.parse_args(argv)
    run(args.host, args.port, args.database, bot_delay=args.bot_delay, log_level=args.log_level,
        skip_broken_tables=args.skip_broken_tables)


if __name__ == "__main__":
    main()
