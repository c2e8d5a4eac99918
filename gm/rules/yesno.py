""""No." before a digest answer, when the question asks leave or a duty and the sentence that answers it denies it.

A question that asks leave ("can I ...", "darf ich ...", "est-ce que je peux ...", "zählt das ...?") or asks a
duty ("must I ...", "muss ich ...", "dois-je ...") is answered by the sentence the digest leads with, or by
another sentence of the section (or of its note on the editions) that speaks of the question's words. The
sentence is read clause by clause ("..., but the Hero's abilities may" is another clause): the answer opens with
"No." in the asker's language when a clause about what the question asks (from its verb on, not the clause before
it) denies it ("may not", "dürfen ... nicht", "ne peut pas", "never", "nicht für Raubzüge nutzbar"), and no
clause about it allows it. A clause whose subject the question never names ("the leader of a trick may not pass"
for "am I allowed to just pass?") is left out. Two questions in one line get no word.
A question what is done ("do I take a card too?", "est-ce que moi aussi je prends ...?") is denied by a clause
that says none is ("The Active Player takes no card here"); so is a leave question when that clause says "never"
or speaks of someone the line names before what it asks ("Ich bin aktiver Spieler - darf ich ...?").
"je peux ..." counts as asking leave after a clause that sets the scene ("À l'étape E, je peux ...?"), not after
an "if" clause; a line with a question word ("combien", "how many", "wann") is no yes/no question; a duty is denied
only by a negation close to it ("muss nicht", not "keinen Helden mehr und muss ...").
An "or" that names two things ("my Shipyard or Forge") keeps the question; one before another question ("... or
must I play?", "... or not?") or between two cards or values ("a red 7 or a blue 7?") makes it a choice, no word.
Read for the question's subject are only its own words: not a clause it adds ("... even though I could beat it?")
nor what happened before ("After the leader plays, ..."); "ne peut que" is "only", no negation.
Two of a thing asked where the sentence allows only one ("Kann ich zwei Helden gleichzeitig haben?" - "nur 1 Helden
gleichzeitig") is "No." (not a rate, a score, or "un Viking" said without a limit).
Measured on the blind rules sets 1-66 (5,940 questions): 187 digest answers open with "No.", none against the
reference (the leader's passing is now the engine's answer, not a digest one). The first reading, before the
clauses, had 8 right and 3 wrong on sets 1-20, 23 and 24.
A question whether something still holds ("does it still count?", "zählt das trotzdem?", "ça compte quand
même ?") that the sentence answers with "even ..." ("auch wenn ...", "même si ...") opens with "Yes.". Otherwise
"Yes." is never inferred: measured on the blind rules sets 1-8, a sentence that allows something was as often
about another thing or restrictive ("only one") as it was the answer, and a wrong "yes" is worse than none.
"""

from __future__ import annotations

import re

from gm.i18n import t
from gm.text import fold

# fillers, and a clause before the question ("during step E of my raid, can I ...", "wenn X, darf ich ...")
_FILLER = (r"^\W*(?:(?:ok|okay|so|also|alors|bon|hmm+|hm+|euh+|quick question|kurze frage|petite question)\W+)*"
           r"(?:[^,?.!;:]{1,60},\s*)?")
_ASKS_LEAVE = re.compile(_FILLER + r"(?:can|could|may|am i allowed|are we allowed|is it allowed|is it ok|is it okay|"
                         r"darf|durfen|kann|konnen|ist es erlaubt|ist das erlaubt|peut|peux|puis|pouvons|pourrais|"
                         r"does (?:it|that|this|my|the|a|an) [\w' ]{0,40}count|do (?:my|the) [\w' ]{0,40}count|"
                         r"zahlt|zahlen|compte|comptent|est-ce que (?:ca|mon|ma|mes|le|la|les) [\w' ]{0,40}compte\w*|"
                         r"est-ce qu'on peut|est-ce que je peux|est-ce que l'on peut|est-ce qu'il est permis|"
                         r"(?:(?:mon|ma|mes|le|la|les|l'|un|une|mein|meine|der|die|das|my|the|a|an) )?[\w']+ "
                         r"(?:peut|peuvent|kann|konnen|darf|durfen)(?= .*\?$)|"
                         r"on peut|je peux|je pourrais|a-t-on le droit|ai-je le droit|est-ce qu'on a le droit|"
                         r"est-ce que j'ai le droit)\b")
