"""`python -m gm.migrations <alembic command> ...`: alembic's command line with our configuration, e.g.
`python -m gm.migrations revision --autogenerate -m "add a column"` or `python -m gm.migrations current`."""

from __future__ import annotations

import sys

from alembic.config import CommandLine

from gm.migrations import alembic_config
from gm.store import database_url


def main(argv: list[str] | None = None) -> None:
    cli = CommandLine(prog="python -m gm.migrations")
    options = cli.parser.parse_args(argv)
    if not hasattr(options, "cmd"):
        cli.parser.error("too few arguments")
    cli.run_cmd(alembic_config(url=database_url()), options)


if __name__ == "__main__":
    main(sys.argv[1:])
