"""Jórvík's lexicon and grammar for the offline parser (EN/DE/FR).

A line is split into clauses (at commas, "and"/"und"/"et", "then"); each clause becomes an **intent**: its
verbs ("setze", "buy", "verkaufen", "je passe"), the goods it names (with counts), the cards it points at
(an id, a card type such as "Schiff"/"trader"/"oracle", a card's name such as "Lagerhaus", qualified by a good:
"the amber trader", "Bernsteinhändler"), a space number ("Feld 3", "card 4"), and flags (brown, a coin, the
storage, the market, "too expensive", "the rest to the supply"). Clauses that only name goods share the verb
and target of their neighbour ("Leder und Wolle aufs Handwerk", "sell amber and iron").

One intent is a reading grounded against the legal actions (one fits: the move; several: asked back; none:
the engine's reason). Several intents (two clauses, "2 Wolle verkaufen", "3 wool for an iron") are a plan:
`exact` grounds them one after the other, each on the position the previous one leaves, and answers with the
list only when every step is certain; otherwise the first step is asked about, or nothing is played.

The grammar reads the position for what words point at: the cards on the spaces, the card on offer, the
player's display (crafts, traders, oracles, usable cards) and the goods being assigned.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core import NotationError
from engine.jorvik.actions import (
    Buy,
    Craft,
    Demand,
    Done,
    Double,
    Give,
    Pay,
    Pick,
    Reserve,
    Sacrifice,
    Sell,
    Skip,
    Store,
    Swap,
    Take,
    UseCard,
    Withdraw,
)
from engine.jorvik.cards import GOODS
from gm.games.jorvik import narrate
from gm.parse.core import GameParser, Hit, Interpretation, Lexicon, Named, add_common, tokenize, word_language
from gm.text import fold, is_question, is_regret

# ---- lexicon -----------------------------------------------------------------------------------------------

_GOODS: dict[str, tuple[str, str, str]] = {  # good: EN, DE, FR forms
    "amber": ("amber ambers", "bernstein bernsteine bernsteins", "ambre ambres"),
    "iron": ("iron irons", "eisen", "fer fers"),
    "leather": ("leather leathers", "leder", "cuir cuirs"),
    "wool": ("wool wools", "wolle wollen woll", "laine laines"),
    "jet": ("jet jets", "gagat gagate jett jet", "jais"),
    "silk": ("silk silks", "seide seiden", "soie soies"),
    "glass": ("glass", "glas glaeser gläser", "verre verres"),
    "gold": ("gold", "gold", "or"),
}
_DE_STEM = {"amber": "bernstein", "iron": "eisen", "leather": "leder", "wool": "woll", "jet": "gagat",
            "silk": "seiden", "glass": "glas", "gold": "gold"}

_TYPES: dict[str, tuple[str, str, str]] = {  # card type: EN, DE, FR forms
    "ship": ("ship ships boat boats longship longships", "schiff schiffe schiffs schiffen schiffskarte boot",
             "navire navires bateau bateaux drakkar drakkars"),
    "craft": ("craft crafts craftsman craftsmen craftsperson", "handwerk handwerke handwerks handwerker "
              "handwerkskarte handwerkerin", "artisan artisans artisanat artisane"),
    "trader": ("trader traders merchant merchants", "händler haendler händlerin händlers", "marchand marchands "
               "commerçant commercant commerçants marchande"),
    "warrior": ("warrior warriors fighter fighters", "krieger kriegerin kriegers kriegerkarte kämpfer",
                "guerrier guerriers guerrière"),
    "feast": ("feast feasts banquet banquets", "gelage fest feste festmahl gelagekarte", "festin festins "
              "banquet banquets fete"),
    "skald": ("skald skalds bard bards", "skalde skalden barde barden", "scalde scaldes barde bardes"),
    "raid": ("raid raids", "raubzug raubzüge raubzuege raubzugkarte", "raid raids pillage"),
    "oracle": ("oracle oracles", "orakel orakels orakelkarte", "oracle oracles"),
    "building": ("building buildings", "gebäude gebaeude", "bâtiment bâtiments"),
    "traitor": ("traitor traitors", "verräter verraeter verräterin", "traître traîtres traitre"),
    "defence": ("defence defense", "verteidigung verteidigungskarte", "défense"),
}

_NAMES: dict[str, str] = {  # effect kind of a named card: its names in EN, DE, FR (locales/*.toml say the same)
    "storage": "warehouse lagerhaus entrepôt",
    "income": "mint münzprägerei muenzpraegerei prägestätte münzstätte monnaie",
    "exchange": "tauschhaus comptoir",
    "pay_purchase": "treasury schatzkammer trésorerie trésor",
    "brown_vikings": "longhouse langhaus longère",
    "gain_coins": "hoard silberhort silberschatz magot",
    "take_supply_good": "stall marktstand étal échoppe echoppe",
    "reassign_craft_goods": "workshop werkstatt atelier",
    "double_warrior": "shieldwall schildwall boucliers",
    "avoid_loss": "tribute tribut",
    "double_win": "champion kämpe kaempe",
}

# verb: (EN, DE, FR); the action kinds each can name are in _VERB_KINDS
_VERBS: dict[str, tuple[str, str, str]] = {
    "place": ("place placing put putting set go going send stand join queue add line drop plonk stack",
              "setze setz setzen stelle stell stellen lege leg legen gehe geh platziere platzieren packe pack "
              "schicke schick kommt",
              "place placer pose poser mets mettre vais envoie envoyer ajoute"),
    "want": ("want wanna bid claim demand", "will möchte moechte mag nachfragen biete bieten hätte haette",
             "veux voudrais demande demander vise"),
    "reserve": ("reserve reserving reserved reservation", "reserviere reservieren reservier reservierung "
                "reservierungsreihe", "réserver réserve réservé réservation réservations"),
    "buy": ("buy buying bought purchase", "kaufe kaufen kauf erwerbe gekauft", "achète achete acheter achèterai achat"),
    "take": ("take taking grab get gimme", "nehme nehmen nimm nehm hole hol holen krall", "prends prendre prend "
             "récupère recupere"),
    "withdraw": ("withdraw withdrawing decline declining refuse fold retreat", "verzichte verzichten zurückziehen "
                 "zurueckziehen steige aussteigen", "renonce renoncer retire retirer refuse décline decline"),
    "pass": ("pass passing nothing", "passe passen pass nichts", "passe passer rien"),
    "skip": ("skip skipping next", "weiter aussetzen überspringen", "saute sauter suivant"),
    "done": ("done finish finished end ending stop enough",
             "fertig fertich erledigt beende beenden ende schluss stopp reicht",
             "fini finis terminé termine terminer arrête arrete arrêter"),
    "swap": ("swap swapping switch", "vertausche vertauschen tausch", "intervertir intervertis permute permuter"),
    "double": ("double doubling", "verdopple verdoppeln verdoppele", "double doubler"),
    "pay": ("pay paying afford", "zahle zahl zahlen bezahle bezahl bezahlen leisten", "paie paye payer permettre"),
    "use": ("use using activate play playing",
            "nutze nutzen benutze benutzen verwende verwenden aktiviere spiele einsetzen",
            "utilise utiliser active activer joue"),
    "craft": ("craft process produce fill", "verarbeite verarbeiten herstellen fülle fuelle", "fabrique fabriquer "
              "produire remplis remplir"),
    "sell": ("sell selling sold", "verkaufe verkaufen verkauf", "vends vend vendre vendu"),
    "sacrifice": ("sacrifice sacrificing offer", "opfere opfern opfer", "sacrifie sacrifier offre offrir"),
    "store": ("store storing stash stock", "lagere lagern einlagern", "stocke stocker entrepose entreposer range "
              "ranger"),
    "give": ("give hand cash", "gebe geb geben gib abgeben werfe werfen reich reiche", "donne donner"),
    "exchange": ("exchange trade trading", "tausche tauschen eintauschen wechsle wechseln", "échange échanger "
                 "echange troque troquer"),
    "pick": ("pick remove", "entferne entfernen runternehmen", "enlève enleve enlever"),
    "steal": ("steal nick nab pinch swipe", "stehle stehlen klaue klauen klau", "vole voler pique piquer chipe chiper"),
    "lose": ("lose loss losing", "verliere verlieren verlust", "perds perdre perte"),
}
_VERB_KINDS: dict[str, frozenset[str]] = {
    "place": frozenset({"demand", "reserve", "craft", "store", "sell", "sacrifice", "give"}),
    "want": frozenset({"demand", "reserve", "buy"}),
    "reserve": frozenset({"reserve"}),
    "buy": frozenset({"buy", "demand", "reserve"}),
    "take": frozenset({"take", "pick", "buy", "demand", "reserve", "use"}),
    "withdraw": frozenset({"withdraw", "pick", "skip"}),  # "je retire le cuir" while goods are taken off crafts
    "pass": frozenset({"withdraw", "skip", "done"}),
    "skip": frozenset({"skip", "withdraw", "done"}),
    "done": frozenset({"done", "skip"}),
    "swap": frozenset({"swap"}),
    "double": frozenset({"double"}),
    "pay": frozenset({"buy", "pay"}),
    "use": frozenset({"use", "double", "pay", "swap", "demand", "reserve"}),
    "craft": frozenset({"craft"}),
    "sell": frozenset({"sell"}),
    "sacrifice": frozenset({"sacrifice"}),
    "store": frozenset({"store"}),
    "keep": frozenset({"store", "skip"}),
    "give": frozenset({"give", "sell", "sacrifice", "craft"}),
    "exchange": frozenset({"give", "take", "swap"}),
    "lose": frozenset({"skip"}),
    "pick": frozenset({"pick"}),
    "steal": frozenset({"pick", "use"}),
}

_WORDS: tuple[tuple[str, str, str], ...] = (  # kind, language, words
    ("viking", "en", "viking vikings worker workers meeple meeples figure figures guy guys"),
    ("viking", "de", "wikinger wikingern figur figuren männchen maennchen"),
    ("viking", "fr", "viking vikings figurine figurines pion pions"),
    ("brown", "en", "brown"), ("brown", "de", "braun braune braunen brauner braunes"),
    ("brown", "fr", "marron marrons brun bruns"),
    ("filler", "de", "brauche brauchen brauchst braucht"), ("filler", "en", "grown crown brows"),
    ("filler", "fr", "vaut valent vaux"),
    ("coin", "en", "coin coins money"), ("coin", "de", "münze münzen muenze muenzen geld taler"),
    ("coin", "fr", "pièce pièces piece pieces argent sou sous"),
    ("storage", "en", "storage"), ("storage", "de", "lager lagerplatz lagerplätze lagerplatze"),
    ("storage", "fr", "stockage stock"),
    ("market", "en", "market marketplace"), ("market", "de", "markt marktplatz tausch"),
    ("market", "fr", "marché marche"),
    ("anygood", "en", "good goods something"), ("anygood", "de", "ware waren"),
    ("anygood", "fr", "marchandise marchandises"),
    ("anygood", "en", "material materials resource resources"), ("anygood", "de", "material materialien rohstoff "
                                                                    "rohstoffe"),
    ("anygood", "fr", "materiau matériau matériaux materiaux ressource ressources"),
    ("back", "en", "back home"), ("back", "de", "zurück zurueck raus heraus heim zurücknehmen zurückholen"),
    ("back", "fr", "remets remettre remet reprends reprendre rentre rentrer"),
    ("open", "en", "whichever whatever either"),
    ("open", "de", "egal wurst irgendein irgendeine irgendeinen irgendeinem irgendwo"),
    ("open", "fr", "importe quelconque"),
    ("filler", "en", "starting start begin beginning first then loading alright gonna wanna lemme gotta"),
    ("filler", "de", "zuerst erstmal anfangen beginne fange starte"),
    ("filler", "fr", "commence commencer d'abord abord finalement enfin"),
    ("filler", "en", "round rounds tight light night fight sight weight"), ("filler", "de", "runde runden"),
    ("filler", "fr", "manche"),
    ("filler", "en", "behind"), ("filler", "de", "hinter hinten dahinter"), ("filler", "fr", "derrière derriere"),
    # everyday words one or two letters away from a game word ("board" is no "hoard", "lass" no "passe", "frei" no
    # "drei", "weder" no "Leder", "chat" no "achat"): known, so never corrected
    ("filler", "en", "board boards price prices seat seats zone step steps test text wild missing miss hands hold "
                     "chat rose gone tell self fake tape past kill fair ours yours offer village orange pink blue red "
                     "green yellow white black grey gray purple leader mark shell view quit kept wins drew sent"),
    ("filler", "de", "preis preise lass lassen bald rand allein meisten meiste nächste nächsten nächster rechts "
                     "rechte rechten rechter links linke linken linker blau blaue blauen rot rote roten grün grüne "
                     "grünen gelb gelbe gelben weiß weiße weißen schwarz schwarze schwarzen grau graue grauen lila "
                     "rosa silber silbernen liegen drehen holz voll werft bier biere hier wir dir gier"),
    ("filler", "fr", "prix tours jours mots vieux destin manche bleu bleue rouge vert verte jaune blanc blanche "
                     "noir noire gris violet quel quelle quels quelles"),
    ("empty", "en", "free"), ("empty", "de", "frei freie freien freies freier"), ("empty", "fr", "libre libres"),
    ("cheap", "en", "cheapest cheap cheaper"), ("cheap", "de", "billigste billigsten billig billiger günstigste "
                                                              "günstigsten günstig günstiger"),
    ("cheap", "fr", "moins"),
    ("costs", "en", "costs cost costing"), ("costs", "de", "kostet kosten"), ("costs", "fr", "coûte coute coûtent"),
    ("empty", "en", "empty vacant untouched unclaimed"), ("empty", "de", "leer leere leeren leeres leerer"),
    ("empty", "fr", "vide vides"),
    ("load", "en", "load loading loaded"), ("load", "de", "laden beladen verladen verladung verladephase"),
    ("load", "fr", "charger chargement charge"),
    ("box", "en", "box"), ("box", "de", "schachtel"), ("box", "fr", "boîte boite"),
    ("colour", "en", "colour color"), ("colour", "de", "farbe"), ("colour", "fr", "couleur"),
    ("owncol", "en", "own normal regular mine"), ("owncol", "de", "normalen normale normaler eigenen eigene eigener"),
    ("owncol", "fr", "mien miens mienne miennes"),
    ("owncol", "fr", "propre propres normal normaux"),
    ("supply", "en", "supply bag"), ("supply", "de", "vorrat warenablage ablage"),
    ("rest", "en", "rest leftovers leftover remaining"), ("rest", "de", "rest restliche übrige uebrige"),
    ("rest", "fr", "reste restes"),
    ("expensive", "en", "expensive pricey costly"), ("expensive", "de", "teuer"), ("expensive", "fr", "cher chère"),
    ("spaceword", "en", "space spaces spot spots field fields row rows line lines queue queues column card"),
    ("spaceword", "de", "feld felder kartenfeld platz reihe reihen nachfragereihe nachfragezeile zeile spalte karte"),
    ("spaceword", "fr", "case cases emplacement file files colonne carte rangee rangees ligne"),
    ("yes", "en", "yes yeah yep yup sure ok okay deal"), ("yes", "de", "ja jep jawohl jawoll jo klar gerne gern"),
    ("yes", "fr", "oui ouais accord volontiers"),
    ("for", "en", "for against"), ("for", "de", "für fuer gegen"), ("for", "fr", "pour contre"),
    ("off", "en", "off from"), ("off", "de", "von vom"),
    ("to", "en", "on onto to into at"), ("to", "de", "auf aufs an ans zum zur ins in"),
    ("to", "fr", "sur à au aux dans"),
    ("his", "en", "his her their"), ("his", "de", "seine seinem seinen ihre ihrem ihren"),
    ("his", "fr", "son sa ses leur"),
)

_NOT_SELF = frozenset({"nothing", "nichts", "rien"})
# Words that make a line a remark rather than a move: someone else acting ("Ben takes the ship", "Cleo nimmt
# immer das Schiff"), a description ("the ship is expensive"), a doubt ("I could sell the amber", "vielleicht").
_THIRD_FORMS = """takes buys sells places puts wants reserves stores pays uses passes withdraws gets grabs keeps
    sacrifices trades gives steals doubles bids goes chooses picks sets nobody everybody everyone someone
    nimmt kauft verkauft setzt stellt legt geht holt opfert lagert zahlt nutzt passt verzichtet reserviert tauscht
    niemand jemand keiner
    prend met veut vend réserve personne
    says said tells told thinks reckons sagt sagte meint meinte findet dit disait pense""".split()
_SAYS = frozenset({"says", "said", "tells", "told", "thinks", "reckons", "sagt", "sagte", "meint", "meinte", "findet",
                   "dit", "disait", "pense"})
# What the player's own Viking or card does, said in the third person ("my brown one withdraws").
_THIRD_VERBS = {"withdraws": "withdraw", "passes": "pass", "buys": "buy", "pays": "pay", "verzichtet": "withdraw",

                "passt": "pass", "kauft": "buy", "zahlt": "pay"}
_COPULAS = {"en": "is are was were", "de": "ist sind war waren", "fr": "est sont etait était"}
_MAYBE = "maybe perhaps could might would vielleicht eventuell könnte koennte konnte würde wuerde sollte " \
    "pourrais pourrait devrais".split()


def build_lexicon() -> Lexicon:
    lex = Lexicon()
    add_common(lex)
    for good, (en, de, fr) in _GOODS.items():
        for lang, words in (("en", en), ("de", de), ("fr", fr)):
            for w in words.split():
                if w == "or":
                    continue  # FR "or" (gold) is also the English "or": read in context (l'or, d'or)
                lex.add(w, "good", good, lang, fuzzy=len(w) >= 5)
    for kind, (en, de, fr) in _TYPES.items():
        for lang, words in (("en", en), ("de", de), ("fr", fr)):
            lex.add(words, "ctype", (kind, None), lang, fuzzy=True)
    for good, stem in _DE_STEM.items():  # Bernsteinhändler, Wollorakel, Lederhandwerk
        lex.add(stem + "händler " + stem + "haendler", "ctype", ("trader", good), "de", fuzzy=True)
        lex.add(stem + "orakel", "ctype", ("oracle", good), "de", fuzzy=True)
        lex.add(stem + "handwerk", "ctype", ("craft", good), "de", fuzzy=True)
        lex.add(stem + "schiff", "ctype", ("ship", good), "de", fuzzy=True)
    for kind, words in _NAMES.items():
        lex.add(words, "cname", kind, "en de fr", fuzzy=True)
    for verb, forms in _VERBS.items():
        for lang, words in zip(("en", "de", "fr"), forms, strict=True):
            lex.add(words, "v", verb, lang, fuzzy=True)
    for kind, lang, words in _WORDS:
        lex.add(words, kind, None, lang, fuzzy=kind in ("viking", "coin", "storage", "market", "expensive", "brown"))
    lex.add("karte carte", "spaceword", None, "de fr", fuzzy=True)  # "mit der Krate"
    for lang, words in (("en", "costs"), ("de", "kostet"), ("fr", "coûte coute")):
        lex.add(words, "costs", None, lang, fuzzy=True)
    for stem, kind in (("schiffs", "ship"), ("schiff", "ship"), ("händler", "trader"), ("haendler", "trader"),
                       ("krieger", "warrior"), ("orakel", "oracle"), ("handwerks", "craft"), ("handwerk", "craft"),
                       ("gelage", "feast"), ("skalden", "skald"), ("raubzug", "raid"), ("raubzugs", "raid"),
                       ("gebäude", "building"), ("verräter", "traitor")):  # "Schiffsreihe", "Kriegerfeld"
        lex.add(" ".join(stem + w for w in ("reihe", "feld", "spalte", "zeile")), "ctype", (kind, None), "de",
                "row", fuzzy=True)
    lex.add("gods götter göttern goetter goettern dieux", "ctype", ("oracle", None), "en de fr")  # "to the gods"
    for value, words in ((10, "ten zehn dix"), (11, "eleven elf onze"), (12, "twelve zwölf zwoelf douze")):
        lex.add(words, "num", value, "en de fr")  # "the card on space eleven", "la carte dix"
    lex.add(_THIRD_FORMS, "third", None, "en de fr")
    lex.add("nah naw nee", "nope", None, "en")
    lex.add("heb hebe aufheben aufbewahren", "keep", None, "de")  # "heb ich mir auf"
    lex.add("neither nor", "neg", None, "en")  # "neither the ship nor the trader"
    lex.add("weder", "neg", None, "de")
    lex.add("ni", "neg", None, "fr")
    for lang, words in _COPULAS.items():
        lex.add(words, "copula", None, lang)
    lex.add(_MAYBE, "maybe", None, "en de fr")
    for cid in narrate.default_rows():
        lex.add(cid.lower(), "code", cid)
    return lex.freeze()


# ---- intents ---------------------------------------------------------------------------------------------

@dataclass(slots=True)
class Ref:
    """A card the words point at: an id, a card type (with a good), a named card, or a space."""

    code: str | None = None
    ctype: str | None = None
    good: str | None = None
    cname: str | None = None
    space: int | None = None
    nth: int | None = None
    more: tuple[str, ...] = ()
    size: int | None = None  # "the ship with 2 goods", "l'artisan à trois matériaux"
    sup: str | None = None  # "the small ship" (min) / "the big ship" (max): by its goods
    last: bool = False  # "the last card", "die letzte Karte": the highest demand space with a card
    what: str | None = None  # a skald's subject: "the raid skald", "le scalde des marchands"
    holding: str | None = None  # a craft by a good already on it: "the craft that already has the jet"


@dataclass(slots=True)
class Intent:
    verbs: list[str] = field(default_factory=list)
    goods: list[tuple[str, int]] = field(default_factory=list)
    refs: list[Ref] = field(default_factory=list)
    numbers: list[int] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    slots: list[frozenset[str]] = field(default_factory=list)  # traitor: the places the two Vikings may stand on
    took: str | None = None  # an exchange's "for <good>|coin"
    brown: bool = False
    coin: bool = False
    storage: bool = False
    market: bool = False
    supply: bool = False
    rest: bool = False
    expensive: bool = False
    yes: bool = False
    it: bool = False
    viking: bool = False
    card_word: bool = False  # "with the card"
    any_good: bool = False  # "a good", "eine Ware", "une marchandise"
    box: bool = False
    own_colour: bool = False  # "a Viking of my colour"
    all: bool = False
    neg: bool = False
    nope: bool = False
    back: bool = False  # "taking my Viking back", "Wikinger zurück", "je la remets"
    vacant: bool = False  # "the empty row", "the ship nobody's on"
    row: bool = False  # "a row", "eine Reihe", "une file": a demand row, not a reservation
    alt: bool = False  # goods named as alternatives ("the amber or the jet"): one of them
    not_brown: bool = False  # "not a brown one", "keinen braunen"
    cheap: bool = False  # "the cheapest spot", "am billigsten", "le moins cher"
    not_card: bool = False  # "not with the card", "ohne die Schatzkammer", "keep the treasury": pay in coins
    no_more: bool = False  # "no more", "keinen mehr", "je ne … plus": stop placing / assigning
    price: int | None = None  # "where it costs 1", "for one coin"
    others: bool = False  # "his Viking": someone else's
    unknown: int = 0
    relative: bool = False  # traitor: a place found relative to another ("the one in front of it")

    @property
    def bare(self) -> bool:
        """Only goods: the clause takes its verb and target from a neighbour."""
        return self.untargeted and not self.verbs

    @property
    def untargeted(self) -> bool:
        """Goods without a place to go ("put the wool", "Leder"): a neighbour may say where."""
        return bool(self.goods) and not (self.refs or self.storage or self.market or self.coin or self.supply
                                         or self.took) and set(self.verbs) <= {"place", "give"}

    @property
    def empty(self) -> bool:
        return not (self.verbs or self.goods or self.refs or self.numbers or self.labels or self.took
                    or self.brown or self.coin or self.storage or self.market or self.supply or self.rest
                    or self.expensive or self.yes or self.it or self.neg or self.nope or self.box or self.back
                    or self.viking or self.own_colour or self.any_good or self.card_word or self.vacant
                    or self.not_brown or self.others or self.cheap or self.price is not None or self.no_more)


_SPLIT = {",", ";", ".", "!", ":"}
_THEN = {"then", "dann", "danach", "puis", "ensuite", "also", "auch"}
_AND = {"and", "und", "et", "plus", "&", "+"}
_LABEL = re.compile(r"^(?:f([1-6])x([1-8])|r([1-9]))$")


def _clauses(hits: list[Hit]) -> list[list[Hit]]:
    out: list[list[Hit]] = [[]]
    for i, h in enumerate(hits):
        if h.text == "plus" and (i + 1 < len(hits) and hits[i + 1].text in ("de", "d") or any(
                x.text in ("ne", "n") for x in hits[max(0, i - 3):i])):
            out[-1].append(h)  # FR "plus de …", "je ne pose plus rien": "no more …"
            continue
        if (h.text in _AND or h.text == ",") and _goods_naming_card(hits, i):
            out[-1].append(h)  # "the leather-and-wool craft": goods that name one card
            continue
        if h.text in _SPLIT or h.text in _THEN or h.text in _AND:
            if out[-1]:
                out.append([])
            continue
        out[-1].append(h)
    return [c for c in out if c]


def _goods_naming_card(hits: list[Hit], i: int) -> bool:
    """Whether the conjunction at `i` joins goods that, together, qualify the card named right after them."""
    if i == 0 or hits[i - 1].first("good") is None:
        return False
    k = i - 1
    while k > 0 and (hits[k].first("good") is not None or hits[k].text in _GOODS_AND or hits[k].text == ","):
        k -= 1
    if hits[k].text in _CARD_WITH and k > 0:
        k -= 1
    if _card_noun(hits, k) and len(_goods_after_card(hits, k)[0]) >= 2:
        return True  # "das Handwerk mit Bernstein und Gagat"
    j = i + 1
    while j < len(hits) and (hits[j].first("good") is not None or hits[j].text in _AND):
        j += 1
    return j > i + 1 and j < len(hits) and (hits[j].first("ctype") is not None
                                            or hits[j].text in ("card", "karte", "carte"))


_CARD_WITH = frozenset({"with", "mit", "avec", "à", "a", "de", "d", "du", "des", "aus", "of"})
_GOODS_AND = frozenset({"and", "und", "et", "+"})


def _card_noun(hits: list[Hit], i: int) -> bool:
    """A craft card (or "card") named as a noun at `i`: "the craft", "aufs Handwerk" (not the verb "craft amber")."""
    h = hits[i]
    ct = h.first("ctype")
    if not (ct is not None and ct.value[0] == "craft" or h.text in ("card", "karte", "carte")):
        return False
    return h.first("v") is None or i > 0 and (hits[i - 1].first("def", "to", "his") is not None
                                              or hits[i - 1].text in ("a", "my", "small", "big", "your"))


def _goods_after_card(hits: list[Hit], i: int) -> tuple[list[str], int]:
    """The goods named right after a craft card ("the craft with amber and jet", "Handwerk Seide und Gagat",
    "l'artisan ambre-fer-laine") and the index after them."""
    j = i + 1
    if j < len(hits) and hits[j].text in _CARD_WITH:
        j += 1
    named: list[str] = []
    joins = _GOODS_AND | {","} if j > i + 1 else _GOODS_AND  # "with amber, iron and wool"
    while j < len(hits) and (hits[j].first("good") is not None or hits[j].text in joins and named
                             and j + 1 < len(hits) and hits[j + 1].first("good") is not None):
        g = hits[j].first("good")
        if g is not None:
            named.append(g.value)
        j += 1
    return named, j


_SKALD_SUBJECTS = frozenset({"trader", "craft", "warrior", "raid", "ship"})


def _qualify_refs(it: Intent, ctx: Ctx) -> None:
    """Descriptions that belong together: "the raid skald" / "le scalde des marchands" is one skald, the one that
    scores raids (traders); "the oracle for leather" is the leather oracle (not a good taken in exchange)."""
    skalds = [r for r in it.refs if r.ctype == "skald" and r.what is None]
    subjects = [r for r in it.refs if r.ctype in _SKALD_SUBJECTS and r.good is None and r.code is None]
    if len(skalds) == 1 and len(subjects) == 1:
        skalds[0].what = subjects[0].ctype
        it.refs.remove(subjects[0])
    if it.took == "coin" and not it.goods and ctx.decision in ("jorvik_purchase", "jorvik_reserved_purchase"):
        it.took, it.coin = None, True  # "Das Schiff nehm ich für eine Münze": the price, paid in coins
    if it.took and not it.goods and ctx.decision in ("jorvik_demand", "jorvik_purchase"):
        typed = [r for r in it.refs if r.ctype in ("oracle", "trader", "craft", "ship") and r.good is None]
        if len(typed) == 1:
            typed[0].good, it.took = it.took, None


_INSTEAD = frozenset({"instead", "stattdessen", "lieber", "plutot", "plutôt"})


def _from_instead(hits: list[Hit]) -> list[Hit]:
    """"ship's already at 3 coins... fine, I'll go for the warrior instead": the clause saying "instead" is the
    move, what came before is what the player turned from."""
    at = next((i for i, h in enumerate(hits) if h.text in _INSTEAD or h.text == "place" and i and hits[i - 1].text
               == "la" and i > 1 and hits[i - 2].text == "a"), None)
    if at is None:
        return hits
    start = max((i + 1 for i, h in enumerate(hits[:at]) if h.text in _SPLIT), default=0)
    part = hits[start:]
    return part if start and any(h.first("v", "ctype", "cname", "code", "spaceword", "num") for h in part) else hits


def _after_correction(hits: list[Hit]) -> list[Hit]:
    """"Feld 3 – nein, Feld 4", "buy, no wait, withdraw": what follows the last correction, when it says
    something."""
    cut = -1
    for i, h in enumerate(hits):
        if (h.first("correct") is not None or h.first("nope") is not None) and i > 0:
            rest = hits[i + 1:]
            if h.first("correct") is not None and hits[i - 1].first("v") is not None:
                continue  # "ich verliere lieber die Punkte": rather, after the verb, corrects nothing
            if h.first("correct") is None and rest and rest[0].first("v") is not None and h.text in ("no", "kein",
                                                                                                    "keine"):
                continue  # "no swap", "keine Reservierung": the move negated, not a correction
            if any(x.first("v", "good", "ctype", "cname", "code", "spaceword", "num") for x in rest):
                cut = i
    return hits[cut + 1:] if cut >= 0 else hits


def _intent(clause: list[Hit]) -> Intent:
    """One clause's intent. Phrases that change what the words around them mean are read first (a place label,
    "can't", "the small ship", card names of several words, "not a brown one", "one of mine", the size or price of
    a card, "Lass mal", "not with the card", "no more", "the last card", "nobody", purpose clauses); then each word
    by its lexicon kind."""
    it = Intent()
    pending_count: int | None = None
    pending_nth: int | None = None
    pending_size: int | None = None
    pending_sup: str | None = None
    after_for = False
    i = 0
    n = len(clause)
    held_at = _holding(clause)  # "Gagat auf das Handwerk mit dem Leder": the leather describes the craft
    while i < n:
        h = clause[i]
        text = h.text
        nxt = clause[i + 1] if i + 1 < n else None
        prev = clause[i - 1] if i > 0 else None
        m = _LABEL.match(text)
        if m:
            it.labels.append(f"{m.group(1)}.{m.group(2)}" if m.group(1) else f"R{m.group(3)}")
            i += 1
            continue
        if text == "t" and prev is not None and prev.text in ("can", "couldn"):
            it.neg = True  # "can't afford it"
            i += 1
            continue
        if h.first("sup", "supadj") is not None and nxt is not None and nxt.first("ctype") is not None:
            sup = h.first("sup", "supadj")
            pending_sup = "min" if str(sup.value).startswith("min") else "max"  # type: ignore[union-attr]
            i += 1
            continue
        phrase = _card_phrase(clause, i)
        if phrase is not None:
            kind_, skip_ = phrase
            it.refs.append(Ref(cname=kind_))  # "la maison d'échange", "the exchange house"
            i += skip_
            continue
        if h.first("neg") is not None and any(x.first("brown") is not None for x in clause[i + 1:i + 3]) and all(
                x.first("brown", "art", "viking") is not None or x.text in ("one", "un") for x in clause[i + 1:i + 3]):
            it.not_brown = True  # "not a brown one", "keinen braunen": own Viking (or, alone, no more brown ones)
            i += 1
            while i < n and clause[i].first("brown", "art", "viking") is not None or i < n and clause[i].text in (
                    "one", "un"):
                i += 1
            continue
        if h.first("poss") is not None and prev is not None and prev.text in ("von", "of", "des") and (
                nxt is None or nxt.first("viking") is not None):
            it.own_colour = True  # "einem von meinen", "one of my vikings"
        if h.first("his") is not None and nxt is not None and nxt.first("viking") is not None:
            it.others = True  # "Tom put his viking on the oracle"
        if text in ("a", "an", "one", "un", "une", "ein", "eine", "einer", "einem") and nxt is not None \
                and nxt.first("anygood") is not None and it.refs and it.refs[-1].ctype is not None \
                and prev is not None and prev.first("with", "to", "link") is not None:
            it.refs[-1].size = 1  # "le navire à une marchandise", "the ship with one good"
            i += 2
            continue
        if h.first("cheap") is not None and (text != "moins" or nxt is not None and nxt.first("expensive") is not None):
            it.cheap = True  # "the cheapest spot", "le moins cher"
            i += 2 if text == "moins" else 1
            continue
        if h.first("costs") is not None:
            j = i + 1
            while j < n and clause[j].text in ("only", "just", "nur", "bloss", "que", "seulement", "me", "mich", "mir"):
                j += 1
            cost = clause[j] if j < n else None
            if cost is not None and (cost.text.isdigit() or cost.first("num") is not None):
                it.price = int(cost.text) if cost.text.isdigit() else cost.first("num").value  # type: ignore
                i = j + 1
                continue  # "where it costs (only) 1", "là où ça coûte 1"
        if text == "lass" and (nxt is None or nxt.text in ("mal", "es", "gut", "sein")):
            it.nope = True  # "Lass mal", "lass es": no thanks
            i += 1
            continue
        if h.first("neg", "except") is not None or text in ("keep", "keeping", "behalte", "behalten", "garde", "garder",
                                                             "gardant"):
            j = i + 1
            while j < n and j <= i + 4 and clause[j].first("with", "def", "poss", "art") is not None:
                j += 1
            card = clause[j] if j < n else None
            if card is not None and (card.text in ("card", "karte", "carte") or card.distance and card.first(
                    "spaceword") is not None or any(
                    e.kind == "cname" and e.value == "pay_purchase" for e in card.entries)):
                it.not_card = True  # "not with the card", "ohne die Schatzkammer", "keep the treasury"
                if h.first("neg", "except") is None:
                    it.verbs.append("keep")  # "je garde la carte": a defence card kept (skip)
                i = j + 1
                continue
        if (h.first("neg", "nope") is not None or text in ("ne", "n", "nichts", "nothing", "rien")) and any(
                x.text in ("more", "mehr") for x in clause[i + 1:i + 4]) or text == "plus" and any(
                x.text in ("ne", "n") for x in clause[max(0, i - 3):i]):
            it.no_more = True  # "no more brown ones", "ich setze keinen mehr", "je ne pose plus rien": I stop
            i += 1
            continue
        if h.first("last") is not None and nxt is not None and nxt.text in (
                "card", "row", "space", "field", "karte", "reihe", "feld", "carte", "case", "file"):
            it.refs.append(Ref(last=True))  # "the last card", "die letzte Karte", "la dernière carte"
            i += 2
            continue
        if text in _NOBODY:
            it.vacant = True  # "the ship nobody's on yet", "nobody wants the trader… I'll go there"
            i += 1
            continue
        if text in ("goes", "geht", "va") and (it.viking or it.brown) and not any(
                x.first("back", "box") is not None for x in clause[i + 1:]):
            it.verbs.append("place")  # "my viking goes to the trader" (not "the rest goes to the supply")
            i += 1
            continue
        if text == "next" and nxt is not None and nxt.text == "to":
            i += 2
            continue  # "next to the ship": no skip
        if text in _THIRD_VERBS and h.first("v") is None:
            it.verbs.append(_THIRD_VERBS[text])  # "my brown one withdraws" (a remark was ruled out before)
            i += 1
            continue
        if text in ("pour", "um", "so", "afin", "avoid", "damit", "to") and any(
                _purpose(x) for x in clause[i + 1:i + 5]):
            # "je paie pour ne rien perdre", "um nichts zu verlieren", "so I don't lose", "pour garder mes points",
            # "to keep my points": why, not what
            while i < n and not _purpose(clause[i]):
                i += 1
            i += 1
            continue
        if text == "plus" and nxt is not None and nxt.text in ("de", "d"):
            it.neg = True  # "plus de Vikings marron"
            i += 1
            continue
        if text == "or" and prev is not None and prev.text in ("l", "d", "de"):
            good_entry: Any = ("good", "gold")
        elif text.isdigit() and not h.entries:
            good_entry = ("num", int(text))
        else:
            good_entry = None
        e = h.first("code", "good", "ctype", "cname", "v", "viking", "brown", "coin", "storage", "market", "supply",
                    "rest", "expensive", "spaceword", "yes", "for", "num", "nth", "neg", "nope", "it", "keep", "all",
                    "whole", "anygood", "box", "colour", "owncol", "back", "empty")
        if good_entry is not None:
            kind, value = good_entry
        elif e is None:
            if not h.entries and text.isalpha():
                it.unknown += 1
            i += 1
            continue
        else:
            kind, value = e.kind, e.value
        if text == "rien" and prev is not None and prev.text == "ne":
            i += 1
            continue  # "pour ne rien perdre": not a pass
        if h.first("storage") is not None and prev is not None and prev.text in ("from", "du", "aus", "vom", "de"):
            i += 1
            continue  # "la laine du stock": where the good comes from, neither a target nor "stock" the verb
        if kind == "v" and prev is not None and prev.text in ("you", "du", "tu") and i + 1 >= n:
            i += 1
            continue  # "here you go", "voilà, à toi": the verb is the other's
        if kind == "neg" and prev is not None and prev.text in ("why", "pourquoi", "warum", "wieso"):
            it.yes = True  # "why not", "pourquoi pas", "warum nicht"
            i += 1
            continue
        sure_fr = i + 1 < n and clause[i + 1].text == "sur" and not (
            i + 2 < n and (clause[i + 2].text in ("la", "le", "les", "l", "un", "une", "ce", "cette")
                           or clause[i + 2].first("num", "ctype", "spaceword") is not None))
        if kind == "neg" and (any(x.text in ("care", "matter", "mind", "importe", "egal", "sure", "sicher")
                                  for x in clause[i + 1:i + 4]) or sure_fr  # "pas sûr", not "pas sur la 5"
                              or prev is not None and prev.text in _NOBODY):
            i += 1
            continue  # "don't care which", "n'importe lequel": the choice is open, nothing is refused
        if _card_noun(clause, i):
            after, j = _goods_after_card(clause, i)
            if len(after) >= 2:
                # "the craft with amber and jet", "das Handwerk Seide und Gagat", "l'artisan ambre fer laine"
                ct = h.first("ctype")
                ctype = ct.value[0] if ct is not None else "any"
                it.refs.append(Ref(ctype=ctype, good=after[0], more=tuple(after[1:]), sup=pending_sup))
                pending_sup = None
                i = j
                continue
        if kind == "good" and nxt is not None and (nxt.first("good") is not None or nxt.text in ("or", "and", "und",
                                                                                                    "et", "ou", "+")):
            # "the leather-and-wool craft", "the amber/iron craft", "die Leder-Wolle-Karte": goods naming a card
            j = i
            named: list[str] = []
            while j < n and (clause[j].first("good") is not None or clause[j].text in ("or", "and", "und", "et", "+")
                             and j + 1 < n and clause[j + 1].first("good") is not None):
                g = clause[j].first("good")
                if g is not None:
                    named.append(g.value)
                j += 1
            card = clause[j] if j < n else None
            if len(named) >= 2 and card is not None and (card.first("ctype") is not None
                                                         or card.text in ("card", "karte", "carte")):
                ct = card.first("ctype")
                ctype = ct.value[0] if ct is not None else "any"
                it.refs.append(Ref(ctype=ctype, good=named[0], more=tuple(named[1:]), sup=pending_sup))
                pending_sup = None
                i = j + 1
                continue
        if kind == "num" and nxt is not None and nxt.first("anygood") is not None and (
                it.refs and it.refs[-1].ctype is not None and prev is not None and (
                    prev.first("with", "to", "link") is not None or prev.first("ctype") is not None)):
            it.refs[-1].size = value  # "the ship with 2 goods", "l'artisan à trois matériaux"
            i += 2
            continue
        if kind == "num" and i + 2 < n and nxt is not None and nxt.first("anygood") is not None \
                and clause[i + 2].first("ctype") is not None:
            pending_size = value  # "the 3-goods ship"
            i += 2
            continue
        if h.first("ctype") is not None and h.first("ctype").has("row"):  # type: ignore[union-attr]
            it.row = True  # "eine Schiffsreihe": a demand row
        if text == "ones":
            i += 1
            continue  # "no more brown ones": a pronoun (no card has a rank)
        if kind == "num" and text in ("one", "un", "une") and not (
                nxt is not None and nxt.first("viking", "good", "coin") is not None):
            i += 1
            continue  # "a brown one", "put one in the warehouse": a pronoun, not space 1
        if kind == "v" and value == "reserve" and prev is not None and prev.text in ("la", "l") \
                and text == "reserve":
            kind = "supply"  # FR "à la réserve": the goods supply
        if kind == "good" and i in held_at:
            i += 1
            continue  # the good already on the craft: it names the card (below), it is not moved
        if kind == "good":
            count = pending_count or 1
            pending_count = None
            if after_for:
                it.took = value
            else:
                it.goods.append((value, count))
        elif kind == "code":
            it.refs.append(Ref(code=value))
        elif kind == "ctype":
            if value is not None:
                ctype, good = value
                # "the amber trader": a good right before the card type qualifies it
                if good is None and it.goods and prev is not None and prev.first("good") is not None:
                    good = it.goods.pop()[0]
                ref = Ref(ctype=ctype, good=good, nth=pending_nth, size=pending_size, sup=pending_sup)
                pending_nth = pending_size = pending_sup = None
                if ctype == "warrior" and ref.size is None:
                    ref.size = _warrior_value(clause, i)  # "der Vierer-Krieger", "le guerrier à 3", "warrior of 4"
                    if ref.size is not None and it.numbers and it.numbers[-1] == ref.size and i and (
                            clause[i - 1].text.isdigit() or clause[i - 1].first("num") is not None):
                        it.numbers.pop()  # "the 4 warrior": its value, no space
                    elif ref.size is not None and i + 2 < n and clause[i + 1].text in (
                            "of", "with", "mit", "von", "a", "à", "de", "du"):
                        it.refs.append(ref)
                        i += 3  # "warrior of 4": the value read, not a space
                        continue
                it.refs.append(ref)
                j = i + 1
                more: list[str] = []
                while ctype == "craft" and j < n and (clause[j].first("good") is not None or clause[j].text == "or"):
                    more.append(clause[j].first("good").value if clause[j].first("good") else "gold")  # type: ignore
                    j += 1
                if more and it.goods:  # "le cuir sur l'artisan or-cuir": the goods name the craft
                    ref.good, ref.more = more[0], tuple(more[1:])
                    i = j
                    continue
        elif kind == "cname":
            it.refs.append(Ref(cname=value))
        elif kind == "v" and prev is not None and any(e.kind == "v" and e.value == "done" for e in prev.entries):
            pass  # "done placing", "fertig mit Verladen": what is done, not a move of its own
        elif kind == "v" and value == "place" and text.startswith("setz") and clause[-1].text == "ein":
            it.verbs.append("use")  # "ich setze die Werkstatt ein": einsetzen
        elif kind == "v" and value == "give" and nxt is not None and nxt.text in ("me", "mir", "moi"):
            it.verbs.append("take")  # "give me an iron for the three": what the player gets
        elif kind == "v" and value == "exchange" and prev is not None and prev.text in (
                "the", "l", "le", "das", "den", "dem", "ins"):
            it.market = True  # "into the exchange", "dans l'échange": the exchange house, not a verb
        elif kind == "v":
            if value == "take" and any(x.first("back") is not None for x in clause[i + 1:]):
                value = "withdraw"  # "taking my Viking back", "je reprends mon viking"
            it.verbs.append(value)
        elif kind == "keep":
            it.verbs.append("keep")
        elif kind == "viking":
            it.viking = True
            pending_count = None
            if prev is not None and prev.first("poss") is not None and not any(
                    x.first("brown") is not None for x in clause):
                it.own_colour = True  # "un de mes vikings", "with my Viking": one's own colour, not a brown one
        elif kind == "brown":
            it.brown = True
        elif kind == "coin":
            if after_for and not (prev is not None and prev.first("num") is not None):
                it.took = "coin"  # "2 wool for a coin" (but "for two coins" is a price)
            if prev is not None and i >= 2 and clause[i - 2].text in ("a", "à", "zu", "fur", "für") and (
                    prev.text.isdigit() or prev.first("num") is not None or prev.text in ("un", "une", "einer", "one")):
                pv = prev.first("num")
                it.price = int(prev.text) if prev.text.isdigit() else pv.value if pv else 1  # "à une pièce"
            it.coin = True
            pending_count = None
        elif kind == "storage":
            before = {clause[k].text for k in range(max(0, i - 2), i)}
            if not before & {"from", "du", "aus", "vom", "de"}:
                it.storage = True  # "la laine du stock": from the storage, not into it
        elif kind == "market":
            it.market = True
        elif kind == "supply":
            it.supply = True
        elif kind == "rest":
            it.rest = True
        elif kind == "expensive":
            it.expensive = True
        elif kind == "anygood":
            it.any_good = True
        elif kind == "box":
            it.box = True
        elif kind == "back":
            it.back = True
        elif kind == "empty":
            it.vacant = True
        elif kind == "owncol":
            it.own_colour = True
        elif kind == "colour":
            it.own_colour = prev is not None and prev.first("poss") is not None or (
                i > 1 and clause[i - 2].first("poss") is not None)
        elif kind == "yes":
            it.yes = True
        elif kind == "for":
            after_for = True
        elif kind == "spaceword":
            if text in ("row", "rows", "queue", "queues", "line", "lines", "reihe", "reihen", "nachfragereihe",
                        "nachfragezeile", "zeile", "file", "files"):
                it.row = True
            if text in ("card", "karte", "carte") and prev is not None and prev.first("with") is not None:
                it.card_word = True
            num = nxt.first("num") if nxt is not None else None
            value = num.value if num is not None else int(nxt.text) if nxt is not None and nxt.text.isdigit() \
                else None
            if value is not None and 1 <= value <= 12:
                it.refs.append(Ref(space=value))
                i += 2
                continue
            if pending_nth is not None:
                it.refs.append(Ref(space=pending_nth))
                pending_nth = None
        elif kind == "num":
            if nxt is not None and nxt.first("good", "viking", "coin") is not None and not after_for:
                pending_count = value
            elif after_for:
                if nxt is not None and nxt.first("coin") is not None:
                    it.price = value  # "for 3 coins", "pour 2 pièces": a price ("go for 3" is no price)
            else:
                it.numbers.append(value)
        elif kind == "nth":
            in_row = i + 3 < n and clause[i + 1].text in ("in", "im", "dans", "de") and any(
                x.text in ("row", "line", "queue", "reihe", "file", "ligne") for x in clause[i + 2:i + 4])
            if not (prev is not None and prev.first("poss") is not None and nxt is not None
                    and nxt.first("viking") is not None) and not in_row:  # not "I'll be third in that row"
                pending_nth = value  # not "behind my first guy": one's own Viking, no space
        elif kind == "neg":
            it.neg = True
        elif kind == "nope":
            it.nope = True
        elif kind == "it":
            it.it = True
        elif kind in ("all", "whole"):
            it.all = True
        i += 1
    for good, lying in held_at.values():
        crafts = [r for r in it.refs if r.ctype in ("craft", "any") and r.good is None and r.holding is None]
        ref = crafts[0] if crafts else Ref(ctype="craft")
        if not crafts:
            it.refs.append(ref)  # "glass next to the jet"
        ref.ctype = "craft"
        if lying:
            ref.holding = good  # the craft card that already has it
        else:
            ref.good = good  # "mit dem Leder": a craft that takes leather
    if pending_nth is not None and not it.refs:
        it.refs.append(Ref(space=pending_nth))
    if len(it.goods) >= 2 and any(c.first("or") is not None and not (c.text == "or" and k > 0 and clause[k - 1].text
                                                                      in ("l", "d", "de"))
                                  for k, c in enumerate(clause)):
        it.alt = True  # "the amber or the jet": one of them
    # numbers 10-12 are whole tokens; 1-9 may be "num" entries: a bare number is a space in the demand phase
    return it


# Card names of several words: (words, effect kind); "d"/"de"/"des" between them are skipped.
_PHRASES: tuple[tuple[tuple[str, ...], str], ...] = (
    (("maison", "echange"), "exchange"), (("maison", "echanges"), "exchange"), (("exchange", "house"), "exchange"),
    (("trading", "house"), "exchange"), (("trading", "post"), "exchange"), (("trade", "house"), "exchange"),
    (("long", "house"), "brown_vikings"), (("shield", "wall"), "double_warrior"), (("mur", "boucliers"),
                                                                                  "double_warrior"),
    (("market", "stall"), "take_supply_good"), (("maison", "commerce"), "exchange"),
    (("tresor", "argent"), "gain_coins"), (("silver", "hoard"), "gain_coins"),
    (("stand", "marche"), "take_supply_good"), (("market", "stand"), "take_supply_good"),
)


_NER = {"einer": 1, "zweier": 2, "dreier": 3, "vierer": 4, "funfer": 5, "fuenfer": 5}


def _warrior_value(clause: list[Hit], i: int) -> int | None:
    """The defence value a warrior is named by, next to its card type: "Vierer-Krieger", "the 4 warrior",
    "warrior of 4", "le guerrier à 3", "Krieger mit 2"; None when none is said."""
    def value(h: Hit) -> int | None:
        if h.text.isdigit():
            return int(h.text)
        e = h.first("num")
        return int(e.value) if e is not None and isinstance(e.value, int) else None

    prev = clause[i - 1] if i > 0 else None
    if prev is not None and prev.text in _NER:
        return _NER[prev.text]
    if prev is not None and (v := value(prev)) is not None and 1 <= v <= 5 and (
            i < 2 or clause[i - 2].first("to", "spaceword") is None) and (
            prev.text.isdigit() or v >= 2 and prev.first("art") is None):
        return v  # "the 4 warrior" (not "auf 4 Krieger", and "un guerrier", "a warrior" is an article)
    nxt = clause[i + 1] if i + 1 < len(clause) else None
    if nxt is not None and (v := value(nxt)) is not None and 1 <= v <= 5 and i + 2 < len(clause) and clause[
            i + 2].text in ("one", "card", "karte", "carte"):
        return v  # "put me on the warrior 4 one"
    if nxt is not None and nxt.text in ("of", "with", "mit", "von", "a", "à", "de", "du") and i + 2 < len(clause):
        v = value(clause[i + 2])
        after = clause[i + 3] if i + 3 < len(clause) else None
        if v is not None and 1 <= v <= 5 and (after is None or after.first("viking", "coin", "good") is None):
            return v
    return None


def _holding(clause: list[Hit]) -> dict[int, tuple[str, bool]]:
    """The second good of a clause that describes the craft card rather than being moved, by its index: (good,
    whether it already lies on the card). "that already has the jet", "wo schon Bernstein liegt", "next to the jet",
    "zum Gagat": already on it; "with the leather", "mit dem Leder", "avec le cuir": a craft that takes it (or has
    it). The first good named is the one moved; two goods joined by "and"/"or" are both moved."""
    goods = [k for k, h in enumerate(clause) if h.first("good") is not None]
    if len(goods) != 2:
        return {}
    k = goods[1]
    between = [clause[x].text for x in range(goods[0] + 1, k)]
    if clause[k - 1].text in ("and", "und", "et", ",", "or", "oder") or "ou" in between and not any(
            t in ("deja", "schon", "already", "il", "liegt") for t in between):
        return {}  # "amber and jet", "l'ambre ou le fer": both moved, or one of them
    lead = set(between[-5:])
    good = clause[k].first("good").value  # type: ignore[union-attr]
    if lead & {"already", "schon", "deja", "has", "hat", "holds", "next", "neben", "zum", "zur", "cote", "wo"}:
        return {k: (good, True)}
    if lead & {"with", "mit", "avec"}:
        return {k: (good, False)}
    return {}


def _card_phrase(clause: list[Hit], i: int) -> tuple[str, int] | None:
    """A card name of several words starting at `i`: (effect kind, tokens used)."""
    for words, kind in _PHRASES:
        j, k = i, 0
        while j < len(clause) and k < len(words):
            t = clause[j].text
            if t == words[k]:
                k += 1
            elif k == 0 or t not in ("d", "de", "des", "du", "l"):
                break
            j += 1
        if k == len(words):
            return kind, j - i
    return None


def _purpose(h: Hit) -> bool:
    """A verb of losing or keeping, as said after "pour", "um … zu", "to": the reason for a move."""
    return any(e.kind == "v" and e.value == "lose" or e.kind == "keep" for e in h.entries)


def _share(intents: list[Intent]) -> list[Intent]:
    """Clauses that only name goods take the verb and target of a neighbour: the next one that has them when
    only bare clauses lie between ("amber and iron to the trader"), else the previous ("sell amber and iron")."""
    out = list(intents)
    for i, it in enumerate(out):
        if not it.untargeted:
            continue
        donor = next((x for x in out[i + 1:] if not x.untargeted), None)
        if donor is None and it.bare:
            donor = next((x for x in reversed(out[:i]) if not x.bare), None)
        if donor is None:
            continue
        if not it.verbs:
            it.verbs = list(donor.verbs)
        it.refs = [r for r in donor.refs]
        it.storage, it.market, it.coin, it.supply = donor.storage, donor.market, donor.coin, donor.supply
    return out


_GOODS_DECISIONS = frozenset({"jorvik_assign", "jorvik_exchange", "jorvik_pick"})
_FLAGS = ("brown", "coin", "storage", "market", "supply", "rest", "expensive", "yes", "it", "viking", "card_word",
          "all", "neg", "nope", "any_good", "box", "own_colour", "back", "vacant", "row", "alt", "not_brown", "others",
          "cheap", "not_card", "no_more")


def _union(a: Intent, b: Intent) -> Intent:
    out = Intent(verbs=a.verbs + [v for v in b.verbs if v not in a.verbs], goods=a.goods + b.goods,
                 refs=a.refs + b.refs, numbers=a.numbers + b.numbers, labels=a.labels + b.labels,
                 took=a.took or b.took, unknown=a.unknown + b.unknown)
    for f in _FLAGS:
        setattr(out, f, getattr(a, f) or getattr(b, f))
    return out


def _merge(intents: list[Intent], ctx: Ctx) -> list[Intent]:
    if ctx.decision in _GOODS_DECISIONS and len(intents) > 1:
        kept = [x for x in intents if not x.neg]
        if kept and len(kept) < len(intents):  # "don't sell the amber, store it": the negated clause is no move
            dropped = [x for x in intents if x.neg]
            for x in kept:
                if not x.goods and dropped[0].goods:
                    x.goods = list(dropped[0].goods)
            intents = kept
    elif ctx.decision == "jorvik_demand" and len(intents) > 1:
        kept = [x for x in intents if not x.neg]
        dropped = [x for x in intents if x.neg]
        if kept and dropped and all(x.refs or x.numbers for x in kept) and all(
                (x.refs or x.numbers) and not x.brown for x in dropped):
            intents = kept  # "not the ship, the trader", "nicht das Schiff, sondern den Händler"
    return _merge_clauses(intents, ctx)


def _merge_clauses(intents: list[Intent], ctx: Ctx) -> list[Intent]:
    """Clauses are separate moves only where goods are assigned one by one ("sell the amber, leather on the
    craft, done"); elsewhere, and for a clause that names no good and no verb there ("ok", "too expensive"),
    the clauses say one thing together ("too expensive, I withdraw", "Feld 3, das Schiff")."""
    if not intents:
        return intents
    if ctx.decision not in _GOODS_DECISIONS or not any(x.goods for x in intents):
        merged = intents[0]
        for x in intents[1:]:
            merged = _union(merged, x)
        return [merged]
    if any(x.goods for x in intents):
        told = [x for x in intents if _explains(x)]
        if told and len(told) < len(intents):
            # "Eisen auf den Markt, zwei Waren gegen eine Münze": the rule recited, the goods named elsewhere
            intents = [x for x in intents if not _explains(x)]
            for x in intents:
                if x.goods and not (x.refs or x.storage or x.supply or set(x.verbs) - {"place", "give", "exchange"}):
                    x.market = True
    out: list[Intent] = []
    for x in intents:
        if x.goods and out and not out[-1].goods and (out[-1].any_good or out[-1].took) and (
                not x.verbs or x.verbs == out[-1].verbs):
            out[-1] = _union(out[-1], x)  # "store something, the amber or the jet"
        elif not x.goods and x.verbs and not x.refs and out and out[-1].goods and (
                out[-1].verbs and set(out[-1].verbs) <= set(x.verbs) or out[-1].bare):
            out[-1] = _union(out[-1], x)  # "the iron, sell it", "le fer, je le vends"
        elif not x.goods and not x.verbs and out:
            out[-1] = _union(out[-1], x)
        elif out and not out[-1].goods and not out[-1].verbs:
            out[-1] = _union(out[-1], x)
        else:
            out.append(x)
    return out


def _explains(it: Intent) -> bool:
    """A clause that recites an exchange's rate without naming a good ("zwei Waren gegen eine Münze", "deux
    marchandises contre une pièce")."""
    return it.any_good and not it.goods and bool(it.took or it.coin) and not it.refs


def _expand(intents: list[Intent], held: dict[str, int]) -> list[Intent]:
    """One intent per action: "2 Wolle verkaufen" is two sales, "3 wool for iron" three gives and a take; goods
    named as alternatives ("Bernstein oder Leder") are one step, asked about."""
    out: list[Intent] = []
    for it in intents:
        if it.alt:
            out.append(_with(it, list(it.goods)))
            continue
        if it.took is not None and not it.goods and not it.any_good:
            out.append(_with(it, [], verbs=["take"], took=None, took_good=it.took))  # "contre un fer", "for a coin"
            continue
        if it.took is not None and it.goods:
            for good, count in it.goods:
                n = held.get(good, count) if it.all else count
                for _ in range(n):
                    out.append(_with(it, [(good, 1)], verbs=["give"], took=None))
            out.append(_with(it, [], verbs=["take"], took=None, took_good=it.took))
            continue
        if len(it.goods) <= 1 and not (it.goods and (it.goods[0][1] > 1 or it.all)):
            out.append(it)
            continue
        for good, count in it.goods:
            n = held.get(good, count) if it.all else count
            for _ in range(max(1, n)):
                out.append(_with(it, [(good, 1)]))
    return out


def _with(it: Intent, goods: list[tuple[str, int]], verbs: list[str] | None = None, took: str | None = None,
          took_good: str | None = None) -> Intent:
    new = Intent(**{f: getattr(it, f) for f in Intent.__slots__})
    new.goods = goods
    new.refs = list(it.refs)
    if verbs is not None:
        new.verbs = verbs
    new.took = took
    if took_good is not None:
        new.goods = [(took_good, 1)] if took_good != "coin" else []
        new.coin = took_good == "coin"
    return new


# ---- the position as the words need it ----------------------------------------------------------------------

_CARD_WORDS = frozenset({"card", "cards", "karte", "karten", "carte", "cartes"})
_PAY_CARD_LEAD = frozenset({"with", "mit", "avec", "by", "per", "par", "using"})
_KEEP_CARD_LEAD = frozenset({"without", "not", "keep", "keeping", "saving", "ohne", "nicht", "behalte", "behalten",
                             "sans", "pas", "garde", "gardant"})


_EINLAGERN = re.compile(r"\b(lagere?|lagerst|lagert)\b((?:\s+\w+){0,4}?)\s+ein\b", re.IGNORECASE)


def _declining_negated(hits: list[Any], verbs: tuple[str, ...] = ("withdraw", "pass", "skip")) -> bool:
    """A negation right at a word that declines ("I'm not withdrawing", "ich verzichte nicht", "je ne me retire
    pas", "don't pass"), not one further off ("Je renonce, pas assez de pièces"); or at one of `verbs`."""
    declines = [i for i, h in enumerate(hits) if (e := h.first("v")) is not None and e.value in verbs]
    negs = [i for i, h in enumerate(hits) if h.first("neg") is not None or h.text in ("ne", "n", "not", "nicht", "pas",
                                                                                     "dont", "don")]
    def apart(i: int, j: int) -> bool:  # a comma or full stop between them: another clause
        return any(h.text in (",", ".", ";", ":", "!") for h in hits[min(i, j) + 1:max(i, j)])

    return any((0 < j - i <= 2 or 0 < i - j <= 3) and not apart(i, j) for i in declines for j in negs)


@dataclass(slots=True)
class Ctx:
    decision: str
    player: int
    rows: dict[str, dict[str, Any]]
    spaces: dict[int, str]
    cargo: dict[str, tuple[str, ...]]
    own: tuple[str, ...]
    others: tuple[str, ...]
    offer: str | None
    held: dict[str, int]
    vikings: int = 0  # own Vikings left to place (demand)
    row_len: dict[int, int] = field(default_factory=dict)  # Vikings in each demand row
    prices: dict[int, int] = field(default_factory=dict)  # what joining each open demand row costs
    can_pay: bool = True  # purchase: the coins cover the price (else only the card can pay)
    on_craft: dict[str, frozenset[str]] = field(default_factory=dict)  # goods already on each craft card


def context(state: Any, player: int) -> Ctx:
    t = state.cards
    rows = {r["id"]: r for r in t.data["cards"]}
    spaces = {sp + 1: t.ids[c] for sp, c in enumerate(state.spaces) if c >= 0}
    cargo = {t.ids[c]: tuple(GOODS[g] for g in range(8) for _ in range(goods[g])) for c, goods in state.cargo}
    seat = player if 0 <= player < state.players else 0
    own = tuple(t.ids[c] for c in state.display[seat])
    others = tuple(t.ids[c] for o in range(state.players) if o != seat for c in state.display[o])
    d = state.decision
    offer = d.facts.get("card") if d.kind in ("jorvik_purchase", "jorvik_reserved_purchase") else None
    both = [state.pool[g] + state.storage[seat][g] for g in range(8)]
    held = {GOODS[g]: n for g, n in enumerate(both) if n}
    vikings = int(d.facts.get("vikings", 0) or 0) if d.kind == "jorvik_demand" else 0
    row_len = {sp + 1: len(r) for sp, r in enumerate(state.rows)}
    prices = {int(sp): int(p) for sp, p in (d.facts.get("prices") or {}).items()} if d.kind == "jorvik_demand" else {}
    can_pay = bool(d.facts.get("can_pay", True))
    on_craft = {t.ids[c]: frozenset(GOODS[g] for g in range(8) if goods[g]) for c, goods in state.crafts}
    return Ctx(d.kind, seat, rows, spaces, cargo, own, others, offer, held, vikings, row_len, prices, can_pay,
               on_craft)


def _effects(row: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {e["kind"]: e for e in row.get("effects", [])}


def _card_goods(ctx: Ctx, cid: str) -> set[str]:
    row = ctx.rows.get(cid, {})
    eff = _effects(row)
    out: set[str] = set(ctx.cargo.get(cid, ()))
    for kind in ("trade", "sacrifice"):
        if kind in eff:
            out.add(eff[kind]["good"])
    if "craft" in eff:
        out.update(eff["craft"]["needs"])
    return out


def ref_fits(ref: Ref, ctx: Ctx, cid: str, space: int | None = None) -> bool:
    if ref.last:
        return space is not None and space == max((sp for sp in ctx.spaces if sp <= 6), default=0)
    if ref.space is not None:
        return space == ref.space
    if ref.code is not None:
        return cid == ref.code
    row = ctx.rows.get(cid)
    if row is None:
        return False
    eff = _effects(row)
    if ref.cname is not None:
        return ref.cname in eff
    if ref.ctype is not None:
        if ref.ctype == "any":
            ok = True
        elif ref.ctype == "building":
            ok = row["type"] == "building"
        elif ref.ctype == "defence":
            ok = row["type"] == "defence"
        else:
            ok = row["type"] == ref.ctype
        if not ok:
            return False
        if ref.what is not None and not any(e.get("what") == ref.what for e in row.get("effects", [])):
            return False  # "the raid skald": the skald that scores raids
        if ref.holding is not None:
            return ref.holding in ctx.on_craft.get(cid, frozenset())  # "the craft that already has the jet"
        goods = _card_goods(ctx, cid)
        if ref.size is not None and _card_size(ctx, cid) != ref.size:
            return False
        return (ref.good is None or ref.good in goods) and all(g in goods for g in ref.more)
    return False


def _card_size(ctx: Ctx, cid: str) -> int:
    """How many goods a card is about: a ship's cargo, a craft's materials."""
    eff = _effects(ctx.rows.get(cid, {}))
    if "ship" in eff:
        return int(eff["ship"].get("goods", len(ctx.cargo.get(cid, ()))))
    if "craft" in eff:
        return len(eff["craft"]["needs"])
    if "defence" in eff:
        return int(eff["defence"].get("value", 0))  # "der Vierer-Krieger": a warrior by its defence value
    return len(_card_goods(ctx, cid))


def _exact_exists(ref: Ref, ctx: Ctx) -> bool:
    """Some card in a display has exactly the goods the words name."""
    return any(_exact_goods(ref, ctx, c) for c in (*ctx.own, *ctx.others))


def _exact_goods(ref: Ref, ctx: Ctx, cid: str) -> bool:
    """A card named by all its goods ("the leather-and-wool craft" is leather + wool, not amber + leather + wool)."""
    return bool(ref.more) and ref.good is not None and {ref.good, *ref.more} == _card_goods(ctx, cid)


# ---- readings --------------------------------------------------------------------------------------------

_NO_GOOD_KINDS = frozenset({"demand", "reserve", "buy", "withdraw", "skip", "done", "swap", "double", "pay", "use"})


@dataclass(slots=True)
class JReading:
    intent: Intent
    ctx: Ctx
    score: float = 1.0
    open: bool = False  # the line leaves the choice open ("whichever"): no preference among what fits
    card_said: bool = False  # the line names a card to pay with anywhere ("buy it, not with the card")
    pay_hint: str | None = None  # "card" ("with the card"), "coins" ("not with the card", "keeping the card")

    def kinds(self) -> frozenset[str] | None:
        verbs = self.intent.verbs
        if not verbs:
            return None
        out: set[str] = set()
        for v in verbs:
            out |= _VERB_KINDS.get(v, frozenset())
        return frozenset(out)

    def match(self, action: Any, info: Any) -> float | None:
        it, ctx = self.intent, self.ctx
        k = action.kind
        kinds = self.kinds()
        score = 1.0
        if kinds is not None:
            if k not in kinds:
                return None
            score += 1.0 + (0.5 if self._implied(k) else 0.0)
        elif self._implied(k):
            score += 1.0
        elif not self._weakly_implied(k):
            return None
        good = getattr(action, "good", None)
        goods = {g for g, _ in it.goods}
        if k in _NO_GOOD_KINDS:
            if goods and k not in ("demand", "reserve"):
                return None
        elif k == "take" and good == "coin":
            if goods or not it.coin:
                return None
        else:  # the actions that move one good
            if goods:
                if good not in goods:
                    return None
                score += 1.0
            else:
                if k == "take" and it.coin:
                    return None
                if kinds is None and not it.refs and not (
                        (it.goods or it.any_good or it.storage) and ctx.decision in _GOODS_DECISIONS):
                    return None
                qualified = {r.good for r in it.refs if r.good is not None and not r.more}  # not "the amber-iron craft"
                if qualified and good not in qualified and not it.any_good:
                    return None  # but "steal something from the gold craft": any good of it
        if k in ("demand", "reserve") and it.verbs and set(it.verbs) <= {"use", "steal"} and not it.viking:
            return None  # "use the traitor": a card, not a place in a row ("use my brown Viking on 1" is)
        if it.storage and not it.refs and k in ("craft", "sell", "sacrifice", "give") and (
                kinds is None or "store" not in kinds or it.verbs and set(it.verbs) <= {"place", "store"}):
            return None  # "put the amber in storage": storing, or the engine says why not
        if "give" in it.verbs and k in ("sell", "craft") and not it.refs:
            return None  # "give the amber" is no sale; "give the amber to the oracle" a sacrifice
        if "give" in it.verbs and k in ("give", "sacrifice") and not it.refs and not it.market:
            return 1.0  # "je donne l'ambre" with an oracle at hand: into the exchange, or to the oracle? asked
        fit = self._fit(action, k)
        if fit is None:
            return None
        return score + fit

    def _extreme(self, ref: Ref, space: int) -> bool:
        """"the small ship": the space holds the card of that kind with the fewest (most) goods among those the
        words allow."""
        it, ctx = self.intent, self.ctx
        spaces = [sp for sp, c in ctx.spaces.items() if ref_fits(replace(ref, sup=None), ctx, c, sp)
                  and not (it.row and sp > 6) and not (it.vacant and ctx.row_len.get(sp, 0))]
        sizes = {sp: _card_size(ctx, ctx.spaces[sp]) for sp in spaces}
        if space not in sizes:
            return False
        best = min(sizes.values()) if ref.sup == "min" else max(sizes.values())
        return sizes[space] == best

    @property
    def storing(self) -> bool:
        """The storage named: "in storage", "ins Lager", or the warehouse while goods are assigned."""
        it = self.intent
        return it.storage or self.ctx.decision in _GOODS_DECISIONS and any(r.cname == "storage" for r in it.refs)

    def _weakly_implied(self, k: str) -> bool:
        """"the amber" while goods are assigned: every move with it fits (and is asked about)."""
        return self.ctx.decision in _GOODS_DECISIONS and bool(self.intent.goods) and k in (
            "craft", "sell", "sacrifice", "store", "give", "take", "pick")

    def _implied(self, k: str) -> bool:
        """Without a verb: what the other words make of the action kind."""
        it, ctx = self.intent, self.ctx
        refs = it.refs
        if k in ("demand", "reserve"):
            return bool(refs or it.numbers or it.viking or it.goods or it.vacant or it.row or it.cheap
                        or it.price is not None and ctx.decision == "jorvik_demand") and not (
                it.storage or it.market)
        if k == "buy":
            return it.yes or (it.it and not it.neg) or it.card_word
        if k == "withdraw":
            return it.expensive or it.nope or it.neg or it.box or it.back
        if k == "skip":
            return it.nope or it.neg
        if k == "double":
            return it.yes
        if k == "pay":
            return it.yes or it.coin
        if k == "done":  # "the rest goes back", "the iron can go back to the supply": leftovers, then done
            return (it.rest or it.supply) and (not it.goods or it.supply and not it.storage)
        if k == "craft":
            return any(r.ctype == "craft" or (r.code and "craft" in _effects(ctx.rows.get(r.code, {})))
                       for r in refs)
        if k == "sell":
            return any(r.ctype == "trader" for r in refs) or (it.coin and not it.market)
        if k == "sacrifice":
            return any(r.ctype == "oracle" for r in refs)
        if k == "store":
            return self.storing
        if k == "give":  # "iron into the exchange house": the market exchange
            return it.market or (it.coin and not refs) or ctx.decision in _GOODS_DECISIONS and bool(refs) and all(
                r.cname == "exchange" for r in refs)
        if k == "take":
            return it.coin and ctx.decision == "jorvik_exchange" or bool(it.goods) and ctx.decision in (
                "jorvik_exchange", "jorvik_pick")
        if k == "use":
            if not refs:
                return False
            if ctx.decision not in ("jorvik_purchase", "jorvik_reserved_purchase", "jorvik_demand"):
                return True
            # "workshop first": a card of one's own display that no card on offer matches
            return any(ref_fits(r, ctx, c) for r in refs for c in ctx.own) and not any(
                ref_fits(r, ctx, c, sp) for r in refs for sp, c in ctx.spaces.items()) and not (
                it.viking or it.brown or it.numbers)
        if k == "pick":
            return bool(refs) and ctx.decision == "jorvik_pick"
        if k == "swap":
            return len(it.labels) == 2 or len(it.slots) == 2
        return False

    def _fit(self, action: Any, k: str) -> float | None:
        it, ctx = self.intent, self.ctx
        refs = [r for r in it.refs]
        if k in ("demand", "reserve"):
            cid = ctx.spaces.get(action.space)
            if cid is None:
                return None
            if k == "reserve" and it.row and "reserve" not in it.verbs:
                return None  # "in a row", "dans une file": a demand row
            if it.vacant and (k != "demand" or ctx.row_len.get(action.space, 0)):
                return None  # "an empty row", "the ship nobody's on yet"
            if (it.cheap or it.price is not None) and k == "demand":
                price = ctx.prices.get(action.space)
                if price is None or it.price is not None and price != it.price or it.cheap and price != min(
                        ctx.prices.values()):
                    return None  # "the cheapest spot", "where it costs 1"
            if k == "reserve" and action.brown and not it.brown and ctx.vikings > 0 and it.own_colour:
                return None  # "reserve the ship with my own Viking": not a brown one
            # otherwise, with both own and brown Vikings at hand, which one is asked (blind sets disagreed on
            # whether "reserve the ship" means one's own Viking: a question back is never a wrong move)
            score = 0.0
            if refs:
                if not any(ref_fits(r, ctx, cid, action.space) for r in refs):
                    return None
                sized = [r for r in refs if r.sup is not None and ref_fits(r, ctx, cid, action.space)]
                if sized and not any(self._extreme(r, action.space) for r in sized):
                    return None
                # each description the space answers counts: "Schiff auf Feld 1" is the ship on space 1, and "das
                # Gebäude auf 9" the building on 9
                score += 1.0 + 0.5 * (sum(1 for r in refs if ref_fits(r, ctx, cid, action.space)) - 1) + (
                    0.5 if action.space in it.numbers else 0.0)
            elif it.numbers:
                if action.space not in it.numbers:
                    return None
                score += 1.0
            elif it.goods:
                if not {g for g, _ in it.goods} & _card_goods(ctx, cid):
                    return None
            if refs and it.goods and not {g for g, _ in it.goods} <= _card_goods(ctx, cid):
                return None
            # "a Viking on the ship" with a ship on a demand space and another on a reservation space: both are
            # asked (blind sets G and H; a reservation is a Viking put on a card as well)
            if it.brown:
                return score + 1.0 if action.brown else None
            if it.own_colour and action.brown:
                return None  # "a Viking of my colour"
            return score  # own or brown Viking, when both can be placed: asked
        if k == "buy":
            if refs and ctx.offer is not None:
                if not any(ref_fits(r, ctx, ctx.offer) or (r.cname == "pay_purchase") for r in refs):
                    return None
            pays_with_card = (it.card_word or any(r.cname == "pay_purchase" for r in refs)) and not it.not_card
            # "Ich kaufs" with the treasury in hand and coins enough: which way to pay is asked; with too few
            # coins the card is not chosen for the player (the engine says the coins do not cover it)
            either = ctx.can_pay and not self.card_said and not (
                it.card_word or it.not_card or it.coin or it.neg or any(r.cname == "pay_purchase" for r in refs))
            if self.pay_hint == "coins" and not any(r.cname == "pay_purchase" for r in refs) and not it.card_word:
                return None if action.with_card else 0.0  # "buy it, not with the card"
            if self.pay_hint == "card" and not it.coin and not it.not_card:
                return 0.0 if action.with_card else None  # "buy it with the card"
            both = it.coin and (it.card_word or any(r.cname == "pay_purchase" for r in refs))
            # "buy it with coins, I'm saving the treasury": coins and the card both named, the player is asked
            if action.with_card != pays_with_card and not (self.open and not it.card_word) and not either \
                    and not both:
                return None  # "wie ich zahle, überleg ich noch": either way of paying
            if it.neg:
                return None
            return 0.0
        if k == "withdraw":
            if refs and ctx.offer is not None and not any(ref_fits(r, ctx, ctx.offer) for r in refs):
                return None
            return 0.0
        if k in ("craft", "pick"):
            if it.labels:
                return None
            codes = {r.code for r in refs if r.code}
            if codes and action.card not in codes:
                return None  # "wool on the craft B06": that card, never another craft
            if refs:
                if not any(ref_fits(r, ctx, action.card) and (_exact_goods(r, ctx, action.card)
                                                              or not _exact_exists(r, ctx)) for r in refs
                           if r.space is None):
                    return None  # "the leather-and-wool craft" is not the amber + leather + wool one
                for r in refs:
                    if r.sup is not None and ref_fits(r, ctx, action.card):
                        mine = [c for c in (*ctx.own, *ctx.others) if ref_fits(replace(r, sup=None), ctx, c)]
                        sizes = [_card_size(ctx, c) for c in mine]
                        best = min(sizes) if r.sup == "min" else max(sizes)
                        if _card_size(ctx, action.card) != best:
                            return None  # "the small craft": the one with the fewest materials
                return 1.5 if any(_exact_goods(r, ctx, action.card) for r in refs) else 1.0
            return 0.0
        if k in ("sell", "sacrifice"):
            want = "trader" if k == "sell" else "oracle"
            if refs and not any(r.ctype == want or r.code is not None and ctx.rows.get(r.code, {}).get("type") == want
                                for r in refs):
                return None
            return 0.5 if refs else 0.0
        if k == "use":
            if not refs:
                return 0.0 if it.verbs else None
            return 1.0 if any(ref_fits(r, ctx, action.card) for r in refs) else None
        if k in ("double", "pay"):
            return 0.0
        if k == "swap" and len(it.slots) == 2:
            a, b = it.slots
            return 1.0 if action.a in a and action.b in b or action.b in a and action.a in b else None
        if k == "swap":
            if not it.labels and not it.slots and it.verbs == ["use"] and refs and all(
                    r.ctype == "traitor" for r in refs) and not it.unknown:
                return 0.0  # "I use the traitor": which swap is asked (one: that one); a purpose said is not read
            if len(it.labels) != 2:
                return None
            return 1.0 if {action.a, action.b} == set(it.labels) else None
        if k == "store":
            if it.supply and not it.storage:
                return None  # "back to the supply" is not into one's storage
            return None if refs and not all(r.cname == "storage" for r in refs) else 0.0
        if k in ("give", "take"):  # "Gagat ins Tauschhaus": the exchange house names the market exchange
            return None if refs and k != "take" and not all(r.cname == "exchange" for r in refs) else 0.0
        if k in ("skip", "done"):
            return 0.0
        return 0.0

    def literal(self, game: Any, state: Any) -> list[Any] | str:
        """The moves the words name, for the engine to say why not."""
        it, ctx = self.intent, self.ctx
        verbs = set(it.verbs)
        goods = [g for g, _ in it.goods]
        out: list[Any] = []
        if ctx.decision == "jorvik_traitor_swap" and len(it.labels) != 2 and len(it.slots) == 2:
            return [Swap(a, b) for a in sorted(it.slots[0]) for b in sorted(it.slots[1]) if a != b] or "no_move_words"
        if ctx.decision == "jorvik_demand" or verbs & {"place", "reserve", "want"} and not goods:
            spaces = [r.space for r in it.refs if r.space is not None] + it.numbers
            for cid_space, cid in ctx.spaces.items():
                if any(ref_fits(r, ctx, cid, cid_space) for r in it.refs if r.space is None):
                    spaces.append(cid_space)
            for sp in spaces:
                if "reserve" in verbs or sp > 6 and state.jarl:
                    out.append(Reserve(sp, it.brown))
                else:
                    out.append(Demand(sp, it.brown))
            if it.refs and not spaces and not verbs & {"use", "steal"}:
                return "no_such_card"
        if "buy" in verbs or "pay" in verbs or it.yes:
            out.append(Buy((it.card_word or self.pay_hint == "card" or any(r.cname == "pay_purchase" for r in it.refs))
                           and not it.not_card))  # "je paie avec ma carte" without one: the engine says why
        if "double" in verbs:
            out.append(Double())
        if "pay" in verbs and ctx.decision not in ("jorvik_purchase", "jorvik_reserved_purchase"):
            out.append(Pay())
        if verbs & {"pass", "skip", "withdraw"}:
            out.append({"jorvik_purchase": Withdraw(), "jorvik_reserved_purchase": Withdraw(),
                        "jorvik_assign": Done()}.get(ctx.decision, Skip()))
        crafts = [r.code for r in it.refs if r.code]
        if any(r.ctype == "craft" and r.more for r in it.refs):  # "the leather-and-wool craft"
            crafts += [c for c in ctx.own if ctx.rows.get(c, {}).get("type") == "craft"
                       and any(ref_fits(r, ctx, c) and (_exact_goods(r, ctx, c) or not _exact_exists(r, ctx))
                               for r in it.refs if r.ctype == "craft")]
        elif any(r.ctype == "craft" for r in it.refs):
            crafts += [c for c in ctx.own if ctx.rows.get(c, {}).get("type") == "craft"]
        elif any(r.ctype == "any" for r in it.refs):  # "Eisen auf die Leder-Wolle-Karte"
            crafts += [c for c in ctx.own if ctx.rows.get(c, {}).get("type") == "craft"
                       and any(ref_fits(r, ctx, c) for r in it.refs if r.ctype == "any")]
        taking = ctx.decision == "jorvik_exchange" or ctx.decision == "jorvik_pick" and state.decision.facts.get(
            "effect") == "take_supply_good"
        if not verbs:  # "Wolle an den Händler", "l'ambre à l'oracle": the card named says what is done
            verbs = {v for r in it.refs for t, v in (("trader", "sell"), ("oracle", "sacrifice")) if r.ctype == t}
        for g in goods:
            if "sell" in verbs:
                out.append(Sell(g))
            if "sacrifice" in verbs:
                out.append(Sacrifice(g))
            if "store" in verbs or it.storage:
                out.append(Store(g))
            if "give" in verbs or it.market:
                out.append(Give(g))
            if verbs & {"pick", "steal", "take"} and ctx.decision == "jorvik_pick" and not taking:
                pool = crafts or [c for c in (*ctx.own, *ctx.others) if ctx.rows.get(c, {}).get("type") == "craft"]
                out.extend(Pick(g, c) for c in pool)
            else:
                out.extend(Craft(g, c) for c in crafts)
        if taking and (verbs & {"take", "want"} or it.took or not verbs):
            # "je prends du jais", "contre une pièce", "de la soie": what is taken, for the engine to say why not
            wanted = [it.took] if it.took else goods
            out.extend(Take(g) for g in wanted if g)
            if it.coin and not wanted:
                out.append(Take("coin"))
        if verbs & {"use", "steal"}:
            for r in it.refs:
                mine = [UseCard(c) for c in ctx.own if ref_fits(r, ctx, c)]
                named = [UseCard(c) for c in ctx.rows if ref_fits(r, ctx, c)]
                out.extend(mine or named[:1])  # a card not in the display: the engine says so
        if len(it.labels) == 2:
            out.append(Swap(it.labels[0], it.labels[1]))
        elif len(it.slots) == 2:
            out.extend(Swap(a, b) for a in sorted(it.slots[0]) for b in sorted(it.slots[1]) if a != b)
        return out or "no_move_words"


# ---- the parser ------------------------------------------------------------------------------------------

_ALL_DONE = re.compile(r"^(?:ok |okay |bon |gut )?(?:c est tout(?: pour moi)?|that s all(?: for me)?|thats all|"
                       r"that is all|that s it|thats it|fertig|das war s|das wars|"
                       r"das war alles|das wars dann|rien d autre|nothing else|sonst nichts)(?: , (?:the |le |la |l |"
                       r"les |das |der |die |den )?\w+ (?:can |will |may |kann |peut )?(?:goes back|go back|retourne|"
                       r"retournent|geht zuruck|gehen zuruck|kommt zuruck|zuruck|weg|partir)\b.*)?$")
def _done_with_remark(hits: list[Hit]) -> bool:
    """"That's all" followed by a remark that moves nothing ("that's all, just the jet", "that's it, the iron can go
    back to the supply"), or a refused good and then "done" ("das Eisen brauch ich nicht, fertig")."""
    texts = [h.text for h in hits]
    if "," not in texts:
        return False
    c = texts.index(",")
    rest = hits[c + 1:]
    lead = " ".join(texts[:c])
    if c and (_ALL_DONE.search(lead) or lead in ("that s it", "thats it", "das wars", "das war s")) \
            and "," not in texts[c + 1:]:
        verbs = [h for h in rest if (e := h.first("v")) is not None and e.value not in ("pass", "done")]
        return not verbs or (any(h.first("back") for h in rest) and any(h.first("supply") for h in rest)
                             and all(h.first("v").value == "place" for h in verbs))  # type: ignore[union-attr]
    last = hits[-1].first("v")
    before = hits[:len(hits) - 2]
    return (last is not None and last.value == "done" and texts[-2] == "," and bool(before)
            and any(h.first("neg") is not None or h.text in ("nicht", "not", "pas") for h in before)
            and not any((e := h.first("v")) is not None and e.value != "want" for h in before))


_NOTATION_HEADS = frozenset({"demand", "reserve", "skip", "buy", "withdraw", "swap", "double", "pay", "use", "craft",
                             "sell", "sacrifice", "store", "give", "take", "pick", "done"})
_POS = re.compile(r"\b([1-6])\.([1-8])\b")
_REGRETS = frozenset({("was", "going"), ("wollte", "eigentlich"), ("voulais", "prendre"),
                      ("should", "have"), ("would", "have"), ("could", "have"), ("if", "i"), ("wenn", "ich"),
                      ("si", "j"), ("should", "ve"), ("would", "ve"), ("could", "ve"), ("hatte", "ich"),
                      ("haette", "ich")})
_REGRET_WORDS = frozenset({"aurais", "aurait", "hatte", "haette", "shouldve", "wouldve", "couldve", "regrette"})
_THIRD = frozenset({"he", "she", "they", "er", "sie", "il", "elle", "ils", "elles"})
# Words that leave the choice open or say the player is still deciding ("whichever", "n'importe laquelle",
# "überleg ich noch"): a move read from such a line is offered back for a yes, never played at once.
_OPEN_CHOICE = frozenset({"whichever", "whatever", "anyone", "any", "egal", "irgendein", "irgendeine", "irgendeinen",
                          "irgendeinem",
                          "irgendwo", "importe", "nimporte", "quelconque", "uberleg", "uberlege", "ueberleg",
                          "ueberlege", "reflechis", "reflechi", "thinking", "unsure", "weiss", "sais"})


_HESITATE = frozenset({"uberleg", "uberlege", "ueberleg", "ueberlege", "uberlegen", "reflechis", "reflechi",
                       "reflechir", "thinking", "unsure", "weiss", "sais", "torn"})
_HESITATE_PAIRS = frozenset({("me", "think"), ("not", "sure"), ("nicht", "sicher"), ("pas", "sur"), ("mal", "sehen"),
                             ("mal", "schauen"), ("mich", "nachdenken"), ("me", "see")})


_THINKING = frozenset({("me", "think"), ("let", "me"), ("hold", "on"), ("je", "reflechis"), ("ich", "uberlege"),
                       ("ich", "ueberlege"), ("moment", "mal")})


def _thinking(hits: list[Hit]) -> bool:
    """"hold on, let me think about whether to double": the player thinks aloud and names nothing to act on."""
    texts = [h.text for h in hits]
    pairs = set(zip(texts, texts[1:], strict=False))
    return bool(pairs & _THINKING) and any(t in ("whether", "ob", "si", "if") for t in texts) and not any(
        h.first("code", "good", "ctype", "cname", "num", "spaceword") is not None for h in hits)


def _hesitates(hits: list[Hit]) -> bool:
    """The player is still deciding ("überleg ich noch", "let me think", "je sais pas", "X or Y"): a move read from
    the line is offered back, never played."""
    texts = [h.text for h in hits]
    if any(t in _HESITATE for t in texts) or any(p in _HESITATE_PAIRS for p in zip(texts, texts[1:], strict=False)):
        return True
    return _alternatives(hits)


def _open_choice(hits: list[Hit]) -> bool:
    """The line leaves the choice open, hesitates, or offers alternatives ("Bernstein oder Leder"; the French "or"
    of "l'or" or "l'artisan or-cuir" is gold)."""
    for h in hits:
        if h.text in _OPEN_CHOICE:
            return True
    return _hesitates(hits)


def _alternatives(hits: list[Hit]) -> bool:
    """"Bernstein oder Leder", "the ship or the trader"."""
    for i, h in enumerate(hits):
        if h.first("or") is not None and h.first("good") is None:
            prev = hits[i - 1].text if i else ""
            nxt = hits[i + 1] if i + 1 < len(hits) else None
            if prev not in ("l", "d", "de", "artisan") and not (nxt is not None and nxt.first("good") is not None
                                                                 and h.text == "or" and prev != ","):
                return True
    return False
_NEXT = frozenset({("next", "time"), ("next", "round"), ("nachste", "runde"), ("naechste", "runde"),
                   ("nachstes", "mal"), ("naechstes", "mal"), ("prochaine", "fois"), ("prochain", "tour"),
                   ("prochaine", "manche")})


class JorvikParser(GameParser):
    game_name = "jorvik"
    request_kinds = ("v",)

    def __init__(self) -> None:
        self.lexicon = build_lexicon()
        self._last_text = ""  # the line exact() saw last, for read() (which gets folded tokens only)

    def digest(self, action: Any) -> Any:
        return None

    def rewrite(self, text: str) -> str:
        text = _EINLAGERN.sub(lambda m: "einlagern " + m.group(2), text)  # "das Eisen lager ich ein": store
        text = _described_cards(text, self.lexicon)
        text = _WOULD.sub("I would", text)  # "I'd take the warrior but ...": a wish, not the move
        text = _LET_GO.sub(" decline ", text)  # "I have to let it go", "lass es", "je laisse tomber"
        text = _EXTRA_INCOME.sub(" mint ", text)  # "das Gebäude mit dem Extra-Einkommen"
        text = _TAKE_HIT.sub(" lose ", text)  # "I'll take the hit", "ich nehme den Verlust"
        text = _STORAGE_SPACE.sub(" storage ", text)  # "dans mon emplacement de stockage": storage, no card space
        text = _FOUR_COINS.sub(" hoard ", text)  # "die Karte mit den 4 Münzen": the card that gives 4 coins
        text = _TO_TRADE.sub(" market ", text)  # "in die Warenablage, zum Tauschen": the market exchange
        text = _COUNTED.sub(" ", text)  # "five players and twelve cards": counts, no spaces
        text = _PASS_AHEAD.sub(" front ", text)  # "pour passer devant", "to get ahead": where, not a pass
        text = _CASH_IN.sub(" use ", text)  # "I'm cashing in my market stall now"
        text = _IS_MINE.sub(" yes ", text)  # "one coin, fine, the oracle is mine": it is bought
        text = _COMPLETES.sub(" ", text)  # "wool on the leather-wool one, that finishes it": the effect told
        text = _HOPE.sub(" ", text)  # "I'll let it go and hope Dana passes too": the hope is about someone else
        return _POS.sub(lambda m: f" f{m.group(1)}x{m.group(2)} ", text)

    # -- the intents of a line, shared by `exact` (plans) and `read` (one intent) --

    def intents(self, text: str, state: Any, player: int,
                question: bool = False) -> tuple[list[Intent], Ctx, str | None]:
        """The intents of a line; `question`: the line is a question about the cards it names (answers.py), so its
        question sentences are read too."""
        tokens = tokenize(self.rewrite(text))
        hits = self.lexicon.hits(tokens)
        fixed = _safety_fix(hits)
        if fixed is not None:  # "nciht", "I sohuld've", "vielelicht": the words that make a line no move, misspelt
            hits = self.lexicon.hits(tokenize(fixed))
        texts = [h.text for h in hits]
        ctx = context(state, player)
        if _ALL_DONE.search(" ".join(texts)):
            return [Intent(verbs=["done"])], ctx, None  # "c'est tout", "that's all", "das war's"
        if ctx.decision in ("jorvik_assign", "jorvik_pick") and _done_with_remark(hits):
            return [Intent(verbs=["done"])], ctx, None  # "that's all, just the jet", "Eisen brauch ich nicht, fertig"
        if _REGRET_WORDS & set(texts) or any(p in _REGRETS for p in zip(texts, texts[1:], strict=False)):
            return [], ctx, "statement"
        if any(p in _NEXT for p in zip(texts, texts[1:], strict=False)):
            return [], ctx, "negated"
        if _AWAY.search(" ".join(texts)):
            return [], ctx, "statement"
        if _thinking(hits):
            return [], ctx, "hesitant"
        if ctx.decision == "jorvik_demand" and any(  # more Vikings than the player has left: a row described
                (h.first("num") is not None and h.first("num").value in _MANY_VIKINGS  # type: ignore[union-attr]
                 or h.text.isdigit() and int(h.text) in _MANY_VIKINGS) and nxt.first("viking") is not None
                and int(h.text if h.text.isdigit() else h.first("num").value) > ctx.vikings + int(  # type: ignore[union-attr]
                    state.decision.facts.get("brown", 0) or 0)
                for h, nxt in zip(hits, hits[1:], strict=False)):
            return [], ctx, "statement"  # "wow row two is packed, 8 vikings lol"
        lead = _lead(texts)
        if lead < len(texts) and texts[lead] in _THIRD or any(
                a in _THIRD and (b.first("v") is not None or b.text in _MODALS and c is not None and c.first("v"))
                for a, b, c in zip(texts, hits[1:], [*hits[2:], None], strict=False)):
            return [], ctx, "statement"  # "he always buys the ships", "sie nimmt immer das Schiff", "ok he should buy"
        if 0 < lead < len(texts) and is_question(" ".join(texts[lead:])):
            return [], ctx, "question"  # "ok was kostet das Schiff"
        if any(t in ("hmm", "hm", "hmmm", "hmpf", "euh") for t in texts) and not any(
                h.first("v", "good", "ctype", "cname", "code", "num", "spaceword", "brown") is not None for h in hits):
            return [], ctx, "hesitant"  # "ok hmm", "hmm, ok": nothing said but a doubtful yes
        names = {fold(w) for w in re.findall(r"\b[A-ZÀ-Ý][a-zà-ÿ]+", text)}
        if _remark(hits, self.rewrite(text)) or _named_other(hits, names):
            # "Ben takes the ship", "nobody wants the craft", "Marie a posé …", "Lisa's going on the ship"; unless
            # the player then says what they do: "Tom nimmt das Schiff, ich nehm den Händler"
            own = None if any(h.text in _SAYS for h in hits) else _self_part(hits)  # "Ben says I should …"
            if own is None or _remark(own, _raw_text(own)) or _named_other(own, names):
                return [], ctx, "statement"
            hits = own
        where = any(t in ("where", "wherever", "wo") for t in texts) or ("la", "ou") in zip(texts, texts[1:],
                                                                                           strict=False)
        lang = word_language(hits)
        hits = _without_remark_clauses(hits, lang)  # "Schiff auf Feld 1, da ist doppelt Gagat drauf"
        texts = [h.text for h in hits]
        if not where and any(h.first("copula") is not None and h.first("anygood") is None and (
                lang is None or lang in h.first("copula").langs) and not (  # type: ignore[union-attr]
                k > 1 and texts[k - 1] in _NOBODY and hits[k - 2].first("ctype") is not None)
               for k, h in enumerate(hits)) and not any(h.first("v") for h in hits):
            return [], ctx, "statement"  # "the ship is expensive", "le navire est cher"
        for h, nxt in zip(hits, [*hits[1:], None], strict=True):
            if h.first("maybe") is not None and (nxt is None or nxt.text not in ("you", "tu", "vous") and not (
                    nxt.text == "du" and h.text in ("konnte", "koennte", "wurde", "wuerde", "sollte"))):
                return [], ctx, "hesitant"  # "I could sell the amber", "vielleicht Bernstein verkaufen"
            if h.text == "peut" and nxt is not None and nxt.text == "etre" or h.text in ("peutetre", "probablement",
                                                                                        "probably", "wahrscheinlich"):
                return [], ctx, "hesitant"  # "peut-être le navire"
        if _transitive_pass(hits):
            return [], ctx, "no_move_words"  # "pass me the bag", "passe-moi les chips"
        asked = hits if question else _without_questions(hits)
        if asked is None:
            return [], ctx, "question"  # "pay? hmm": the move words are asked about, not said
        hits = _after_correction(asked)
        hits = _from_instead(hits)
        verbs_said = {h.first("v").value for h in hits if h.first("v") is not None}  # type: ignore[union-attr]
        if any(h.first("or") is not None and not (k and hits[k - 1].text in ("l", "d", "de", "en"))
               for k, h in enumerate(hits)) and len(verbs_said) >= 2:
            return [], ctx, "alternatives"  # "einlagern oder opfern?"
        if ctx.decision == "jorvik_demand" and any(h.first("costs") is not None for h in hits) and not any(
                h.first("v") is not None for h in hits) and any(h.text in ("schon", "already", "deja", "jetzt",
                                                                         "now", "maintenant") for h in hits):
            return [], ctx, "statement"  # "Na toll, jetzt kostet das Schiff schon zwei": a price remarked on
        every = [_intent(c) for c in _clauses(hits)]
        if ctx.decision == "jorvik_demand" and any(h.text in _BEHIND_WORDS for h in hits):
            for x in every:
                x.row = True  # "hinter die beiden aufs Schiff": behind Vikings in a demand row, no reservation
        intents = [x for x in every if not x.empty]
        if any(x.row for x in every if x.empty):
            for x in intents:
                x.row = True  # "Orakel für Bernstein, unten in die Nachfragereihe": a demand row, no reservation
        merged = _merge(_share(intents), ctx)
        for x in merged:
            _qualify_refs(x, ctx)
        if any("done" in x.verbs for x in merged) and len(merged) > 1 and all(
                "done" in x.verbs or (x.back or x.supply or x.rest) and set(x.verbs) <= {"place"} and not x.refs
                for x in merged):
            merged = [x for x in merged if "done" in x.verbs]  # "I'm done, the amber can go back": the rest leaves
        if ctx.decision == "jorvik_traitor_swap" and merged and len(merged[0].labels) != 2:
            slots = _swap_slots(hits, ctx, state)
            if len(slots) == 2:
                merged[0].slots = slots
                # a Viking found by where it stands against another ("the one in front of it", "dem vordersten
                # dort", "mit ihm nach vorne"): three fresh blind sets each had one such swap read wrong, so the
                # swap is offered back for a yes, never played from relative words alone
                merged[0].relative = _RELATIVE_SWAP[0]
        return merged, ctx, None

    def exact(self, game: Any, state: Any, text: str) -> Any | None:
        self._last_text = text  # read() gets the folded tokens only; names are told by their capitals
        words = text.strip().lower().split()
        if words and words[0] in _NOTATION_HEADS:
            try:
                return game.parse_notation(text)
            except NotationError:
                pass
        fixed = _safety_fix(self.lexicon.hits(tokenize(text)))
        if is_question(text) or state.decision.player is None or is_regret(
                [t.text for t in tokenize(fixed if fixed is not None else text)]):
            return None  # a plan is never read from a question or a regret ("if only: sell the amber, …")
        if _open_choice(self.lexicon.hits(tokenize(fixed if fixed is not None else self.rewrite(text)))):
            return None  # "eine Ware ins Lager, Bernstein oder Leder": one move at most, and asked back
        player = state.decision.player
        narrate.remember_state(state)
        intents, ctx, reason = self.intents(text, state, player)
        if reason is not None or not intents:
            return None
        steps = _expand(intents, ctx.held) if ctx.decision in _GOODS_DECISIONS else intents
        if len(steps) < 2 or any(_refused(x) for x in steps):
            return None
        plan: list[Any] = []
        s = state
        for k, step in enumerate(steps):
            if s.decision.player != player or s.decision.kind not in _GOODS_DECISIONS | {ctx.decision}:
                if plan and all(_finishing(x) for x in steps[k:]):
                    break  # "…, fertig": the assignment ended by itself when nothing was left
                return None
            c = context(s, player)
            reading = JReading(step, c)
            fits = _ground(game, s, reading)
            if len(fits) != 1:
                return None
            plan.append(fits[0])
            s, _ = game.apply(s, fits[0])
        return plan

    def read(self, hits: list[Hit], game: Any, state: Any, player: int) -> Interpretation:
        text = " ".join(h.text for h in hits)
        if state.decision.player is None:
            return Interpretation([Named([])], None)
        narrate.remember_state(state)
        raw = self._last_text
        if [t.text for t in tokenize(self.rewrite(raw))] != [h.text for h in hits]:
            raw = _raw_text(hits)
        intents, ctx, reason = self.intents(raw, state, player)
        if reason is not None:
            return Interpretation([], reason)
        if not intents:
            return Interpretation([], "no_move_words")
        steps = _expand(intents, ctx.held) if ctx.decision in _GOODS_DECISIONS else intents
        first = steps[0]
        refused = _refused(first)
        if refused:
            return Interpretation([], refused)
        if len(steps) > 1:
            # a plan exact() could not make certain: ask about its first step only when that is unclear
            fits = _ground(game, state, JReading(first, ctx))
            if len(fits) == 1:
                return Interpretation([], "plan_unclear")
        del text
        readings: list[Any] = []
        it = first
        declining = ctx.decision in ("jorvik_purchase", "jorvik_reserved_purchase", "jorvik_traitor_swap",
                                     "jorvik_picts_double", "jorvik_picts_protect")
        if it.others and not (ctx.decision == "jorvik_traitor_swap" and it.slots):
            return Interpretation([], "statement")  # "Tom put his viking on the oracle" (a swap with his is a swap)
        if it.neg and ctx.decision in ("jorvik_pick", "jorvik_assign") and not (it.goods or it.refs) and any(
                h.text in ("rien", "nothing", "nichts", "nix") for h in hits):
            it.verbs, it.neg = ["done"], False  # "finalement je ne reprends rien": nothing more, done
        purchase = ctx.decision in ("jorvik_purchase", "jorvik_reserved_purchase")
        if purchase and "use" in it.verbs and any(r.cname == "pay_purchase" for r in it.refs):
            it.verbs, it.card_word = ["buy"], True  # "I'll use the treasury for this one": it pays the purchase
        if purchase and (it.neg or it.no_more) and any(h.text in ("afford", "leisten", "permettre") for h in hits):
            it.verbs, it.neg, it.no_more = ["withdraw"], False, False  # "kann ich mir nicht mehr leisten, weg damit"
        if it.box and set(it.verbs) <= {"place", "give", "reserve"} and not it.goods:
            it.verbs = ["withdraw"]  # "put it back in the box": the card goes, unbought
        if it.no_more and not (it.refs or it.numbers or it.goods):
            it.verbs, it.neg, it.nope = ["skip", "done"], False, False  # "keine braunen mehr", "je ne pose plus rien"
        if it.not_brown:
            if it.refs or it.numbers or it.verbs and set(it.verbs) - {"skip", "pass", "done", "withdraw"}:
                it.own_colour = True  # "the oracle, not a brown one"
            else:
                it.neg = it.brown = True  # "keine braunen mehr": no more brown Vikings
        if it.neg and "pay" in it.verbs and ctx.decision == "jorvik_picts_protect" and _declining_negated(
                hits, ("lose",)) and not _declining_negated(hits, ("pay",)):
            it.neg, it.verbs = False, ["pay"]  # "je paie deux pièces, je ne perds rien": what is not lost is paid for
        if it.neg and _declining_negated(hits):
            return Interpretation([], "negated")  # "I'm not withdrawing", "ich verzichte nicht": never a decline
        if ctx.decision == "jorvik_traitor_swap" and it.nope and not it.neg and (it.labels or it.slots or it.numbers):
            return Interpretation([], "plan_unclear")  # "swap mine on 2 with the one ahead... no, in front of it"
        coins_refused = it.neg and ctx.decision in ("jorvik_purchase", "jorvik_reserved_purchase") and bool(
            set(it.verbs) & {"pay", "buy"}) and any(
            h.first("coin") is not None and any(x.first("neg") is not None or x.text in ("not", "nicht", "pas", "ohne",
                                                                                         "without", "sans")
                                                for x in hits[max(0, k - 3):k]) for k, h in enumerate(hits))
        if coins_refused and not _declining_negated(hits, ("pay", "buy")):
            # "Ich bezahle den Kauf mit meiner Gebäudekarte, nicht mit Münzen": how to pay, no decline
            it.neg, it.coin, it.card_word = False, False, True
            it.verbs = ["buy"]
        if (it.neg or it.nope) and not it.goods and (declining or it.brown and not it.refs and not it.numbers):
            # "nein", "no thanks", "I don't buy it", "kein Verräter", "keine braunen mehr": decline the choice
            if not set(it.verbs) & {"withdraw", "pass", "skip", "lose", "keep", "done"}:
                it.verbs = ["withdraw", "skip"]
            elif it.neg and set(it.verbs) & {"withdraw", "pass", "skip"}:
                # "decline the reservation, don't want it anymore": a declining verb, and the negated ones not done
                it.verbs = [v for v in it.verbs if v in ("withdraw", "pass", "skip", "lose", "keep", "done")]
            elif it.neg and "buy" in it.verbs:  # "I don't buy it, I withdraw": the negated purchase is no purchase
                it.verbs = [v for v in it.verbs if v != "buy"]
            elif it.neg and "pay" in it.verbs and _declining_negated(hits, ("pay",)):
                it.verbs = [v for v in it.verbs if v != "pay"] or ["skip"]  # "Ich zahle nicht, ich verliere halt"
            it.neg = False
        elif it.neg:
            return Interpretation([], "negated")
        # "whichever", "egal", "n'importe lequel": everything that fits is asked about (one fit is played); a line
        # that hesitates ("überleg ich noch", "X or Y") is at most offered back
        fixed = _safety_fix(hits)
        said = self.lexicon.hits(tokenize(fixed)) if fixed is not None else hits
        # how to pay, from "card" after with/without/not/keep: "with the card" pays with it, "not with the card",
        # "keeping the card" pays coins; "I'll buy the reserved card" says neither
        pay_hint = None
        for i, h in enumerate(hits):
            if h.text in _CARD_WORDS:
                lead = {x.text for x in hits[max(0, i - 3):i]}
                if lead & _KEEP_CARD_LEAD:
                    pay_hint = "coins"
                elif lead & _PAY_CARD_LEAD and pay_hint is None:
                    pay_hint = "card"
        if pay_hint is None and any(h.first("coin") is not None and {x.text for x in hits[max(0, i - 3):i]} & (
                _KEEP_CARD_LEAD - {"without", "ohne", "sans", "not", "nicht", "pas"}) for i, h in enumerate(hits)):
            pay_hint = "card"  # "je paie avec la trésorerie, je garde mes pièces": the coins are kept
            it.coin = False
        if pay_hint is None and ctx.decision in ("jorvik_purchase", "jorvik_reserved_purchase") and any(
                h.first("for") is not None and (nx.text.isdigit() or nx.first("num") is not None)
                for h, nx in zip(hits, hits[1:], strict=False)):
            pay_hint = "coins"  # "I'll buy the reserved ship for three": its price in coins
        card_said = pay_hint is not None or any(
            any(e.kind == "cname" and e.value == "pay_purchase" for e in h.entries) for h in hits)
        readings.append(JReading(it, ctx, open=_open_choice(said), card_said=card_said, pay_hint=pay_hint))
        return Interpretation(readings, confirm=_hesitates(said) or it.relative)


# A card described by what it does, in a relative clause ("the building that gives one coin more", "die Karte,
# mit der ich mir eine Ware aus dem Vorrat nehmen darf", "le gars qui achète le fer"): the clause is read for the
# effect and replaced by the card's name.
_RELATIVE = re.compile(r"\b(?:that|which|who|der|die|das|dem|welche[nrsm]?|qui|que|qu'|dont|laquelle|lequel)\b",
                       re.IGNORECASE)
_CLAUSE_END = re.compile(r"[,.;!?]")
_EFFECT_WORDS = {
    "coin": "coin coins money munze munzen muenze muenzen geld taler piece pieces sou sous argent",
    "more": "more extra additional mehr zusatzlich zusatzliche zusaetzlich plus income einkommen revenu revenus",
    "take": "take takes get gets grab nehmen nehme nimmt holen hole prendre prends prend piocher recuperer",
    "good": "good goods ware waren marchandise marchandises material materials",
    "supply": "supply bag vorrat beutel sack reserve sac",
    "move": "move moves shift reassign rearrange umlegen verschieben umverteilen umsetzen deplacer deplace bouger "
            "reaffecter",
    "craft": "craft crafts handwerk handwerke handwerks artisan artisans",
    "buy": "buys buy purchases kauft kaufen achete achetent acheter",
    "brown": "brown braun braune braunen marron marrons brun bruns",
    "pay": "pay pays bezahlen bezahlt zahlen payer paie paye",
}
_EFFECT_SETS = {k: frozenset(v.split()) for k, v in _EFFECT_WORDS.items()}


def _described_cards(text: str, lexicon: Lexicon) -> str:
    """`text` with each card described by its effect replaced by the card's name."""
    out, pos = [], 0
    for m in _RELATIVE.finditer(text):
        if m.start() < pos:
            continue
        before = text[:m.start()].rstrip()
        if fold(m.group(0)) in ("der", "die", "das", "dem") and not (
                before.endswith(",") or re.search(r"(?:^|\s)[A-ZÄÖÜ]\w+$", before) and len(before.split()) > 1
                or re.search(r",\s*(?:mit|von|bei|aus|auf|für|fur)$", before)):
            continue  # an article ("die Ware nehme ich"), not a relative pronoun ("das Gebäude, das ...")
        end_m = _CLAUSE_END.search(text, m.end())
        end = end_m.start() if end_m else len(text)
        words = set(fold(text[m.end():end]).replace("'", " ").split())
        has = {k for k, v in _EFFECT_SETS.items() if words & v}
        goods = {e.value for t in tokenize(text[m.end():end]) for e in lexicon.hits([t])[0].entries
                 if e.kind == "good"}
        if any(w.endswith(("ware", "waren")) for w in words):
            has.add("good")  # "Handwerkswaren"
        if any(w.startswith("handwerk") for w in words):
            has.add("craft")
        name = None
        income = bool(words & {"income", "einkommen", "revenu", "revenus"})
        if ({"coin", "more"} <= has or income and ("more" in has or "+1" in text[m.end():end])) and "take" not in has:
            name = "mint"  # one coin more income, "+1 de revenu"
        elif {"take", "good"} <= has and not goods:
            name = "stall"  # take a good from the supply
        elif "move" in has and ("good" in has or "craft" in has):
            name = "workshop"  # move goods between crafts
        elif "buy" in has and len(goods) == 1 and "pay" not in has:
            name = f"{next(iter(goods))} trader"  # "the guy who buys iron"
        elif "brown" in has and words & {"vikings", "viking", "wikinger", "figures", "figuren"} and words & {
                "gives", "give", "bringt", "gibt", "donne", "rapporte"}:
            name = "longhouse"  # "the building that gives you the brown Vikings"
        elif "coin" in has and words & {"4", "four", "vier", "quatre"} and not goods:
            name = "hoard"  # "die Karte mit den 4 Münzen"
        elif "good" in has and words & {"two", "2", "zwei", "deux"} and words & {"one", "1", "eine", "einen",
                                                                                 "une", "un"}:
            name = "exchange house"  # "two goods for one"
        if name is None:
            continue
        out.append(text[pos:m.start()] + " " + name + " ")
        pos = end
    return "".join(out) + text[pos:] if out else text


# "I'd take the warrior but you'll outbid me": a wish given up; "I'd go for the craft" is the move
_WOULD = re.compile(r"\bI['’]d\b(?=.*\b(?:but|though|except|if)\b)", re.IGNORECASE)
_EXTRA_INCOME = re.compile(r"\b(?:with the|mit dem|mit|avec (?:le|un)) (?:extra[- ]?|zusätzliche[nm]? |)"
                           r"(?:income|einkommen|revenu(?: en plus| supplémentaire)?)\b", re.IGNORECASE)
_FOUR_COINS = re.compile(r"\b(?:card|karte|carte|building|gebäude|gebaude|bâtiment|batiment)\s+(?:with|mit|avec|à|a)\s+"
                         r"(?:the |den |les )?(?:4|four|vier|quatre)\s+(?:coins|münzen|muenzen|pièces|pieces)\b",
                         re.IGNORECASE)
_STORAGE_SPACE = re.compile(r"\b(?:emplacements? de stockage|storage (?:space|slot)s?|lagerplatz|lagerplatze|"
                            r"lagerfeld)\b", re.IGNORECASE)
_TO_TRADE = re.compile(r"\bzum (?:tauschen|eintauschen)\b|\bin den tausch\b|\bto (?:trade|exchange) (?:it|them)?\b|"
                       r"\bpour (?:l[' ])?[ée]changer\b", re.IGNORECASE)
_COUNTED = re.compile(r"\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|zwei|drei|vier|fünf|"
                      r"sechs|sieben|acht|neun|zehn|elf|zwölf|deux|trois|quatre|cinq|sept|huit|neuf|dix|onze|douze)"
                      r"\s+(?:players|spieler|joueurs|cards|karten|cartes|rounds|runden|tours)\b", re.IGNORECASE)
_CASH_IN = re.compile(r"\bcash(?:ing|es)? in(?= (?:my|the|this|that) )", re.IGNORECASE)  # a card, not "two wool"
_IS_MINE = re.compile(r"\b(?:is|it's|its) mine\b|\bist meins?\b|\best (?:à|a) moi\b|\bc'est (?:à|a) moi\b",
                      re.IGNORECASE)
_HOPE = re.compile(r"\s(?:and |und |et )?(?:i |ich )?(?:hope|hoffe|j'espere|j'espère|espere|espère)\b.*$",
                   re.IGNORECASE)
_COMPLETES = re.compile(r"[,;]\s*(?:that|this|which|it|das|damit|ça|ca|cela)\s+(?:finishes|completes|fills|fulfils|"
                        r"fulfills|macht|ist|la|le)\s+(?:it|them|the card|sie|es|voll|komplett|complète|complete|"
                        r"remplit|fertig)\b.*$", re.IGNORECASE)
_PASS_AHEAD = re.compile(r"\b(?:pour |to |um )?(?:passer devant|get ahead|go ahead of|move up|nach vorne (?:zu )?"
                         r"(?:kommen|rucken|ruecken))\b", re.IGNORECASE)
_LET_GO = re.compile(r"\blet (?:it |that |this one |her |him )?go\b|\blass (?:es|sie|ihn) (?:gehen|liegen|sein)\b|"
                     r"\blaisse (?:tomber|filer|passer)\b", re.IGNORECASE)
_TAKE_HIT = re.compile(r"\btake the (?:hit|loss)\b|\beat the (?:loss|hit|minus \w+|penalty)\b|\bnehme? den verlust\b|"
                       r"\bje prends? la perte\b|\bj'encaisse\b", re.IGNORECASE)
# the player stepping away from the table: no move ("bin gleich zurück", "brb", "je reviens")
_AWAY = re.compile(r"\b(?:brb|be right back|back in a (?:sec|second|minute)|bin gleich (?:zuruck|zurueck|wieder da)|"
                   r"je reviens|je reviens tout de suite)\b")
# "8 vikings on the warrior", "trois vikings sur le navire": Vikings are placed one at a time, so a count of them
# describes a row
_MANY_VIKINGS = frozenset(range(2, 13))


def _is_copula(h: Hit, lang: str | None) -> bool:
    c = h.first("copula")
    return c is not None and h.first("anygood") is None and (lang is None or lang in c.langs)


_THERE = frozenset({"y", "there", "da", "dort", "dahin", "hin", "it", "es", "le", "la", "l", "him", "ihn"})


def _without_remark_clauses(hits: list[Hit], lang: str | None) -> list[Hit]:
    """The line without its clauses that only describe ("Schiff auf Feld 1, da ist doppelt Gagat drauf", "the
    ship, it's the best one"): a clause with a copula and no verb of its own is dropped when another clause names a
    card or a place without one."""
    parts: list[list[Hit]] = [[]]
    for h in hits:
        if h.text in _SPLIT:
            parts.append([])
        parts[-1].append(h)
    if len(parts) < 2:
        return hits
    remark = [any(_is_copula(h, lang) or h.text in ("m", "am") for h in p) and not any(
        h.first("v") is not None for h in p) for p in parts]  # "..., I'm third in line anyway"
    named = [not r and (any(h.first("ctype", "cname", "code", "spaceword", "num") is not None for h in p) or any(
        h.first("v") is not None for h in p) and not any(h.text in _THERE for h in p))
             for p, r in zip(parts, remark, strict=True)]  # "personne n'est sur le marchand, j'y vais": kept whole
    if not any(remark) or not any(named):
        return hits
    return [h for p, r in zip(parts, remark, strict=True) if not r for h in p]


_NOBODY = frozenset({"nobody", "noone", "niemand", "keiner", "personne"})
_SELF = frozenset({"i", "ich", "je", "j", "moi", "me"})
_OTHERS_DONE = re.compile(
    r"\b(?:a|ont|hat|haben|has|have)\s+(?:(?:schon|gerade|deja|déjà|just|already|das|den|die|sich)\s+)*"
    r"(?:pose|pris|mis|achete|vendu|choisi|paye|stocke|echange|taken|took|put|bought|reserved|"
    r"placed|sold|picked|gone|genommen|gesetzt|gekauft|gestellt|reserviert|verkauft|gelegt)\b|"
    r"\b(?:a|ont)\s+(?:deja\s+)?(?:reserve|place)\s+(?:le|la|l|les|un|une|sur|dans|au|son|sa|ses|deux|trois)\b")


def _remark(hits: list[Hit], raw: str) -> bool:
    """Someone else acting or having acted ("Ben takes the ship", "nobody wants the craft", "Marie a posé sur
    l'artisan"), not the player's own Viking, card or good doing something ("my brown one withdraws", "der Verräter
    geht zurück in die Schachtel", "leather goes on the craft"), nor "nobody" describing a card ("the ship nobody's
    on yet"; "nobody wants the amber trader... I'll go there")."""
    low = fold(raw)
    m = _OTHERS_DONE.search(low)
    if m is not None:
        before = low[:m.start()].split()
        if not (before and before[-1].strip(",.!'") in ("j", "i", "ich", "wir", "we", "nous", "je")) \
                and not low[:m.start()].rstrip().endswith(("j'", "j’")):
            return True
    skip = -1
    for i, h in enumerate(hits):
        if i == skip or h.first("third") is None or h.first("v") is not None:
            continue
        if h.text in _NOBODY:
            j = i + 1
            while j < len(hits) and hits[j].first("neg") is not None:
                j += 1
            nxt = hits[j] if j < len(hits) else None
            if nxt is None or nxt.first("third", "v") is None:
                continue  # "the ship nobody's on": a card described
            if _self_acts(hits[j + 1:]):
                skip = j
                continue  # "nobody wants the trader... I'll go there"
            return True
        if h.text in ("everybody", "everyone", "someone", "jemand"):
            if i and hits[i - 1].first("with", "to", "link", "conj", "filler") is not None:
                continue  # "swap the first on the ship with someone on the warrior"
            return True
        if i and hits[i - 1].text in _SELF:
            continue  # "je vend le fer": the player, conjugated wrongly
        subject = []
        start = i
        for j in range(i - 1, max(-1, i - 9), -1):  # across a comma only while no verb stands before it:
            x = hits[j]  # "my own viking, not a brown one, goes to ..."
            if x.text == "," and not any(y.first("v") is not None for y in hits[max(0, j - 4):j]) and i - j < 6:
                continue
            if x.text in _SPLIT or x.text in _AND or i - j > 4 and x.text != ",":
                break
            subject.append(x)
            start = j
        words = [x.text for x in hits[start:i]]
        if (any(x.first("viking", "ctype", "cname", "good", "brown", "code", "poss", "rest", "anygood", "it", "num",
                        "last", "spaceword") is not None for x in subject) or any(
                _card_phrase(hits[start:i], k) is not None for k in range(len(words)))) and \
                not any(x.text in _SELF or not x.entries and x.text.isalpha() and _card_phrase(
                    hits[start:i], max(0, words.index(x.text) - 1)) is None for x in subject):
            continue  # "my other viking gets it cheaper", "der Verräter geht zurück", "last one goes", "exchange
            # house gives me the gold"
        return True
    return False


_CLAUSE_ENDS = frozenset({",", ".", ";", "!", ":", "but", "aber", "mais", "so", "also", "dann", "then", "donc"})
_WILL = frozenset({"s", "is", "ist", "est", "will", "wird", "va", "geht"})


_INTERJ = frozenset({"ok", "okay", "hmm", "hm", "well", "so", "also", "naja", "na", "bon", "alors", "eh", "oh", "ah",
                     "yeah", "ja", "oui", "ouais", "gut", "und", "and", "et", "hey", "lol", "ben", "bien", "nun",
                     "jetzt", "now", "then", "dann"})
_MODALS = frozenset({"should", "will", "would", "could", "can", "must", "might", "ll", "s", "is", "wants", "muss",
                     "soll", "sollte", "wird", "kann", "va", "doit", "peut", "veut", "devrait", "always",
                     "immer", "toujours"})


def _lead(texts: list[str]) -> int:
    """How many interjections and commas open the line ("ok", "hmm, well", "naja,", "bon alors")."""
    k = 0
    while k < len(texts) and (texts[k] in _INTERJ or texts[k] in (",", ".", "!")):
        k += 1
    return k


def _named_other(hits: list[Hit], names: set[str] = frozenset()) -> bool:  # type: ignore[assignment]
    """A clause whose subject is a name the lexicon does not know, acting: "Lisa's going on the ship", "Tom will
    take the trader", "Paul prend le navire", "Paul achète" (a capitalised name before any verb)."""
    lead = _lead([h.text for h in hits])
    for i, h in enumerate(hits):
        if h.entries or not h.text.isalpha() or len(h.text) < 2 or i and i != lead and hits[i - 1].text not in \
                _CLAUSE_ENDS:
            continue
        nxt = hits[i + 1] if i + 1 < len(hits) else None
        if nxt is None:
            continue
        if nxt.first("third") is not None or h.text in names and nxt.first("v") is not None:
            return True
        if nxt.text in _WILL and any(x.first("v") is not None for x in hits[i + 2:i + 4]):
            return True
    return False


def _self_part(hits: list[Hit]) -> list[Hit] | None:
    """The rest of the line from the first later clause in which the player speaks of themselves ("…, ich nehm den
    Händler", "…, moi le marchand", "… I'll take the ship"), or None."""
    for i, h in enumerate(hits):
        if i and h.text in _SELF and hits[i - 1].text in _CLAUSE_ENDS | _AND:
            return hits[i:]
    return None


def _self_acts(hits: list[Hit]) -> bool:
    """A later part of the line where the player says what they do ("… I'll go there", "… je prends")."""
    return any(h.text in _SELF and any(x.first("v") is not None for x in hits[k + 1:k + 4]) for k, h in
               enumerate(hits))


_SWAP_SPLIT = frozenset({"with", "mit", "avec", "and", "und", "et", ",", ";", ":", ".", "gegen", "contre", "for"})


_OWN_WORDS = frozenset({"my", "mine", "me", "myself", "mon", "ma", "mes", "moi", "mein", "meine", "meinen", "meinem",
                        "meiner", "mich"})
# someone else's Viking in a swap: "mit seinem", "avec un des siens", "one of the opponent's"
_HIS_WORDS = frozenset({"his", "her", "their", "theirs", "sein", "seine", "seinem", "seinen", "seiner", "seins",
                        "ihrem", "ihren", "son", "sa", "ses", "sien", "siens", "sienne", "leur", "leurs", "opponent",
                        "opponents", "gegner", "gegners", "adversaire", "other", "anderen", "autre"})
_FRONT_WORDS = frozenset({"front", "vorne", "vorn", "vordere", "vorderen", "vorderste", "vordersten", "tête", "tete",
                          "vor", "spitze"})
_BEHIND_WORDS = frozenset({"behind", "hinter", "hinten", "dahinter", "derrière", "derriere"})
_ANAPHORS = frozenset({"it", "him", "her", "ihm", "ihr", "lui", "elle", "davor", "dahinter", "mir", "me", "moi"})
_TWO = frozenset({"two", "2", "beiden", "zwei", "deux"})
_FIRSTS = frozenset({"first", "premiers", "ersten", "vordersten", "front"})


_RELATIVE_SWAP = [False]  # set by _swap_slots: the last swap read found a place relative to the other one


def _swap_slots(hits: list[Hit], ctx: Ctx, state: Any) -> list[frozenset[str]]:
    """The traitor's two Vikings described by where they stand: "the first one on the warrior", "den Ersten am
    Schiff", "le troisième du guerrier", "einem am Krieger" (any in that row), "1.3", "R2"; whose they are ("my
    Viking on 1", "mich", "ma réservation"); where one stands against the other ("the one in front of it", "my
    viking right behind him"); "swap me to the front of row 5"; "les deux premiers de la file 2"."""
    _RELATIVE_SWAP[0] = False
    reserved = {f"R{k + 1}": state.cards.ids[card] for k, (card, _) in enumerate(state.reserved)}
    owner = {f"R{k + 1}": f for k, (_, f) in enumerate(state.reserved)}
    for sp, row in enumerate(state.rows):
        for p, f in enumerate(row):
            owner[f"{sp + 1}.{p + 1}"] = f
    mine = {lab for lab, f in owner.items() if f == ctx.player}
    segments: list[list[Hit]] = [[]]
    for h in hits:
        if h.text in _SWAP_SPLIT:
            segments.append([])
        else:
            segments[-1].append(h)
    infos: list[dict[str, Any]] = []
    for seg in segments:
        labels: set[str] = set()
        nth: int | None = None
        last = False
        refs: list[Ref] = []
        texts = [h.text for h in seg]
        own = any(t in _OWN_WORDS for t in texts)
        his = any(t in _HIS_WORDS for t in texts) and not own
        front = next((k for k, t in enumerate(texts) if t in _FRONT_WORDS), None)
        # "at the front of it", "an der Spitze", "en tête": the first place of that row, not the place just ahead
        at_front = front is not None and front > 0 and texts[front - 1] in ("the", "at") or any(
            t in ("vorderste", "vordersten", "vorderster", "frontmost", "first", "erste", "ersten", "premier",
                  "premiere", "tete") for t in texts) or any(
            p in set(zip(texts, texts[1:], strict=False)) for p in (("der", "spitze"), ("en", "tete"),
                                                                     ("ganz", "vorne"), ("ganz", "vorn")))
        behind = any(t in _BEHIND_WORDS for t in texts)
        anaphor = any(t in _ANAPHORS for t in texts) or "davor" in texts or "dahinter" in texts
        resv = any(t.startswith(("reserv", "réserv")) for t in texts)
        first_ref: int | None = None
        for k, h in enumerate(seg):
            m = _LABEL.match(h.text)
            n_refs = len(refs)
            if m:
                labels.add(f"{m.group(1)}.{m.group(2)}" if m.group(1) else f"R{m.group(3)}")
            elif h.first("nth") is not None:
                nth = h.first("nth").value  # type: ignore[union-attr]
            elif h.first("last") is not None:
                last = True
            elif h.first("code") is not None:
                refs.append(Ref(code=h.first("code").value))  # type: ignore[union-attr]
            elif h.first("cname") is not None:
                refs.append(Ref(cname=h.first("cname").value))  # type: ignore[union-attr]
            elif h.first("ctype") is not None and h.first("ctype").value[0] != "traitor":  # type: ignore[union-attr]
                refs.append(Ref(ctype=h.first("ctype").value[0], good=h.first("ctype").value[1]))  # type: ignore
            elif h.first("spaceword") is not None and k + 1 < len(seg) and seg[k + 1].text.isdigit():
                refs.append(Ref(space=int(seg[k + 1].text)))
            elif h.text.isdigit() and 1 <= int(h.text) <= 6 and k and (
                    seg[k - 1].first("to") is not None or seg[k - 1].text in ("der", "la", "le", "the", "du", "de")) \
                    and not (k + 1 < len(seg) and seg[k + 1].first("viking", "good", "coin") is not None):
                refs.append(Ref(space=int(h.text)))  # "auf der 1", "sur la 2", "on 1"
            if len(refs) > n_refs and first_ref is None:
                first_ref = k
        if front is not None and nth is None and not last and not (anaphor and not refs):
            nth = 1
        infos.append(dict(labels=labels, nth=nth, last=last, refs=refs, own=own, front=front, behind=behind,
                          anaphor=anaphor, resv=resv, first_ref=first_ref, texts=texts, at_front=at_front, his=his))

    def place(refs: list[Ref], nth: int | None, last: bool) -> set[str]:
        labels: set[str] = set()
        for sp, cid in ctx.spaces.items():
            n = ctx.row_len.get(sp, 0)
            if sp > 6 or not n or not any(ref_fits(r, ctx, cid, sp) for r in refs):
                continue
            if last:
                labels.add(f"{sp}.{n}")
            elif nth is not None:
                if nth <= n:
                    labels.add(f"{sp}.{nth}")
            else:
                labels.update(f"{sp}.{p}" for p in range(1, n + 1))
        if nth is None and not last:
            labels.update(slot for slot, cid in reserved.items() if any(ref_fits(r, ctx, cid) for r in refs))
        return labels

    said = [x for x in infos if x["labels"] or x["refs"] or x["own"] or x["his"] or x["resv"] or x["anaphor"] and (
        x["front"] is not None or x["behind"]) or any(t in _TWO for t in x["texts"])]
    if len(said) == 1:  # one phrase names both: "swap me to the front of row 5", "les deux premiers de la file 2"
        x = said[0]
        if x["his"] and not x["labels"]:  # "Ich tausch mit seinem Wikinger beim Handwerk": mine with his
            theirs = (place(x["refs"], x["nth"], x["last"]) if x["refs"] else set(owner)) - mine
            return [frozenset(mine), frozenset(theirs)] if mine and theirs else []
        two = any(t in _TWO for t in x["texts"]) and any(t in _FIRSTS for t in x["texts"])
        if two and x["refs"] and not x["own"]:
            rows = place(x["refs"], None, False)
            return [frozenset(r for r in rows if r.endswith(".1")), frozenset(r for r in rows if r.endswith(".2"))]
        if x["own"] and x["front"] is not None and x["refs"]:
            fronts = place(x["refs"], 1, False)
            rows = {r.split(".")[0] for r in fronts}
            mover = {m for m in mine if m.split(".")[0] in rows}  # "swap me to the front on the warrior": mine there
            if not mover and not (x["first_ref"] is not None and x["first_ref"] < x["front"]):
                mover = set(mine)
            return [frozenset(mover - fronts), frozenset(fronts)] if mover - fronts and fronts else []
    out: list[frozenset[str]] = []
    resolved: list[set[str] | None] = []
    for x in infos:
        labels = set(x["labels"])
        if not labels and x["refs"]:
            labels = place(x["refs"], x["nth"], x["last"])
        if not labels and not x["refs"] and (x["own"] or x["resv"]) and not x["anaphor"]:
            labels = set(mine) if x["own"] else set()
            if x["resv"]:
                labels = {lab for lab in (labels or owner) if lab.startswith("R")}
        elif labels and x["own"]:
            labels &= mine
        if x["his"] and not x["labels"]:
            labels = (labels or set(owner)) - mine  # "mit seinem Wikinger beim Handwerk", "un des siens"
            if x["resv"]:
                labels = {lab for lab in labels if lab.startswith("R")}
        resolved.append(labels if labels or not (x["anaphor"] or not x["refs"] and (
            x["front"] is not None or x["behind"])) else None)  # "mit dem an der Spitze": placed by the other one
    for i, x in enumerate(infos):
        if resolved[i] is None and (x["front"] is not None or x["behind"]):
            other = [r for j, r in enumerate(resolved) if j != i and r]
            if len(other) == 1 and len(other[0]) == 1 and "." in next(iter(other[0])):
                row_s, pos_s = next(iter(other[0])).split(".")
                lab = f"{row_s}.1" if x["at_front"] and not x["behind"] else \
                    f"{row_s}.{int(pos_s) + (1 if x['behind'] else -1)}"
                if lab in owner and (not x["own"] or lab in mine):
                    resolved[i] = {lab}
                    _RELATIVE_SWAP[0] = True
    for found in resolved:
        if found:
            out.append(frozenset(found))
    return out


def _without_questions(hits: list[Hit]) -> list[Hit] | None:
    """The line without its sentences that end in a question mark ("why is it 2 coins? fine, buy it" -> "fine, buy
    it"); None when the questions hold every word that names a move ("pay? hmm", "the ship? or not")."""
    if not any(h.text == "?" for h in hits):
        return hits
    kept: list[Hit] = []
    sentence: list[Hit] = []
    for h in hits:
        if h.text == "?":
            sentence = []
            continue
        sentence.append(h)
        if h.text in (".", "!"):
            kept.extend(sentence)
            sentence = []
    kept.extend(sentence)
    if not any(h.first("v", "good", "ctype", "cname", "code", "num", "yes", "nope", "spaceword", "brown", "expensive")
               is not None for h in kept):
        return None
    return kept


# Words that make a line no move (negation, regret, doubt, someone else acting): a misspelling of one of them must
# not turn the line into a move, so unknown words are matched against them with the lexicon's typo rule.
_SAFETY_WORDS = """not never maybe perhaps probably nobody going nicht kein keine keinen keiner
    hatte haette vielleicht wahrscheinlich eventuell niemand sollte konnte koennte wurde wuerde aurais aurait devrais
    pourrais probablement personne jamais alors whichever whatever egal uberleg uberlege ueberlege importe nimporte
    reflechis"""
# Third-person forms: only an unknown word is read as one of them (a typo of a verb the lexicon knows stays that verb).
_SAFETY_THIRD = "says wants takes nimmt meint sagt kauft verkauft setzt stellt legt holt veut prend achete"


def _safety_lexicon() -> Lexicon:
    lex = Lexicon()
    for w in _SAFETY_WORDS.split():
        lex.add(w, "safe", w, (), fuzzy=True)
    lex.add("should would could", "safe", "would", (), fuzzy=True)  # one doubt: "sould've", "wuold", "coud"
    for w in _SAFETY_THIRD.split():
        lex.add(w, "safe", w, (), "third", fuzzy=True)
    return lex.freeze()


_SAFETY = _safety_lexicon()


def _safety_fix(hits: list[Hit]) -> str | None:
    """The line's folded words with unknown ones that are typos of a safety word corrected; None if none is."""
    out: list[str] = []
    changed = False
    for h in hits:
        if (not h.entries or h.distance) and h.text.isalpha() and len(h.text) >= 4:
            entries, dist = _SAFETY.lookup(h.text)
            if entries and (not h.entries or dist <= h.distance and not entries[0].has("third")):
                out.append(str(entries[0].value))
                changed = True
                continue
        out.append(h.text)
    return " ".join(out) if changed else None


def _raw_text(hits: list[Hit]) -> str:
    return " ".join(h.text for h in hits)


def _transitive_pass(hits: list[Hit]) -> bool:
    """"pass me the bag", "passe-moi les chips", "hand me the dice", "reich mir mal die Chips": a pass or give verb
    whose object is a thing (not a good: "give me an iron" in an exchange is a take)."""
    for i, h in enumerate(hits):
        e = h.first("v")
        if e is None or e.value not in ("pass", "give"):
            continue
        j = i + 1
        while j < len(hits) and hits[j].text in ("me", "mir", "moi", "uns", "nous", "us", "mal"):
            j += 1
        if not (j > i + 1 and j < len(hits) and hits[i + 1].text != "mal"):
            continue
        rest = hits[j:]
        end = next((k for k, x in enumerate(rest) if x.text in _SPLIT), len(rest))
        if e.value == "pass" or not any(x.first("good", "coin", "anygood", "it", "code") is not None
                                        for x in rest[:end]):
            return True
    return False


def _finishing(it: Intent) -> bool:
    """"done", "fertig", "the rest to the supply": a step that only ends the assignment."""
    return not it.goods and not it.refs and (bool(set(it.verbs) & {"done", "pass", "skip"}) or it.rest or it.supply)


def _refused(it: Intent) -> str | None:
    """Why an intent is not a move at all (None: it may be)."""
    if it.unknown >= 2 and not it.verbs and not it.labels:
        return "chat"
    if it.verbs and set(it.verbs) <= {"give", "take", "pass"} and it.unknown and not (
            it.goods or it.refs or it.any_good or it.it or it.coin or it.market or it.numbers or it.rest or it.supply
            or it.storage or it.viking or it.yes or it.back or it.box):
        return "not_a_move"  # "gib mal die Chips rüber", "give me the dice", "donne-moi le sel"
    if not (it.verbs or it.goods or it.refs or it.numbers or it.labels or it.yes or it.expensive or it.nope
            or it.neg or it.rest or it.supply or it.storage or it.market or it.coin or it.it or it.card_word
            or it.box or it.any_good or it.back or it.vacant or it.row or it.cheap or it.price is not None
            or it.no_more):
        return "no_move_words"
    return None


def _ground(game: Any, state: Any, reading: JReading) -> list[Any]:
    best: float | None = None
    cands: list[Any] = []
    for a in game.legal_actions(state):
        s = reading.match(a, None)
        if s is None:
            continue
        if best is None or s > best:
            best, cands = s, [a]
        elif s == best:
            cands.append(a)
    return cands


PARSER = JorvikParser()

__all__ = ["PARSER", "JorvikParser", "build_lexicon"]
