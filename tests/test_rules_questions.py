"""Rules answers: the digests are well formed, the question set is answered from the right sections in the
asker's language, and state-aware answers come from the engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import load_game
from gm import games
from gm.rules import answer
from gm.rules.evaluate import evaluate, load_questions, table
from gm.rules.retrieval import load_digest
from gm.text import LANGS, detect_lang

GAMES = games.names()

DATA = Path(__file__).parent / "data"
G = load_game("odin")


@pytest.mark.parametrize("game", GAMES)
def test_digests_have_the_same_sections_in_every_language(game):
    ids = {lang: [s["id"] for s in load_digest(game, lang)["sections"]] for lang in LANGS}
    assert ids["en"] == ids["de"] == ids["fr"]
    assert len(set(ids["en"])) == len(ids["en"]) >= 20
    for lang in LANGS:
        for s in load_digest(game, lang)["sections"]:
            assert s["title"].strip() and len(s["text"].split()) >= 20, s["id"]


def test_edition_links_point_at_existing_sections():
    links = games.get("name-of-odin").edition_links
    ids = {s["id"] for s in load_digest("name-of-odin", "en")["sections"]}
    assert links and all(k in ids and all(v in ids for v in vs) for k, vs in links.items())


def test_question_set_accuracy():
    questions = load_questions(DATA)
    assert len(questions) >= 120
    for game in GAMES:
        assert sum(q["game"] == game for q in questions) >= 40
    for lang in LANGS:
        assert sum(q["lang"] == lang for q in questions) >= 35
    stats = evaluate(questions)
    print("\n" + table(stats))
    n = sum(s["n"] for s in stats.values())
    # Regression guards just under the figures measured when this was written (see docs/rules.md).
    assert sum(s["lang_ok"] for s in stats.values()) / n >= 0.97
    assert sum(s["top3"] for s in stats.values()) / n >= 0.95
    assert sum(s["top1"] for s in stats.values()) / n >= 0.80
    assert sum(s["fact"] for s in stats.values()) / n >= 0.80


@pytest.mark.parametrize("q,lang", [("how many cards does each player get?", "en"),
                                    ("wie viele Karten ziehe ich nach?", "de"),
                                    ("combien de points pour gagner ?", "fr")])
def test_answers_come_in_the_question_language_with_citations(q, lang):
    a = answer(q, "odin")
    assert a.lang == lang and a.sections and a.sections[0]["id"].startswith("odin.")
    assert a.to_json()["sections"][0]["title"]
    assert "§odin." in a.render()


@pytest.mark.parametrize("q", ["what's the weather like tomorrow", "wer hat den Kuchen gegessen",
                               "quelle heure est-il ?", "", "???"])
def test_off_topic_questions_get_an_honest_no(q):
    a = answer(q, "odin")
    # an honest no: nothing cited, or the section on what the rules leave open ("wer ... gegessen" reads a bit
    # like "wer gibt")
    assert a.source == "none" and a.text and all(".gaps." in s["id"] for s in a.sections)


def test_edition_differences_are_named():
    a = answer("can I use building symbols during a raid?", "name-of-odin", lang="en")
    assert any(s["id"].startswith("name-of-odin.editions.") for s in a.sections), a.sections


def test_language_detection():
    assert detect_lang("wie viele Karten bekommt jeder?") == "de"
    assert detect_lang("combien de cartes ?") == "fr"
    assert detect_lang("how many cards?") == "en"
    assert detect_lang("1234", default="fr") == "fr"


# ---- state-aware answers (ODIN): at least 15 positions -------------------------------------------------

def scen(hands, center=(), to_move=0, **kw):
    spec = {"players": len(hands), "hands": [list(h) for h in hands], "center": list(center),
            "to_move": to_move}
    spec.update(kw)
    return G.scenario(spec)


NAMES = ["Ana", "Ben", "Cleo", "Dan"]
STATE_CASES = [
    # (position, question, words the answer must contain, cited section prefix)
    (scen([["R7", "R3", "B2"], ["O5"]], ["K8", "K2"]), "what can I do now?", ["82", "pass"], "odin.play"),
    (scen([["R1", "B2"], ["O5"]], ["K9", "K8"]), "what can I do now?", ["only pass"], "odin.play"),
    (scen([["R1", "B2"], ["O5"]], ["K9", "K8"]), "was kann ich jetzt machen?", ["passen"], "odin.play"),
    (scen([["R1", "B2"], ["O5"]], ["K9", "K8"]), "que puis-je faire ?", ["passer"], "odin.play"),
    (scen([["R1", "B2"], ["O5"]]), "what can I do now?", ["lead", "R1"], "odin.lead"),
    (scen([["R1", "R5", "R9"], ["O5"]]), "what can I do now?", ["R9 R5 R1"], "odin.lead"),
    (scen([["P9", "B5"], ["O5"]], ["K9"]), "why can't I play the pink nine?", ["9"], "odin.play"),
    (scen([["P9", "B5"], ["O5"]], ["K9"]), "warum darf ich die pinke 9 nicht spielen?", ["9"], "odin.play"),
    (scen([["P9", "B5"], ["O5"]], ["K9"]), "pourquoi je ne peux pas jouer le 9 rose ?", ["9"], "odin.play"),
    (scen([["P9", "B5"], ["O5"]], ["K3"]), "why can't I play the black nine?", ["K9"], "odin.play"),
    (scen([["P9", "B5", "R2"], ["O5"]], ["K3"]), "why can't I play the pink nine?", ["P9"], "odin.play"),
    (scen([["P9", "B9", "R2"], ["O5", "O6"]], ["K9"]), "both nines?", ["P9", "B9"], "odin.play"),
    (scen([["P9", "B5"], ["O5"], ["G1"]], ["K2"], to_move=0, scores=[3, 7, 1]), "what's the score?",
     ["Ana 3", "Ben 7"], "odin."),
    (scen([["P9", "B5"], ["O5"], ["G1"]], ["K2"], to_move=0, scores=[3, 7, 1]), "wie viele Punkte habe ich?",
     ["Ana 3"], "odin."),
    (scen([["P9", "B5"], ["O5", "O6"]], ["K8", "K2"]), "what do I need to beat?", ["82"], "odin.play"),
    (scen([["P9", "B5"], ["O5", "O6"]], ["K8", "K2"]), "how many cards does Ben have?", ["Ben 2"], None),
    (scen([["P9", "B5"], ["O5", "O6"]], ["K8", "K2"]), "whose turn is it?", ["Ana"], None),
]


@pytest.mark.parametrize("state,question,words,cited", STATE_CASES)
def test_state_aware_answers(state, question, words, cited):
    before = G.state_to_json(state)
    a = answer(question, "odin", state=state, player=0, names=NAMES[: state.players])
    assert a.source == "engine", a.text
    for w in words:
        assert w.lower() in a.text.lower(), (w, a.text)
    if cited:
        assert a.sections and a.sections[0]["id"].startswith(cited)
    assert G.state_to_json(state) == before


WHY_STATE = {"players": 2, "hands": [["O9", "O8", "R7", "B2"], ["P1"]], "center": ["K6", "K5"], "to_move": 0,
             "last_played_by": 1}


@pytest.mark.parametrize("question,lang", [
    ("warum darf ich nicht die O9 allein spielen?", "de"), ("warum kann ich die O9 nicht spielen?", "de"),
    ("wieso geht die O9 nicht?", "de"), ("warum ist O9 verboten?", "de"),
    ("warum lässt mich das Spiel die R7 nicht legen?", "de"),
    ("why can't I play the orange nine?", "en"), ("why is it not allowed to play O9 alone?", "en"),
    ("why am I not allowed to lay down the O9", "en"), ("why won't it let me play R7?", "en"),
    ("pourquoi je ne peux pas jouer le 9 orange ?", "fr"), ("pourquoi c'est interdit de poser le O9 tout seul ?", "fr"),
    ("pourquoi ça marche pas avec le 7 rouge ?", "fr")])
def test_why_not_in_any_phrasing_reaches_the_engines_reason(question, lang):
    from engine import load_game

    game = load_game("odin")
    a = answer(question, "odin", lang=lang, state=game.scenario(WHY_STATE), player=0, names=["Ana", "Ben"])
    assert a.source == "engine" and ("2" in a.text and "3" in a.text), a.text  # play 2 or 3 cards, not 1


# Blind rules questions (written by helpers who read only the rulebooks): answers holding the needed fact.
# rules_blind: 57 first run -> 63 -> 66; rules_blind2: 48 first run (held out) -> 52 -> 61; rules_blind3: 61
# first run (fresh, before any tuning on it) -> 66 with the sections on what the rules leave open, why-not in any
# word order, cards played together and points for cards left in hand; rules_blind4: 49 first run (fresh, after
# all of that; 50 once typographic dashes count as typed: "2–6" holds the fact "2-6"). Guards: no set may lose
# an answer. rules_blind5 (fresh, 90 questions written blind after all of that): 60/90 = 66.7 % on its first
# run; "the rules don't say" on 8 of its 9 unanswerable questions. Then ODIN positions told sentence by sentence
# ("Middle has a 74 ... I've got a blue 8 and a blue 1 ... Can I beat it?") computed by the engine -> 65.
# Then retrieval scores whole search terms the question says and its closeness to each section's stored
# questions (Index.phrase_score; weights from a sweep over sets 1-5: 313 -> 334 of 450) -> 75, 68, 70, 56, 65.
# Then the two card games' kits compute described positions (token costs, raid Fame, row prices, income, Pict
# attacks, final scores ...), ODIN a hand's options and points so far, and each section got 4-8 more stored
# questions in players' words (the helper checked sets 1-5's floors while choosing: slightly less blind)
# -> 78, 76, 77, 67, 71. rules_blind6 (fresh, written blind after all of that): 66/90 = 73.3 % on its first
# run; "the rules don't say" on 7 of its 9 unanswerable questions. Then 7 wrong computed answers it showed were
# fixed (72). rules_blind7 (fresh, written blind after that): 70/90 = 77.8 % on its first run, "the rules don't
# say" on 8 of 9; two more wrong computed answers fixed (an uncoloured "7, 4 und 2, also 742"; "when do I get the
# 4 coins?" read as income) -> 71.
# Then ODIN: what a described hand can play, a dash or a clause about the centre splits the description, and
# no position is computed from numbers of people or from a report of a past play -> 75, 68, 73, 60, 65.
# rules_blind8 (fresh, written blind after all of that): 66/90 = 73.3 % on its first run, "the rules don't say"
# on 7 of 9. One computed answer was wrong ("a single 6 in the middle and all I've got is a blue 3 and a blue 2"
# read the hand into the centre): fixed. Then counts of cards told in two sentences, a Pict card's "+3 ... -2",
# withdrawals told one by one ("I pass, Anna passes, Ben buys"), "doppelt zählt", "Ozeanzone", the digest says
# the 15-point target, "the last raid", "the bottom of the Hero deck" and the Karl game's goods where they are
# asked, and a yes/no question opens with "No."/"Yes." where the answering sentence settles it (gm.rules.yesno)
# -> sets 1-8: 81, 78, 77, 69, 73, 72, 72, 78.
# rules_blind9 (fresh, written blind with set 8 and measured once after set 8's fixes): 67/90 = 74.4 % on its
# first run, "the rules don't say" on 7 of 9; two computed answers were wrong ("I managed to match all three" read
# as three unmatched; "die Gebäudekarte, die beim Einkommen 1 Münze extra gibt" not read as the mint): fixed. Then
# a line with two questions answers each half when the whole found neither, the digest says plainly what players
# ask again and again (a shipyard's symbol is not for raids, one Hero only, craft goods stay, the leader may not
# pass), and a sentence of the section that denies what is asked is said first with "No."
# -> sets 1-9: 81, 79, 79, 69, 74, 72, 74, 79, 76.
# rules_blind10 (fresh, written blind and measured once after set 9's fixes): 68/90 = 75.6 % on its first run,
# "the rules don't say" on 6 of 9. Two computed answers were wrong ("my warriors add up to 5 (a 2 and a 3)" counted
# 10; "die Gebäudekarte mit +1 Münze beim Einkommen" not read as the mint): fixed and tested; "4 to win and 2 to
# lose"; cards played together say what they share -> 71.
# rules_blind11 (fresh, written blind and measured once after set 10's fixes): 73/90 = 81.1 % on its first run,
# "the rules don't say" on 8 of 9 - the best fresh figure so far, still short of 90 %. Its two computed answers that
# were wrong ("three purples, the 2, 3 and 4" read as four cards; a hand asked for its best play judged as one
# play) now leave the question to the digest -> 73.
# Then the digest words the fact where it was asked ("the player who played last", "alle anderen gepasst", "10
# points for a short game"), the final scoring reads "cartes Festin", "Gelagekarten" and a skald said with a few
# words between, and gathering reads "three Warrior cards" as cards -> sets 1-11: see BLIND_FLOOR.
# rules_blind12 (fresh, written blind and measured once after all of that): 74/90 = 82.2 % on its first run, "the
# rules don't say" on 8 of 9 - the best fresh figure, still short of 90 %. Three computed answers were wrong ("was
# geht da?" judged the hand as one play; "un 9 tout seul" given a colour; "Julie ne veut pas acheter" not read as
# a withdrawal): the first two now leave the question to the digest, the third is computed right.
# Then families across sets 1-12: a demand row told Viking by Viking, Pict attacks told by the card's corners (and
# with scores before), the Fame adjustment alone, buildings named rather than counted, the kind of a question
# (a shortage, a tie), three facts in players' words -> sets 1-12 from 911 to 965 of 1,080.
# rules_blind13 and rules_blind14 (fresh, written blind at the same time and measured once after all of that): 73
# and 77 of 90 (81.1 % and 85.6 %) on their first runs; 8 computed answers were wrong (a hand read as one play,
# "d'un coup" read as a card of 1, several players' points summed as one, buildings named not counted, the
# others' warriors added to mine, "puis" read as "can", a row purchase read as the income): all fixed and tested.
# Then a game's own name is no search word, what a question does without is not its topic, German "Waren" are
# searched, a scoring told player by player is scored by the engine, and more phrasings -> sets 1-14 as below.
# rules_blind15 and rules_blind16 (fresh, written blind at the same time, measured once after all of that): 78 and
# 71 of 90 (86.7 % and 78.9 %) on their first runs; 2 computed answers were wrong ("as one play" read as a card of
# 1; a mixed hand introduced by "j'ai" refused as one play): both fixed and tested.
# rules_blind17 and rules_blind18 (fresh, written blind at the same time, measured once after all of the above):
# 74 and 77 of 90 (82.2 % and 85.6 %) on their first runs; the code at the session's start read 69 and 70 of them.
# 5 computed answers were wrong ("four cards in the centre and I have three of the same colour" read as a card of
# 3; "I spend 3 symbols ... keep at the end" read as the final scoring; "the winner gets 3" read with the loss for
# both; "almost no Sailors left" answered with the plain yield; "with and without the warehouse" answered for one):
# all fixed and tested.
# rules_blind19-34 (fresh, written blind in pairs, each measured once before anything was tuned on it): 19-20 73 and
# 69 (with the code of the session's start); 23-24 77 and 76; 25-26 78 and 79; 29-30 80 and 83; 33-34 77 and 82;
# 21, 22, 27, 28, 31 and 32 were held out and measured only after all of that: 74, 80, 78, 83, 83, 79 of 90 (the
# session's starting code: 67, 75, 74, 81, 78, 73). Their first runs found wrong computed answers, all fixed and
# tested (a colourless card count, "as" read as an ace, "my last 2 cards" read as the centre, "J'ai 7 points de
# Gloire" read as the card, "four greens" added to the centre, an unfilled craft answered with the card list).
# rules_blind35-38: written last and measured once with the final code, nothing tuned on them: 77, 81, 78, 78 of 90
# (the session's starting code: 74, 78, 75, 75). Their floors are those first runs.
# rules_blind39-54 (fifth round) and 55-66 (sixth round): fresh sets written blind four at a time, each measured once
# before anything was tuned on it; docs/rules.md has their first runs. Floors are the scores now (sets 1-54 were
# tuned on; 63-66 were measured once with the final code of the sixth round and never tuned on).
BLIND_FLOOR = {"rules_blind": 84, "rules_blind2": 84, "rules_blind3": 85, "rules_blind4": 79, "rules_blind5": 88,
               "rules_blind6": 86, "rules_blind7": 84, "rules_blind8": 86, "rules_blind9": 87, "rules_blind10": 84,
               "rules_blind11": 85, "rules_blind12": 87, "rules_blind13": 85, "rules_blind14": 87,
               "rules_blind15": 83, "rules_blind16": 83, "rules_blind17": 85, "rules_blind18": 85,
               "rules_blind19": 86, "rules_blind20": 85, "rules_blind21": 82, "rules_blind22": 85,
               "rules_blind23": 87, "rules_blind24": 85, "rules_blind25": 87, "rules_blind26": 84,
               "rules_blind27": 85, "rules_blind28": 85, "rules_blind29": 88, "rules_blind30": 87,
               "rules_blind31": 88, "rules_blind32": 84, "rules_blind33": 85, "rules_blind34": 87,
               "rules_blind35": 81, "rules_blind36": 90, "rules_blind37": 84, "rules_blind38": 85,
               "rules_blind39": 87, "rules_blind40": 87, "rules_blind41": 88, "rules_blind42": 88,
               "rules_blind43": 86, "rules_blind44": 83, "rules_blind45": 82, "rules_blind46": 86,
               "rules_blind47": 81, "rules_blind48": 82, "rules_blind49": 85, "rules_blind50": 87,
               "rules_blind51": 87, "rules_blind52": 89, "rules_blind53": 88, "rules_blind54": 86,
               "rules_blind55": 85, "rules_blind56": 82, "rules_blind57": 83, "rules_blind58": 87,
               "rules_blind59": 83, "rules_blind60": 88, "rules_blind61": 80, "rules_blind62": 84,
               "rules_blind63": 82, "rules_blind64": 84, "rules_blind65": 81, "rules_blind66": 86}


@pytest.mark.parametrize("name", sorted(BLIND_FLOOR))
def test_blind_rules_questions(name, capsys):
    import json
    from pathlib import Path

    from gm.rules.evaluate import score_blind

    rows = [json.loads(x) for x in (Path(__file__).parent / "data" / f"{name}.jsonl").read_text(
        encoding="utf-8").splitlines() if x.strip()]
    right, _ = score_blind(rows)
    with capsys.disabled():
        print(f"\n{name}: {right}/{len(rows)} answers with the needed fact")
    assert right >= BLIND_FLOOR[name]


@pytest.mark.parametrize("q,lang", [("could you tell me how many cards everyone gets?", "en"),
                                    ("kannst du mir sagen, wie viele Karten jeder bekommt?", "de"),
                                    ("peux-tu me dire combien de cartes reçoit chaque joueur ?", "fr")])
def test_a_polite_wrapper_is_not_the_topic(q, lang):
    a = answer(q, "odin", lang=lang)
    assert a.sections and a.sections[0]["id"] == "odin.setup.deal" and "9" in a.text


@pytest.mark.parametrize("game,lang,q,section", [
    ("odin", "de", "Wer fängt eigentlich an?", "odin.setup.first_player"),
    ("odin", "de", "Wer fängt nach der Wertung an?", "odin.scoring.redeal"),
    ("odin", "en", "who goes first?", "odin.setup.first_player"),
    ("odin", "en", "who leads the next hand after a scoring?", "odin.scoring.redeal"),
])
def test_a_whole_search_term_beats_a_longer_one_half_said(game, lang, q, section):
    """BM25 scores "wer fängt an" and "wer fängt nach der Wertung an" alike for "Wer fängt an?"; the phrase score
    prefers the term the question says in full (gm.rules.retrieval.Index.phrase_score)."""
    from gm.rules.retrieval import index

    assert index(game, lang).search(q)[0].section.id == section


@pytest.mark.parametrize("q,lang,facts", [
    ("when does the game end, and who wins?", "en", ["15", "fewest"]),
    ("Wann ist das Spiel vorbei und wer gewinnt?", "de", ["15", "wenigsten"]),
    ("la partie se termine quand, et qui gagne ?", "fr", ["15", "moins"]),
])
def test_two_questions_in_one_line_get_both_facts(q, lang, facts):
    """Each half finds its own section; the answer leads with both facts and cites both sections."""
    from gm.rules import answer

    a = answer(q, "odin", lang=lang)
    head = a.text.split("\n")[0]
    assert all(f in head for f in facts), a.text
    assert len(a.sections) >= 2


# A question's form names its kind whatever its topic words: "what if the damage tokens run out?" shares "damage
# tokens" with the components, but asks about a shortage; "same Fame at the end" asks for the tie-break.
KIND_QUESTIONS = [
    ("name-of-odin", "We ran out of damage tokens. What now?", "name-of-odin.gaps.shortage"),
    ("name-of-odin", "Was, wenn die Baumaterialmarker ausgehen?", "name-of-odin.gaps.shortage"),
    ("name-of-odin", "Il n'y a plus de jetons Dégât, on fait comment ?", "name-of-odin.gaps.shortage"),
    ("jorvik", "What if the coins run out?", "jorvik.supply.general"),
    ("jorvik", "Plus de pièces dans la réserve, que faire ?", "jorvik.supply.general"),
    ("name-of-odin", "Two of us have the same Fame at the end, who wins?", "name-of-odin.scoring.tiebreak"),
    ("jorvik", "Gleichstand bei den Siegpunkten – wer gewinnt?", "jorvik.end.winner"),
    ("odin", "égalité à la fin, qui gagne ?", "odin.end.winner"),
    # an empty deck of buildings, longships or heroes is left open; an empty Action deck is reshuffled
    ("name-of-odin", "What happens when the longship deck is empty and someone buys a ship?",
     "name-of-odin.gaps.shortage"),
    ("name-of-odin", "La pioche des cartes Action est vide, on fait comment ?", "name-of-odin.turn.draw"),
    ("jorvik", "What if a ship is drawn but the bag doesn't have 3 goods left in it?", "jorvik.gaps.shortage"),
    ("name-of-odin", "Wie viele Aktionskarten dürfen die anderen bei meinem Raubzug reinlegen?",
     "name-of-odin.raid.modify"),
    # phrasings fresh sets 43-46 used for sections that were ranked second
    ("jorvik", "Last round I put a leather on a craft card. Can I move it to another card now?",
     "jorvik.goods.craft_spaces"),
    ("jorvik", "Sind meine Kriegerkarten nach einem Pikten-Angriff weg?", "jorvik.cards.warriors"),
    ("name-of-odin", "Ab wann ist ein Langschiff kaputt?", "name-of-odin.longship.destroyed"),
    ("name-of-odin", "How many cards can the other players throw onto my raid to make it harder?",
     "name-of-odin.raid.modify"),
    ("odin", "Quand je commence un pli, est-ce que je peux poser deux cartes d'un coup ?", "odin.lead.single"),
    # "how does card X work?": each Jórvík card section answers it (a generic wording had won for another card)
    ("jorvik", "Les cartes Oracle, ça marche comment ?", "jorvik.cards.oracles"),
    ("jorvik", "Jarl: how do the Oracle cards work?", "jorvik.cards.oracles"),
    ("jorvik", "Wie funktionieren die Skaldenkarten eigentlich?", "jorvik.cards.skalds"),
]

# What a question does without is not its topic: "goods for coins without a trader" asks for the exchange rate,
# not the trader cards. (Harder phrasings - "get coins for my goods without a trader card?" - still find the trader
# or income sections: the exchange is close to both.)
WITHOUT_QUESTIONS = [
    ("jorvik", "Kann ich Waren ohne Händler in Münzen tauschen?", "jorvik.goods.coin_exchange"),
    ("jorvik", "Can I turn spare goods into coins without a trader?", "jorvik.goods.coin_exchange"),
    ("jorvik", "Puis-je convertir des marchandises en pièces sans marchand ?", "jorvik.goods.coin_exchange"),
    # "I don't have a trader", "je n'ai pas de marchand": what the asker lacks is not the topic either
    ("jorvik", "I don't have a trader, can I still sell goods?", "jorvik.goods.coin_exchange"),
    ("jorvik", "Je n'ai pas de marchand, je peux quand même vendre des marchandises ?", "jorvik.goods.coin_exchange"),
]


@pytest.mark.parametrize(("game", "question", "section"), KIND_QUESTIONS + WITHOUT_QUESTIONS)
def test_the_question_finds_its_section(game: str, question: str, section: str) -> None:
    got = answer(question, game)
    assert got.sections and got.sections[0]["id"] == section, (question, got.sections)


def test_without_drops_the_thing_done_without_but_not_an_absence() -> None:
    from gm.rules.retrieval import WITHOUT

    assert WITHOUT.sub("", "coins without a trader card?").split() == ["coins", "?"]
    assert "handlerkarte" not in WITHOUT.sub("", "munzen ohne handlerkarte")
    assert "marchand" not in WITHOUT.sub("", "des pieces sans carte marchand")
    assert "viking" in WITHOUT.sub("", "une carte sans aucun viking dans sa file")  # a card with no Viking: kept
    # German "Waren" are goods, not the past of "sein": searched, not dropped as a stop word
    from gm.rules.retrieval import index

    assert index("jorvik", "de").tokens("Waren") == ["war"]


@pytest.mark.parametrize("text,n", [
    ("with 3 players, how many cards?", 3), ("wir sind zu viert", 4), ("on est quatre, combien ?", 4),
    ("how many raid cards with three of us?", 3), ("a deux joueurs", 2), ("zwei spieler", 2),
    ("we are 5 tonight", 5), ("i have 4 cards", None), ("how many raid cards?", None), ("a 4 coins card", None),
    ("wir sind heute zu siebt", 7), ("on est 7 ce soir", 7), ("seven players", 7),
])
def test_players_said(text: str, n: int | None) -> None:
    """How many players a question says the table has: one reading for every kit's set-up questions."""
    from gm.text import fold, players_said

    assert players_said(fold(text)) == n


