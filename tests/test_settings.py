"""Settings in one place (gm.settings): names, defaults, validation, `.env`, and a key that never shows."""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.settings import Settings, get_settings, hide_url_password
from gm.store import DEFAULT_DB, database_url

NAMES = ("GM_DATABASE_URL", "GM_LANG", "GM_HISTORY", "GM_LOG", "OPENAI_API_KEY", "OPENAI_BASE_URL", "GM_MODEL",
         "GM_LLM_TIMEOUT", "GM_LLM_MAX_TOKENS", "GM_LLM_METHOD")


@pytest.fixture
def clean_env(monkeypatch, tmp_path):
    for name in NAMES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)  # no .env of the developer's
    return monkeypatch


def test_defaults(clean_env):
    s = get_settings()
    assert s.database_url is None and s.lang is None and s.history == Path("saves/.gm_history")
    assert s.log == "WARNING" and s.log_level == 30
    assert s.openai_api_key is None and s.openai_base_url is None and s.model == "gpt-4o-mini"
    assert s.llm_timeout == 20.0 and s.llm_max_tokens == 300 and s.llm_method == "function_calling"


def test_the_environment_and_dotenv_are_read_environment_first(clean_env, tmp_path):
    (tmp_path / ".env").write_text("GM_MODEL=from-dotenv\nGM_LANG=de\nGM_LLM_TIMEOUT=\nGM_LOG=info\n")
    clean_env.setenv("GM_MODEL", "from-env")
    clean_env.setenv("GM_HISTORY", "/tmp/h")
    s = get_settings()
    assert s.model == "from-env" and s.lang == "de" and s.history == Path("/tmp/h")
    assert s.llm_timeout == 20.0  # empty counts as unset
    assert s.log == "INFO" and s.log_level == 20


def test_field_names_alone_are_not_read_from_the_environment(clean_env):
    clean_env.setenv("LANG", "C.UTF-8")
    clean_env.setenv("MODEL", "nope")
    s = get_settings()
    assert s.lang is None and s.model == "gpt-4o-mini"


@pytest.mark.parametrize("name,value", [("GM_LLM_METHOD", "telepathy"), ("GM_LLM_TIMEOUT", "soon"),
                                        ("GM_LLM_MAX_TOKENS", "-3"), ("GM_LOG", "chatty")])
def test_invalid_values_are_refused_naming_the_variable(clean_env, name, value):
    clean_env.setenv(name, value)
    with pytest.raises(ValueError, match=name):
        get_settings()
    with pytest.raises(ValueError, match=name):
        Settings.from_env({name: value})


def test_from_env_reads_only_the_mapping(clean_env):
    clean_env.setenv("GM_MODEL", "from-env")
    s = Settings.from_env({"gm_llm_method": "json_schema", "OPENAI_BASE_URL": "", "UNRELATED": "x"})
    assert s.model == "gpt-4o-mini" and s.llm_method == "json_schema" and s.openai_base_url is None


def test_the_key_and_the_database_password_never_show(clean_env):
    clean_env.setenv("OPENAI_API_KEY", "sk-proj-verysecret123456")
    clean_env.setenv("GM_DATABASE_URL", "postgresql+psycopg://gm:hunter2@db.example/gm")
    s = get_settings()
    for text in (repr(s), str(s), f"{s}"):
        assert "verysecret" not in text and "hunter2" not in text
    assert s.api_key == "sk-proj-verysecret123456" and s.secrets() == ["sk-proj-verysecret123456"]
    assert s.database_url == "postgresql+psycopg://gm:hunter2@db.example/gm"  # the value itself is intact


def test_store_reads_the_database_url_from_the_settings(clean_env, tmp_path):
    clean_env.setenv("GM_DATABASE_URL", f"sqlite:///{tmp_path / 'x.sqlite3'}")
    assert database_url() == f"sqlite:///{tmp_path / 'x.sqlite3'}"
    assert database_url("sqlite:///other.sqlite3") == "sqlite:///other.sqlite3"
    clean_env.delenv("GM_DATABASE_URL")
    assert database_url() == f"sqlite:///{DEFAULT_DB}"


def test_hide_url_password():
    assert hide_url_password("postgresql+psycopg://user:pw@host:5432/db") == "postgresql+psycopg://user:***@host:5432/db"
    assert hide_url_password("sqlite:///saves/gm.sqlite3") == "sqlite:///saves/gm.sqlite3"
    assert hide_url_password("postgresql://user@host/db") == "postgresql://user@host/db"
