"""In the Name of Odin's lexicon and grammar for the offline parser (EN/DE/FR).

The words are the rulebooks' own (docs: /work/shared/design/GLOSSARY.md): Gather Vikings / Wikinger
rekrutieren / Rassembler des Vikings, longship / Langschiff / drakkar, raid / Raubzug, Mead Hall / Methalle,
hero / Held / héros, construction token / Baumaterial / jeton Construction, the Viking types and the colours of
both symbols, and the names of the cards in play (heroes, buildings, longships, raids; read from the card set of
the position, so a typed-in card file is understood too).

The grammar fills slots rather than parsing sentences:

1. **symbols**: each token's most useful meaning; card names (several words, a typo allowed in long ones) are
   found first, from the card set in play;
2. **phrases**: runs of count, colour, Viking type, Action symbol and noun words become descriptions of Action
   Cards ("my two red cards", "a trader card", "WR") or of Vikings ("three warriors");
3. **the reading**: the verbs give the possible action kinds (German "rekrutieren" and English "recruit" both
   gather Vikings and recruit a Hero), the named things and the phrases narrow them: a Hero's name makes it a
   recruitment, Vikings make it a gathering. Without a verb the pending decision says what a phrase means
   ("a trader card" adds a card in raid step D, takes one in step H).

Grounding (gm.parse.core.ground) then keeps the legal actions the reading fits: one is played, several are
asked back. Payments are never guessed: two payments that leave different cards in hand, or different
building symbols unused, are different actions and the player is asked.

Before an action that reveals a card (the engine's `reveals`), a reading that was not certain (a typo corrected,
several unknown words, "pass" read as the end of the turn) is offered back for a yes instead of played.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from engine.core import NotationError
from engine.name_of_odin.actions import (
    AddCard,
    Build,
    BuyShip,
    EndTurn,
    Exchange,
    ExchangeDone,
    Gather,
    Match,
    Pass,
    Raid,
    Recruit,
    Refresh,
    Release,
    Repair,
    ReturnShip,
    StopTaking,
    TakeCard,
    TakeViking,
    Token,
    UseHero,
)
from engine.name_of_odin.cards import BUILDING_TYPES, TYPES
from gm.parse.core import (
    GameParser,
    Hit,
    Interpretation,
    Lexicon,
    add_common,
    ground,
    osa_distance,
    tokenize,
)
from gm.text import fold

GATHER_YIELD = (0, 1, 3, 6)

# ---- lexicon -----------------------------------------------------------------------------------------------

# (intent, language, words, typo-tolerant). Intents: see _KINDS.
_VERBS: tuple[tuple[str, str, str, bool], ...] = (
    ("exchange", "en", "exchange exchanges exchanging swap swapping trade", True),
    ("exchange", "en", "switch", False),
    ("exchange", "de", "tauschen tausche austauschen eintauschen", True),
    ("exchange", "de", "tausch tauscht wechseln wechsle wechsel", False),
    ("exchange", "fr", "echanger echange echangeons troquer", True),
    ("exchange", "fr", "echangerai changer change troque", False),
    ("refresh", "en", "refresh refreshing renew replace", True),
    ("refresh", "en", "wipe", False),
    ("refresh", "de", "erneuern erneuere ersetzen ersetze", True),
    ("refresh", "de", "erneuer", False),
    ("refresh", "fr", "renouveler renouvelle rafraichir rafraichis remplacer remplace", True),
    ("gather", "en", "gather gathering collect muster assemble", True),
    ("gather", "en", "gathers", False),
    ("gather", "de", "sammeln sammle anwerben", True),
    ("gather", "de", "sammel werbe", False),
    ("gather", "fr", "rassembler rassemble rassemblons reunir reunis", True),
    ("gather", "fr", "reunit", False),
    ("recruit", "en", "recruit recruiting hire hiring enlist", True),
    ("recruit", "de", "rekrutieren rekrutiere anheuern heuere", True),
    ("recruit", "de", "rekrutier heuer", False),
    ("recruit", "fr", "recruter recrute recrutons engager engage embaucher embauche", True),
    ("get", "en", "get getting obtain receive gain acquire", True),
    ("get", "en", "grab gets", False),
    ("get", "de", "holen hole bekommen erhalten kriegen kriege nehmen nehme", True),
    ("get", "de", "hol nimm nehm nimmt", False),
    ("get", "fr", "obtenir obtiens gagner gagne recevoir acquerir", True),
    ("get", "fr", "prendre prends prend recuperer recupere", True),
    ("take", "en", "take taking pick", True),
    ("take", "en", "takes picks steal", False),
    ("use", "en", "use using activate", True),
    ("use", "de", "nutzen nutze benutzen benutze aktivieren aktiviere einsetzen", True),
    ("use", "de", "nutz setze", False),
    ("use", "fr", "utiliser utilise activer active", True),
    ("build", "en", "build construct erect", True),
    ("build", "en", "builds", False),
    ("build", "de", "bauen baue errichten errichte", True),
    ("build", "de", "bau", False),
    ("build", "fr", "construire construis batir batis eriger", True),
    ("build", "fr", "construit", False),
    ("buy", "en", "buy buying purchase", True),
    ("buy", "de", "kaufen kaufe erwerben erwerbe", True),
    ("buy", "de", "kauf", False),
    ("buy", "fr", "acheter achete", True),
    ("return", "en", "return returning", True),
    ("return", "en", "bring", False),
    ("return", "de", "zuruckkehren zuruckholen heimholen zuruckbringen", True),
    ("return", "fr", "retourner retourne rapatrier rapatrie ramener ramene revenir rentrer rappeler rappelle", True),
    ("repair", "en", "repair repairing mend", True),
    ("repair", "en", "fix patch", False),
    ("repair", "de", "reparieren repariere ausbessern flicken", True),
    ("repair", "de", "flicke", False),
    ("repair", "fr", "reparer repare", True),
    ("raid", "en", "raid raiding attack plunder pillage", True),
    ("raid", "en", "sack loot", False),
    ("raid", "de", "plundern plundere uberfallen uberfalle angreifen", True),
    ("raid", "de", "greife", False),
    ("raid", "fr", "piller pille attaquer attaque", True),
    ("end", "en", "end finish", True),
    ("end", "en", "finished", False),
    ("end", "de", "vorbei", False),
    ("end", "de", "beenden beende beendet", True),
    ("end", "fr", "finir finis terminer termine", True),
    ("end", "fr", "fin", False),
    ("done", "en", "done", False),
    ("done", "de", "fertig", True),
    ("done", "fr", "fini", False),
    ("add", "en", "add adding contribute", True),
    ("add", "en", "give chip throw", False),
    ("add", "de", "beisteuern hinzufugen dazulegen", True),
    ("add", "de", "fuge steuere gebe gib geben", False),
    ("add", "fr", "ajouter ajoute contribuer donner donne", True),
    ("play", "en", "play playing", True),
    ("play", "en", "put lay", False),
    ("play", "de", "spielen spiele ausspielen", True),
    ("play", "de", "spiel lege legen leg", False),
    ("play", "fr", "jouer joue poser pose", True),
    ("pass", "en", "pass passing", True),
    ("pass", "en", "skip", False),
    ("pass", "de", "passen passe", True),
    ("pass", "de", "pass", False),
    ("pass", "fr", "passer passe", True),
    ("pass", "en", "decline", True),
    ("pass", "de", "verzichten verzichte", True),
    ("pass", "de", "verzicht", False),
    ("pass", "fr", "renoncer renonce", True),
    ("match", "en", "match matching counter", True),
    ("match", "en", "matches matched", False),
    ("match", "de", "kontern kontere", True),
    ("match", "fr", "contrer correspondre", True),
    ("release", "en", "release send dismiss", True),
    ("release", "de", "zuruckstellen zuruckgeben abgeben entlassen zuruckschicken", True),
    ("release", "de", "stelle", False),
    ("release", "fr", "remettre remets renvoyer renvoie liberer libere", True),
    ("stop", "en", "stop enough", False),
    ("stop", "de", "aufhoren stopp genug hore hor", False),
    ("stop", "fr", "arreter arrete assez", False),
    ("pay", "en", "pay paying spend spending discard discarding", True),
    ("pay", "de", "bezahlen bezahle zahle zahlen ausgeben abwerfen ablegen", True),
    ("pay", "de", "werfe werf bezahlt gezahlt", False),
    ("pay", "fr", "payer paie paye depenser depense defausser defausse", True),
    ("pay", "fr", "payant", False),
)

# (kind, value, language, words, flags, typo-tolerant)
_NOUNS: tuple[tuple[str, Any, str, str, str, bool], ...] = (
    ("card", None, "en", "card", "", True),
    ("card", None, "en", "cards", "plural", True),
    ("card", None, "de", "karte", "", True),
    ("card", None, "de", "karten", "plural", True),
    ("card", None, "fr", "carte", "", True),
    ("card", None, "fr", "cartes", "plural", True),
    ("card", None, "en", "ones", "pronoun", False),  # "the red ones"
    ("viking", "W", "en", "warrior", "", True),
    ("viking", "W", "en", "warriors", "plural", True),
    ("viking", "T", "en", "trader merchant", "", True),
    ("viking", "T", "en", "traders merchants", "plural", True),
    ("viking", "S", "en", "sailor seaman", "", True),
    ("viking", "S", "en", "sailors seamen", "plural", True),
    ("viking", "W", "de", "krieger kriegerin", "", True),
    ("viking", "T", "de", "händler handlerin kaufmann", "", True),
    ("viking", "T", "de", "kaufleute", "plural", True),
    ("viking", "S", "de", "seemann matrose", "", True),
    ("viking", "S", "de", "seemänner seeleute matrosen", "plural", True),
    ("viking", "W", "fr", "guerrier", "", True),
    ("viking", "W", "fr", "guerriers", "plural", True),
    ("viking", "T", "fr", "commerçant marchand", "", True),
    ("viking", "T", "fr", "commerçants marchands", "plural", True),
    ("viking", "S", "fr", "navigateur marin matelot", "", True),
    ("viking", "S", "fr", "navigateurs marins matelots", "plural", True),
    ("vcard", "W", "de", "kriegerkarte kriegerkarten", "", True),
    ("vcard", "T", "de", "händlerkarte händlerkarten", "", True),
    ("vcard", "S", "de", "seemannskarte seemannskarten seemannkarte seemannkarten", "", True),
    ("vikings", None, "en fr", "viking vikings", "", True),
    ("vikings", None, "de", "wikinger", "", True),
    ("vikings", None, "en de fr", "figure figures figur figuren figurine figurines miniature miniatures", "",
     False),
    ("vcolour", "W", "en", "red reds", "", True),
    ("vcolour", "T", "en", "black blacks", "", True),
    ("vcolour", "S", "en", "blue blues", "", True),
    ("vcolour", "W", "de", "rot rote roten roter rotes", "", True),
    ("vcolour", "T", "de", "schwarz schwarze schwarzen schwarzer schwarzes", "", True),
    ("vcolour", "S", "de", "blau blaue blauen blauer blaues", "", True),
    ("vcolour", "W", "fr", "rouge rouges", "", True),
    ("vcolour", "T", "fr", "noir noire noirs noires", "", True),
    ("vcolour", "S", "fr", "bleu bleue bleus bleues", "", True),
    ("scolour", "R", "en", "yellow", "", True),
    ("scolour", "C", "en", "green", "", True),
    ("scolour", "N", "en", "purple violet brown", "", True),
    ("scolour", "R", "de", "gelb gelbe gelben gelber gelbes", "", True),
    ("scolour", "C", "de", "grün grüne grünen grüner grünes", "", True),
    ("scolour", "N", "de", "lila violett violette violetten braun braune braunen brauner", "", True),
    ("scolour", "R", "fr", "jaune jaunes", "", True),
    ("scolour", "C", "fr", "vert verte verts vertes", "", True),
    ("scolour", "N", "fr", "pourpre pourpres violet violette violets violettes", "", True),
    ("symbol", "R", "en", "recruitment", "", True),
    ("symbol", "C", "en", "craftsmanship craft crafting", "", True),
    ("symbol", "N", "en", "seamanship", "", True),
    ("symbol", "R", "de", "heldsymbol heldensymbol rekrutierung", "", True),
    ("symbol", "R", "de", "heldensymbole heldensymbolen heldsymbole", "", False),
    ("symbol", "C", "de", "handwerk handwerks handwerkssymbol", "", True),
    ("symbol", "C", "de", "handwerkssymbole handwerkssymbolen", "", False),
    ("symbol", "N", "de", "schifffahrt schiffahrt schifffahrts schifffahrtssymbol seefahrt", "", True),
    ("symbol", "N", "de", "schifffahrtssymbole schifffahrtssymbolen", "", False),
    ("symbol", "R", "fr", "recrutement", "", True),
    ("symbol", "R", "fr", "recrutements", "", False),
    ("symbol", "C", "fr", "artisanat", "", True),
    ("symbol", "C", "fr", "artisanats", "", False),
    ("symbol", "N", "fr", "matelotage", "", True),
    ("symbol", "N", "fr", "matelotages", "", False),
    ("scard", "R", "de", "heldkarte heldenkarte heldkarten", "", True),
    ("scard", "C", "de", "handwerkskarte handwerkskarten", "", True),
    ("scard", "N", "de", "schifffahrtskarte schiffahrtskarte schifffahrtskarten", "", True),
    ("symword", None, "en", "symbol symbols", "", True),
    ("symword", None, "de", "symbol symbole", "", True),
    ("symword", None, "fr", "symbole symboles", "", True),
    ("hero", None, "en", "hero heroes", "", True),
    ("hero", None, "de", "held helden heldin", "", True),
    ("hero", None, "fr", "heros hero", "", True),
    ("building", None, "en", "building buildings", "", True),
    ("building", None, "de", "gebäude", "", True),
    ("building", None, "fr", "batiment batiments", "", True),
    ("btype", "forge", "en fr", "forge forges", "", True),
    ("btype", "forge", "en", "smithy", "", True),
    ("btype", "forge", "de", "schmiede", "", True),
    ("btype", "shipyard", "en", "shipyard shipyards yard", "", True),
    ("btype", "shipyard", "de", "werft", "", True),
    ("btype", "shipyard", "fr", "chantier", "", True),
    ("btype", "inn", "en", "inn", "", False),
    ("btype", "inn", "de", "gasthaus", "", True),
    ("btype", "inn", "fr", "auberge", "", True),
    ("btype", "runic_circle", "en", "runic", "", True),
    ("btype", "runic_circle", "de", "runenkreis", "", True),
    ("btype", "runic_circle", "fr", "runique", "", True),
    ("btype", "jarls_house", "en de fr", "jarl jarls jarlshaus", "", True),
    ("ship", None, "en", "longship longships ship ships boat", "", True),
    ("ship", None, "de", "langschiff langschiffe schiff schiffe boot", "", True),
    ("ship", None, "fr", "drakkar drakkars drakkard navire bateau", "", True),
    ("raidn", None, "de", "raubzug raubzuge raubzugkarte", "", True),
    ("raidn", None, "en fr", "raids", "", False),
    ("token", None, "en", "token tokens", "", True),
    ("token", None, "de", "baumaterial baumaterialmarker marker", "", True),
    ("token", None, "fr", "jeton jetons", "", True),
    ("construction", None, "en fr", "construction", "", True),
    ("offer", None, "en", "offer display", "", True),
    ("offer", None, "de", "auslage", "", True),
    ("offer", None, "fr", "offre", "", True),
    ("turn", None, "en", "turn", "", False),
    ("turn", None, "de", "zug spielzug", "", False),
    ("turn", None, "fr", "tour", "", False),
    ("seat", None, "en", "player seat", "", True),
    ("seat", None, "de", "spieler spielerin platz", "", True),
    ("seat", None, "fr", "joueur joueuse place", "", True),
    ("ability", None, "en", "ability power", "", True),
    ("ability", None, "de", "fahigkeit sonderfahigkeit", "", True),
    ("ability", None, "fr", "capacite pouvoir", "", True),
    ("back", None, "en", "back", "", False),
    ("back", None, "de", "zuruck", "", False),
    ("home", None, "en", "home", "", False),
    ("home", None, "de", "heim hause", "", False),
    ("for", None, "en", "for into against onto", "", False),
    ("for", None, "de", "gegen für", "", False),
    ("for", None, "fr", "contre pour sur", "", False),
    ("none", None, "en", "none nothing anything", "", False),
    ("none", None, "de", "nichts nix kein keine keinen", "", False),
    ("none", None, "fr", "rien aucun aucune", "", False),
    ("zone", 0, "en", "upper top", "", False),
    ("zone", 1, "en", "centre center middle", "", False),
    ("zone", 2, "en", "bottom lower", "", False),
    ("zone", 0, "de", "obere oberen oberste obersten", "", False),
    ("zone", 1, "de", "mittlere mittleren", "", False),
    ("zone", 2, "de", "untere unteren unterste untersten", "", False),
    ("zone", 0, "fr", "haut", "", False),
    ("zone", 1, "fr", "milieu", "", False),
    ("zone", 2, "fr", "bas", "", False),
    ("most", None, "en", "most", "", False),
    ("most", None, "de", "meisten", "", False),
    ("cheapest", None, "en", "cheapest cheap cheaper", "", False),
    ("cheapest", None, "de", "billigsten billigste billigen billig", "", False),
    ("cheapest", None, "de", "günstigsten günstigste günstigen günstig", "", False),
    ("cheapest", None, "fr", "cher", "", False),  # "le moins cher"
    ("cheapest", "free", "en", "free", "", False),
    ("cheapest", "free", "de", "kostenlos kostenlosen umsonst gratis", "", False),
    ("cheapest", "free", "fr", "gratuit gratuite gratuits gratuitement", "", False),
    ("leftmost", None, "en", "leftmost left", "", False),
    ("leftmost", None, "de", "linke linken linkesten", "", False),
    ("leftmost", None, "fr", "gauche", "", False),
)

# Everyday words near a game word: known as they are, so "yard" never becomes "card", "hard" never "card".
_NEAR: dict[str, str] = {
    "en": "hard care cart bard raids paid fame game same name reds wait main said heard rain hold sold gold told "
          "well sell mine line shop shape ride road trip wide wade made maid seed feed need lead read reed pace "
          "race raise rise else earn learn nice mice twice ice dice bread break steak beard board guard word "
          "ward sword weird ward wind kind blind find mind hind covers cover rest remainder gonna wanna lemme draw "
          "extra sail gives goes giving pays covered "
          "does takes move moves discount cost costs price make makes harder easier",
    "de": "karten garten harte warte wert bald kalt halt hart zahl zahle zahlt spiele wohl rund lass lasse lassen "
          "rest mir ziehe nach nachziehen restliche restlichen kostet deckt zahlt übernimmt rechts rechte rechten "
          "rechter links linker vom passt passend passende passenden",
    "fr": "carton cartons garde gare part parte pars mer vers verte vert vent tour jour cour pour reste seulement "
          "seule seul fait fais grace route paie reste droite",
}

SHIP_ALIASES = {
    "raven": "rabe corbeau", "wolf": "seewolf", "gull": "mowe mouette", "otter": "loutre",
    "serpent": "schlange", "eagle": "seeadler adler aigle", "hawk": "windfalke falke faucon",
    "dragon": "drache", "bear": "bar ours", "longserpent": "langschlange",
}
RAID_ALIASES = {
    "hedeby": "haithabu hedeby", "orkney": "orkneys orkneyinseln orcades", "greenland": "gronland groenland",
    "normandy": "normandie", "novgorod": "nowgorod", "aachen": "aix", "seville": "sevilla seville", "kyiv": "kiew kiev",
    "miklagard": "konstantinopel constantinople byzanz byzance", "paris": "paris", "york": "jorvik",
}


def build_lexicon() -> Lexicon:
    lex = Lexicon()
    add_common(lex)
    for kind, lang, words, fuzzy in _VERBS:
        lex.add(words, "verb", kind, lang, fuzzy=fuzzy)
    for kind, value, langs, words, flags, fuzzy in _NOUNS:
        lex.add(words, kind, value, langs, flags, fuzzy=fuzzy)
    for t in TYPES:
        lex.add(t.lower(), "typecode", t)
        lex.add(t.lower() + "s", "typecode", t, flags="plural")  # "both SNs"
    lex.add("none", "none", None, "en")
    lex.add("mead hall methalle hydromel", "hall", None, "en de fr")
    lex.add("circle cercle house haus maison naval", "circle", None, "en de fr")
    lex.add("all everything", "all", None, "en")
    lex.add("to zu a au aux", "to", None)
    lex.add("pay", "verb", "pay", "en")
    lex.add("nah naw", "nope", None, "en")
    lex.add("sorry pardon correction", "correct", None, "en de fr")  # "two sailors... sorry, three sailors"
    for lang, words in _NEAR.items():
        lex.add(words, "word", None, lang)
    # the reconstructed set's names, so that they are known words (not typos of something else)
    from engine.name_of_odin.cards import default_set

    cs = default_set()
    rows: list[Any] = [*cs.heroes, *cs.buildings, *cs.ships, *cs.raids]
    for row in rows:
        for tok in tokenize(row.name):
            if tok.text.isalpha() and len(tok.text) > 2 and tok.text not in lex:
                lex.add(tok.text, "cardword")
        if row.code not in lex:
            lex.add(row.code, "cardword")
    for aliases in (*SHIP_ALIASES.values(), *RAID_ALIASES.values()):
        for alias in aliases.split():
            if alias not in lex:
                lex.add(alias, "cardword")
    return lex.freeze()


# ---- the card names of the set in play ------------------------------------------------------------------------


@dataclass(frozen=True)
class Names:
    """The names and codes of a card set's heroes, buildings, longships and raids, as folded word tuples."""

    phrases: dict[tuple[str, ...], frozenset[tuple[str, str]]]
    longest: int

    def find(self, words: Sequence[str]) -> list[tuple[int, int, frozenset[tuple[str, str]]]]:
        """(start, end, {(class, code)}) of the names in `words`, longest first, not overlapping; a word of five
        letters or more may have one typo (two from eight), when it is the only name that close."""
        out: list[tuple[int, int, frozenset[tuple[str, str]]]] = []
        i = 0
        n = len(words)
        while i < n:
            found = None
            for size in range(min(self.longest, n - i), 0, -1):
                key = tuple(words[i:i + size])
                hit = self.phrases.get(key)
                if hit is not None:
                    found = (i, i + size, hit)
                    break
            if found is None and words[i].isalpha():  # "den Barden", "Egils Fähigkeit": a name declined
                stem = next((words[i][:-len(x)] for x in ("en", "es", "n", "s", "e") if words[i].endswith(x)
                             and len(words[i]) - len(x) >= 3 and (words[i][:-len(x)],) in self.phrases), None)
                if stem is not None:
                    found = (i, i + 1, self.phrases[(stem,)])
            if found is None and len(words[i]) >= 5 and words[i].isalpha():
                limit = 2 if len(words[i]) >= 8 else 1
                close = {k: v for k, v in self.phrases.items()
                         if len(k) == 1 and abs(len(k[0]) - len(words[i])) <= limit
                         and osa_distance(words[i], k[0], limit) <= limit}
                values = set(close.values())
                if len(values) == 1:
                    found = (i, i + 1, values.pop())
            if found is not None:
                out.append(found)
                i = found[1]
            else:
                i += 1
        return out


