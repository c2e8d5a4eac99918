"""The save commands as a user meets them: confirmation before deleting, ids and campaign names that never
collide silently, exports that keep hidden cards hidden, imports checked whole, statuses derived from the
log, damaged rows and damaged files refused with one line (never a traceback), and two windows on one game."""

from __future__ import annotations

import io
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from procs import Reader

from engine import load_game
from gm.cli import main
from gm.i18n import t
from gm.session import Seat, Session
from gm.store import Store

G = load_game("odin")


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'gm.sqlite3'}"


def run(url: str, *args: str, stdin: str = "", capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    """`gm --db URL ARGS` in this process: (exit code, stdout, stderr). Any exception fails the test."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    monkeypatch.setenv("GM_LANG", "en")
    capsys.readouterr()
    code = main(["--db", url, *args])
    out, err = capsys.readouterr()
    return code, out, err


def new_game(url: str, moves: int = 4, seed: int = 5, campaign: str | None = None,
             seats: list[Seat] | None = None, options: dict | None = None) -> Session:
    s = Session.new(Store(url), "odin", seats or [Seat("Ana", lang="en"), Seat("Ben", lang="en")], seed,
                    options or {}, "en", campaign)
    for _ in range(moves):
        if s.state.is_over:
            break
        s.commit(G.legal_actions(s.state)[0], "en", None)
    s.store.engine.dispose()  # no connection left open on the file
    return s


def finished_game(url: str, seed: int = 3, campaign: str | None = None) -> Session:
    s = new_game(url, moves=10_000, seed=seed, campaign=campaign, options={"target": "one_hand"})
    assert s.state.is_over
    return s


# ---- delete asks first -------------------------------------------------------------------------------------

def test_delete_asks_for_confirmation(url, capsys, monkeypatch):
    gid = new_game(url).game_id
    code, out, err = run(url, "delete", str(gid), capsys=capsys, monkeypatch=monkeypatch)  # no terminal, no line
    assert code == 1 and t("ui.delete_needs_yes", "en") in err and Store(url).has_game(gid)
    code, out, err = run(url, "delete", str(gid), stdin="n\n", capsys=capsys, monkeypatch=monkeypatch)
    assert code == 1 and t("ui.not_deleted", "en") in err and Store(url).has_game(gid)
    assert "Delete game 1 (odin: Ana, Ben, 4 moves)?" in err
    for answer in ("ja\n", "OUI\n", "y\n"):
        gid = new_game(url).game_id
        code, out, err = run(url, "delete", str(gid), stdin=answer, capsys=capsys, monkeypatch=monkeypatch)
        assert code == 0 and out == t("ui.deleted_game", "en", id=gid) + "\n" and not Store(url).has_game(gid)
    gid = new_game(url).game_id
    assert run(url, "delete", str(gid), "--yes", capsys=capsys, monkeypatch=monkeypatch)[0] == 0
    assert not Store(url).has_game(gid)


def test_a_campaign_named_like_a_game_id_is_never_confused_with_it(url, capsys, monkeypatch):
    new_game(url)  # game 1
    new_game(url, seed=6)  # game 2
    in_campaign = new_game(url, seed=7, campaign="2").game_id  # game 3, in campaign "2"
    for command in ("resume", "replay", "export", "delete"):
        code, out, err = run(url, command, "2", capsys=capsys, monkeypatch=monkeypatch)
        assert code == 1 and err.strip() == t("ui.ambiguous_ref", "en", ref="2"), command
    assert Store(url).has_game(2) and Store(url).campaign("2") is not None
    code, out, _ = run(url, "replay", "game:2", capsys=capsys, monkeypatch=monkeypatch)
    assert code == 0 and "game 2:" in out.splitlines()[0]
    code, out, _ = run(url, "replay", "campaign:2", capsys=capsys, monkeypatch=monkeypatch)
    assert code == 0 and f"game {in_campaign}:" in out.splitlines()[0]
    code, out, err = run(url, "delete", "campaign:2", "--yes", capsys=capsys, monkeypatch=monkeypatch)
    assert code == 0 and Store(url).campaign("2") is None and Store(url).game_ids() == [2, 1]
    code, out, _ = run(url, "replay", "2", capsys=capsys, monkeypatch=monkeypatch)  # only the game is left
    assert code == 0 and "game 2:" in out.splitlines()[0]
    assert run(url, "replay", "game:9", capsys=capsys, monkeypatch=monkeypatch)[0] == 1
    assert run(url, "replay", "campaign:nope", capsys=capsys, monkeypatch=monkeypatch)[0] == 1


# ---- export: no hidden card leaves a game in play ------------------------------------------------------------

def test_the_export_of_a_game_in_play_is_its_public_record(url, capsys, monkeypatch):
    s = new_game(url, moves=6)
    code, out, err = run(url, "export", str(s.game_id), capsys=capsys, monkeypatch=monkeypatch)
    doc = json.loads(out)
    assert code == 0 and err == "" and doc["format"] == "viking-gm/public-record"
    assert "seed" not in doc and "actions" not in doc and doc["moves"] == 6
    for seat in range(2):
        for card in G.view(s.state, seat).hand:
            assert f'"{card}"' not in out
    Path(url.removeprefix("sqlite:///")).with_name("public.json").write_text(out)
    code, out, err = run(url, "import", str(Path(url.removeprefix("sqlite:///")).with_name("public.json")),
                         capsys=capsys, monkeypatch=monkeypatch)
    assert code == 1 and len(err.splitlines()) == 1 and "public record" in err and "--with-secrets" in err

    code, out, err = run(url, "export", str(s.game_id), "--with-secrets", capsys=capsys, monkeypatch=monkeypatch)
    assert code == 0 and err.strip() == t("ui.export_secrets_warning", "en")
    doc = json.loads(out)
    assert doc["seed"] == 5 and len(doc["actions"]) == 6
    path = Path(url.removeprefix("sqlite:///")).with_name("secret.json")
    path.write_text(out)
    code, out, err = run(url, "import", str(path), capsys=capsys, monkeypatch=monkeypatch)
    assert code == 0 and Store(url).load(2).state == s.state


def test_a_finished_game_exports_whole_without_a_warning(url, capsys, monkeypatch):
    s = finished_game(url)
    code, out, err = run(url, "export", str(s.game_id), capsys=capsys, monkeypatch=monkeypatch)
    doc = json.loads(out)
    assert code == 0 and err == "" and doc["format"] == "viking-gm/game" and doc["seed"] == 3
    path = Path(url.removeprefix("sqlite:///")).with_name("done.json")
    path.write_text(out)
    assert run(url, "import", str(path), capsys=capsys, monkeypatch=monkeypatch)[0] == 0
    assert Store(url).load(2).status == "over"


# ---- import: checked whole, refused with one line ------------------------------------------------------------

def good_doc(url: str) -> dict:
    s = new_game(url, moves=3, seats=[Seat("Ana", lang="en"), Seat("Greedy", kind="bot", bot="greedy")])
    return Store(url).export_game(s.game_id, secrets=True)


BAD_FILES = {
    "not UTF-8": lambda doc: b"\xff\xfe" + json.dumps(doc).encode("utf-16-le"),
    "Latin-1": lambda doc: json.dumps({**doc, "campaign": "Göteborg"}, ensure_ascii=False).encode("latin-1"),
    "nested 100,000 deep": lambda doc: b"[" * 100_000 + b"]" * 100_000,
    "deep inside the options": lambda doc: json.dumps({**doc, "options": {"target": 1}}).replace(
        '"target": 1', '"target": ' + "[" * 50_000 + "]" * 50_000).encode(),
    "seats of the wrong type": lambda doc: json.dumps({**doc, "seats": "Ana,Greedy"}).encode(),
    "a seat of the wrong kind": lambda doc: json.dumps({**doc, "seats": [doc["seats"][0], 7]}).encode(),
    "an unknown bot": lambda doc: json.dumps({**doc, "seats": [doc["seats"][0], {**doc["seats"][1],
                                                                                 "bot": "genius"}]}).encode(),
    "a seed of 7.9": lambda doc: json.dumps({**doc, "seed": 7.9}).encode(),
    "a seed of 2**70": lambda doc: json.dumps({**doc, "seed": 2**70}).encode(),
    "a negative seed": lambda doc: json.dumps({**doc, "seed": -3}).encode(),
    "not JSON": lambda doc: b"format: viking-gm/game",
    "empty": lambda doc: b"",
    "NaN seed": lambda doc: json.dumps({**doc, "seed": float("nan")}).encode(),
}


@pytest.mark.parametrize("kind", BAD_FILES)
def test_a_bad_import_is_refused_with_one_line_and_writes_nothing(url, capsys, monkeypatch, kind):
    doc = good_doc(url)
    path = Path(url.removeprefix("sqlite:///")).with_name("bad.json")
    path.write_bytes(BAD_FILES[kind](doc))
    before = Store(url).game_ids()
    code, out, err = run(url, "import", str(path), capsys=capsys, monkeypatch=monkeypatch)
    assert code == 1 and out == "" and len(err.splitlines()) == 1, err
    assert err.startswith(t("ui.import_failed", "en", error="").strip())
    assert Store(url).game_ids() == before
    assert run(url, "saves", capsys=capsys, monkeypatch=monkeypatch)[0] == 0


@pytest.mark.parametrize("where", ["missing.json", "."])
def test_an_import_file_that_cannot_be_read(url, capsys, monkeypatch, where, tmp_path):
    code, out, err = run(url, "import", str(tmp_path / where), capsys=capsys, monkeypatch=monkeypatch)
    assert code == 1 and len(err.splitlines()) == 1


def test_a_deeply_nested_import_from_stdin_is_no_traceback(tmp_path):
    env = {**os.environ, "GM_DATABASE_URL": f"sqlite:///{tmp_path / 'gm.sqlite3'}", "GM_LANG": "de"}
    r = subprocess.run([sys.executable, "-m", "gm.cli", "import", "-"], input=b"[" * 100_000, capture_output=True,
                       cwd=tmp_path, env=env, timeout=120)
    err = r.stderr.decode()
    assert r.returncode == 1 and "Traceback" not in err and len(err.splitlines()) == 1
    assert t("ui.import_too_deep", "de") in err


# ---- what is shown comes from the log ----------------------------------------------------------------------

def test_saves_and_resume_show_the_status_of_the_log_not_of_the_columns(url, capsys, monkeypatch, tmp_path):
    done = finished_game(url, campaign="liga").game_id
    playing = new_game(url, moves=3, seed=8, campaign="liga").game_id
    code, before, _ = run(url, "saves", capsys=capsys, monkeypatch=monkeypatch)
    con = sqlite3.connect(url.removeprefix("sqlite:///"))
    con.execute("UPDATE game SET status = 'over', result_json = '{\"winners\": [0, 1], \"scores\": [0, 0]}' "
                "WHERE id = ?", (playing,))
    con.execute("UPDATE game SET status = 'playing', result_json = '' WHERE id = ?", (done,))
    con.commit()
    con.close()
    code, after, _ = run(url, "saves", capsys=capsys, monkeypatch=monkeypatch)
    assert code == 0 and after == before
    lines = {int(line.split()[0]): line for line in after.splitlines() if line.strip()[:1].isdigit()}
    assert lines[done].endswith(t("ui.status_over", "en")) and lines[playing].endswith(t("ui.status_playing", "en"))
    env = {**os.environ, "GM_DATABASE_URL": url, "GM_LANG": "en"}
    r = subprocess.run([sys.executable, "-m", "gm.cli", "resume"], input="/quit\n", capture_output=True, text=True,
                       cwd=tmp_path, env=env, timeout=120)
    assert r.returncode == 0 and f"(game {playing}) after 3 moves" in r.stdout, r.stdout + r.stderr


# ---- damaged rows and damaged files --------------------------------------------------------------------------

ROW_DAMAGE = {
    "bad JSON in the seats": "UPDATE game SET seats_json = '[{' WHERE id = 2",
    "bad JSON in the options": "UPDATE game SET options_json = '{' WHERE id = 2",
    "a bad date": "UPDATE game SET updated_at = 'yesterday' WHERE id = 2",
    "a bad date in a move": "UPDATE action SET created_at = 'soon' WHERE game_id = 2 AND ply = 1",
    "a dangling campaign id": "UPDATE game SET campaign_id = 42 WHERE id = 2",
    "a bot and a human swapped": "UPDATE game SET seats_json = '[{\"name\": \"Ana\", \"kind\": \"bot\", \"bot\": "
                                 "\"greedy\", \"lang\": null}, {\"name\": \"Ben\", \"kind\": \"human\", \"bot\": null, "
                                 "\"lang\": \"en\"}]' WHERE id = 2",
    "the last move deleted, the snapshot emptied": "DELETE FROM action WHERE game_id = 2 AND ply = 3; "
                                                   "UPDATE game SET ply = 3, snapshot = '' WHERE id = 2",
    "a seed too big": "UPDATE game SET seed = 9223372036854775807 WHERE id = 2",
}


@pytest.mark.parametrize("kind", ROW_DAMAGE)
def test_a_damaged_row_names_its_game_and_the_others_stay_usable(url, capsys, monkeypatch, kind):
    new_game(url, campaign="liga")
    new_game(url, seed=9, campaign="liga")
    con = sqlite3.connect(url.removeprefix("sqlite:///"))
    for sql in ROW_DAMAGE[kind].split("; "):
        con.execute(sql)
    con.commit()
    con.close()
    code, out, err = run(url, "saves", capsys=capsys, monkeypatch=monkeypatch)
    assert code == 0 and err == ""
    lines = out.splitlines()
    one = next(line for line in lines if line.split()[:1] == ["1"])
    two = next(i for i, line in enumerate(lines) if line.split()[:1] == ["2"])
    assert one.endswith(t("ui.status_playing", "en"))
    assert lines[two].endswith(t("ui.status_damaged", "en")) and "game 2" in lines[two + 1]
    for command in ("resume", "replay", "export"):
        code, out, err = run(url, command, "2", capsys=capsys, monkeypatch=monkeypatch)
        assert code == 1 and len(err.splitlines()) == 1, err
        assert err.startswith("This save cannot be used: game 2 ")
        assert run(url, command if command != "resume" else "replay", "1", capsys=capsys,
                   monkeypatch=monkeypatch)[0] == 0
    assert run(url, "delete", "2", "--yes", capsys=capsys, monkeypatch=monkeypatch)[0] == 0


def flip(path: Path, offset: int, count: int = 16) -> None:
    data = bytearray(path.read_bytes())
    for i in range(offset, min(offset + count, len(data))):
        data[i] ^= 0xA5
    path.write_bytes(bytes(data))


FILE_DAMAGE = {
    "truncated to half": lambda p: p.write_bytes(p.read_bytes()[: p.stat().st_size // 2]),
    "truncated to one page": lambda p: p.write_bytes(p.read_bytes()[:4096]),
    "the header flipped": lambda p: flip(p, 0),
    "the schema page flipped": lambda p: flip(p, 200, 400),
    "a middle page flipped": lambda p: flip(p, (p.stat().st_size // 4096 // 2) * 4096 + 8, 64),
    "the last page flipped": lambda p: flip(p, p.stat().st_size - 4096 + 8, 4000),
    "a page zeroed": lambda p: p.write_bytes(p.read_bytes()[:8192] + bytes(4096) + p.read_bytes()[12288:]),
    "not a database at all": lambda p: p.write_text("hello"),
    "the page holding game 2's row": lambda p: flip(p, _page_of(p, 2), 12),
    "inside game 2's snapshot": lambda p: flip(p, _snapshot_at(p, 2) + 40, 1),
}


def _snapshot_at(path: Path, gid: int) -> int:
    with sqlite3.connect(path) as con:
        snapshot = con.execute("SELECT snapshot FROM game WHERE id = ?", (gid,)).fetchone()[0]
    return path.read_bytes().index(snapshot.encode())


def _page_of(path: Path, gid: int) -> int:
    return _snapshot_at(path, gid) // 4096 * 4096


@pytest.mark.parametrize("kind", FILE_DAMAGE)
def test_a_damaged_database_file_gives_a_message_never_a_traceback(url, capsys, monkeypatch, kind):
    for seed in range(12):  # several pages of game rows
        new_game(url, moves=30, seed=seed)
    path = Path(url.removeprefix("sqlite:///"))
    con = sqlite3.connect(path)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.execute("PRAGMA journal_mode=DELETE")
    con.close()
    assert path.stat().st_size > 5 * 4096
    FILE_DAMAGE[kind](path)
    usable = (t("ui.corrupt_save", "en", error="").split(":")[0], t("ui.store_failed", "en", error="").split(":")[0])
    for args in (("saves",), ("replay", "2"), ("export", "3", "--with-secrets"), ("resume", "1"),
                 ("delete", "4", "--yes")):
        code, out, err = run(url, *args, stdin="/quit\n", capsys=capsys, monkeypatch=monkeypatch)
        assert code in (0, 1), (args, err)
        if code == 1:
            assert len(err.splitlines()) == 1 and err.startswith(usable), (args, err)


# ---- two windows on one game, as processes -------------------------------------------------------------------

def test_a_window_whose_game_moved_on_elsewhere_is_told_in_german_and_plays_on(tmp_path):
    url = f"sqlite:///{tmp_path / 'gm.sqlite3'}"
    s = Session.new(Store(url), "odin", [Seat("Ana", lang="de"), Seat("Ben", lang="de")], 4, {}, "de")
    env = {**os.environ, "GM_DATABASE_URL": url, "GM_HISTORY": str(tmp_path / "history")}
    env.pop("GM_LANG", None)
    env.pop("OPENAI_API_KEY", None)
    a = subprocess.Popen([sys.executable, "-m", "gm.cli", "resume", "1"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path, env=env, bufsize=0)
    reader = Reader(a.stdout)
    reader.start()
    handoff = t("ui.handoff", "de", name="").split("—")[-1].strip()  # "Enter drücken ──"
    pos = reader.wait_for(handoff, 0)
    a.stdin.write("\n")
    pos = reader.wait_for(" ▸ ", pos)
    stale = G.to_notation(G.legal_actions(s.state)[0])
    other = G.to_notation(G.legal_actions(s.state)[-1])
    b = subprocess.run([sys.executable, "-m", "gm.cli", "resume", "1"], input=f"\n{other}\n/quit\n",
                       capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)
    assert b.returncode == 0, b.stderr
    assert len(Store(url).load(1).log) == 1
    a.stdin.write(stale + "\n")
    pos = reader.wait_for(t("ui.moved_on", "de", moves=1), pos)
    pos = reader.wait_for(handoff, pos)
    a.stdin.write("\n")
    pos = reader.wait_for(" ▸ ", pos)
    loaded = Store(url).load(1)
    a.stdin.write(G.to_notation(G.legal_actions(loaded.state)[0]) + "\n")
    reader.wait_for(handoff, pos)
    a.stdin.write("/quit\n")
    a.wait(timeout=60)
    assert a.returncode == 0 and "Traceback" not in a.stderr.read()
    assert len(Store(url).load(1).log) == 2