@pytest.mark.parametrize("q,lang,facts", [
    ("A ship card comes up during the offer phase. What do we do with it?", "en", ["3", "bag"]),
    ("Ich decke in der Angebotsphase eine Schiffskarte auf – was jetzt?", "de", ["3", "Beutel"]),
    ("Quand on retourne une carte Navire dans la phase d'offre, on fait quoi ?", "fr", ["3", "sac"]),
    ("My craft card has leather on it but the wool space is still empty. Does it score anything?", "en",
     ["scores nothing"]),
    ("Bringt eine halb belegte Handwerkskarte am Ende etwas?", "de", ["bringt selbst nichts"]),
    ("Une carte Artisanat à moitié remplie, elle rapporte quelque chose à la fin ?", "fr", ["ne rapporte rien"]),
])
def test_jorvik_ships_and_unfilled_crafts_state_the_fact(q, lang, facts):
    """A ship drawn in the offer gets its goods from the bag (3; in the Jarl game some 1 or 2), and a craft card
    with an empty space scores nothing itself (002: the card overview)."""
    from gm.rules import answer

    a = answer(q, "jorvik", lang=lang)
    assert all(f in a.text for f in facts), a.text


@pytest.mark.parametrize("q,lang", [
    ("Say I pass this turn. Am I out until the round ends or can I jump back in?", "en"),
    ("If I pass once, am I out until the trick is over?", "en"),
    ("Wenn ich einmal passe, bin ich dann raus bis die Runde vorbei ist?", "de"),
    ("Si je passe, je suis éliminé jusqu'à la fin du pli ?", "fr"),
])
def test_passing_once_does_not_lock_you_out(q, lang):
    """"Am I out after passing?" is the passing rule (you may play again on your next turn), not the trick's end."""
    from gm.rules import answer

    assert answer(q, "odin", lang=lang).sections[0]["id"] == "odin.pass.rules"


