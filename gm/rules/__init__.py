"""Rules answers: cited, in the asker's language, state-aware when a game is in play.

`answer(question, game, lang=None, state=None, player=None)`:
1. The language is `lang`, or detected (lingua, restricted to EN/DE/FR).
2. With a position in play, questions the engine can answer are answered from the engine through the game's
   kit (`Kit.state_answer`): the legal moves now, why a move is illegal, the figures of the position.
3. Otherwise the digest written in that language is searched (BM25), and the best section is the answer,
   with its id and title cited. Below a confidence threshold the answer says the rules don't say.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from gm.i18n import normalise_lang, t
from gm.rules.retrieval import KINDS, Hit, games, index
from gm.rules.yesno import yes_no
from gm.text import TABLE_COUNT, detect_lang, fold, players_said

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


# "can we play with 4?", "Können wir zu viert spielen?", "On peut jouer à 3 ce soir ?": nothing asked but the count
_CAN_WE_PLAY = re.compile(r"^\W*(?:(?:so|ok|and|und|et|alors)\W+)?(?:can|could|may|can we|is it possible to|kann man|"
                          r"konnen wir|durfen wir|kann ich|on peut|peut-on|est-ce qu'on peut|pouvons-nous|est-ce que "
                          r"(?:l'on|on) peut)\b(?:\s+(?:we|you|one|man|wir|on|also|auch|aussi|really|wirklich|"
                          r"vraiment|still|noch|even|uberhaupt|meme|play|spielen|jouer|the game|das spiel|le jeu|"
                          r"it|es|y|mit|with|a|à|zu|en|tonight|heute|heute abend|ce soir|together|zusammen|ensemble|"
                          r"all|alle|tous|\w+ (?:game|spiel|partie))\b)*\W*\?\W*$")



def _table_size(question: str, game: str, lang: str) -> Answer | None:
    """"On est 7 ce soir, on peut jouer ?": a table the engine does not seat (its player count) is told so, with
    what the rules offer beyond it; None when the question names no table size or one the game seats."""
    from gm import games as registry

    kit = registry.get(game)
    n = players_said(fold(question), strict=True)
    if n is None or not kit.table_size_section or kit.engine is None:
        return None
    low, high = kit.info.min_players, kit.info.max_players
    fits = low <= n <= high
    asked = TABLE_COUNT.sub(" ", fold(question).replace(fold(kit.title), " "))
    if fits and not _CAN_WE_PLAY.match(asked):
        return None  # "with 4 players, how many cards?": the count only sets the scene
    ix = index(game, lang)
    section = ix.by_id.get(kit.table_size_section)
    if section is None:
        return None
    key = "rules.table_size_yes" if fits else "rules.table_size_no"
    text = t(key, lang, title=kit.title, low=low, high=high, n=n) + "\n" + section.text
    return Answer(text, cite(game, lang, [section.id]), 1.0, lang, "engine")


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
        found = _table_size(question, game, lang) or registry.get(game).hypothetical_answer(question, lang)
    if found is not None and llm is None:
        return found
    hits = index(game, lang).search(unwrapped(question), k=3)
    offline = found if found is not None else from_hits(hits, game, lang, question)
    if found is None:
        offline = _both_halves(question, game, lang, offline)
    # With a model: it points at the sentences of the offline answer's section that state the fact, which are
    # then said first. It never changes the section: measured on a fresh blind set, the local model's choice of
    # another section lost the fact three times as often as it found it (bench/ask_blind.py).
    cited = offline.sections[0]["id"] if offline.sections else None
    by_id = index(game, lang).by_id
    section = Hit(by_id[cited], 0.0) if cited in by_id else None
    if llm is not None and section is not None and offline.source != "none":
        from gm.llm import LLMBackoff, LLMError, notice_key
        from gm.rules.llm import llm_pick

        try:
            picked = llm_pick(llm, question, game, lang, [section], found.text if found else None)
        except LLMError as exc:  # the offline answer stands, and says why
            key = notice_key(exc) or ("ui.model_paused" if isinstance(exc, LLMBackoff) else "ui.model_answer_unused")
            offline.notice = t(key, lang)
            return offline
        if picked is None or not picked[1]:
            return offline  # the model found no sentence to point at: the offline answer stands
        quoted = compose(picked[0], game, lang, picked[1], question)
        if found is None:
            if len(offline.sections) > len(quoted.sections):
                return offline  # the offline answer leads with the facts of two sections: one section is less
            for key in ("rules.no", "rules.yes"):  # the offline "No." / "Yes." stays first
                word = t(key, lang)
                if offline.text.startswith(word + " ") and not quoted.text.startswith(word):
                    quoted.text = word + " " + quoted.text
            quoted.source, quoted.confidence = "model", offline.confidence
            return quoted
        # The engine's answer stays verbatim and first; the quoted rule follows it.
        sections = found.sections + [c for c in quoted.sections if c not in found.sections]
        return Answer(found.text + "\n" + quoted.text, sections, found.confidence, lang, "model")
    return offline


# "when does the game end, and who wins?": a second question joined by "and" and a question word.
_SECOND = re.compile(r"(?:,\s*|\s)(?:and|und|et)\s+(?=(?:who|what|how|is|are|do|does|can|which|whose|wer|was|wie|wann|"
                     r"ist|sind|kann|darf|muss|welche[rs]?|qui|que|quoi|comment|combien|quand|est|c'est|faut)\b)",
                     re.IGNORECASE)


def _both_halves(question: str, game: str, lang: str, whole: Answer) -> Answer:
    """Two questions in one line: when each half finds its own section, and the whole line found one of them,
    the answer leads with the facts of both (each half's best sentences), citing both sections."""
    parts = _SECOND.split(question, maxsplit=1)
    if len(parts) != 2:  # "Can I throw a card in on her raid? What's in it for me?": two questions, two marks
        parts = [x for x in re.split(r"(?<=\?)\s+(?=\S)", question.strip(), maxsplit=1) if x.strip()]
    if len(parts) != 2 or whole.source != "digest" or not whole.sections:
        return whole
    ix = index(game, lang)
    halves = [ix.search(unwrapped(p), k=1) for p in parts]
    for i, part in enumerate(parts):  # a half that names only the kind of thing asked takes the line's topic
        kinds = {k for k, pattern in KINDS.items() if pattern.search(fold(part))}
        if kinds and (not halves[i] or not kinds & set(halves[i][0].section.kinds)):
            best = ix.best_of_kind(question, kinds)
            halves[i] = [Hit(best.section, max(best.score, MIN_SCORE))] if best else halves[i]
    if not all(h and h[0].score >= MIN_SCORE and not h[0].section.gap for h in halves):
        return whole
    first, second = halves[0][0].section, halves[1][0].section
    if first.id == second.id:
        return whole
    leads = [" ".join(ix.lead(p, sec)[0]) for p, sec in zip(parts, (first, second), strict=True)]
    text = " ".join(leads) + "\n" + whole.text  # each half's own fact, then the whole line's section
    found = whole.sections[0]["id"]
    if found not in (first.id, second.id):
        # the whole line found neither half's section ("when is it over and who wins?" -> the game's goal)
        sections = cite(game, lang, [first.id, second.id]) + whole.sections
    else:
        sections = whole.sections + cite(game, lang, [second.id if found == first.id else first.id])
    return Answer(text, sections, whole.confidence, lang, "digest")


_WRAPPER = re.compile(r"^\W*(please[, ]+)?(could|can|would|will) you (please )?(tell|explain to|show) (me|us)\b|"
                      r"^\W*(kannst|konntest|koenntest|wurdest|wuerdest) du (mir|uns) (bitte )?(sagen|erklaren|"
                      r"erklaeren)\b|^\W*(peux|pourrais|pouvez|pourriez)[- ](tu|vous) (me|nous) (dire|expliquer)\b",
                      re.IGNORECASE)


def unwrapped(question: str) -> str:
    """The question without a polite wrapper ("could you tell me how many ..." -> "how many ..."), whose words
    ("tell", "sagen", "dire") would otherwise be searched as if they were the topic."""
    folded = fold(question)
    m = _WRAPPER.match(folded)
    return folded[m.end():] if m else question


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
    said = yes_no(question, out.text.split("\n", 1)[0], lang) if question else None
    if said is None and question:
        # a sentence of the section that denies what the question asks leave for, and speaks of its words ("Can I
        # use that card now?" - "... cards cannot be used in this step"): said first
        from gm.rules.llm import sentences

        ix = index(game, lang)
        asked = set(ix.tokens(question))
        for k, sent in enumerate(sentences(best.section.text)):
            if asked & set(ix.tokens(sent)) and (said := yes_no(question, sent, lang)) is not None:
                out.text = compose(best, game, lang, [k], question).text
                break
        else:  # or a sentence of the note on how the editions differ, which the answer holds too
            notes = [x for note in out.sections[1:] for x in sentences(ix.by_id[note["id"]].text)]
            said = next((word for x in notes if asked & set(ix.tokens(x))
                         and (word := yes_no(question, x, lang)) is not None), None)
    if said is not None:
        out.text = said + " " + out.text  # "Darf ich ...?" -> "Nein. ...": the word the asker wants first
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