def _words(text: str) -> tuple[str, ...]:
    return tuple(t.text for t in tokenize(text) if t.text.isalnum())


@lru_cache(maxsize=16)
def names_of(cs: Any) -> Names:
    phrases: dict[tuple[str, ...], set[tuple[str, str]]] = {}

    def add(words: tuple[str, ...], cls: str, code: str) -> None:
        if words:
            phrases.setdefault(words, set()).add((cls, code))

    for cls, rows in (("hero", cs.heroes), ("building", cs.buildings), ("ship", cs.ships), ("raid", cs.raids)):
        for row in rows:
            add((row.code,), cls, row.code)
            name = _words(row.name)
            add(name, cls, row.code)
            if len(name) > 1 and name[0] in ("the", "der", "die", "das", "le", "la"):
                add(name[1:], cls, row.code)
    for code, aliases in SHIP_ALIASES.items():
        if code in cs.ship_index:
            for w in aliases.split():
                add((w,), "ship", code)
    for code, aliases in RAID_ALIASES.items():
        if code in cs.raid_index:
            for w in aliases.split():
                add((w,), "raid", code)
    # a building name that is also a type word ("forge") names the type, not the card
    for words in list(phrases):
        if len(words) == 1 and words[0] in _TYPE_WORDS and all(c == "building" for c, _ in phrases[words]):
            del phrases[words]
    frozen = {k: frozenset(v) for k, v in phrases.items()}
    return Names(frozen, max((len(k) for k in frozen), default=1))