_ASKS_DUTY = re.compile(_FILLER + r"(?:must|do i have to|do we have to|have i got to|muss|mussen|muß|dois|doit|"
                        r"faut-il|est-ce que je dois|est-ce qu'on doit|suis-je oblige|est-ce que je suis oblige)\b")
# "do I take a card too?", "nehme ich auch eine?", "est-ce que moi aussi je prends ...": answered "No." only by a
# clause that says none is done ("The Active Player takes no card here", "zieht keine", "ne prend aucune")
_ASKS_DO = re.compile(_FILLER + r"(?:do (?:i|we)|does (?:the|my|a|an|he|she|it|that|this)|"
                      r"(?:nehme|bekomme|kriege|krieg|ziehe|erhalte|zahle|verliere|gewinne) ich|"
                      r"est-ce que (?:moi aussi |moi |nous )?(?:je|j'|on|le|la|les|mon|ma|mes|l')|"
                      r"(?:et )?moi\b[\w' ]{0,30}?\b(?:je|j'))\b")
_NONE = re.compile(r"\b(no|none|nothing|never|kein\w*|nichts|nie|niemals|aucun\w*|rien|jamais)\b")
_LEAVE = re.compile(r"\b(may|can|allowed|usable|count|counts|darf|durfen|kann|konnen|erlaubt|nutzbar|einsetzbar|"
                    r"verwendbar|zahlt|zahlen|peut|peuvent|pouvez|peux|permis|autorise\w*|utilisables?|compte|"
                    r"comptent|le droit)\b")
_DUTY = re.compile(r"\b(must|have to|has to|required|muss|mussen|pflicht|doit|doivent|devez|obligatoire\w*|"
                   r"oblige\w*)\b")
_NOT = re.compile(r"\b(not|never|cannot|can't|no one|nobody|nothing|nicht|nichts|nie|niemals|kein\w*|verboten|ne|n|pas|"
                  r"rien|jamais|interdit\w*|aucun\w*)\b")


# "does it still count?" answered by "... even when damaged": yes
_STILL = re.compile(r"\b(still|anyway|even so|quand meme|tout de meme|trotzdem|dennoch|immer noch|auch dann)\b")
_EVEN = re.compile(r"\b(even|auch wenn|auch beschadigt|auch \w+ oder|selbst|meme si|meme (?!(?:couleur|chiffre|nombre|"
                   r"type|valeur|joueur|tour)\b)\w+)\b")