@pytest.mark.parametrize("q,lang", [
    ("What happens if someone goes past the last space of the Fame Track?", "en"),
    ("Was passiert, wenn jemand mit seinem Ruhm über das Ende der Ruhmleiste hinauskommt?", "de"),
    ("La piste de Gloire va jusqu'où ? Si quelqu'un dépasse la dernière case, on fait comment ?", "fr"),
])
def test_the_end_of_the_fame_track_is_left_open(q, lang):
    """The rulebook does not say how long the Fame Track is: "the rules don't say", with what it does say."""
    from gm.rules import answer

    a = answer(q, "name-of-odin", lang=lang)
    assert a.source == "none" and a.sections[0]["id"] == "name-of-odin.gaps.fame-track", a.text


@pytest.mark.parametrize("q,game,lang,fact", [
    # 002: the building that pays 4 coins pays at once ("sofort"), not in the loading phase
    ("I just bought the building that gives 4 coins. Do I get them now or in the loading phase?", "jorvik", "en",
     "immediately"),
    ("Die Karte mit den 4 Münzen – krieg ich die erst in der Verladephase?", "jorvik", "de", "sofort"),
    ("La carte qui donne 4 pièces, je les touche quand ?", "jorvik", "fr", "immédiatement"),
    # 002: the start player marker passes clockwise
    ("Wann wandert der Startspielermarker weiter?", "jorvik", "de", "im Uhrzeigersinn"),
    # 003: the French book's raid has 9 steps, said as a number
    ("Un Raid, ça se fait en combien d'étapes dans la règle française ?", "name-of-odin", "fr", "en compte 9"),
    ("How many raid steps does the French rulebook have?", "name-of-odin", "en", "has 9 steps"),
])
def test_a_fact_is_said_in_the_plain_word(q, game, lang, fact):
    """"sofort", "im Uhrzeigersinn", "9 steps": the digest says the fact as players ask it (it had been "direkt beim
    Kauf", "zur Person links", "a ninth step", which fresh sets 43-54 read as missing six times over)."""
    from gm.rules import answer

    a = answer(q, game, lang=lang)
    assert fact in a.text, a.text