_TYPE_WORDS = frozenset({"forge", "forges", "shipyard", "inn", "jarl", "jarls", "schmiede", "werft", "gasthaus",
                         "auberge", "runenkreis"})


# ---- symbols ---------------------------------------------------------------------------------------------------

_PRIORITY = (
    "typecode", "verb", "viking", "vcard", "scard", "vikings", "vcolour", "scolour", "symbol", "symword", "card",
    "hero", "building", "btype", "ship", "raidn", "token", "construction", "hall", "offer", "turn", "seat",
    "ability", "back", "home", "zone", "for", "none", "stop", "keep", "most", "cheapest", "leftmost", "circle", "num",
    "neg", "nope", "all", "both", "with", "art", "poss", "def", "link", "to", "conj", "sep", "name", "correct",
    "hesitate", "or", "later", "word")


@dataclass(slots=True)
class Sym:
    kind: str
    value: Any
    text: str
    flags: frozenset[str] = frozenset()


def _symbols(hits: list[Hit], names: Names) -> tuple[list[Sym], int]:
    """The symbols of the tokens, card names found first; and how many words stayed unknown."""
    words = [h.text for h in hits]
    spans = {start: (end, found) for start, end, found in names.find(words)}
    out: list[Sym] = []
    unknown = 0
    i = 0
    while i < len(hits):
        if i in spans:
            end, found = spans[i]
            # "the forge" names a type; "Egil", "Iona", "Raven" a card
            out.append(Sym("name", found, " ".join(words[i:end])))
            i = end
            continue
        h = hits[i]
        for kind in _PRIORITY:
            e = h.first(kind)
            if e is not None:
                out.append(Sym(kind, e.value, h.text, e.flags))
                break
        else:
            if not h.entries and h.text.isalpha() and len(h.text) > 1:
                unknown += 1
            elif h.text.isdigit():
                out.append(Sym("num", int(h.text), h.text, frozenset({"digit"})))
        i += 1
    return out, unknown


# ---- phrases ---------------------------------------------------------------------------------------------------


@dataclass(slots=True)
class Phrase:
    """A description of Action Cards ("my two red cards", "WR") or of Vikings ("three warriors")."""

    count: int | None = None
    vik: str | None = None
    sym: str | None = None
    head: str | None = None  # "card", "viking", or None (only colours: cards or Vikings)
    every: bool = False
    role: str = ""  # "for": the card to take in an exchange; "with": a payment
    typed: bool = False  # a type code (exact)
    counted: bool = False  # the count was said ("my two red cards"): the payment has exactly these cards
    lead: str = ""  # the kind of the word just before the phrase ("with", "for", "conj", "verb", ...)

    def content(self) -> bool:
        return self.vik is not None or self.sym is not None or self.head is not None

    def fits(self, card: str) -> bool:
        return (self.vik is None or card[0] == self.vik) and (self.sym is None or card[1] == self.sym)

    def n(self) -> int:
        return self.count if self.count is not None else 1


_AS_MANY = re.compile(r"\b(everything|all|as many|alles|alle|so viele?|tout|toutes?|autant|maximum|max)\b")
# The Action symbols by their colour ("the trader with the yellow symbol", "dem gelben Symbol", "le symbole jaune")
# and the Seamanship symbol by its ship ("the ship symbol", "the ship card", "Schiffssymbol", "symbole bateau").
_SYMBOL_COLOUR = re.compile(r"\b(yellow|gelbe[nmrs]?|gelb|jaune|green|grune[nmrs]?|gruene[nmrs]?|grun|gruen|vert|verte|"
                            r"purple|violet|lila|violette?)\s+(symbols?|symbole?|karten?|cards?|cartes?)\b",
                            re.IGNORECASE)
_SYMBOL_BY_COLOUR = {"yel": "recruitment", "gel": "Heldensymbol", "jau": "recrutement", "gre": "craftsmanship",
                     "gru": "Handwerk", "ver": "artisanat", "pur": "seamanship", "vio": "matelotage",
                     "lil": "Schifffahrt"}
_SHIP_SYMBOL = re.compile(r"\b(the |a |le |un |das |dem |den )?(ship|boat|schiffs?|bateau|navire)[- ]?"
                          r"(symbol|symbole|card|karte)\b", re.IGNORECASE)
_SYMBOL_COLOUR_FR = re.compile(r"\b(symboles?|cartes?)\s+(jaunes?|verts?|vertes?|violets?|violettes?)\b", re.IGNORECASE)
_SHIP_SYMBOL_WORD = {"shi": "seamanship", "boa": "seamanship", "sch": "Schifffahrt", "bat": "matelotage",
                     "nav": "matelotage"}
# The action offer said in full ("the whole action card offer", "die ganze Aktionskartenauslage", "toute l'offre"):
# the offer, never the cards of one's hand
_WHOLE_OFFER = re.compile(r"\b(the |die |l[a' ]\s*)?(whole |entire |complete |full |ganze |komplette |gesamte |toute )?"
                          r"(l'\s*)?(action[- ]?cards?[- ]?|aktionskarten-?)?(offer|display|auslage|offre)"
                          r"( entiere| complete| des cartes action)?\b", re.IGNORECASE)
# "without cards", "ohne Karten", "sans carte": no Action Card paid at all
_NO_CARDS = re.compile(r"\b(without (any )?cards?|no cards|ohne (eine |jede )?karten?|sans (aucune )?cartes?)\b",
                       re.IGNORECASE)
_LAY_OUT_AGAIN = re.compile(r"\bneu (aus)?(legen|lege|auslegen)\b|\bneu aus\b", re.IGNORECASE)  # "Auslage neu auslegen"
_SO = frozenset({"so", "thus", "giving", "makes", "also", "dann", "macht", "donc", "alors", "soit", "ca"})
_RECRUIT_SYMBOL_WORDS = frozenset({"held", "helden", "recruit", "hero"})
_AFTER_CARD = frozenset({"card", "symword", "conj", "for", "with", "sep", "num", "link", "to", "verb", "word"})


def _phrases(syms: list[Sym], hand: Counter[str]) -> tuple[list[Phrase], list[Sym]]:
    """The phrases, and the symbols that are not part of one (with a "phrase" marker where one stood)."""
    phrases: list[Phrase] = []
    rest: list[Sym] = []
    cur = Phrase()
    role = ""
    started = False

    def close() -> None:
        nonlocal cur, started
        if cur.content() or (cur.count is not None and started):
            if not cur.role:
                cur.role = role
            cur.lead = rest[-1].kind if rest else ""
            phrases.append(cur)
            rest.append(Sym("phrase", len(phrases) - 1, ""))
        cur = Phrase()
        started = False

    for k, s in enumerate(syms):
        nxt = syms[k + 1] if k + 1 < len(syms) else None
        kind = s.kind
        if kind == "num" and s.text in ("one", "un", "une") and cur.content() and cur.head is None:
            cur.head = "card"  # "the red one", "la bleue"
            close()
        elif kind == "num" and "article" in s.flags and nxt is not None and nxt.kind not in ("num", "sep", "conj"):
            if cur.content():
                close()
            if cur.count is None:
                cur.count = 1  # "un héros", "one warrior card": an article
        elif kind == "num" and not (nxt is not None and nxt.kind in ("seat",)) and not (
                rest and rest[-1].kind == "seat" and not cur.content()):
            if cur.content() or cur.count is not None:
                close()
            cur.count = s.value
            cur.counted = s.value >= 2
            started = True
        elif kind in ("art",):
            if cur.content():
                close()
            if cur.count is None:
                cur.count = 1
        elif kind == "both":
            if cur.content():
                close()
            cur.count = 2
            cur.counted = True
            started = True
        elif kind == "all" and (nxt is None or nxt.kind in ("poss", "def", "vcolour", "scolour", "viking", "card",
                                                            "symbol", "link", "vikings", "typecode")):
            if cur.content():
                close()
            cur.every = True
            started = True
        elif kind in ("poss", "def"):
            if cur.head is not None:
                close()
        elif kind == "vcolour":
            if cur.vik is not None or cur.head is not None and cur.head != "card":
                close()
            cur.vik = s.value
        elif kind in ("scolour", "symbol"):
            if cur.sym is not None:
                close()
            cur.sym = s.value
            if cur.head == "viking":
                cur.head = "card"  # "a warrior recruitment (card)"
        elif kind == "hero" and s.text in ("held", "helden", "hero", "heros") and k >= 2 \
                and syms[k - 1].kind in ("with", "def") and any(x.kind == "viking" for x in syms[max(0, k - 3):k - 1]) \
                and (syms[k - 1].kind == "with" or syms[k - 2].kind == "with") and not cur.content():
            cur.sym = "R"  # "Krieger mit Held und Krieger mit Schifffahrt": the card with the Recruitment symbol
        elif kind == "hero" and s.text in ("held",) and nxt is not None and nxt.kind in ("card", "symword") \
                and (cur.vik is not None or cur.count is not None):
            cur.sym = "R"  # German "Held" is also the Recruitment symbol: "eine rote Held-Karte"
        elif kind in ("hero", "verb") and s.text in _RECRUIT_SYMBOL_WORDS and cur.vik is not None \
                and cur.sym is None and k > 0 and syms[k - 1].kind in ("viking", "vcolour", "vcard") \
                and (nxt is None or nxt.kind in _AFTER_CARD):
            cur.sym = "R"  # "Krieger-Held", "Händler-Held", "my red recruit card": the card's Recruitment symbol
            cur.head = "card"
        elif kind == "viking":
            if cur.vik is not None and cur.vik != s.value or cur.head == "viking":
                close()
            cur.vik = s.value
            cur.head = "card" if cur.head == "card" else "viking"
            if nxt is not None and nxt.kind in ("card", "symword"):
                cur.head = "card"
        elif kind in ("vcard", "scard"):
            slot = "vik" if kind == "vcard" else "sym"
            compound = kind == "scard" and cur.head == "viking" and cur.sym is None  # "Seemann-Handwerkskarten"
            if cur.head is not None and not compound or getattr(cur, slot) not in (None, s.value):
                close()
            setattr(cur, slot, s.value)  # "die grüne Händlerkarte", "die rote Heldkarte"
            cur.head = "card"
            close()
        elif kind in ("card", "symword"):
            if kind == "card" and "pronoun" in s.flags and not cur.content():
                rest.append(s)  # "one of them"
                continue
            bare = cur.vik is None and cur.sym is None
            cur.head = "card"
            if not (bare and nxt is not None and nxt.kind in ("vcolour", "scolour", "symbol", "viking")):
                close()  # else French order: "une carte commerçant", "la carte bleue artisanat"
        elif kind == "typecode":
            if cur.content():
                close()
            cur.vik, cur.sym, cur.head, cur.typed = s.value[0], s.value[1], "card", True
            close()
        elif kind == "vikings":
            if cur.head is not None:
                close()
            cur.head = "viking"
            close()
        elif kind == "link" and s.text in ("of", "von", "de", "d") and cur.count is not None \
                and not cur.content():
            continue  # "both of my sailor seamanship cards", "zwei von meinen Kriegern", "deux de mes cartes"
        else:
            close()
            if kind in ("with", "for"):
                role = kind
            elif kind in ("verb", "sep") or kind == "conj" and s.text in (".", ";") or s.text in _SO:
                role = ""  # "..., donc trois guerriers": what follows "so" is the outcome, not the payment
            rest.append(s)
    close()
    # a phrase without a noun takes the next one's across "and": "my red and blue cards"
    for i in range(len(phrases) - 2, -1, -1):
        if phrases[i].head is None and phrases[i + 1].head is not None and phrases[i].content() \
                and phrases[i + 1].lead != "for" and not (phrases[i + 1].head == "viking" and (
                    phrases[i + 1].lead == "with" or phrases[i].sym is not None)):
            # not across "for" ("Händler mit Handwerk gegen den Seemann": two cards) nor a Viking type after "with"
            # ("Karte für die Schifffahrt, mit meinem Händler": the symbol and the card that matches it)
            phrases[i].head = phrases[i + 1].head
    # "my warrior and trader craft cards", "the warrior, the trader and one sailor seamanship": the Action symbol
    # said once for a list of Viking types
    for i in range(len(phrases) - 2, -1, -1):
        p, q = phrases[i], phrases[i + 1]
        if p.head == "viking" and p.vik is not None and p.sym is None and q.lead == "conj" and q.head == "card" \
                and q.vik is not None and q.vik != p.vik and q.sym is not None and not q.typed:
            p.sym, p.head = q.sym, "card"
    # "die Seemannkarte mit Handwerk", "the trader card with the craft symbol": one card, both symbols; also "den
    # Händler mit Heldensymbol", "einen Seemann mit Handwerk" (one Viking type "with" an Action symbol: the card)
    for i in range(len(phrases) - 2, -1, -1):
        p, q = phrases[i], phrases[i + 1]
        if p.head == "viking" and p.vik is not None and p.sym is None and p.n() == 1 and p.count in (None, 1) \
                and q.lead == "with" and q.vik is None and q.sym is not None and q.count is None \
                and (q.head is None or q.head == "card" and not q.typed and any(s.kind == "symword" for s in syms)):
            p.head = "card"  # "... gegen die Krieger mit Schifffahrt": the card taken in a swap
        if p.vik is not None and p.sym is None and p.head == "card" and p.n() == 1 and q.lead == "with" \
                and q.vik is None and q.sym is not None and q.head in (None, "card") and q.count is None \
                and not q.every and (q.head is None or any(s.kind == "symword" for s in syms)):
            p.sym = q.sym
            del phrases[i + 1]
    for i in range(len(phrases) - 2, 0, -1):
        p, q = phrases[i], phrases[i + 1]
        before = phrases[max(0, i - p.n()):i]
        if p.count is not None and p.count >= 2 and not p.content() and q.lead == "with" and q.vik is None \
                and q.sym is not None and q.count is None and len(before) == p.n() \
                and all(b.vik is not None and b.sym is None and b.n() == 1 for b in before):
            for b in before:
                b.sym, b.head = q.sym, "card"
            del phrases[i:i + 2]
            break
    # "with one card, the trader seamanship", "quatre cartes : SR, SR, SN et TR": a count, then the cards
    for i, p in enumerate(phrases):
        after = phrases[i + 1:]
        if p.head == "card" and p.vik is None and p.sym is None and p.count is not None and not p.every \
                and after and all(q.vik is not None or q.sym is not None for q in after) \
                and sum(q.n() for q in after) == p.count:
            del phrases[i]
            break
    for p in phrases:
        if p.every:
            p.count = sum(n for c, n in hand.items() if p.fits(c)) or None
    if len(phrases) > 1:  # "cards: WC, SR and TN": the bare noun names no card of its own
        phrases = [p for p in phrases if p.vik is not None or p.sym is not None or p.count is not None or p.every
                   or p.head == "viking"]
        vik = [p for p in phrases if p.head == "viking"]
        if len(vik) > 1:  # "Wikinger rekrutieren: drei Händler": the generic word with the real one
            phrases = [p for p in phrases if not (p.head == "viking" and p.vik is None and p.count is None)]
    return phrases, rest


