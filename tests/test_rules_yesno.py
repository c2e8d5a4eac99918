"""Yes or no before a digest answer (gm.rules.yesno): "No." only where the answering sentence denies what the
question asks leave for, "Yes." only where a "does it still ...?" is answered "even ...", nothing otherwise."""

from __future__ import annotations

import pytest

from gm.rules import answer
from gm.rules.yesno import yes_no


@pytest.mark.parametrize("question,lead,lang,said", [
    ("Darf man als Erster passen?", "Passen darf die eröffnende Person nicht.", "de", "Nein."),
    ("Could I pay using only my Jarl's House symbol?", "It can never pay an action on its own.", "en", "No."),
    ("Est-ce que je peux garder deux Héros ?", "Vous ne pouvez avoir qu'1 Héros à la fois.", "fr", "Non."),
    ("Ses points comptent quand même ?", "Chaque Drakkar compte, même endommagé.", "fr", "Oui."),
    # a sentence that allows: never "Yes" (it may be about something else, or restrictive)
    ("Kann ich zwei Helden gleichzeitig haben?", "Man darf nur 1 Helden gleichzeitig haben.", "de", None),
    ("Can I swap twice?", "Once per turn you may swap 1 card.", "en", None),
    # the negation is not at the permission ("not stuck ... you may take them out")
    ("Can I take a good back off my craft?", "Stored goods are not stuck: later you may take them out again.", "en",
     None),
    # only / if: "still?" answered with a condition is no plain yes
    ("Bringt die am Ende trotzdem Punkte?", "Die Karte bringt ihre Punkte nur, wenn sie erfüllt ist, selbst halb "
     "belegt nicht.", "de", None),
    ("Can I play a red 7 or a blue 7?", "You may not play two colours.", "en", None),  # not a yes/no question
    ("How many cards do I get?", "You may not look at them.", "en", None),
])
def test_yes_no(question: str, lead: str, lang: str, said: str | None) -> None:
    assert yes_no(question, lead, lang) == said


def test_a_digest_answer_opens_with_the_word_the_asker_wants() -> None:
    got = answer("Au décompte final, mon Drakkar est endommagé et loin du Rivage. Sa Gloire compte quand même ?",
                 "name-of-odin", "fr")
    assert got.source == "digest" and got.text.startswith("Oui. ")
    got = answer("Darf man als Erster in einer Runde passen?", "odin", "de")
    assert got.text.startswith("Nein. ")