def yes_no(question: str, lead: str, lang: str) -> str | None:
    """"Yes." / "No." (in `lang`) for a yes/no question that `lead`, the answering sentence, settles; else None."""
    q = fold(question)
    s = fold(lead)
    if _STILL.search(q) and q.rstrip().endswith("?") and _EVEN.search(s) and not _NOT.search(s) and not re.search(
            r"\b(only|nur|seulement|que|unless|ausser|sauf|if|wenn|falls|si)\b", s):
        return t("rules.yes", lang)  # "Ses points comptent quand même ?" - "... même endommagés": yes
    if q.count("?") > 1:
        return None  # two questions in one line: one word cannot answer both
    # the question itself, after what it says first ("My Forge is unused this turn. Can I use it in step E?")
    q = re.split(r"(?<=[.!])\s+|\s[-–—]\s", q.strip())[-1]
    if _WH.search(q):
        return None  # "je peux en jouer combien ?", "how many may I ...?": not a yes/no question
    leave = _ASKS_LEAVE.search(q)
    if leave and re.search(r"\bje (?:peux|pourrais)\b", leave.group(0)) and re.match(r"\W*(?:si|quand|lorsque)\b", q):
        leave = None  # "Si je passe une fois, je peux encore rejouer ?": the condition is not what is asked
    duty = None if leave else _ASKS_DUTY.search(q)
    m = leave or duty or _ASKS_DO.search(q)
    if m is None:
        return None
    topic = _LEAVE if leave else _DUTY if duty else _NONE
    if _OR_ASKS.search(q) or re.search(r"\d[^?]*\b(?:or|oder|ou)\b[^?]*\d", q):
        # "darf ich passen oder muss ich spielen?", "... or not?", "a red 7 or a blue 7?": a choice, not yes or no
        return None
    # what it asks, from its verb on: not the clause before it ("if I pass now, may I still play cards later?")
    # the whole line: "Ich bin aktiver Spieler - darf ich ...?" says who; "after the leader plays, ..." does not
    whole = _content(_AFTER.sub(" ", fold(question)))
    if _NAMED_OTHER.search(question):  # "Sif's raid", "le raid de Sif": someone else's, as "someone else's raid"
        whole |= {"else"}
    asked_text = re.sub(r"^[^,]*,\s*", "", m.group(0)) + q[m.end():]
    asked = _content(asked_text)
    main = _content(_ADDED.split(asked_text)[0])
    said = _settles(s, topic, whole, asked, main=main)
    if said is None and topic is _LEAVE:  # "darf ich auch eine nehmen?" - "Der aktive Spieler zieht keine Karte"
        said = _settles(s, _NONE, whole - asked, asked, named_subject=True)
    if said is None and topic is _LEAVE and _fewer_allowed(asked_text, s):
        said = False  # "can I throw two cards in?" - "each other player may play 1 Action Card"
    return t("rules.no", lang) if said is False else None


_COUNT = (r"(\d+|one|two|three|four|five|six|a single|single|eine?n?|zwei|drei|vier|funf|sechs|une?|deux|trois|"
          r"quatre|cinq|six)")
_SINGLE = {"a single": 1, "single": 1, "einen": 1}


def _counted(text: str) -> list[tuple[int, set[str]]]:
    """(count, the words of the thing counted) for each "two action cards", "1 Aktionskarte" in `text`."""
    from gm.parse.core import _UNIT_WORDS  # the spoken numbers the parser reads

    found = []
    for m in re.finditer(r"\b" + _COUNT + r"\s+((?:[\w']+\s+){0,1}[\w']+)", text):
        word = m.group(1)
        n = int(word) if word.isdigit() else _SINGLE.get(word) or _UNIT_WORDS.get(word)
        if n is not None:
            found.append((n, _content(m.group(2))))
    return found


def _fewer_allowed(asked: str, s: str) -> bool:
    """The question asks leave for more of a thing than the sentence allows: "can I have two Heroes?" - "you may
    have only 1 Hero at a time" (2 or more asked, 1 allowed, of the same thing; not a rate or a score)."""
    wanted = [(n, words) for n, words in _counted(asked) if n >= 2 and words]
    if not wanted or not _LEAVE.search(s) or _NOT.search(s) or re.search(r"\b(or|oder|ou|to|bis|a|up|more|mehr|plus)"
                                                                          r" \d", s):
        return False  # "1 or 2 cards", "1 to 3", "up to 3": ranges are read by no one word
    if not _LIMIT.search(s):
        return False  # "vous pouvez ajouter un Viking à une file": an article, not a limit of one
    if _TRADE.search(asked) or _TRADE.search(s):
        return False  # "3 marchandises contre une", "15 points": a rate or a score, not how many one may have
    allowed = _counted(s)
    return any(m == 1 and _shares(words, had) for n, words in wanted for m, had in allowed if had)


