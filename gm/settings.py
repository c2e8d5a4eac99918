"""Every setting of the game master in one place (pydantic-settings): the environment, then `.env`.

| variable | field | default |
| --- | --- | --- |
| GM_DATABASE_URL | `database_url` | none: SQLite at saves/gm.sqlite3 |
| GM_LANG | `lang` | none (the CLI falls back to en) |
| GM_HISTORY | `history` | saves/.gm_history |
| GM_LOG | `log` (a logging level name) | WARNING |
| OPENAI_API_KEY | `openai_api_key` (a SecretStr) | none |
| OPENAI_BASE_URL | `openai_base_url` | none |
| GM_MODEL | `model` | gpt-4o-mini |
| GM_LLM_TIMEOUT | `llm_timeout` (seconds) | 20 |
| GM_LLM_MAX_TOKENS | `llm_max_tokens` | 300 |
| GM_LLM_METHOD | `llm_method`: function_calling, json_schema or json_object | function_calling |

An empty variable counts as unset (`.env.example` lists them all empty). `get_settings()` reads afresh on
every call (a fraction of a millisecond), so a test may change the environment between calls;
`Settings.from_env(mapping)` reads only the mapping given (no environment, no `.env`). Neither the key nor a
database password ever appears in `repr(settings)`.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

LlmMethod = Literal["function_calling", "json_schema", "json_object"]
METHODS: tuple[str, ...] = ("function_calling", "json_schema", "json_object")
_ONLY_INIT: ContextVar[bool] = ContextVar("gm_settings_only_init", default=False)
_URL_PASSWORD = re.compile(r"(?P<head>[A-Za-z][A-Za-z0-9+.\-]*://[^:/@\s]*):[^@/\s]+@")


def hide_url_password(url: str) -> str:
    """`postgresql+psycopg://gm:secret@host/db` -> `postgresql+psycopg://gm:***@host/db`."""
    return _URL_PASSWORD.sub(r"\g<head>:***@", url)


class Settings(BaseSettings):
    """The game master's settings; the env names are the field aliases (see the module docstring)."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", env_ignore_empty=True, extra="ignore", frozen=True)

    database_url: str | None = Field(default=None, alias="GM_DATABASE_URL")
    lang: str | None = Field(default=None, alias="GM_LANG")
    history: Path = Field(default=Path("saves/.gm_history"), alias="GM_HISTORY")
    log: str = Field(default="WARNING", alias="GM_LOG")
    openai_api_key: SecretStr | None = Field(default=None, alias="OPENAI_API_KEY")
    openai_base_url: str | None = Field(default=None, alias="OPENAI_BASE_URL")
    model: str = Field(default="gpt-4o-mini", alias="GM_MODEL")
    llm_timeout: float = Field(default=20.0, gt=0, alias="GM_LLM_TIMEOUT")
    llm_max_tokens: int = Field(default=300, gt=0, alias="GM_LLM_MAX_TOKENS")
    llm_method: LlmMethod = Field(default="function_calling", alias="GM_LLM_METHOD")

    @field_validator("log")
    @classmethod
    def _log_level(cls, value: str) -> str:
        name = value.strip().upper()
        if name.isdigit() or isinstance(logging.getLevelName(name), int):
            return name
        raise ValueError(f"GM_LOG must be a logging level (DEBUG, INFO, WARNING, ERROR), not {value!r}")

    @property
    def log_level(self) -> int:
        """GM_LOG as a `logging` level number."""
        return int(self.log) if self.log.isdigit() else int(logging.getLevelName(self.log))

    @property
    def api_key(self) -> str | None:
        """The API key in clear text, for the one place that hands it to the client."""
        return self.openai_api_key.get_secret_value() if self.openai_api_key else None

    def secrets(self) -> list[str]:
        """Values that must never reach a log line or an error message."""
        return [s for s in (self.api_key,) if s]

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> Settings:
        """Settings read from `env` alone (neither os.environ nor `.env`), e.g. for tests."""
        names = {(f.alias or n).upper(): (f.alias or n) for n, f in cls.model_fields.items()}
        data: dict[str, Any] = {names[k.upper()]: v for k, v in env.items() if k.upper() in names and v != ""}
        token = _ONLY_INIT.set(True)
        try:
            return cls(**data)
        finally:
            _ONLY_INIT.reset(token)

    @classmethod
    def settings_customise_sources(cls, settings_cls: type[BaseSettings], init_settings: PydanticBaseSettingsSource,
                                   env_settings: PydanticBaseSettingsSource,
                                   dotenv_settings: PydanticBaseSettingsSource,
                                   file_secret_settings: PydanticBaseSettingsSource,
                                   ) -> tuple[PydanticBaseSettingsSource, ...]:
        if _ONLY_INIT.get():
            return (init_settings,)
        return init_settings, env_settings, dotenv_settings

    def __repr_args__(self) -> Iterator[tuple[str | None, Any]]:
        for name, value in super().__repr_args__():
            if name == "database_url" and isinstance(value, str):
                value = hide_url_password(value)
            yield name, value


def get_settings() -> Settings:
    """The settings as they are now (environment, then `.env`); raises pydantic's ValidationError (a
    ValueError) naming the variable when one is invalid."""
    return Settings()