@pytest.mark.parametrize("game,q,start", [
    ("odin", "On est 7 ce soir, on peut jouer à ODIN tous ensemble ?", "Non : ODIN se joue de 2 à 6 joueurs"),
    ("odin", "We are 7 tonight, can we all play?", "No: ODIN is for 2 to 6 players"),
    ("odin", "Wir sind heute zu siebt, können wir alle mitspielen?", "Nein: ODIN ist für 2 bis 6 Personen"),
    ("jorvik", "Can 6 people play Jorvik?", "No: Jórvík is for 2 to 5 players"),
    ("name-of-odin", "Können wir mit 6 Spielern spielen?", "Nein: In the Name of Odin ist für 2 bis 5 Personen"),
    # a table the game seats, asked for nothing else
    ("odin", "Können wir zu viert spielen?", "Ja: ODIN ist für 2 bis 6 Personen, also geht es mit 4."),
])
def test_a_table_size_is_checked_against_the_engines_player_count(game, q, start):
    """The engine's min and max players decide; the gap section on variants follows."""
    from engine import load_game
    from gm.rules import answer

    info = load_game(game).info
    assert (info.min_players, info.max_players) == ((2, 6) if game == "odin" else (2, 5))
    a = answer(q, game)
    assert a.source == "engine" and a.text.startswith(start), a.text


