"""Logging for the game master: the standard `logging` module, to stderr, with secrets redacted.

`setup(verbose)` configures it once per process (calling it again replaces the handler): the level comes
from GM_LOG (default WARNING), `--verbose` forces DEBUG. Every record that reaches the handler, from our
modules or from libraries (httpx, openai, sqlalchemy), passes through :class:`RedactSecrets` first: the API
key from the settings, the password of a URL (`postgresql+psycopg://gm:***@host/db`), `sk-...` tokens and
bearer tokens are replaced by `***`, in the message, its arguments and any traceback.

Modules log through `logging.getLogger(__name__)`; nothing is printed until `setup` is called (the CLI does
it), apart from Python's last-resort handler for warnings.
"""

from __future__ import annotations

import logging
import re
import sys
from collections.abc import Iterable

from gm.settings import get_settings, hide_url_password

FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"
_TOKENS = re.compile(r"\bsk-[A-Za-z0-9_\-]{6,}")
_BEARER = re.compile(r"(?i)\b(bearer\s+)[A-Za-z0-9._~+/=\-]{6,}")
_handler: logging.Handler | None = None


def redact(text: str, secrets: Iterable[str] = ()) -> str:
    """`text` with the given secret values, URL passwords, `sk-` tokens and bearer tokens replaced."""
    for secret in sorted({s for s in secrets if s and len(s) >= 4}, key=len, reverse=True):
        text = text.replace(secret, "***")
    text = hide_url_password(text)
    text = _TOKENS.sub("sk-***", text)
    return _BEARER.sub(r"\g<1>***", text)


class RedactSecrets(logging.Filter):
    """Rewrites each record's message (arguments merged in), traceback and stack with secrets redacted."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        self.secrets = [s for s in secrets if s]

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - a broken format string: log it as it stands
            message = str(record.msg)
        record.msg = redact(message, self.secrets)
        record.args = None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text, self.secrets)
        if record.stack_info:
            record.stack_info = redact(record.stack_info, self.secrets)
        return True


def setup(verbose: bool = False) -> logging.Handler:
    """Log to stderr at GM_LOG's level (DEBUG with `verbose`), redacting secrets; returns the handler."""
    global _handler
    settings = get_settings()
    level = logging.DEBUG if verbose else settings.log_level
    root = logging.getLogger()
    if _handler is not None:
        root.removeHandler(_handler)
    handler = logging.StreamHandler(sys.stderr)
    handler.setLevel(level)  # libraries that set their own logger to DEBUG (bm25s) stay quiet below it
    handler.setFormatter(logging.Formatter(FORMAT, datefmt="%H:%M:%S"))
    handler.addFilter(RedactSecrets(settings.secrets()))
    root.addHandler(handler)
    root.setLevel(level)
    for noisy in ("httpcore", "hpack", "markdown_it"):  # wire-level chatter even in --verbose
        logging.getLogger(noisy).setLevel(max(level, logging.INFO))
    logging.captureWarnings(True)
    _handler = handler
    return handler
