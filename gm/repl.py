"""The prompt-toolkit REPL: a thin shell over `gm.session.Session`.

It adds what only a terminal needs: the prompt with the player's name, tab completion of commands and of the
words and codes the game's kit offers, persistent history, a bottom toolbar (whose turn, the game's status,
the scores), and hot-seat privacy: when the game hides something between players (the engine says so) and
several humans share the screen, what one of them sees is shown only after "Pass to Ben — press Enter", and
the screen is cleared between them. A player coming back to the screen gets a recap of what happened since.
"""

from __future__ import annotations

import re
import sys
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.input.typeahead import clear_typeahead
from prompt_toolkit.shortcuts import print_formatted_text

from gm.i18n import t
from gm.session import Reply, Session
from gm.text import LANGS, fold

META = ["/hand", "/board", "/moves", "/card", "/undo", "/save", "/lang", "/help", "/quit"]


class GameCompleter(Completer):
    """Completes meta commands, and the words and codes the game's kit offers the player to move."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        word = document.get_word_before_cursor(WORD=True)
        text = document.text_before_cursor
        if text.startswith("/") and " " not in text:
            options = META
        else:
            s = self.session
            seat = s.human_to_move()
            options = s.kit.completions(s.game.view(s.state, seat)) if seat is not None else []
            if text.startswith("/lang "):
                options = list(LANGS)
        low = word.lower()
        for option in options:
            if option.lower().startswith(low):
                yield Completion(option, start_position=-len(word))


def _flush_terminal_input(inp: Any) -> None:
    """Drop what was typed on a real terminal but not read yet (termios); nothing for pipes and tests."""
    try:
        import termios

        fd = inp.fileno()
        if fd is not None and sys.stdin.isatty() and fd == sys.stdin.fileno():
            termios.tcflush(fd, termios.TCIFLUSH)
    except (ImportError, OSError, ValueError, AttributeError, NotImplementedError):
        pass


class Repl:
    def __init__(self, session: Session, input: Any = None, output: Any = None,
                 write: Callable[[str], None] | None = None, history: History | None = None,
                 history_path: Path | None = None, plain: bool = False) -> None:
        """`plain`: read lines from standard input without a terminal UI (for pipes and scripts).

        Each human gets their own prompt and history (`history_path` + "." + their name), so the Up arrow
        never recalls another player's lines; `history`, when given, is the first human's."""
        self.session = session
        self.output = output
        self.plain = plain
        self.input = input
        self.history_path = history_path
        self._history = history
        self.prompts_by_seat: dict[int, PromptSession[str]] = {}
        self.prompt: PromptSession[str] | None = None  # the prompt on screen last (None: plain lines)
        self.handoff_prompt: PromptSession[str] | None = None
        if not plain:
            # The hand-over screen completes nothing, remembers nothing and shows no toolbar of its own.
            self.handoff_prompt = PromptSession(input=input, output=output, history=InMemoryHistory())
            self.prompt = self.prompt_for(session.humans[0] if session.humans else None)
        self._write = write
        self.shown_to: int | None = None  # the human whose hand is on screen
        self._streaming = False
        self.prompts = 0  # how many times input was asked for (tests wait on it)
        self.last_prompt = ""
        self.handoff_answers: list[str] = []  # what the hand-over screens received (tests read it)
        if write is None:
            session.stream = self.stream_chunk

    def prompt_for(self, seat: int | None) -> PromptSession[str]:
        """The prompt of one human, with their own history and completion."""
        key = -1 if seat is None else seat
        found = self.prompts_by_seat.get(key)
        if found is None:
            history: History
            if self._history is not None and not self.prompts_by_seat:
                history = self._history
            elif self.history_path is not None and seat is not None:
                slug = re.sub(r"[^a-z0-9]+", "_", fold(self.session.names[seat])).strip("_") or str(seat)
                history = FileHistory(f"{self.history_path}.{slug}")
            else:
                history = InMemoryHistory()
            found = PromptSession(input=self.input, output=self.output, history=history,
                                  completer=GameCompleter(self.session), complete_while_typing=False)
            self.prompts_by_seat[key] = found
        return found

    # ---- output ----------------------------------------------------------------------------------------

    def write(self, text: str) -> None:
        if self._write is not None:
            self._write(text)
        elif self.plain:
            sys.stdout.write(text + "\n")
            sys.stdout.flush()
        else:
            print_formatted_text(text, output=self.output)

    def stream_chunk(self, chunk: str) -> None:
        """Model narration as it arrives (the full text then comes as a message marked `streamed`)."""
        if not self._streaming:
            chunk = "  " + chunk
            self._streaming = True
        if self.plain or self.prompt is None:
            sys.stdout.write(chunk)
            sys.stdout.flush()
        else:
            out = self.prompt.app.output
            out.write_raw(chunk)
            out.flush()

    def show(self, reply: Reply) -> None:
        self._streaming = False
        for m in reply.messages:
            if m.streamed:
                self._streaming = False
                self.write("")  # end the streamed line
                continue
            self.write(("  " if m.kind in ("narration", "refusal", "answer", "result") else "") + m.text)

    def clear(self) -> None:
        """Clear the screen and the terminal's scroll-back, so the previous player's hand is gone."""
        if self.prompt is None:
            self.write("\n" * 40)  # push the previous hand off a plain screen
            return
        out = self.prompt.app.output
        out.erase_screen()
        out.write_raw("\x1b[3J")  # erase the scroll-back too (xterm, VTE, iTerm2, Windows Terminal)
        out.cursor_goto(0, 0)
        out.flush()

    def toolbar(self) -> str:
        s = self.session
        view = s.game.view(s.state, None)
        lang = s.lang_of(s.human_to_move())
        turn = s.names[s.to_move] if s.to_move is not None else "—"
        scores = ", ".join(f"{n} {p}" for n, p in zip(s.names, view.summary.scores, strict=False))
        return t("ui.toolbar", lang, game=s.game.title, turn=turn, status=s.kit.status(view, lang), scores=scores)

    # ---- the loop ----------------------------------------------------------------------------------------

    def ask(self, message: str, seat: int | None = None, handoff: bool = False) -> str | None:
        """One line from the player at `seat` (their prompt and history), or the hand-over screen's Enter;
        None on end of input (Ctrl-D or a closed pipe)."""
        self.last_prompt = message
        self.prompts += 1
        if self.plain:
            sys.stdout.write(message)
            sys.stdout.flush()
            line = sys.stdin.readline()
            return line.rstrip("\n") if line else None
        if handoff:
            assert self.handoff_prompt is not None
            prompt = self.handoff_prompt
            # Keys typed before the screen appeared (a second Enter after a move) must not pass it.
            clear_typeahead(prompt.input)
            _flush_terminal_input(prompt.input)
        else:
            prompt = self.prompt = self.prompt_for(seat)
        try:
            return prompt.prompt(message, bottom_toolbar=None if handoff else self.toolbar)
        except EOFError:
            return None
        except KeyboardInterrupt:
            return ""

    def handoff(self, seat: int) -> bool:
        """Hot-seat: wait until the screen is passed to `seat`; False if the table quits instead."""
        s = self.session
        lang = s.lang_of(seat)
        previous = self.shown_to
        while True:
            line = self.ask(t("ui.handoff", lang, name=s.names[seat]) + " ", handoff=True)
            if line is None:
                return False
            self.handoff_answers.append(line)
            cmd = line.strip().lower()
            if cmd in ("/quit", "/q", "/exit"):
                return False
            if cmd in ("/undo", "/u") and previous is not None:
                reply = s.undo(None, s.lang_of(previous), previous_human=previous)
                self.show(reply)
                if reply.quit:
                    return False  # the game is gone from the store
                if reply.accepted:
                    return True  # the previous player moves again
                continue
            break
        self.clear()
        self.shown_to = seat
        return True

    def turn_header(self, seat: int) -> None:
        s = self.session
        lang = s.lang_of(seat)
        view = s.game.view(s.state, seat)
        for line in s.kit.board_lines(view, lang, s.names):
            self.write(line)
        for line in s.kit.hand_lines(view, lang, name=s.names[seat]):
            self.write(line)

    def warm_up(self) -> None:
        """Load the rules index and language detector in the background, so the first question is quick."""
        game = self.session.kit.name

        def warm() -> None:
            try:
                from gm.rules import answer

                answer("?", game, lang=self.session.default_lang)
                answer("how many cards", game)
            except Exception:  # noqa: BLE001 - warming is best effort; the real call reports errors
                pass

        threading.Thread(target=warm, daemon=True).start()

    def run(self) -> int:
        s = self.session
        self.warm_up()
        first = s.human_to_move()
        lang = s.lang_of(first if first is not None else next(iter(s.humans), None))
        several = len(s.humans) > 1
        if s.log and first is not None and not several:  # a resumed game: what happened since your last move
            for line in s.recap(first, lang):
                self.write("  " + line)
        for line in s.run_bots(lang, s.humans[0] if len(s.humans) == 1 else None):
            self.write("  " + line)
        if not several and s.humans:
            s.mark_seen(s.humans[0])
        private = s.kit.info.hidden_between_players  # the engine says whether a shared screen must be handed over
        last_header: tuple[int, int] | None = None
        while True:
            if s.closed:  # the game was deleted elsewhere, or its save became unusable: nothing more is saved
                return 1
            if s.state.is_over:
                reply = Reply()
                s.announce_end(reply, lang)
                self.show(reply)
                self.write(s.farewell(lang))
                return 0
            seat = s.human_to_move()
            if seat is None:  # only bots are left to move (a table of bots): let them finish
                for line in s.run_bots(lang, None):
                    self.write("  " + line)
                continue
            lang = s.lang_of(seat)
            if several and self.shown_to != seat:
                if private:
                    if not self.handoff(seat):
                        self.write(s.farewell(lang))
                        return 0
                    if s.human_to_move() != seat:
                        continue
                else:
                    self.shown_to = seat
                for line in s.recap(seat, lang):
                    self.write("  " + line)
            key = (seat, len(s.log))
            if key != last_header:
                self.turn_header(seat)
                last_header = key
            typed = self.ask(f"{s.names[seat].lower()} ▸ ", seat)
            if typed is None:
                self.write(s.farewell(lang))
                return 0
            reply = s.handle(typed)
            self.show(reply)
            if reply.quit:
                return 0