@pytest.mark.parametrize("game,q", [
    ("name-of-odin", "Thanks to other people's raids I've ended up with 8 action cards. Do I have to discard?"),
    ("odin", "Centre has two orange cards, a 7 and a 4, so 74. I've got a red 8 and a red 1 — can I beat it?"),
    ("odin", "With 4 players, how many cards each?"),  # the count sets the scene; the deal is asked
])
def test_numbers_that_are_not_the_table_size(game, q):
    from gm.rules import answer

    a = answer(q, game)
    assert not any(w in a.text for w in ("players, and the rules offer", "players, so")), a.text


@pytest.mark.parametrize("game,q,section", [
    ("odin", "Si je me suis trompé de carte, je peux la reprendre avant que le joueur suivant joue ?",
     "odin.gaps.mistakes"),
    ("jorvik", "Le nombre de pièces de chaque joueur, c'est secret ou tout le monde peut le voir ?",
     "jorvik.gaps.hidden_info"),
    ("name-of-odin", "I forgot to put a Damage Token on my ship last turn. What now?", "name-of-odin.gaps.mistakes"),
    # a wrong play noticed later is a slip to settle, not a position to compute
    ("odin", "On s'est rendu compte deux tours plus tard que quelqu'un avait posé un 7 et un 4 de couleurs "
     "différentes. On fait quoi ?", "odin.gaps.mistakes"),
    ("odin", "Wir haben zwei Züge später gemerkt, dass Tom eine 7 und eine 4 in verschiedenen Farben gelegt hat. Was "
     "nun?", "odin.gaps.mistakes"),
])
def test_open_information_and_slips_are_what_the_rules_leave_open(game, q, section):
    """Questions about what is open at the table, or a slip noticed later, are kinds the gap sections answer
    ("The rules don't say" first): they had been ranked just below a section of the same words."""
    from gm.rules import answer

    a = answer(q, game)
    assert a.sections[0]["id"] == section and a.source == "none", (a.sections, a.text[:80])