_LIMIT = re.compile(r"\b(only|just|nur|seulement|qu'?1|qu'une?|at most|hochstens|au plus|at a time|at once|"
                    r"gleichzeitig|a la fois|maximal|maximum|no more than|nicht mehr als|pas plus de|never more|"
                    r"nie mehr)\b")
_NAMED_OTHER = re.compile(r"\b[A-Z][a-zäöüéè]+(?:'s|s) (?:raid|Raubzug|turn|Zug)\b|"
                          r"\b(?:raid|tour|Raubzug|Zug) (?:de|d'|von|bei) [A-Z][a-zäöüéè]+\b")
_TRADE = re.compile(r"\b(against|contre|gegen|exchange\w*|swap\w*|trade\w*|tausch\w*|echange\w*|points?|punkte?n?|vp|"
                    r"sp|pv|fame|ruhm|gloire)\b|\b(?:for|pour|fur) (?:\d|one|a|an|une?|eine?n?)\b")


def _settles(s: str, topic: re.Pattern[str], whole: set[str], asked: set[str], named_subject: bool = False,
             main: set[str] | None = None) -> bool | None:
    """False when a clause of sentence `s` about what is `asked` denies it (the `topic` words: leave, duty, or
    "none" for a question what is done) and no clause about it allows it; None otherwise. With `named_subject`, a
    "none" clause counts only when it says "never" or speaks of someone the question names before what it asks
    (`whole`: "Ich bin aktiver Spieler - darf ich ...?" - "Der aktive Spieler zieht keine Karte"), not of a thing
    the question asks about ("may we count the raid cards?" - "... and no Raid Card is left")."""
    denied = allowed = False
    # each clause on its own: "Building symbols cannot be used in this step, but the Hero's abilities may" denies
    # the clause about building symbols and allows the other one
    for clause in _CLAUSE.split(s):
        words = re.findall(r"[\w']+", clause)
        said = [i for i, w in enumerate(words) if topic.fullmatch(w) or w in ("le", "droit") and topic is _LEAVE
                or topic is _LEAVE and w in _CANNOT]
        named = _content(clause)
        if topic is _NONE and said:  # "takes no card": the "no" itself denies
            who = _content(" ".join(words[:said[0]]))
            never = words[said[0]] in _NEVER
            if who and not _shares(who, whole) and _SOMEONE_ELSE.search(" ".join(whole)):
                continue  # "putting a card on someone else's raid": "the Active Player takes none" is not the asker
            # "never in raid step E" for "À l'étape E, je peux utiliser ma Forge ?": the step said before the verb
            if _shares(named - who, whole | asked if never and named_subject else asked) and (
                    not named_subject or never or who and _shares(who, whole)):
                denied = True
            continue
        if not said or not _shares(named, asked):
            continue  # a clause about something the question does not ask ("whoever leads may not pass")
        before = _content(" ".join(words[:said[0]]))
        # the question's own words ("Darf man als Erster passen?" says who), not those of a clause it adds ("can I
        # pass even though I could beat it?")
        own = {w for w in (main if main is not None else asked) if not _shares({w}, named)}
        if before and not _shares(before, whole) and not own:
            # "Am I allowed to just pass?" - "The leader of a trick may not pass": a rule for someone the question
            # does not speak of ("Darf man als Erster passen?" says who in its own words)
            continue
        # "ne peut que passer": "only", no negation
        nots = [i for i, w in enumerate(words) if _NOT.fullmatch(w) and w not in _CANNOT and not (
            w in ("ne", "n") and "que" in words[i + 1:i + 4] and "pas" not in words[i + 1:i + 4])]
        for i in said:  # "cannot" denies itself; another leave word is denied by a negation near it
            # a duty is denied only close by ("muss nicht", "don't have to"), not by "keinen Helden mehr und muss"
            if words[i] in _CANNOT or any(abs(i - j) <= (3 if topic is _DUTY else 6) for j in nots):
                denied = True
            else:
                allowed = True
    # a clause that allows what the question asks beside one that denies it ("goods you cannot use may be
    # exchanged"): the sentence says it better than one word
    return False if denied and not allowed else None