# ---- the reading -------------------------------------------------------------------------------------------------

# The action kinds each intent may mean (the objects and the pending decision narrow them).
_KINDS: dict[str, frozenset[str]] = {
    "exchange": frozenset({"exchange"}),
    "refresh": frozenset({"refresh"}),
    "gather": frozenset({"gather"}),
    "recruit": frozenset({"gather", "recruit"}),
    "get": frozenset({"gather", "recruit", "token", "buy", "take", "take_viking"}),
    "take": frozenset({"take", "take_viking", "token", "recruit", "gather", "buy"}),
    "use": frozenset({"use_hero"}),
    "build": frozenset({"build", "buy", "token"}),
    "buy": frozenset({"buy", "token", "recruit"}),
    "return": frozenset({"return", "release"}),
    "repair": frozenset({"repair"}),
    "raid": frozenset({"raid"}),
    "end": frozenset({"end", "exchange_done"}),
    "done": frozenset({"end", "exchange_done", "stop_taking"}),
    "add": frozenset({"add"}),
    "play": frozenset({"add", "match"}),
    "pass": frozenset({"pass", "end", "exchange_done", "stop_taking", "match"}),
    "match": frozenset({"match"}),
    "release": frozenset({"release"}),
    "stop": frozenset({"stop_taking", "exchange_done"}),
    "pay": frozenset(),
}
# What a decision means without a verb (the phrase or word decides within these).
_IMPLICIT: dict[str, frozenset[str]] = {
    "noo_exchange": frozenset({"exchange", "exchange_done"}),
    "noo_release": frozenset({"release"}),
    "noo_take_viking": frozenset({"take_viking", "stop_taking"}),
    "noo_raid_add": frozenset({"add", "pass"}),
    "noo_raid_match": frozenset({"match"}),
    "noo_raid_take": frozenset({"take"}),
}
_PAID = frozenset({"gather", "recruit", "build", "token", "buy", "return", "repair", "match"})
# Which named things an action kind can be about.
_CLASSES: dict[str, frozenset[str]] = {
    "recruit": frozenset({"hero"}), "use_hero": frozenset({"hero"}), "build": frozenset({"building"}),
    "buy": frozenset({"ship"}), "return": frozenset({"ship"}), "repair": frozenset({"ship"}),
    "raid": frozenset({"raid", "ship", "hero"}),
}
# The things an action must be said to be about (the verb alone is not enough).
_NEEDS: dict[str, frozenset[str]] = {
    "token": frozenset({"token"}), "buy": frozenset({"ship"}), "recruit": frozenset({"hero"}),
    "use_hero": frozenset({"hero", "ability"}), "build": frozenset({"building"}),
}
_REVEALING_KINDS = frozenset({"end", "refresh", "recruit", "build", "buy", "raid", "use_hero", "add", "pass",
                              "match", "take"})