@pytest.mark.parametrize("q,lang", [
    ("We're 4 players, so 18 cards are left over after dealing. Are we allowed to look through those?", "en"),
    ("Wir sind zu viert, da bleiben beim Austeilen Karten übrig. Legen wir die offen hin oder kommen die weg?", "de"),
    ("À 4 joueurs on distribue 36 cartes, les autres on en fait quoi ? on a le droit de les regarder ?", "fr"),
])
def test_odin_leftover_cards_are_what_the_rules_leave_open(q, lang):
    """001 says to shuffle and deal 9 each, nothing of the cards left over: the answer says the rules don't say and
    gives the project's handling as its reading (the set-up section had stated it as the rule)."""
    from gm.rules import answer

    a = answer(q, "odin", lang=lang)
    assert a.source == "none" and a.sections[0]["id"] == "odin.gaps.leftover_cards", (a.sections, a.text[:80])
    assert "18" in a.text


@pytest.mark.parametrize("q,lang", [
    ("Est-ce que je peux me débarrasser volontairement de mon drakkar abîmé pour en acheter un neuf à la place ?",
     "fr"),
    ("Darf ich meinen Helden einfach so abwerfen, ohne einen neuen zu rekrutieren oder seine Fähigkeit zu nutzen?",
     "de"),
    ("Can I just send a couple of my Vikings back to the Mead Hall on my turn because I don't want them anymore?",
     "en"),
])
def test_giving_up_your_own_things_at_will_is_left_open(q, lang):
    """004/000/003 name how a Hero, a Longship or Vikings leave, never a way to give them up at will."""
    from gm.rules import answer

    a = answer(q, "name-of-odin", lang=lang)
    assert a.source == "none" and a.sections[0]["id"] == "name-of-odin.gaps.voluntary", (a.sections, a.text[:80])


