""""No." before a digest answer, when the question asks leave or a duty and the sentence that answers it denies it.

A question that asks leave ("can I ...", "darf ich ...", "est-ce que je peux ...") or asks a duty ("must I ...",
"muss ich ...", "dois-je ...") is answered by the sentence the digest leads with. When that sentence denies the
same thing in the same clause ("may not", "dürfen ... nicht", "ne peut pas", "never"), the answer opens with
"No." in the asker's language. A question whether something still holds ("does it still count?", "zählt das
trotzdem?", "ça compte quand même ?") that the sentence answers with "even ..." ("auch wenn ...", "même
si ...") opens with "Yes.". Otherwise "Yes." is never inferred: measured on the blind rules sets 1-8, a sentence
that allows something was as often about another thing or restrictive ("only one") as it was the answer, and a
wrong "yes" is worse than none. A sentence that both allows and forbids adds nothing either.
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
                         r"est-ce qu'on peut|est-ce que je peux|est-ce que l'on peut|est-ce qu'il est permis|"
                         r"on peut|a-t-on le droit|ai-je le droit|est-ce qu'on a le droit|est-ce que j'ai le droit)\b")
_ASKS_DUTY = re.compile(_FILLER + r"(?:must|do i have to|do we have to|have i got to|muss|mussen|muß|dois|doit|"
                        r"faut-il|est-ce que je dois|est-ce qu'on doit|suis-je oblige|est-ce que je suis oblige)\b")
_LEAVE = re.compile(r"\b(may|can|allowed|darf|durfen|kann|konnen|erlaubt|peut|peuvent|pouvez|peux|permis|autorise\w*|"
                    r"le droit)\b")
_DUTY = re.compile(r"\b(must|have to|has to|required|muss|mussen|pflicht|doit|doivent|devez|obligatoire\w*|"
                   r"oblige\w*)\b")
_NOT = re.compile(r"\b(not|never|cannot|can't|no one|nobody|nicht|nie|niemals|kein\w*|verboten|ne|n|pas|jamais|"
                  r"interdit\w*|aucun\w*)\b")


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
    if _ASKS_LEAVE.search(q):
        topic = _LEAVE
    elif _ASKS_DUTY.search(q):
        topic = _DUTY
    else:
        return None
    if " or " in q or " oder " in q or " ou " in q:
        return None  # "can I play X or Y?": not a yes/no question
    words = re.findall(r"[\w']+|[,;:.]", s)
    said = [i for i, w in enumerate(words) if topic.fullmatch(w) or w in ("le", "droit") and topic is _LEAVE]
    nots = [i for i, w in enumerate(words) if _NOT.fullmatch(w)]
    if not said or not nots:
        return None
    if re.search(r"\b(but|aber|mais|except|ausser|sauf|unless)\b", s):
        return None  # allows and forbids at once: the sentence says it better than one word
    near = any(abs(i - j) <= 6 and not any(w in ",;:." for w in words[min(i, j):max(i, j)]) for i in said for j in nots)
    return t("rules.no", lang) if near else None
