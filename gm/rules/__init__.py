"""Rules answers: cited, in the asker's language, state-aware when a game is in play.

`answer(question, game, lang=None, state=None, player=None)`:
1. The language is `lang`, or detected (lingua, restricted to EN/DE/FR).
2. With a position in play, questions the engine can answer are answered from the engine through the game's
   kit (`Kit.state_answer`): the legal moves now, why a move is illegal, the figures of the position.
3. Otherwise the digest written in that language is searched (BM25), and the best section is the answer,
   with its id and title cited. Below a confidence threshold the answer says the rules don't say.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gm.i18n import normalise_lang, t
from gm.rules.retrieval import Hit, games, index
from gm.text import detect_lang

# A best BM25 score under this, or too close to the runner-up with a weak score, is "the rules don't say".
MIN_SCORE = 1.6


@dataclass
class Answer:
    text: str
    sections: list[dict[str, str]] = field(default_factory=list)  # [{"id", "title"}]
    confidence: float = 0.0
    lang: str = "en"
    source: str = "digest"  # digest | engine | model | none
    notice: str | None = None  # one line when the model failed and the offline answer stands

    def render(self) -> str:
        cites = " · ".join(f"§{s['id']} — {s['title']}" for s in self.sections)
        return self.text + (f"\n  [{cites}]" if cites else "") + (f"\n  ({self.notice})" if self.notice else "")

    def to_json(self) -> dict[str, Any]:
        return {"answer": self.text, "sections": self.sections, "confidence": round(self.confidence, 3),
                "lang": self.lang, "source": self.source, **({"notice": self.notice} if self.notice else {})}


def cite(game: str, lang: str, ids: list[str]) -> list[dict[str, str]]:
    ix = index(game, lang)
    return [{"id": i, "title": ix.by_id[i].title} for i in ids if i in ix.by_id]


def answer(question: str, game: str, lang: str | None = None, state: Any = None, player: int | None = None,
           names: list[str] | None = None, llm: Any = None) -> Answer:
    question = (question or "").strip()[:1000]
    if game not in games():
        return Answer(t("rules.unknown_game", lang or "en", game=game, games=", ".join(games())),
                      lang=lang or "en", source="none")
    if lang is None:
        lang = detect_lang(question)
    else:
        lang = normalise_lang(lang)
    if not question:
        return Answer(t("rules.empty", lang), lang=lang, source="none")
    from gm import games as registry

    if state is not None and player is not None:
        found = registry.get(game).state_answer(question, lang, state, player, names or [])
    else:  # a position the question describes ("can I beat a single 6 with a red 2 and a red 1?")
        found = registry.get(game).hypothetical_answer(question, lang)
    if found is not None and llm is None:
        return found
    hits = index(game, lang).search(question, k=3)
    if llm is not None and hits and (hits[0].score >= MIN_SCORE or found is not None):
        from gm.llm import LLMBackoff, LLMError, notice_key
        from gm.rules.llm import llm_pick

        offline = found if found is not None else from_hits(hits, game, lang, question)
        try:
            picked = llm_pick(llm, question, game, lang, hits, found.text if found else None)
        except LLMError as exc:  # the offline answer stands, and says why
            key = notice_key(exc) or ("ui.model_paused" if isinstance(exc, LLMBackoff) else "ui.model_answer_unused")
            offline.notice = t(key, lang)
            return offline
        if picked is None or (picked[0].section.gap and found is None):
            return offline  # the model found no answer in the sections: the offline answer stands
        hit, lead = picked
        quoted = compose(hit, game, lang, lead, question)
        if found is None:
            quoted.source = "model"
            return quoted
        # The engine's answer stays verbatim and first; the quoted rule follows it.
        sections = found.sections + [c for c in quoted.sections if c not in found.sections]
        return Answer(found.text + "\n" + quoted.text, sections, found.confidence, lang, "model")
    if found is not None:
        return found
    return from_hits(hits, game, lang, question)


def from_hits(hits: list[Hit], game: str, lang: str, question: str = "") -> Answer:
    """The digest's answer: the sentences of the best section that state the asked fact first, then the rest of
    the section (and where editions differ, how), cited; "the rules don't say" below the threshold."""
    if not hits or hits[0].score < MIN_SCORE:
        return Answer(t("rules.dont_know", lang), [], hits[0].score / 10 if hits else 0.0, lang, "none")
    best = hits[0]
    if best.section.gap:  # the rules leave it open: say so, with what the section says of it
        return Answer(t("rules.dont_say", lang) + " " + best.section.text, cite(game, lang, [best.section.id]),
                      min(1.0, best.score / 6), lang, "none")
    # Confidence grows with the best score and with its lead over the runner-up (0..1, not a probability).
    margin = (best.score - hits[1].score) / best.score if len(hits) > 1 else 1.0
    confidence = min(1.0, best.score / 6) * (0.6 + 0.4 * margin)
    out = compose(best, game, lang, None, question)
    out.confidence = confidence
    return out


def compose(hit: Hit, game: str, lang: str, lead: list[int] | None, question: str = "") -> Answer:
    """The answer a section gives: its sentences that state the fact first (`lead`, by index; by default the
    ones `Index.lead` finds for the question), then the rest of the section, then how the editions differ
    where they do; cited. The digest's own words, never rewritten."""
    ix = index(game, lang)
    section = hit.section
    if lead is not None:
        from gm.rules.llm import sentences

        all_sentences = sentences(section.text)
        first = [all_sentences[i] for i in lead] or all_sentences[:1]
        rest = [x for x in all_sentences if x not in first]
    elif question:
        first, rest = ix.lead(question, section)
    else:
        first, rest = [section.text], []
    text = " ".join(first) + ("\n" + " ".join(rest) if rest else "")
    ids = [section.id]
    from gm import games as registry

    for note in registry.get(game).edition_links.get(section.id, []):
        if note in ix.by_id and note not in ids:
            ids.append(note)
            text += "\n" + t("rules.edition_note", lang) + " " + ix.by_id[note].text
    return Answer(text, cite(game, lang, ids), 0.0, lang, "digest")