def test_replacing_a_longship_by_buying_is_still_the_rule():
    from gm.rules import answer

    a = answer("Can I buy a new longship to replace the one I have?", "name-of-odin", lang="en")
    assert a.sections[0]["id"] == "name-of-odin.action.buy-longship" and a.text.startswith("No."), a.text


@pytest.mark.parametrize("game,q,section", [
    ("odin", "After a scoring, who shuffles and deals the new hands? Does dealing rotate?", "odin.gaps.table_duties"),
    ("odin", "Muss man ansagen, wenn man nur noch eine Karte auf der Hand hat, so wie bei Uno?",
     "odin.gaps.table_talk"),
    ("name-of-odin", "Was passiert, wenn alle Schadensmarker verbraucht sind und ein Schiff noch Schaden bekommen "
     "müsste?", "name-of-odin.gaps.shortage"),
])
def test_chores_calls_and_shortages_reach_their_gap(game, q, section):
    from gm.rules import answer

    a = answer(q, game)
    assert a.source == "none" and a.sections[0]["id"] == section, (a.sections, a.text[:80])


def test_the_scoring_trigger_says_how_points_are_counted():
    """"Au décompte intermédiaire, on marque combien ?" finds the section on what triggers a scoring; it now says the
    count too (1 point per card still in hand, 001), not only that points are counted."""
    from gm.rules import answer

    a = answer("Au décompte intermédiaire, on marque combien ?", "odin", lang="fr")
    assert "1 point par carte encore en main" in a.text, a.text