@dataclass(slots=True)
class NooReading:
    """What the words ask for; `match` says whether a legal action fits (None) and how well."""

    kinds: frozenset[str]
    score: float = 1.0
    heroes: frozenset[str] | None = None
    buildings: frozenset[str] | None = None
    btypes: frozenset[str] | None = None
    ships: frozenset[str] | None = None
    raids: frozenset[str] | None = None
    own_hero: str | None = None
    cards: list[Phrase] = field(default_factory=list)  # payments, cards added/matched/taken, exchange give
    takes: list[Phrase] = field(default_factory=list)  # exchange: the offer card
    vikings: list[Phrase] = field(default_factory=list)  # Vikings gathered / sent back / paid in a raid
    loose: list[Phrase] = field(default_factory=list)  # colours only: cards or Vikings
    n_cards: int | None = None
    none: bool = False  # "nothing", "none": match none, pass
    most: bool = False  # "match everything I can", "alles kontern was geht": the largest legal match
    seat: int | None = None
    gather_bonus: int = 0
    buildings_of_type: dict[str, str] = field(default_factory=dict)
    guess: bool = False  # a reading the words support only loosely ("pass" for the end of the turn)
    longship: bool = False  # a longship is mentioned without a name ("my longship", "a ship")
    said_done: bool = False  # "done", "end", "pass", "stop", "nothing": a word that ends or declines
    objects: frozenset[str] = frozenset()  # the kinds of thing mentioned: hero, building, ship, token
    player: int = 0
    sources: bool = False  # one's own building is named as a payment source ("plus my forge's symbol")
    seat_options: frozenset[int] | None = None  # "seat 2": counted from 0 or from 1? (the table shows neither)
    bare_raid: bool = False  # "auf Raubzug gehen": a raid with no target or longship named
    cheapest: str | None = None  # "the cheapest hero": "cheap" (fewest cards) or "free" (no card at all)

    def named(self, cls: str) -> frozenset[str] | None:
        return {"hero": self.heroes, "building": self.buildings, "ship": self.ships, "raid": self.raids}[cls]

    def match(self, action: Any, info: Any) -> float | None:
        kind = action.kind
        if kind not in self.kinds:
            return None
        need = _NEEDS.get(kind)
        if need is not None and not need & self.objects:
            return None  # "token" needs the token, "buy" a longship, "recruit" a Hero, "build" a building
        allowed = _CLASSES.get(kind, frozenset())
        for cls in ("hero", "building", "ship", "raid"):
            named = self.named(cls)
            if named is not None and cls not in allowed:
                return None
        if self.btypes is not None and kind != "build":
            return None
        if kind == "recruit" or kind == "use_hero":
            if self.heroes is not None and action.hero not in self.heroes:
                return None
            if kind == "recruit" and self.cheapest == "free" and action.cards:
                return None  # "un héros gratuit": one that costs no card
            if kind == "recruit" and self.cheapest == "cheap" and not self.cards + self.loose:
                return self.score - 0.01 * len(action.cards)  # "einen von den billigen": the fewest cards
            if kind == "use_hero":
                # the rest of the words describe the ability's effect ("draw me two", "drei Krieger bitte")
                return None if self.takes else self.score
        elif kind == "build":
            if self.buildings is not None and action.building not in self.buildings:
                return None
            if self.btypes is not None and self.buildings_of_type.get(action.building) not in self.btypes:
                return None
        elif kind in ("buy", "return", "repair"):
            if self.ships is not None and action.ship not in self.ships:
                return None
        elif kind == "raid":
            if self.raids is not None and action.raid not in self.raids:
                return None
            if self.ships is not None and action.ship not in self.ships:
                return None
            if self.heroes is not None and self.own_hero not in self.heroes:
                return None
            if self.cards or self.takes or self.loose and not self.vikings:
                return None
            paid = [p for p in self.vikings if p.vik is not None]
            if paid and action.pay is not None and any(p.vik != action.pay for p in paid):
                return None
            if self.raids is None and self.ships is None and not self.bare_raid:
                return None  # "raid!" alone: which raid?
            return self.score
        if self.none:
            if kind in ("pass", "exchange_done", "stop_taking", "end"):
                return self.score
            if kind == "match":
                return self.score if not action.cards else None
            return None
        if self.most:
            # every legal match fits; the most cards score highest, so the largest ones are played or asked about
            return self.score + 0.01 * len(action.cards) if kind == "match" else None
        if kind == "gather":
            return self._gather(action.cards)
        if kind in _PAID:
            if self.vikings or self.takes:
                return None
            return self._paid(action.cards, kind)
        if kind == "exchange":
            return self._exchange(action.give, action.take)
        if kind == "refresh":
            if self.takes or self.vikings or len(self.cards) + len(self.loose) > 1:
                return None
            return self._one(action.card)
        if kind in ("add", "take"):
            return self._one(action.card, vikings_ok=True)  # "trader please": a card of that Viking type
        if kind == "release":
            return self._release(action.vikings)
        if kind == "take_viking":
            if self.cards or self.takes:
                return None
            if self.seat is not None and action.seat != self.seat:
                return None
            if self.seat_options is not None and action.seat not in self.seat_options - {self.player}:
                return None
            return self.score
        if kind in ("end", "exchange_done", "stop_taking", "pass"):
            specific = [p for p in self.cards + self.takes + self.vikings + self.loose
                        if p.vik is not None or p.sym is not None or p.typed or p.head == "viking"]
            if specific or self.seat is not None or self.seat_options is not None or not self.said_done:
                return None
            return self.score
        return None

    def _exact_cards(self) -> bool:
        """Whether the cards said are all named by both symbols ("the Sailor Seamanship"): then they are paid
        exactly as said, and no card the player did not say is added."""
        return bool(self.cards) and not self.loose and all(
            p.vik is not None and p.sym is not None and not p.every for p in self.cards)

    def _one(self, card: str, vikings_ok: bool = False) -> float | None:
        phrases = self.cards + self.loose + (self.vikings if vikings_ok else [])
        if self.takes or len(phrases) > 1:
            return None
        if not phrases:
            return self.score
        p = phrases[0]
        if p.n() != 1 or not p.fits(card):
            return None
        return self.score

    def _paid(self, cards: tuple[str, ...], kind: str) -> float | None:
        phrases = self.cards + self.loose
        if self.n_cards is not None and len(cards) != self.n_cards:
            return None
        if not _cover(list(cards), phrases):
            return None
        described = sum(p.n() for p in phrases)
        if any(p.counted for p in phrases) and described != len(cards):
            return None  # "with my two green cards": these two, and no third
        if described < len(cards) and self._exact_cards():
            return None  # "repair the Otter with the Sailor Seamanship": that card alone, not one more unsaid
        score = self.score + (1.0 if phrases and described == len(cards) else 0.0)
        if self.sources:
            score -= 0.01 * len(cards)  # "the forge covers the rest": the building's symbol is used
        return score

    def _gather(self, cards: tuple[str, ...]) -> float | None:
        k = len(cards)
        gained = {GATHER_YIELD[k], GATHER_YIELD[k] + self.gather_bonus}
        if self.takes:
            return None
        if self.n_cards is not None and k != self.n_cards:
            return None
        for p in self.vikings:
            if p.vik is not None and cards[0][0] != p.vik:
                return None
            if p.count is not None and p.count not in gained:
                return None
        if len(self.vikings) > 1 and (len({p.vik for p in self.vikings} - {None}) > 1
                                      or len({p.count for p in self.vikings} - {None}) > 1):
            return None  # "gathering warriors ..., so 3 warriors": one kind said twice is one
        if not _cover(list(cards), self.cards):
            return None
        if sum(p.n() for p in self.cards) < k and self._exact_cards():
            return None  # "nur eine Karte, die Krieger mit Handwerk": that card alone, never one more unsaid
        for p in self.loose:  # colours only: the Vikings gathered, or the cards paid
            if p.vik is not None and cards[0][0] != p.vik:
                return None
            if p.count is not None and p.count not in gained and not _cover(list(cards), [p]):
                return None
            if p.sym is not None and not _cover(list(cards), [p]):
                return None
        if not self.vikings and not self.cards and not self.loose and self.n_cards is None:
            return self.score if "gather" in self.kinds and len(self.kinds) <= 2 else None
        if self.cards and sum(p.n() for p in self.cards) == k:
            return self.score + 1.0  # "with WR and WC": these cards, and no third
        return self.score

    def _exchange(self, give: str, take: str) -> float | None:
        gives = self.cards + self.loose
        takes = list(self.takes)
        if not takes and len(gives) == 2:
            gives, takes = gives[:1], gives[1:]
        if len(gives) > 1 or len(takes) > 1 or self.vikings:
            return None
        if gives and (gives[0].n() != 1 or not gives[0].fits(give)):
            return None
        if takes and (takes[0].n() != 1 or not takes[0].fits(take)):
            return None
        if not gives and not takes:
            return None
        return self.score

    def _release(self, vikings: tuple[str, ...]) -> float | None:
        if self.cards or self.takes:
            return None
        have = Counter(vikings)
        asked: Counter[str] = Counter()
        free = 0
        for p in self.vikings + self.loose:
            if p.vik is None:
                free += p.n()
            else:
                asked[p.vik] += p.n()
        if not asked and not free:
            return None
        if any(have[v] < n for v, n in asked.items()):
            return None
        if free and sum(asked.values()) + free != len(vikings):
            return None
        if not free and 1 <= sum(asked.values()) < len(vikings) and all(p.count is not None for p in self.vikings):
            return None  # "ich stelle nur vier Krieger zurück" when five must go: those four, and the engine says why
        return self.score

    def literal(self, game: Any, state: Any) -> list[Any] | str:
        """The actions the words name, for the engine to say why they are not legal."""
        out: list[Any] = []
        hand = _hand_types(state, self.player)
        here = _DECISION_KINDS.get(state.decision.kind, frozenset())
        for kind in sorted(self.kinds, key=lambda k: (k not in here, _LITERAL_ORDER.index(k))):
            out += self._literal(kind, state, hand)
            if out:
                break
        return out or "no_move_words"

    def _guess_cards(self, hand: Counter[str], symbol: str | None, n: int | None) -> tuple[str, ...]:
        """The cards the phrases describe (types), completed from the hand with cards of `symbol`."""
        out: list[str] = []
        if self.n_cards == 0:
            return ()
        left = Counter(hand)
        for p in self.cards + self.loose:
            for _ in range(p.n()):
                pick = next((c for c in TYPES if p.fits(c) and left[c] > 0), None)
                if pick is None:
                    fitting = [c for c in TYPES if p.fits(c)]
                    pick = next((c for c in fitting if symbol is None or c[1] == symbol or p.typed), fitting[0])
                else:
                    left[pick] -= 1
                out.append(pick)
        if n is not None and symbol is not None and not self._exact_cards() and not any(
                p.counted for p in self.cards + self.loose):
            for c in TYPES:
                while len(out) < n and c[1] == symbol and left[c] > 0:
                    out.append(c)
                    left[c] -= 1
        return tuple(out)

    def _literal(self, kind: str, state: Any, hand: Counter[str]) -> list[Any]:
        cs = state.cs
        if kind == "raid" and (self.raids or self.ships):
            ships = sorted(self.ships) if self.ships else [
                cs.ships[x[0]].code for x in state.ships[self.player]] or [""]
            raids = sorted(self.raids) if self.raids else [cs.raids[r].code for r in state.sea if r >= 0]
            if self.heroes is not None and self.own_hero not in self.heroes:
                return [UseHero(sorted(self.heroes)[0])]
            return [Raid(r, s) for r in raids for s in ships]
        if kind == "recruit" and self.heroes:
            return [Recruit(h, self._guess_cards(hand, "R", 3)) for h in sorted(self.heroes)]
        if kind == "use_hero" and (self.heroes or self.own_hero):
            return [UseHero(h) for h in sorted(self.heroes or {self.own_hero or ""})]
        if kind == "build" and (self.buildings or self.btypes):
            codes = sorted(self.buildings or ())
            if not codes and self.btypes:
                offer = [cs.buildings[b].code for b in state.boffer if b >= 0]
                codes = [c for c in offer if self.buildings_of_type.get(c) in self.btypes] or sorted(self.btypes)
            return [Build(c, self._guess_cards(hand, "C", 3)) for c in codes]
        if kind == "token" and "token" in self.kinds and len(self.kinds) <= 3:
            return [Token(self._guess_cards(hand, "C", game_token_cost(state, self.player)))]
        if kind in ("buy", "return", "repair") and (self.ships or self.longship):
            maker = {"buy": BuyShip, "return": ReturnShip, "repair": Repair}[kind]
            if self.ships:
                ships = sorted(self.ships)
            elif kind == "buy":
                ships = [cs.ships[x].code for x in state.soffer if x >= 0][:1]
            else:
                ships = [cs.ships[x[0]].code for x in state.ships[self.player]] or [""]
            return [maker(s, self._guess_cards(hand, "N", 3 if kind == "buy" else 2)) for s in ships]
        if kind == "gather" and (self.vikings or self.cards or self.loose):
            n = None
            for p in self.vikings:
                if p.count is not None:
                    n = next((k for k in (1, 2, 3) if GATHER_YIELD[k] >= p.count), 4)
            cards = list(self._guess_cards(hand, None, None))
            vik = next((p.vik for p in self.vikings + self.cards + self.loose if p.vik is not None), None)
            if n is not None and vik is not None:
                left = Counter(hand)
                left.subtract(cards)
                for c in TYPES:
                    while len(cards) < n and c[0] == vik and left[c] > 0:
                        cards.append(c)
                        left[c] -= 1
                while len(cards) < n:
                    cards.append(vik + "R")
            return [Gather(tuple(cards))] if cards else []
        if kind == "exchange":
            gives, takes = self.cards + self.loose, list(self.takes)
            if not takes and len(gives) == 2:
                gives, takes = gives[:1], gives[1:]
            g = next((c for c in TYPES if gives and gives[0].fits(c)), None)
            t = next((c for c in TYPES if takes and takes[0].fits(c)), None)
            return [Exchange(g, t)] if g and t else []
        if kind == "refresh" and self.cards:
            return [Refresh(next(c for c in TYPES if self.cards[0].fits(c)))]
        if kind in ("add", "take") and len(self.cards + self.loose) == 1:
            p = (self.cards + self.loose)[0]
            c = next((x for x in TYPES if p.fits(x) and hand[x] > 0), None) or next(x for x in TYPES if p.fits(x))
            return [AddCard(c) if kind == "add" else TakeCard(c)]
        if kind == "match" and (self.cards or self.loose):
            return [Match(self._guess_cards(hand, None, None))]
        if kind == "match" and self.none:
            return [Match(())]
        if kind == "release" and self.vikings:
            letters: list[str] = []
            for p in self.vikings:
                letters += [p.vik or "W"] * p.n()
            return [Release(tuple(letters))]
        if kind == "take_viking" and self.seat is not None:
            return [TakeViking(self.seat)]
        if kind == "take_viking" and self.seat_options:
            return [TakeViking(x) for x in sorted(self.seat_options - {self.player})]
        if kind in ("end", "pass", "exchange_done", "stop_taking") and not (self.cards or self.vikings):
            return [{"end": EndTurn(), "pass": Pass(), "exchange_done": ExchangeDone(),
                     "stop_taking": StopTaking()}[kind]]
        return []


_DECISION_KINDS: dict[str, frozenset[str]] = {
    "noo_action": frozenset({"end", "exchange", "refresh", "gather", "recruit", "use_hero", "build", "token", "buy",
                             "return", "repair", "raid"}),
    "noo_exchange": frozenset({"exchange", "exchange_done"}),
    "noo_release": frozenset({"release"}),
    "noo_take_viking": frozenset({"take_viking", "stop_taking"}),
    "noo_raid_add": frozenset({"add", "pass"}),
    "noo_raid_match": frozenset({"match"}),
    "noo_raid_take": frozenset({"take"}),
}
_LITERAL_ORDER = ("raid", "recruit", "use_hero", "build", "buy", "return", "repair", "gather", "token", "exchange",
                  "refresh", "add", "take", "match", "release", "take_viking", "end", "pass", "exchange_done",
                  "stop_taking")


def game_token_cost(state: Any, player: int) -> int:
    from engine.name_of_odin.game import GAME

    return GAME.token_cost(state, player)


def _cover(cards: list[str], phrases: list[Phrase]) -> bool:
    """Whether the phrases can each take their count of distinct cards from `cards`."""
    need: list[Phrase] = []
    for p in phrases:
        need += [p] * p.n()
    if len(need) > len(cards):
        return False

    def place(i: int, left: list[str]) -> bool:
        if i == len(need):
            return True
        for j, c in enumerate(left):
            if need[i].fits(c) and place(i + 1, left[:j] + left[j + 1:]):
                return True
        return False

    return place(0, cards)


def _hand_types(state: Any, player: int) -> Counter[str]:
    if not 0 <= player < state.players:
        return Counter()
    cs = state.cs
    hand = state.hands[player]
    return Counter(TYPES[cs.act_type[i]] for i in range(cs.n_actions) if hand >> i & 1)


