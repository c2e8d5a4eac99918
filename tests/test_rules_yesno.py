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
    # ... but more of a thing asked than the one allowed is "No"
    ("Kann ich zwei Helden gleichzeitig haben?", "Man darf nur 1 Helden gleichzeitig haben.", "de", "Nein."),
    ("Can I swap twice?", "Once per turn you may swap 1 card.", "en", None),
    # the negation is not at the permission ("not stuck ... you may take them out")
    ("Can I take a good back off my craft?", "Stored goods are not stuck: later you may take them out again.", "en",
     None),
    # only / if: "still?" answered with a condition is no plain yes
    ("Bringt die am Ende trotzdem Punkte?", "Die Karte bringt ihre Punkte nur, wenn sie erfüllt ist, selbst halb "
     "belegt nicht.", "de", None),
    ("Can I play a red 7 or a blue 7?", "You may not play two colours.", "en", None),  # not a yes/no question
    ("How many cards do I get?", "You may not look at them.", "en", None),
    # "usable", "zählt": leave said in other words; the clause of a "but" that speaks of what is asked
    ("Zählt das Schifffahrtssymbol meiner Werft eigentlich auch bei Raubzügen?",
     "Wie alle Gebäudesymbole ist ihr Schifffahrtssymbol nicht für Raubzüge nutzbar.", "de", "Nein."),
    ("During step E of my raid, can I use my Forge's green symbol?", "Building symbols and building discounts cannot "
     "be used in this step, but abilities of the Hero and Longship used for this raid may.", "en", "No."),
    ("Meine Schmiede hab ich noch nicht benutzt. Kann ich beim Raubzug ihr Handwerkssymbol nutzen?",
     "Für Raubzüge dürfen Gebäudesymbole nicht genutzt werden.", "de", "Nein."),
    # a clause that denies beside one that allows what is asked ("goods you cannot use may be exchanged")
    ("Can I turn spare goods into money?", "Goods you cannot use may be exchanged 2 goods for 1 coin.", "en", None),
    # the denial is about the clause before the question, not what it asks ("if I pass ..., may I play later?")
    ("Wenn ich jetzt passe, darf ich in der gleichen Runde später trotzdem noch Karten spielen?",
     "Wer die Runde eröffnet, darf nicht passen.", "de", None),
    # a rule for someone the question does not name ("the leader"), while "als Erster" names them in other words
    ("I could beat what's on the table but I'd rather keep my cards. Am I allowed to just pass?",
     "The leader of a trick may not pass.", "en", None),
    ("Darf man als Erster in einer Runde passen?", "Die eröffnende Person darf nicht passen.", "de", "Nein."),
    # "do I ... too?" answered by a clause that says none is done; the same for a leave question whose line names
    # who the clause speaks of; never for a thing the question asks about ("no Raid Card is left")
    ("Après mon raid, est-ce que moi aussi je prends une carte dans l'Offre ?",
     "Le joueur actif ne prend aucune carte ici.", "fr", "Non."),
    ("Do I also take a card from the offer after my raid?", "The Active Player takes no card here.", "en", "No."),
    ("Ich bin aktiver Spieler – darf ich nach meinem Raubzug auch eine Karte aus der Auslage nehmen?",
     "Der aktive Spieler zieht hier keine Karte.", "de", "Nein."),
    ("Darf ich nach meinem Raubzug auch eine Karte aus der Auslage nehmen?",
     "Der aktive Spieler zieht hier keine Karte.", "de", None),
    ("Are we allowed to count how many raid cards are left in the raid deck?",
     "The game ends when the last raid is done, so the raid deck is empty and no raid card is left.", "en", None),
    ("Darf ich das Handwerkssymbol meiner Schmiede bei einem Raubzug benutzen?",
     "Schmiede: 1 Handwerkssymbol, ein Mal pro Zug (nie allein, nie im Raubzug).", "de", "Nein."),
    ("Do I get coins for it?", "You get 2 coins, but no goods.", "en", None),
    # the subject before the leave word ("..., il peut passer ?", "die Schmiede darf ...?")
    ("Celui qui ouvre un nouveau pli, il peut passer ?", "Celui qui ouvre ne peut pas passer.", "fr", "Non."),
    ("Celui qui ouvre un nouveau pli, il peut passer.", "Celui qui ouvre ne peut pas passer.", "fr", None),
    # "je peux" after a clause that sets the scene; never after an "if" clause, never with a question word
    ("À l'étape E, je peux utiliser le symbole de ma Forge pour couvrir une carte Artisanat ?",
     "Forge : 1 Symbole Artisanat (jamais seul, jamais à l'étape E d'un Raid).", "fr", "Non."),
    ("Si je passe une fois, je peux encore rejouer plus tard dans le même pli ?",
     "Celui qui ouvre le pli ne peut pas passer.", "fr", None),
    ("S'il n'y a qu'une seule carte au milieu, je peux en jouer combien ?",
     "Jouer moins de cartes qu'il n'y en a au centre n'est jamais permis.", "fr", None),
    # a duty is denied close by, not by "keinen Helden mehr und muss einen neuen rekrutieren"
    ("Muss ich meinen Helden nach dem Raubzug abgeben?",
     "Danach hat man keinen Helden mehr und muss einen neuen rekrutieren.", "de", None),
    # "bringt selbst nichts" is no "even": no "Ja."
    ("Krieg ich am Ende trotzdem Punkte dafür?", "Eine Handwerkskarte mit leerem Feld bringt selbst nichts.", "de",
     None),
    # a clause about the Active Player does not deny what the helper of someone else's raid asks
    ("do I get anything back for putting a card on someone else's raid?", "The Active Player takes no card here.",
     "en", None),
    # "Werft oder Schmiede": two things named in one question, still a yes/no question
    ("Darf ich das Symbol meiner Werft oder Schmiede für einen Raubzug benutzen?",
     "Für Raubzüge dürfen Gebäudesymbole nicht genutzt werden.", "de", "Nein."),
    # "or" before another question: one word cannot answer both
    ("Müssen mehrere Karten die gleiche Farbe haben, oder geht auch gleiche Zahl?",
     "Zur Farbe der Mitte müssen deine Karten nicht passen.", "de", None),
    ("Can I pass or do I have to play?", "The leader may not pass.", "en", None),
    # "ne peut que passer" is "can only pass", no negation
    ("Après l'ouverture de Mia, je peux passer ?", "Un joueur qui ne peut pas battre le centre ne peut que passer.",
     "fr", None),
    # "even though ...": a clause the question adds says nothing of who asks; the leader's rule is not the asker's
    ("Ben led a 5. Can I pass even though I could beat it?", "The leader of a trick may not pass.", "en", None),
    # compounds that share their head ("Gebäudesymbole", "Handwerkssymbol") speak of the same thing
    ("Darf ich beim Raubzug das Handwerkssymbol meiner Schmiede nehmen, um eine Anforderungskarte zu kontern?",
     "Deutsch: Gebäudesymbole dürfen für Raubzüge ausdrücklich nicht genutzt werden.", "de", "Nein."),
    ("Kann ich zwei Helden gleichzeitig haben?", "Man darf nur 1 Helden gleichzeitig haben und braucht einen für jeden "
     "Raubzug.", "de", "Nein."),
    # "un Viking" said without a limit: an article, not "only one"; "Sif's raid" is someone else's
    ("Je peux mettre mes deux Vikings dans la même file de demande ?",
     "Vous pouvez ajouter un Viking à une file qui contient déjà un ou plusieurs des vôtres.", "fr", None),
    ("I tossed a card into Sif's raid to make it harder. Do I get a card back for that?",
     "The Active Player takes no card here.", "en", None),
    # a rate or a score is no count of things held
    ("Je peux échanger 3 marchandises contre une de mon choix ?", "Vous pouvez échanger 1 marchandise à la fois.",
     "fr", None),
    ("On peut s'arrêter avant 15 points ?", "On peut jouer jusqu'à 1 seul décompte.", "fr", None),
    # two questions in one line
    ("On peut mettre plusieurs Vikings dans la même file ? il y a une limite ?",
     "Une file est pleine à 8 Vikings ; ensuite, personne ne peut plus y placer.", "fr", None),
])
def test_yes_no(question: str, lead: str, lang: str, said: str | None) -> None:
    assert yes_no(question, lead, lang) == said


def test_a_digest_answer_opens_with_the_word_the_asker_wants() -> None:
    got = answer("Au décompte final, mon Drakkar est endommagé et loin du Rivage. Sa Gloire compte quand même ?",
                 "name-of-odin", "fr")
    assert got.source == "digest" and got.text.startswith("Oui. ")
    got = answer("Darf man als Erster in einer Runde passen?", "odin", "de")
    assert got.text.startswith("Nein. ")


@pytest.mark.parametrize("question,lang", [
    ("Darf ich das Schifffahrtssymbol meiner Werft beim Raubzug verwenden?", "de"),
    ("Kann ich die Symbole von meinen Gebäuden beim Raubzug einsetzen?", "de"),
])
def test_a_building_symbol_on_a_raid_is_denied_first(question: str, lang: str) -> None:
    """The German edition bars building symbols from raids: the answer says "Nein." first, whichever section (or
    its note on the editions) states it (these had answered the right section without the word)."""
    got = answer(question, "name-of-odin", lang)
    assert got.source == "digest" and got.text.startswith("Nein. "), got.text
    assert "Raubz" in got.text