# "or" before another question ("... oder muss ich ...?", "or not?", "ou bien ...") - not "my Shipyard or Forge"
_OR_ASKS = re.compile(r"\b(?:or|oder|ou)\b(?: bien| else| sonst| plutot| rather)?\s+(?:(?:do|does|did|must|can|"
                      r"could|may|should|shall|have|has|is|are|will|would|muss|musst|mussen|darf|darfst|kann|kannst|soll|sollte|"
                      r"ist|sind|wird|dois|doit|dois-je|peux|peut|faut|faut-il|est|est-ce|not|nicht|pas|ne|nein|non|"
                      r"no|bien|else|sonst|plutot|rather|je|j|i|ich|on|man|we|wir|nous|geht|gehts|klappt|zahlt|gilt|works|counts|"
                      r"va|marche|compte|what|was|quoi|que|how|wie|comment)\b)")
# what happened before, someone else's doing: "After the leader plays, ...", "Nachdem Ben eröffnet hat, ..."
_AFTER = re.compile(r"\b(?:after|once|nachdem|sobald|apres|une fois que)\b[^,?.!]*[,.!]")
# a clause added to what is asked: "... even though I could beat it?", "... obwohl ich könnte?", "... même si ..."
_ADDED = re.compile(r"\b(?:even though|though|although|even if|because|obwohl|auch wenn|selbst wenn|weil|meme si|"
                    r"bien que|parce que|alors que)\b")
_WH = re.compile(r"\b(combien|how many|how much|wie ?viele?|wie ?viel|quand|when|wann|pourquoi|why|warum|comment|"
                 r"quels?|quelles?|which|welche\w*)\b")
_CLAUSE = re.compile(r"[,;:()]|(?<=[.!?])\s|\b(?:but|aber|mais|except|ausser|sauf|unless|however|jedoch|cependant)\b")
_CANNOT = frozenset({"cannot", "can't", "cant"})
_SOMEONE_ELSE = re.compile(r"\b(else|another|other|others|autre|autres|andere\w*|fremde\w*)\b")
_NEVER = frozenset({"never", "nie", "niemals", "jamais"})
_STOP = frozenset("""the and you your yours for with from that this than then them they their there what when which who
whom into onto only also just still even more most any each other some will would could should does did have has had
been being are was were its it's der die das den dem des ein eine einer einem einen eines und oder mit von fur auf aus
bei beim zum zur ich mich mir mein meine meinen meiner du dich dir dein deine sie ihr ihre ihren wir uns man noch nur
auch schon dann wenn wie was wer ist sind wird werden wurde hat haben hab habe les des une est son ses sur dans pour
par avec qui que quoi mon mes ton tes nous vous ils elles leur leurs aux cette ces tout tous toute just simply really
actually einfach eigentlich wirklich juste simplement vraiment""".split())


def _content(text: str) -> set[str]:
    """The words of `text` that name things (not grammar, not leave, duty or negation)."""
    return {w for w in re.findall(r"\w+", text) if len(w) >= 3 and w not in _STOP and not _LEAVE.fullmatch(w)
            and not _DUTY.fullmatch(w) and not _NOT.fullmatch(w) and not _ASKS_LEAVE.fullmatch(w)}


def _shares(a: set[str], b: set[str]) -> bool:
    """Whether two sets of words share one, allowing for endings and compounds ("Gebäudesymbole", "symbole")."""
    return any(x[:5] == y[:5] or len(x) >= 5 and len(y) >= 5 and (x in y or y in x) or _head(x) == _head(y) != ""
               for x in a for y in b)


def _head(word: str) -> str:
    """The last six letters of a long compound, endings off: "Gebäudesymbole" and "Handwerkssymbol" share "symbol"."""
    stem = word.rstrip("ens")
    return stem[-6:] if len(stem) >= 9 else ""
