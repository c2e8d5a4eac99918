"""A tiny message catalogue: dotted keys, TOML templates per language, forgiving look-ups.

Templates live in `gm/locales/`: `<lang>.toml` holds the generic texts and every `<part>.<lang>.toml`
(`ui.de.toml`, `rules.fr.toml`, ...) is merged on top, in name order; then each game kit's
`gm/games/<package>/locales/<lang>.toml`, whose keys start with the game's name. Nested TOML tables become
dotted keys (`[ui] bye = "..."` is `ui.bye`). Files are read once and cached.

`t(key, lang, **params)` never raises: a key missing in `lang` falls back to English, a key missing
everywhere gives the key itself, and a missing parameter leaves its `{placeholder}` visible.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from gm.text import DEFAULT_LANG, LANGS, fold

LOCALES_DIR = Path(__file__).resolve().parent / "locales"
KITS_DIR = Path(__file__).resolve().parent / "games"

_ALIASES: dict[str, str] = {
    "en": "en", "eng": "en", "english": "en", "englisch": "en", "anglais": "en", "inglese": "en",
    "de": "de", "deu": "de", "ger": "de", "german": "de", "deutsch": "de", "allemand": "de",
    "tedesco": "de", "aleman": "de",
    "fr": "fr", "fra": "fr", "fre": "fr", "french": "fr", "francais": "fr", "franzosisch": "fr",
    "franzoesisch": "fr", "francese": "fr", "frances": "fr",
}

_catalogues: dict[str, dict[str, str]] = {}


def normalise_lang(lang: object) -> str:
    """"en", "de" or "fr" for a language code or name ("EN", "de-CH", "deutsch", "français"); else "en"."""
    if not isinstance(lang, str):
        return DEFAULT_LANG
    if lang in LANGS:
        return lang
    return _normalise(lang)


@lru_cache(maxsize=256)
def _normalise(lang: str) -> str:
    text = fold(lang.strip())
    if not text:
        return DEFAULT_LANG
    if text in _ALIASES:
        return _ALIASES[text]
    head = re.split(r"[-_.@\s/]", text, maxsplit=1)[0]
    return _ALIASES.get(head, DEFAULT_LANG)


def _flatten(table: dict[str, Any], prefix: str, out: dict[str, str]) -> None:
    for key, value in table.items():
        dotted = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(value, dict):
            _flatten(value, dotted, out)
        elif isinstance(value, str):
            out[dotted] = value
        elif isinstance(value, bool | int | float):
            out[dotted] = str(value)


def _files_for(lang: str) -> list[Path]:
    files = [LOCALES_DIR / f"{lang}.toml"] if (LOCALES_DIR / f"{lang}.toml").is_file() else []
    return files + sorted(LOCALES_DIR.glob(f"*.{lang}.toml")) + sorted(KITS_DIR.glob(f"*/locales/{lang}.toml"))


def catalogue(lang: str) -> dict[str, str]:
    """Every template of `lang` (normalised) as one flat dict of dotted keys; loaded once and cached."""
    code = normalise_lang(lang)
    cached = _catalogues.get(code)
    if cached is not None:
        return cached
    merged: dict[str, str] = {}
    for path in _files_for(code):
        try:
            with path.open("rb") as fh:
                _flatten(tomllib.load(fh), "", merged)
        except (OSError, tomllib.TOMLDecodeError):
            continue  # a broken file must not take the game master down; tests check every file parses
    _catalogues[code] = merged
    return merged


def reload() -> None:
    """Forget the cached catalogues (after editing or adding locale files)."""
    _catalogues.clear()


class _Placeholder:
    """Stands in for a missing parameter and formats back to its own `{placeholder}`."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __format__(self, spec: str) -> str:
        return "{" + self.name + (":" + spec if spec else "") + "}"

    def __str__(self) -> str:
        return "{" + self.name + "}"

    __repr__ = __str__


class _SafeDict(dict[str, Any]):
    def __missing__(self, key: str) -> _Placeholder:
        return _Placeholder(key)


def fill(template: str, **params: Any) -> str:
    """`template` with `params` filled in; missing ones stay visible as `{name}`; never raises."""
    try:
        return template.format_map(_SafeDict(params))
    except (ValueError, KeyError, IndexError, AttributeError, TypeError):
        return template


def has(key: str, lang: str) -> bool:
    """True when `key` is defined in `lang` itself (no English fallback)."""
    return key in catalogue(lang)


def template(key: str, lang: str) -> str:
    """The raw template of `key` in `lang`, else in English, else the key itself."""
    found = catalogue(lang).get(key)
    if found is None:
        found = catalogue(DEFAULT_LANG).get(key, key)
    return found


def t(key: str, lang: str, **params: Any) -> str:
    """The message `key` in `lang` with `params` filled in (see the module docstring for fallbacks)."""
    return fill(template(key, lang), **params)


def plural_category(n: int, lang: str) -> str:
    """"one" or "other" for `n` in `lang`: French counts 0 and 1 as singular, English and German only 1."""
    if normalise_lang(lang) == "fr":
        return "one" if abs(n) < 2 else "other"
    return "one" if abs(n) == 1 else "other"


def plural(n: int, one: str, other: str, lang: str = DEFAULT_LANG) -> str:
    """`one` or `other` depending on `n` and the plural rule of `lang`."""
    return one if plural_category(n, lang) == "one" else other


def tn(key: str, n: int, lang: str, **params: Any) -> str:
    """The message `key.one` or `key.other` for the count `n` (given to the template as `{n}`)."""
    return t(f"{key}.{plural_category(n, lang)}", lang, n=n, **params)


def join_list(items: Iterable[str], lang: str, conj: str = "and") -> str:
    """"A, B and C" in `lang`; `conj` is "and" or "or" (templates `list.and`, `list.or`, `list.sep`)."""
    parts = [str(x) for x in items]
    if len(parts) <= 1:
        return "".join(parts)
    sep = template("list.sep", lang)
    word = template(f"list.{conj}", lang)
    return sep.join(parts[:-1]) + f" {word} " + parts[-1]


def language_name(code: str, lang: str) -> str:
    """The name of language `code` written in `lang` ("Deutsch", "allemand", "German")."""
    return t(f"lang.{normalise_lang(code)}", lang)


__all__ = [
    "DEFAULT_LANG", "LANGS", "LOCALES_DIR", "catalogue", "fill", "has", "join_list", "language_name",
    "normalise_lang", "plural", "plural_category", "reload", "t", "template", "tn",
]