# ---- the parser --------------------------------------------------------------------------------------------------

_CANT = re.compile(r"\b(can|won|don|didn|couldn|wouldn|shouldn|isn|aren|doesn)[\u2019']?t\b|\bcan not\b", re.I)
_CLAUSE_BREAK = re.compile(r"\s[-\u2013\u2014]+\s|\.{2,}|\u2026")
_NOTATION_VERBS = frozenset({"end", "exchange", "refresh", "done", "gather", "recruit", "use", "build", "token",
                             "buy", "return", "repair", "raid", "release", "from", "stop", "add", "pass", "match",
                             "take"})
_FILL_IN = frozenset({"wrong_payment", "raid_pay_one_viking", "wrong_decision"})
_STATEMENT = re.compile(r"\b(i (should|would|could) have|hatte ich|j'aurais|i wish|ich wunschte|next time|"
                        r"nachstes mal|la prochaine fois|last turn|letzte runde|tout a l'heure)\b")


class NooParser(GameParser):
    game_name = "name-of-odin"
    request_kinds = ("verb",)

    def __init__(self) -> None:
        self.lexicon = LEXICON

    def digest(self, action: Any) -> Any:
        return None

    def rewrite(self, text: str) -> str:
        """Dashes between words and trailing dots end a clause ("Nicht Egil anheuern - ich rekrutiere ...",
        "Erik... nee, doch Ulf"): written as commas, so negations and corrections stay in their clause."""
        text = _SYMBOL_COLOUR.sub(lambda m: _SYMBOL_BY_COLOUR[fold(m.group(1))[:3]] + " " + m.group(2), text)
        text = _SHIP_SYMBOL.sub(lambda m: _SHIP_SYMBOL_WORD[fold(m.group(2))[:3]] + (
            " card " if fold(m.group(3)).startswith(("card", "karte")) else " "), text)
        text = _SYMBOL_COLOUR_FR.sub(lambda m: m.group(1) + " " + _SYMBOL_BY_COLOUR[fold(m.group(2))[:3]], text)
        text = _NO_CARDS.sub(" with 0 cards ", text)
        text = _WHOLE_OFFER.sub(lambda m: " " + m.group(5) + " ", _LAY_OUT_AGAIN.sub(" erneuern ", text))
        return _CANT.sub(" not ", _CLAUSE_BREAK.sub(" , ", text))

    def exact(self, game: Any, state: Any, text: str) -> Any | None:
        words = text.split()
        if not words or words[0].lower() not in _NOTATION_VERBS:
            return None
        cs = state.cs
        known = {c.lower() for c in TYPES} | set(cs.hero_index) | set(cs.building_index) | set(cs.ship_index) | set(
            cs.raid_index) | {"pay", "none", "w", "t", "s"}
        if any(not (w.lower() in known or w.isdigit()) for w in words[1:]):
            return None  # "raid sur Iona", "take the red one": words, not notation
        try:
            action = game.parse_notation(text)
        except NotationError:
            return None
        illegal = game.check(state, action)
        if illegal is not None and illegal.code in _FILL_IN:
            return None  # "build forge1", "raid iona serpent": the grammar fills in the payment, or asks
        return action

    def read(self, hits: list[Hit], game: Any, state: Any, player: int) -> Interpretation:
        folded = " ".join(h.text for h in hits)
        if _STATEMENT.search(folded):
            return Interpretation([], "statement")
        if _REMARK.search(folded):
            return Interpretation([], "statement")  # "au prochain tour", "if I can afford it"
        if _COMPLIMENT.search(folded):
            hits = _without_compliments(hits)  # "my WC, good luck": the move stays, the wish goes
            if not any(h.text.isalnum() for h in hits):
                return Interpretation([], "statement")  # "well played", "viel Glück bei deinem Raubzug"
        names = names_of(state.cs)
        syms, unknown = _symbols(hits, names)
        if _DONE.search(folded):
            syms.append(Sym("verb", "done", "done"))  # "that's it", "das war's", "c'est tout"
        hero = state.heroes[player] if 0 <= player < state.players else -1
        if _about_someone_else(hits, syms, state.cs.heroes[hero].code if hero >= 0 else None):
            return Interpretation([], "statement")  # "Sif hat gerade drei Händler rekrutiert"
        if not any(s.kind == "verb" for s in syms) and any(h.text in _OPINION for h in hits):
            return Interpretation([], "statement")  # "I think Harald is the best hero", "Egil ist stark"
        ask = next((i for i, s in enumerate(syms[:-1]) if s.text == "?"), None)
        if ask is not None and any(s.kind in ("verb", "name", "btype") or s.kind in _CONTENT
                                   for s in syms[:ask]) and not (
                syms[ask + 1].kind in ("nope", "correct") and _corrected(syms) != syms):
            return Interpretation([], "question")  # "build the runic circle? no, not now"
        if _retracted(syms):
            return Interpretation([], "negated")  # "build the inn with WC and TC. actually no."
        syms = _corrected(syms)
        syms = _unnegated(syms)
        if any(s.kind in ("or", "hesitate") for s in syms):
            return Interpretation([], "alternatives")
        hand = _hand_types(state, player)
        phrases, rest = _phrases(syms, hand)
        reading = self._reading(phrases, rest, syms, state, player, _side(" ".join(h.text for h in hits)))
        if isinstance(reading, str):
            return Interpretation([], reading)
        side = _side(folded)
        if side and state.decision.kind == "noo_take_viking" and 0 <= player < state.players:
            # "from the player on my left": the next seat clockwise (the engine's order); "right": the one before
            n = state.players
            if side == ACROSS and n % 2 == 1:  # across a table of 3 or 5: either of the two far seats, asked
                far = frozenset({(player + n // 2) % n, (player + n // 2 + 1) % n})
                if reading.seat is None:
                    reading.seat_options = far
            else:
                seat = (player + (n // 2 if side == ACROSS else side)) % n
                if reading.seat is not None and reading.seat != seat:
                    return Interpretation([], "inconsistent")
                reading.seat = seat
        if unknown >= 3 and not any(s.kind in ("verb", "name", "typecode") for s in syms):
            return Interpretation([], "chat")
        typos = sum(1 for h in hits if h.distance > 0)
        unsure = bool(reading.guess or typos or unknown >= 2) and _reveals(game, state, reading)
        unsure = unsure or reading.seat_options is not None or reading.bare_raid or any(
            h.text in _MAYBE for h in hits)
        return Interpretation([reading], confirm=unsure)

    @staticmethod
    def _built(rest: list[Sym], verbs: set[str], r: NooReading, state: Any, player: int) -> set[str]:
        """The buildings named by their card names that are to be built: one's own named beside another action
        ("with WR and my Jarl's Longhouse") or after the building built is a payment source."""
        cs = state.cs
        own: set[str] = set()
        if 0 <= player < state.players:
            own = {b.code for i, b in enumerate(cs.buildings) if state.blds[player] >> i & 1}
        builds = "build" in verbs or not verbs - {"pay"}
        out: set[str] = set()
        seen_building = False
        for s in rest:
            if s.kind == "btype":
                seen_building = True
            if s.kind != "name":
                continue
            codes = {code for cls, code in s.value if cls == "building"}
            if not codes:
                continue
            if codes <= own and (not builds or seen_building):
                r.sources = True
            else:
                out |= codes
            seen_building = True
        return out

    @staticmethod
    def _btypes(rest: list[Sym], verbs: set[str], r: NooReading, state: Any, player: int) -> set[str]:
        """The building types the words ask to build. One's own building named beside another action ("plus my
        forge's symbol", "und der Schmiede", "grâce au Cercle Runique") is where a payment symbol or an extra
        swap comes from, not what is built: the first building named is the one built, later ones of one's own
        are sources; with a verb that builds nothing, none is built."""
        named = [(i, s.value) for i, s in enumerate(rest) if s.kind == "btype"]
        if not named:
            return set()
        cs = state.cs
        own: set[str] = set()
        if 0 <= player < state.players:
            own = {BUILDING_TYPES[b.type] for i, b in enumerate(cs.buildings) if state.blds[player] >> i & 1}
        other = any(s.kind == "name" and any(c != "building" for c, _ in s.value) or s.kind == "token" for s in rest)
        builds = ("build" in verbs or not verbs - {"pay"} and not other) and state.decision.kind == "noo_action"
        if not builds:  # only the Action Phase builds: "one more swap thanks to the forge" names a source
            r.sources = any(t in own for _, t in named)
            return set()
        first_named = next((i for i, s in enumerate(rest) if s.kind == "name"
                            and any(c == "building" for c, _ in s.value)), None)
        out: set[str] = set()
        for k, (i, t) in enumerate(named):
            earlier = k > 0 or first_named is not None and first_named < i
            if earlier and t in own:
                r.sources = True
            else:
                out.add(t)
        return out

    def _reading(self, phrases: list[Phrase], rest: list[Sym], syms: list[Sym], state: Any,
                 player: int, side: int = 0) -> NooReading | str:
        decision = state.decision.kind
        kinds_of = [s for s in rest if s.kind == "verb"]
        verbs = {s.value for s in kinds_of}
        present = {s.kind for s in rest}
        if "use" in verbs and len(verbs) == 1 and not present & {"name", "hero", "ability", "btype", "building"} \
                and decision == "noo_action" and any(p.head == "card" and (p.vik or p.sym) for p in phrases) \
                and any(p.head == "viking" for p in phrases):
            verbs = {"pay"}  # "one trader please, using the trader seamanship card": the card pays, no Hero acts
        if "play" in verbs and decision == "noo_action":
            verbs = (verbs - {"play"}) | {"pay"}  # "drei Kriegerkarten ausspielen, also sechs Krieger": paid
        cs = state.cs
        negated = "neg" in present
        passes = [i for i, x in enumerate(rest) if x.kind == "verb" and x.value == "pass"]
        if any(abs(i - j) <= 2 for i in passes for j, x in enumerate(rest) if x.kind == "neg"):
            return "negated"  # "ich passe nicht", "je ne passe pas", "don't pass yet": never a pass
        if decision == "noo_exchange" and not [p for p in phrases if p.vik or p.sym] and (
                ("exchange" in verbs and present & {"neg", "nope", "none"}) or "keep" in present):
            # "no second swap", "keinen Tausch mehr", "pas d'autre échange", "je garde mes cartes"
            r = NooReading(frozenset({"exchange_done"}), player=player)
            r.said_done = True
            return r
        if decision == "noo_raid_match" and _AS_MANY.search(" ".join(x.text for x in syms)) and not [
                p for p in phrases if p.vik or p.sym]:
            r = NooReading(frozenset({"match"}), player=player)  # "match everything I can", "tout contrer"
            r.most = True
            return r
        if decision in ("noo_raid_match", "noo_raid_add") and "keep" in present and not verbs - {"match", "add"} \
                and not [p for p in phrases if p.vik or p.sym]:
            # "I'm keeping my cards (, no matches this time)", "je garde mes cartes": nothing matched or added
            r = NooReading(frozenset({"match"} if decision == "noo_raid_match" else {"pass"}), player=player)
            r.none = True
            r.said_done = True
            return r
        none = "none" in present or (bool(present & {"nope", "neg"}) and decision in ("noo_raid_add", "noo_raid_match")
                                     and not phrases and not verbs - {"pass", "add", "play", "match"})
        if negated and not none:
            return "negated"
        if none and decision == "noo_action":
            return "negated"  # "I build nothing", "ich baue kein Gebäude"
        if negated and none and decision not in ("noo_raid_add", "noo_raid_match", "noo_exchange",
                                                 "noo_take_viking"):
            return "negated"
        r = NooReading(frozenset(), player=player)
        r.none = none
        cheap = [s for s in rest if s.kind == "cheapest"]
        if cheap:
            r.cheapest = "free" if any(s.value == "free" for s in cheap) else "cheap"
        # named things
        found: dict[str, set[str]] = {}
        for s in rest:
            if s.kind == "name":
                for cls, code in s.value:
                    found.setdefault(cls, set()).add(code)
        if len({c for s in rest if s.kind == "name" for c, _ in s.value}) > 1:
            # one word naming cards of two kinds ("Dragon" ship and a raid?): keep all, the kinds decide
            pass
        r.heroes = frozenset(found["hero"]) if "hero" in found else None
        if "building" in found:
            found["building"] = self._built(rest, verbs, r, state, player) or set()
            if not found["building"]:
                del found["building"]
        r.buildings = frozenset(found["building"]) if "building" in found else None
        r.ships = frozenset(found["ship"]) if "ship" in found else None
        r.raids = frozenset(found["raid"]) if "raid" in found else None
        r.buildings_of_type = {b.code: BUILDING_TYPES[b.type] for b in cs.buildings}
        btypes = self._btypes(rest, verbs, r, state, player)
        if btypes:
            r.btypes = frozenset(btypes)
        hero = state.heroes[player] if 0 <= player < state.players else -1
        r.own_hero = cs.heroes[hero].code if hero >= 0 else None
        # zones: "raid the bottom zone"
        if r.raids is None and "raid" in verbs | ({"raid"} if "raidn" in present else set()):
            zone = next((s.value for s in rest if s.kind == "zone"), None)
            if zone is not None:
                r.raids = frozenset(cs.raids[x].code for i, x in enumerate(state.sea)
                                    if x >= 0 and cs.space_zone[i] == zone) or frozenset({"-"})
        # the seat to take a Viking from: "from player 2", "von Spieler 2"
        # ("Player 2" is how the table names a seat without a name, counted from 1; "seat 2", "Platz 2" could be
        # counted from 0 as in the notation: both are asked about)
        for i, s in enumerate(rest):
            num = rest[i + 1] if i + 1 < len(rest) and rest[i + 1].kind == "num" else (
                rest[i - 1] if i > 0 and rest[i - 1].kind == "num" else None)
            if s.kind == "seat" and num is not None:
                r.seat = num.value - 1
                if s.text not in _PLAYER_WORDS:
                    r.seat, r.seat_options = None, frozenset({num.value - 1, num.value})
        # phrases by role
        said_vikings = any(p.head == "viking" and p.role != "with" for p in phrases)
        for p in phrases:
            priced = bool(found.keys() & {"hero", "building", "ship"} or present & {"btype", "token"}) and not (
                "raid" in found or "raid" in verbs)
            if p.head == "viking" and p.role == "with" and (said_vikings or priced or verbs & {"gather", "recruit"}) \
                    and decision == "noo_action":
                r.cards.append(p)  # "six guerriers avec tous mes guerriers", "Rollo mit dem Seemann": cards paid
            elif p.head == "viking":
                r.vikings.append(p)
            elif p.head == "card" and p.count == 0 and p.vik is None and p.sym is None:
                r.n_cards = 0  # "ohne Karten", "sans carte": nothing paid
            elif p.head == "card" and p.role == "for" and p.vik is None and p.sym is None and p.count is not None \
                    and decision == "noo_action" and "exchange" not in verbs:
                r.n_cards = p.count  # "I'll take him for one card"
            elif p.head == "card" and p.role == "for":
                r.takes.append(p)
            elif p.head == "card" and p.vik is None and p.sym is None and p.count is not None and not p.every \
                    and decision == "noo_action" and r.n_cards is None and len(phrases) > 1:
                r.n_cards = p.count  # "nur eine Karte, die Krieger ...": how many cards, beside which
            elif p.head == "card":
                r.cards.append(p)
            elif p.vik is not None or p.sym is not None:
                r.loose.append(p)
            elif p.count is not None:
                r.n_cards = p.count if "with" in p.role or decision != "noo_action" else None
                if r.n_cards is None and p.role != "with":
                    r.loose.append(p)  # "gather 3": three Vikings or three cards
        if r.takes and not r.cards and r.loose:
            r.cards, r.loose = r.loose, []
        if (r.takes and r.cards and verbs & {"take", "get"} and not verbs & {"exchange", "refresh", "pay"}
                and decision in ("noo_action", "noo_exchange") and not (r.heroes or r.ships or r.buildings)):
            # "je prends le SN contre mon SC", "I'll take the WR for my TC": what is taken comes first and what is
            # given follows "for/gegen/contre" — the other way round from "swap X for Y"
            r.cards, r.takes = r.takes, r.cards
            taken_for = True
        elif (verbs & {"take", "get"} and "add" in verbs and len(r.cards) == 2 and not r.takes and not r.vikings
              and decision in ("noo_action", "noo_exchange") and not (r.heroes or r.ships or r.buildings)):
            # "je prends le SR et je donne mon TC", "ich nehme die TC und gebe dafür meinen SC": a swap, the card
            # by the taking verb taken, the one by the giving verb given
            order = [x.value for x in rest if x.kind == "verb" and x.value in ("take", "get", "add")]
            took_first = order[0] in ("take", "get")
            r.takes, r.cards = ([r.cards[0]], [r.cards[1]]) if took_first else ([r.cards[1]], [r.cards[0]])
            taken_for = True
        else:
            taken_for = False
        if r.takes and decision == "noo_action" and not verbs & {"exchange", "refresh"} and (
                r.heroes or r.ships or r.buildings or "btype" in present or "token" in present):
            r.cards, r.takes = r.cards + r.takes, []  # "Bard for WR and TR": the price, not a swap
        if decision == "noo_raid_match":
            # "match the green with my TC", "Händler-Handwerk gegen das Handwerk": the table's symbols are named
            # beside the cards that match them; "je contre le symbole Recrutement": the verb, not "against"
            said = {id(p) for p in r.cards + r.takes + r.loose + [v for v in r.vikings if v.vik is not None]}
            r.cards = _matching_cards([p for p in phrases if id(p) in said])  # in the order said
            r.takes, r.loose = [], []
            r.vikings = [v for v in r.vikings if v.vik is None]
        # kinds: the verbs, narrowed by the named things
        kinds: set[str] = set()
        if decision == "noo_raid_take" and "add" in verbs and any(s.kind == "word" and s.text in ("me", "mir", "moi")
                                                                 for s in rest):
            verbs = (verbs - {"add"}) | {"take"}  # "give me the blue yellow card"
        for v in verbs:
            kinds |= _KINDS[v]
        if taken_for or decision == "noo_exchange" and len(r.cards + r.loose + r.takes) == 2 and not r.vikings \
                and not kinds & {"exchange_done"}:
            kinds = {"exchange"}  # the second swap: "Dank der Schmiede noch einer: WN gegen WC", "give WC, take TR"
        here = _DECISION_KINDS.get(decision, frozenset())
        if decision != "noo_action" and kinds and not kinds & here and verbs <= {"use", "play", "pay", "add", "get"} | (
                {"take"} if decision == "noo_raid_add" else set()):
            kinds = set(_IMPLICIT.get(decision, frozenset()))  # "use the WN against the seamanship" in step E
        if "token" in present:
            kinds = (kinds & {"token"}) or {"token"}
        if "raidn" in present and (r.raids or r.ships) and not verbs - {"raid", "get", "take"}:
            kinds |= {"raid"}
        if "raid" in verbs and verbs - {"raid", "pay"} and not r.raids and not r.ships:
            kinds.discard("raid")  # "I add a trader card to Ben's raid": the noun
        if "return" in verbs and r.vikings and not r.ships and "ship" not in present:
            kinds = (kinds - {"return"}) | {"release"}
        if "back" in present and r.vikings and decision == "noo_release":
            kinds |= {"release"}
        r.longship = "ship" in present
        r.said_done = bool(verbs & {"end", "done", "pass", "stop"}) or none
        objects = set()
        if r.heroes or "hero" in present:
            objects.add("hero")
        if r.buildings or r.btypes or "building" in present:
            objects.add("building")
        if r.ships or r.longship:
            objects.add("ship")
        if "token" in present:
            objects.add("token")
        if "ability" in present:
            objects.add("ability")
        r.objects = frozenset(objects)
        if ("back" in present or "home" in present) and (r.ships or r.longship) and decision == "noo_action":
            kinds = {"return"}  # "bring my longship back", "hol mein Langschiff zurück"
        if "offer" in present and "refresh" in verbs:
            kinds = {"refresh"}
        if "refresh" in verbs and len(r.cards + r.loose + r.takes) == 2 and not r.vikings:
            kinds = {"exchange"}  # "replace my WR with the SR from the offer": a swap
        if not kinds and "offer" in present and decision == "noo_action" and verbs <= {"pay"} and len(
                r.cards + r.loose) == 1 and not r.takes:
            kinds = {"refresh"}  # "new offer please, I discard the TN"
        if "pay" in verbs and r.raids:
            kinds |= {"raid"}
        if r.raids and r.vikings and decision == "noo_action" and (
                verbs & {"release", "return", "pay", "add"} or "back" in present) and not verbs - {
                "raid", "release", "return", "pay", "add"}:
            kinds = {"raid"}  # "raid Hedeby with the Sea Wolf and send a trader back": the Viking paid
        implicit = _IMPLICIT.get(decision, frozenset())
        if not kinds:
            if r.raids:
                kinds = {"raid"}
            elif r.heroes:
                kinds = {"recruit", "use_hero", "raid"}
            elif r.buildings or r.btypes:
                kinds = {"build"}
            elif r.ships:
                kinds = {"buy", "return", "repair"} if decision == "noo_action" else set()
            elif implicit:
                kinds = set(implicit)
            if not kinds and decision == "noo_action" and r.cards and r.takes and not r.vikings:
                kinds = {"exchange"}  # "the WR for the WN, please"
            if not kinds and r.vikings and decision == "noo_action" and ("hall" in present or r.cards):
                kinds = {"gather"}  # "drei Seeleute mit beiden Seemann-Schifffahrt-Karten"
            if not kinds and decision == "noo_action" and "raidn" in present and not phrases:
                kinds, r.bare_raid = {"raid"}, True  # "jetzt gehe ich auf Raubzug": which raid is asked
            if kinds and kinds <= implicit and decision != "noo_release" and not r.none and not (
                    r.seat is not None or r.seat_options or side) and not verbs and not any(
                    p.vik is not None or p.sym is not None for p in phrases) and "nope" not in present:
                return "no_move_words"  # "Zut, trois cartes sur la table", "Viel Glück bei deinem Raubzug"
        if "hero" in present and not r.heroes:
            kinds &= {"recruit", "use_hero", "raid"} | ({"gather"} if r.vikings else set())
            if kinds & {"recruit", "use_hero"} and not r.vikings:
                kinds -= {"gather"}
        if "ship" in present and not r.ships and decision == "noo_action":
            kinds &= {"buy", "return", "repair", "raid"}
            if "raid" in kinds and r.raids is None:
                kinds.discard("raid")
        if "building" in present and not r.buildings and not r.btypes and "token" not in present:
            kinds &= {"build"}
        if r.heroes and "raid" in kinds and not (r.raids or r.ships):
            kinds.discard("raid")
        if r.heroes and ("use" in verbs or "ability" in present) and not r.raids and (
                "ability" in present or not verbs & {"recruit", "get", "take", "buy", "pay"}):
            kinds = {"use_hero"}  # "use Gunnhild to fix my ship": the other verbs say what the ability does
            r.ships = r.buildings = r.btypes = None
        if not kinds:
            if phrases or verbs:
                return "no_move_words" if not verbs else "no_cards"
            return "no_move_words"
        # what the pending decision makes of "pass", "play", "done"
        if decision == "noo_action" and "pass" in verbs and verbs - {"pay"} <= {"pass"}:
            kinds, r.guess = {"end"}, True  # "pass" in one's own turn: the end of the turn, asked back
        if decision in ("noo_raid_match",) and "pass" in verbs:
            r.none = True
        if decision == "noo_take_viking" and ("stop" in verbs or "pass" in verbs or none):
            kinds = {"stop_taking"}
        if r.none and decision in ("noo_raid_add",) and not phrases:
            kinds = {"pass"}
        if "raid" in verbs and not (r.raids or r.ships) and kinds == {"raid"} and decision == "noo_action":
            r.bare_raid = True
        r.kinds = frozenset(kinds)
        if "gather" in kinds and 0 <= player < state.players:
            blds = state.blds[player]
            r.gather_bonus = sum(b.gather_bonus for i, b in enumerate(cs.buildings)
                                 if blds >> i & 1 and not state.abil_used >> i & 1)
        return r


_LEFT = re.compile(r"\b(left|links|linken|linke|gauche)\b")
_RIGHT = re.compile(r"\b(right|rechts|rechten|rechte|droite)\b")


_COMPLIMENT = re.compile(r"\b(good luck|viel gluck|viel erfolg|bonne chance|well played|bien joue|gut gespielt|"
                         r"nice (raid|one|move)|schoner raubzug|beau raid|have fun|viel spass|amuse toi)\b")
_REMARK = re.compile(r"\b(next turn|nachste(n)? (runde|zug)|(au )?prochain tour|"
                     r"in (the|my) next turn|im nachsten zug|after (this|that)|danach|apres (ca|cela)|"
                     r"if (i|we|you)|wenn (ich|du|wir)|falls|si (je|j|tu|on)|"
                     r"(i d|i would|we d|we would|ich wurde|wurde ich)"
                     r"(?! (like|love|rather|prefer|gern|gerne|lieber)))\b")
_DONE = re.compile(r"\b(that s it|thats it|that s all|das wars|das war s|das war es|c est tout|cest tout|ca suffit|"
                   r"c est bon|cest bon|passt so|i m good|im good|all good)\b")
# After an unknown first word (a player's name), a verb in the third person or an auxiliary: a remark about
# another player ("Ragnar raiding Iona again", "Sif hat gerade ...", "Skadi vient de recruter Egil").
_THIRD_PERSON = frozenset({
    "has", "had", "is", "was", "just", "did", "does", "raids", "raided", "raiding", "recruits", "recruited",
    "recruiting", "builds", "built", "building", "buys", "bought", "buying", "takes", "took", "taking", "gathers",
    "gathered", "gathering", "swaps", "swapped", "trades", "traded", "hires", "hired", "uses", "used", "plays",
    "played", "matches", "matched", "gets", "got", "added", "adds", "passed", "passes", "ended", "finished",
    "repaired", "returned", "exchanged", "refreshed", "paid", "legt", "gibt", "passt", "beendet", "hat", "hatte",
    "ist", "war", "wird", "gerade", "schon",
    "baut", "kauft", "nimmt", "sammelt", "plundert", "tauscht", "rekrutiert", "heuert", "spielt", "holt",
    "uberfallt", "greift", "nutzt", "vient", "avait", "construit", "pille", "attaque", "prend",
    "echange", "recrute", "achete", "rassemble", "utilise", "joue"})


def _about_someone_else(hits: list[Hit], syms: list[Sym], own_hero: str | None) -> bool:
    if len(hits) < 2:
        return False
    first, second = hits[0], hits[1]
    if syms and syms[0].kind == "name":  # a player named like a Hero: "Astrid hat Egil rekrutiert"
        if own_hero is not None and ("hero", own_hero) in syms[0].value:
            return False  # "Lagertha raids York with the Bear": one's own Hero
        return second.text in _THIRD_PERSON - _FIRST_PERSON_TOO
    if second.text in _AUXILIARY:
        return len(hits) > 2 and hits[2].first("verb") is not None and not first.entries and first.text.isalpha()
    return not first.entries and first.text.isalpha() and len(first.text) >= 3 and second.text in _THIRD_PERSON


# With no move verb, a copula or an opinion makes the line a remark, whatever it names.
_OPINION = frozenset({"is", "isn", "are", "was", "were", "think", "seems", "looks", "ist", "sind", "war", "finde",
                      "glaube", "scheint", "est", "sont", "etait", "pense", "trouve", "semble", "cost", "costs",
                      "kostet", "kosten", "coute", "coutent", "worth", "wert", "vaut"})
_MAYBE = frozenset({"maybe", "perhaps", "probably", "vielleicht", "eventuell", "wahrscheinlich", "peut",
                    "probablement", "possible"})  # a move said with "maybe" is offered back, not played
# French third-person forms that are also the first person or the imperative ("recrute Egil")
_FIRST_PERSON_TOO = frozenset({"prend", "echange", "recrute", "achete", "rassemble", "utilise", "joue", "pille",
                               "attaque", "holt", "nimmt"})
_AUXILIARY = frozenset({"a", "est", "va", "is", "ist"})  # "Skadi a recruté Egil": only before a verb
_CONTENT = frozenset({"typecode", "viking", "vcard", "scard", "vcolour", "scolour", "symbol"})
_PHRASE_WORDS = _CONTENT | frozenset({"num", "art", "both", "all", "card", "symword", "vikings", "poss", "def"})


def _corrected(syms: list[Sym]) -> list[Sym]:
    """Self-corrections: "Raid Dublin - no wait, Orkney", "Erik anheuern... nee, doch Ulf", "deux Guerriers...
    non, un Guerrier et un Commerçant": what the words after the correction name replaces what came before of
    the same kind (the named card of that class, or the cards and Vikings described)."""
    for k in range(len(syms) - 1, 0, -1):
        mark = syms[k]
        if mark.kind not in ("nope", "correct"):
            continue
        if k + 1 < len(syms) and syms[k + 1].text in ("of", "than", "que", "als"):
            continue  # "instead of the forge", "rather than": the words after are the ones not meant
        if mark.kind == "nope" and k + 1 < len(syms) and (syms[k + 1].kind in ("name", "btype") or
                                                          syms[k + 1].kind in _CONTENT):
            continue  # "no forge": without it
        before, after = syms[:k], syms[k + 1:]
        after_classes = {cls for x in after if x.kind == "name" for cls, _ in x.value} | (
            {"building"} if any(x.kind == "btype" for x in after) else set())
        after_cards = any(x.kind in _CONTENT for x in after)
        before_classes = {cls for x in before if x.kind == "name" for cls, _ in x.value} | (
            {"building"} if any(x.kind == "btype" for x in before) else set())
        before_cards = any(x.kind in _CONTENT for x in before)
        if not (after_classes & before_classes or after_cards and before_cards):
            continue
        kept = [x for x in before if not (x.kind == "name" and {c for c, _ in x.value} & after_classes)
                and not (x.kind == "btype" and "building" in after_classes)
                and not (after_cards and before_cards and x.kind in _PHRASE_WORDS)]
        while kept and kept[-1].kind in ("nope", "correct", "conj"):
            kept.pop()
        return _corrected(kept) + [Sym("conj", None, ",")] + after
    return syms


def _without_compliments(hits: list[Hit]) -> list[Hit]:
    out: list[Hit] = []
    clause: list[Hit] = []
    for h in [*hits, None]:
        if h is None or h.text in (",", ";", ":", ".", "!", "?"):
            if not _COMPLIMENT.search(" ".join(x.text for x in clause)):
                out += clause + ([h] if h is not None else [])
            clause = []
        else:
            clause.append(h)
    return out


_THANKS = frozenset({"thanks", "thank", "thx", "danke", "merci"})


def _retracted(syms: list[Sym]) -> bool:
    """A move followed by a clause that only takes it back: "…, actually no", "…, no wait", "…, ach nee"."""
    clauses = _clauses(syms)
    if len(clauses) < 2:
        return False
    last = clauses[-1]
    first_verbs = {s.value for s in clauses[0] if s.kind == "verb"}
    if any(s.kind == "nope" for s in last) and any(s.text in _THANKS for s in last) and {
            s.kind for s in last} <= {"nope", "word"} and not first_verbs & {"pass", "end", "done", "stop"}:
        return True  # "Ulf, no thanks", "Egil - nein danke"
    if not first_verbs:
        return False
    return {s.kind for s in last} <= {"nope", "correct", "word", "neg"} and any(s.kind == "nope" for s in last) and any(
        s.kind in ("correct", "neg") for s in last)


def _clauses(syms: list[Sym]) -> list[list[Sym]]:
    out: list[list[Sym]] = [[]]
    for s in syms:
        if s.kind == "sep" or s.kind == "conj" and s.text in (",", ";", ":"):
            out.append([])
        else:
            out[-1].append(s)
    return [c for c in out if c]


def _unnegated(syms: list[Sym]) -> list[Sym]:
    """Negation is local to its clause: "Don't raid yet, first repair the serpent", "not raiding, just end my
    turn", "ich nehm Rollo, kostet mich ja nix": a negated clause (or one that only says "nothing") is dropped
    when another clause names a move; alone it still makes the line a negation."""
    clauses = _clauses(syms)
    if len(clauses) < 2:
        return syms

    def negated(c: list[Sym]) -> bool:  # a clause that says what not to do, or what to keep
        return any(s.kind in ("neg", "keep") for s in c) or (
            any(s.kind == "none" for s in c) and not any(s.kind == "name" or s.kind in _CONTENT for s in c))

    def moves(c: list[Sym]) -> bool:
        return any(s.kind == "verb" for s in c) and not negated(c)

    if not any(negated(c) for c in clauses) or not any(moves(c) for c in clauses):
        return syms
    first_move = next(i for i, c in enumerate(clauses) if moves(c))
    declines = {s.value for s in clauses[first_move] if s.kind == "verb"} <= {"pass", "end", "done", "stop"}
    for i, c in enumerate(clauses):
        if i > first_move and not declines and any(s.kind == "neg" for s in c) and not any(
                s.kind in ("name", "btype") or s.kind in _CONTENT for s in c):
            return syms  # "build the inn, no wait, don't", "raid Iona, doch nicht": the move is taken back
    out: list[Sym] = []
    for c in clauses:
        if not negated(c):
            out += c + [Sym("conj", None, ",")]
    return out


_PLAYER_WORDS = frozenset({"player", "spieler", "spielerin", "joueur", "joueuse"})


def _matching_cards(phrases: list[Phrase]) -> list[Phrase]:
    """The cards played in raid step E, without the table's symbols they are said to match."""
    out: list[Phrase] = []
    targets = False
    for i, p in enumerate(phrases):
        symbol_only = p.vik is None and p.sym is not None and not p.typed
        nxt = phrases[i + 1] if i + 1 < len(phrases) else None
        prev = phrases[i - 1] if i > 0 else None
        if symbol_only and nxt is not None and nxt.lead == "with" and nxt.vik is not None:
            if nxt.sym is None and nxt.n() == 1:
                nxt.sym, nxt.head = p.sym, "card"  # "Karte für die Schifffahrt, mit meinem Händler": his TN
            continue  # "the green with my trader craftsmanship"
        if symbol_only and (p.lead == "for" and prev is not None and prev.vik is not None or
                            targets and p.lead == "conj"):
            targets = True
            continue  # "Händler-Handwerk gegen das Handwerk", "WC and TN against the craft and seamanship"
        targets = False
        out.append(p)
    return out


def _side(folded: str) -> int:
    """+1 for a neighbour named by "left" (the next seat clockwise), -1 for "right", ACROSS for the player
    opposite ("across the table", "gegenüber", "en face"), 0 for none or several."""
    left, right, across = bool(_LEFT.search(folded)), bool(_RIGHT.search(folded)), bool(_ACROSS.search(folded))
    if left + right + across != 1:
        return 0
    return 1 if left else -1 if right else ACROSS


ACROSS = 99
_ACROSS = re.compile(r"\b(across|opposite|gegenuber|gegenueber|en face|vis-a-vis|vis a vis)\b")


def _reveals(game: Any, state: Any, reading: NooReading) -> bool:
    """Whether the one action a reading grounds to reveals a card (the engine's `reveals`): a reading that was
    not certain is then offered back for a yes (`Interpretation.confirm`), since such a move cannot be undone."""
    if not reading.kinds & _REVEALING_KINDS:
        return False
    legal = [(a, None) for a in game.legal_actions(state)]
    res = ground(game, state, [reading], legal)
    if res.kind != "action":
        return False
    _, events = game.apply(state, res.action)
    return any(game.reveals(e) for e in events)


LEXICON = build_lexicon()
PARSER = NooParser()
