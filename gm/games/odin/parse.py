"""ODIN's lexicon and grammar for the offline parser (EN/DE/FR).

The grammar works on the looked-up tokens in four passes:

1. **symbols**: each token's most useful meaning (card code, colour, number, card noun, play/take/pass verb,
   quantifier, article, determiner, conjunction); everything else is dropped;
2. **context**: "one"/"un" become the rank 1 ("the red one", "le un noir"), an article ("one red card",
   "un huit") or a pronoun ("sit this one out"); a number word right before another number ("two sixes",
   "mes trois six", "alle vier Achter") or before plural colours ("two reds") becomes a count;
3. **items**: the symbols are grouped into card descriptions ("the red seven", "all my greens",
   "beide Neunen") split by conjunctions and by the play/take verbs; a description after a take verb
   names the card to take;
4. **sharing**: a colour named before a number list carries forward ("red 7, 3 and 1", "rote 7 und 5"),
   one named after carries backward ("le 7 et le 5 rouges"), and a number after a colour list is shared
   ("blaue, rote und grüne Acht"). A second reading without this sharing is kept as a fallback.

A reading becomes specs (which cards, how many) checked against each legal action (see core.ground).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import combinations, product
from typing import Any

from engine.core import NotationError
from engine.odin.actions import Pass, Play
from engine.odin.cards import ALL, BIT, CODE, INDEX, RANK_MASK, SUIT, SUIT_MASK, bits, codes_t
from gm.parse.core import GameParser, Hit, Interpretation, Lexicon, add_common

# ---- lexicon -----------------------------------------------------------------------------------------------

# suit index, EN singular, EN plural, DE forms, FR singular, FR plural
_SUIT_WORDS: tuple[tuple[int, str, str, str, str, str], ...] = (
    (0, "blue", "blues", "blau blaue blauen blauer blaues blauem", "bleu bleue", "bleus bleues"),
    (1, "red", "reds", "rot rote roten roter rotes rotem", "rouge", "rouges"),
    (2, "pink", "pinks",
     "pink pinke pinken pinker pinkes pinkem rosa rosane rosanen rosaner rosanes rosafarbene rosafarbenen",
     "rose", "roses"),
    (3, "green", "greens", "grün grüne grünen grüner grünes grünem", "vert verte", "verts vertes"),
    (4, "black", "blacks", "schwarz schwarze schwarzen schwarzer schwarzes schwarzem", "noir noire",
     "noirs noires"),
    (5, "orange", "oranges",
     "orange orangene orangenen orangener orangenes orangenem orangen orangefarben orangefarbene "
     "orangefarbenen orangefarbener orangefarbenes", "orange", "oranges"),
)

_VERBS: tuple[tuple[str, str, str, bool], ...] = (
    # kind, language, words, typo-tolerant
    ("play", "en", "play plays playing", True),
    ("play", "en", "put putting lay laying lead leading drop throw", False),
    ("play", "de", "spiele spielen ausspielen", True),
    ("play", "de", "spiel spielt spielst lege leg legen werfe werf wirf", False),
    ("play", "fr", "joue jouer", True),
    ("play", "fr", "joues jouons jouez jouerai pose poser mets mettre lance lancer", False),
    ("take", "en", "take taking grab", True),
    ("take", "en", "takes took taken grabs grabbing pick picks picking", False),
    ("take", "de", "nehme nehmen schnappe", True),
    ("take", "de", "nehm nimm nimmt nehmt schnapp schnappt schnappen hole hol holen", False),
    ("take", "fr", "prends prendre récupère récupérer", True),
    ("take", "fr", "prend prenant prendrai prendra récupères ramasse ramasser", False),
    ("pass", "en", "pass passing", True),
    ("pass", "en", "skip passed passes", False),
    ("pass", "de", "passe passen aussetzen", True),
    ("pass", "fr", "passe passer", True),
    ("pass", "fr", "passons passez passerai", False),
    # two-part pass phrases: "sit (this one) out", "ich setze aus"
    ("pass_a", "en", "sit sitting", False),
    ("pass_b", "en", "out", False),
    ("pass_a", "de", "setze setz", False),
    ("pass_b", "de", "aus", False),
)

# Everyday words within typo distance of an ODIN word (from word-frequency lists of EN, DE and FR): they are
# known as they are, so "your" never becomes "four", "nein" never "neun", "pause" never "passe".
_NEAR_MISSES: dict[str, str] = {
    "en": """
        ache adler alden alien allan alley allie allies ally alter arab arose avert axle backs bake
        baking bard bashing bass bauer beau beds beige bender bert beside besides biden bins blade
        blades blah blake blame blames blaming blank blanks blaze blazer blazing bled bless blew
        block blocks blur bones bose bride brides cake caller cara carb carbs care cared cares carl
        carp carr cars cart cartel cartels carter carts carve cary cass caste casting causing cert
        changes clay clue clues cones cord cords crab crate crates dashing delaying dept dine dive
        dives dose doses drew drier eighth eighty einstein ellen fair fake faking fallen fasting
        fave feds fide fife fight fights file files fins fire fires flaming flour foul fouls frances
        fringes fund funk funnier gardener gives glaring glue grad gram grange granger gras gray
        greed greek greeks greener greer greet greets grin grunt hair halle height heights hive
        hives hose hour hunt hurt ives jake joke joker jones karate karen kart kate kept kink kinks
        kissing lack lacks lair lake lansing lasting lays leds light lights lines link links lives
        lose loses masking mass masse meds messing mine mines mink mins missing mixes moses neon
        nights nike nile niles nina nino noise noises none nose noses note notes noun ours overt
        owes packing padding pads paid paige pain paine paired pairing pairs pals pans parking
        parting paso passion passions passive past paste pats paws paying peaking pier pike ping
        pinky pint pints piss pissing placing plan planning plans planting plating playa pleading
        pleasing ploy poses posse posting pours praising pray praying prepare pressing prose punk
        pushing quit raising rake range rangers ranges rate rates reads redo rees refs reins reps
        rights rink rise rises rite rites rods roger rogue roma romances rosie ross roster rosy roth
        rotor rotten rough route router routes rover ruse sachs sake salle schwartz seat secs sect
        sects semen sent sever sexes sides sight sights sink sinks sins sites sixers sizes slack
        slay slaying slept sour spilled spraying stake staying steiner steven stevens suit swept
        taker tale talking taller tame tape taping tasting tate taxing thee theres threw tier tight
        tights tinker tones tossing tote tours tree trees trends veins vent vents vera verb verbs
        verde verge verse verses vertex vest vests vets viet view viewer viewers vine vines viper
        vote voter votes wake waking waller ward wards washing wasting weight weights wept wight
        wine wines wink wins wives wrote yacht yard yards yours zones
    """,
    "de": """
        aalen absetzen abspielen achsen achte achtet adler alben algen alien alla allan allee allein
        allem alpen alte alten alter altes amtlich amtliche amtlichen ansetzen arab arte arten assen
        aufsetzen ausnutzen aussehen ausseren auszusetzen balle bashing bass baue bauen bauer beidem
        beige beine beinen bender bert bier blade blake blank blase blasen blei blick block blocks
        blum blume bluse blut blute blutes bose boses bote boten brandes brauer brei bringen brote
        brunnen brunner care carl caro cars carter casting clay dachern dacht dachten damliche
        damlichen deins deut dose drangen drangten dreh drehen dreieck dreizehn dreyer dringen
        echten echter eier einher einhorn einsehen einst einstein einzeln eisen eiserne ellen
        ergangen erinnern erlangen fachern fair fake falle fallen falles fass fasse fassen fasser
        fassung fies fight file fink fire flur foul franken frei freien freier fund funften funfter
        funfzehn funk funken furs futtern gallen garten gasse gassen gegnern gert gier grabe grad
        graf gras grat grau grauen gray graz grenzen grob grube gruben gruber grund grunde grunden
        grunder gruppen grussen hair halle hallen haller harte harten hartes hass hasse hassen heide
        heiden hindern hintern hose hour hungern hunt hust inne jake joke joker jones kalle kalte
        kalten kante kanten karate karen karnten karre karren karsten kart karton kasse kassen
        kasten kate keins kindern klangen klauen kranken kreieren kreiert lacht lack lake lass lasse
        lauer leide leiden lessing lieben liebenden liedern liefern light lindern lines link linke
        linken linker linkes links linsen lose machten mass masse massen meiden meins messing
        mindern mine mose moses nacht nachten nahmen nass nasse nassen nasser nenn nennen nenner
        neuer neueren neunten nieren nike nina note noten notes nuchtern olle orte orten ortes paar
        paare pachter pain passend passion passive passt passte past paste pausen pier ping pinkeln
        pisse pissen plan plans planung plauen pranger prosa punk range rangers rasse rassen rate
        raten rates rechnen rechner rechten rechter rede reis reus richtern rights rise roger roma
        romane romanen romer rosinen ross rost roth route routen router rover rumanen sachliche
        sachlichen sachs sachsen sachsens samtlicher sass sassen schanze scharen scharfe scharfen
        scharfer scharfes schatze schatzen scherze schlampe schlapp schmerz schmerzen schnaps
        schwabe schwaben schwach schwache schwachen schwacher schwaches schwager schwalbe schwamm
        schwanger schwanken schwanz schwanze schwanzen schwarm schwarmen schwartz schweiz schweizer
        schwere schwerem schweren schwerer schweres schwert schwerter schwitzen schwore schworen
        seat sechste sechsten sechster sechzehn segen seht seide seien seins seitliche seitlichen
        sekt sepp sichern siebten siedler siegen silbernen sinken soeben spass speisen spiegel
        spiegeln spielchen spielende spieler spielerin spielern spielers spiels spielte spielten
        spinnen spitzen staatliche staatlichen stangen stattliche stechen steilen steiner steven
        stevens stiegen stillen suchten tage takt tape tasse tassen tate tier tieren tochtern tote
        toten toter tree trends trojaner umsetzen veit vera verb verl vers verse vieh vielen vieler
        viersen vierte vierteln vierten vierter viertes vierzehn view viren wachsen wacht wachter
        ward warte warten wasser wechsel wechseln weide weiden weigern wert werte wertes wichsen
        wichser wink winken wuchsen wundern yacht zarte zarten zink zins zinsen zweifeln zweig
        zweigen zweit zweiten zweiter
    """,
    "fr": """
        achat acheter aile ailes aille aine aines aire alger alien alla allan allee allees allers
        allie allier allies allo alpes alter anes apprendre arab arles arte balle balles bass basse
        bassins bauer beau beige bert bide blade blague blagues blake blame blamer bled block blum
        boire boues bouge bride brun brune brunes caid caire cake capte cara care carl caro carpe
        carre carres cars cartel carter cass casse casser caste casting changes charte chartes
        clarte clay cotes cour crois cuit dalle dalles deus dieux dose doses dote doter dotes
        douanes doue doux drew ecarte ecartes echappe einstein ellen elue etendre etranges evier
        fair fake fasse feux fier fige fight file files fins fire fixe foire foires fous fout
        frances frange fuit funk galles gard graines grandes grange gras gray grenier grue grues
        hair hait halle halles hote hotes huis hunt ille iranien jake jeux joie joke joker jones
        joua jouee jouera jouet joueur joug jouir jours karate karen kart kate kine lake lard lasse
        lasser lier light link lives loir loire louanges loue louer maire malle mass masse masser
        meuf mine mines mlle nasser nerf nier nike nimes nina noie noix note noter notes notres
        nouer nuire nuit oeuf oies ondes orage orages ores ornes oter ours paie pain paires pairs
        paix pans pare pari parie parking pars parte passa passant passee passent passera passeur
        passifs passion passions passive peindre pendre perte pertes pier pince pinces ping pire
        pisse pisser plaire plais plan planning plans plat platine plats poires posa poses pote
        potes predire prefere prepare pressing pretendre prose punk range rangees rangers rase rate
        rater rates reculer recuperee redis reins remunere rendre reperer reprendre rights rite
        rites rive rives roger rogue rois roma romaines romane ronge rosee ross roth roti rouages
        rouen roule route routes rover royales ruse sachs salle salles schwartz seche secher seches
        secouer secs seins sent sexes siennes sine sites soirs steven stevens suit taire tape tard
        tare tarte tartes tasse tate taxe tiree tirees totem tours tree troie trous unes vent vente
        ventes vents vera verbe verbes verge verite verites verne verre verres vers verse verses
        vertu vertus verve veste vestes veuf vibrer vider vies viet view vins vire virer viser vive
        vives voire vote voter votes voue ward wine xive yacht yard yards yeux zones
    """,
}


def build_lexicon() -> Lexicon:
    lex = Lexicon()
    add_common(lex)
    for s, en, en_pl, de, fr, fr_pl in _SUIT_WORDS:
        lex.add(en, "suit", s, "en", fuzzy=True)
        lex.add(en_pl, "suit", s, "en", "plural", fuzzy=True)
        for w in de.split():
            inflected = w.endswith(("e", "en", "er", "es", "em")) and w not in ("orange", "orangen")
            lex.add(w, "suit", s, "de", "inflected" if inflected else "", fuzzy=True)
        lex.add(fr, "suit", s, "fr", fuzzy=True)
        lex.add(fr_pl, "suit", s, "fr", "plural", fuzzy=True)
    lex.add("neufs", "num", 9, "fr", "word plural")
    lex.add("card", "card", None, "en", fuzzy=True)
    lex.add("cards", "card", None, "en", "plural", fuzzy=True)
    lex.add("karte", "card", None, "de", fuzzy=True)
    lex.add("karten", "card", None, "de", "plural", fuzzy=True)
    lex.add("carte", "card", None, "fr", fuzzy=True)
    lex.add("cartes", "card", None, "fr", "plural", fuzzy=True)
    for kind, lang, words, fuzzy in _VERBS:
        lex.add(words, kind, None, lang, fuzzy=fuzzy)
    for code in CODE:
        lex.add(code.lower(), "code", INDEX[code])
    for lang, words in _NEAR_MISSES.items():
        lex.add(words, "word", None, lang)
    return lex.freeze()


# ---- symbols -----------------------------------------------------------------------------------------------

_PRIORITY = ("code", "suit", "num", "card", "take", "play", "pass", "pass_a", "pass_b", "all", "both", "art",
             "def", "poss", "conj", "sep")
_MARKERS = frozenset({"art", "def", "poss", "all", "both", "count"})
_NO_FLAGS: frozenset[str] = frozenset()


@dataclass(slots=True)
class Sym:
    kind: str
    value: Any
    flags: frozenset[str]


def _symbols(hits: list[Hit]) -> list[Sym]:
    out: list[Sym] = []
    for h in hits:
        for kind in _PRIORITY:
            e = h.first(kind)
            if e is not None:
                out.append(Sym(kind, e.value, e.flags))
                break
    return out


def _resolve_context(syms: list[Sym]) -> list[Sym]:
    """Decide "one"/"un" (rank, article or pronoun) and number words that are counts."""
    out: list[Sym] = []
    n = len(syms)
    for i, s in enumerate(syms):
        nxt = syms[i + 1] if i + 1 < n else None
        if s.kind == "num" and "article" in s.flags:
            j = i - 1
            saw_suit = False
            while j >= 0 and syms[j].kind == "suit":
                j -= 1
                saw_suit = True
            before = syms[j] if j >= 0 else None
            if nxt is not None and nxt.kind in ("def", "poss"):
                out.append(Sym("art", None, _NO_FLAGS))  # "one of the reds", "l'un des rouges"
            elif before is not None and before.kind == "def" and "demonstrative" not in before.flags:
                out.append(Sym("num", 1, frozenset({"word"})))  # "the one", "the red one", "le un"
            elif before is not None and before.kind == "art":
                if not saw_suit:
                    out.append(Sym("num", 1, frozenset({"word"})))  # "a one"
            elif saw_suit:
                out.append(Sym("num", 1, frozenset({"word"})))  # "red one"
            elif before is not None and before.kind == "def":
                pass  # "this one": a pronoun
            elif nxt is not None and nxt.kind in ("num", "suit", "card", "code"):
                out.append(Sym("art", None, _NO_FLAGS))  # "one red card", "un huit"
            continue
        if s.kind == "num" and nxt is not None:
            word = "word" in s.flags
            if nxt.kind == "num" and "article" not in nxt.flags and 2 <= s.value <= 6 and (
                    word or "plural" in nxt.flags):
                out.append(Sym("count", s.value, _NO_FLAGS))  # "two sixes", "trois cinq", "2 eights"
                continue
            if nxt.kind == "suit" and 2 <= s.value <= 9 and "plural" not in s.flags and (
                    "plural" in nxt.flags or ("inflected" in nxt.flags and word)):
                after = syms[i + 2] if i + 2 < n else None
                prev = syms[i - 1] if i > 0 else None
                listed = prev is not None and prev.kind == "conj" and i > 1 and syms[i - 2].kind == "num"
                singular = prev is not None and prev.kind == "def" and "singular" in prev.flags
                if (after is None or after.kind != "num") and not listed and not singular:
                    out.append(Sym("count", s.value, _NO_FLAGS))  # "two reds", "zwei rote", "deux rouges"
                    continue
            if nxt.kind == "card" and "plural" in nxt.flags and 2 <= s.value <= 9:
                out.append(Sym("count", s.value, _NO_FLAGS))  # "two cards"
                continue
        out.append(s)
    return out


# ---- items -------------------------------------------------------------------------------------------------


@dataclass(slots=True)
class Item:
    """One card description: "the red seven", "all my greens", "beide Neunen", "le 3 bleu"."""

    mode: str
    suit: int | None = None
    rank: int | None = None
    code: int | None = None
    order: str = ""  # "sr": colour named before the number, "rs": after
    count: int | None = None
    every: bool = False
    article: bool = False
    plural_rank: bool = False
    plural_suit: bool = False
    plural_det: bool = False
    card: bool = False
    plural_card: bool = False
    inherited: bool = False

    def has_content(self) -> bool:
        return self.suit is not None or self.rank is not None or self.code is not None or self.card

    def full(self) -> bool:
        return self.code is not None or (self.suit is not None and self.rank is not None)

    def quantified(self) -> bool:
        return self.every or (self.count is not None and self.count > 1) or self.plural()

    def plural(self) -> bool:
        if self.full():
            return False
        return (self.plural_rank or self.plural_card or self.plural_det
                or (self.plural_suit and self.rank is None))


def _items(syms: list[Sym]) -> tuple[list[Item], bool, bool]:
    """(items, saw a play or take verb, saw a pass)."""
    items: list[Item] = []
    mode = "play"
    cur = Item(mode)
    verbs = False
    passed = False
    part_a = False

    def close() -> None:
        nonlocal cur
        if cur.has_content():
            items.append(cur)
        cur = Item(mode)

    for s in syms:
        k = s.kind
        if k == "conj":
            close()
        elif k == "sep":
            close()
            mode = "play"
            cur.mode = mode
        elif k in ("play", "take"):
            verbs = True
            close()
            mode = k
            cur.mode = mode
        elif k == "pass":
            passed = True
        elif k == "pass_a":
            part_a = True
        elif k == "pass_b":
            passed = passed or part_a
        elif k in _MARKERS:
            if cur.has_content():
                close()
            if k == "art":
                cur.article = True
                cur.count = 1 if cur.count is None else cur.count
            elif k == "def" or k == "poss":
                cur.plural_det = cur.plural_det or "plural" in s.flags
            elif k == "all":
                cur.every = True
            elif k == "both":
                cur.count = 2
            elif k == "count":
                cur.count = s.value
        elif k == "code":
            if cur.has_content() and not (cur.card and cur.suit is None and cur.rank is None):
                close()
            cur.code = s.value
            close()
        elif k == "suit":
            if cur.suit is not None or cur.code is not None:
                close()
            cur.suit = s.value
            cur.order = cur.order or ("rs" if cur.rank is not None else "sr")
            cur.plural_suit = "plural" in s.flags
        elif k == "num":
            if cur.rank is not None or cur.code is not None:
                close()
            cur.rank = s.value
            cur.order = cur.order or ("sr" if cur.suit is not None else "rs")
            cur.plural_rank = "plural" in s.flags
        elif k == "card":
            if cur.card:
                close()
            cur.card = True
            cur.plural_card = "plural" in s.flags
    close()
    return items, verbs, passed


def _share(play: list[Item]) -> bool:
    """Carry colours and numbers across a coordinated list; True if anything was carried."""
    changed = False
    for idx, it in enumerate(play):
        if it.full() or it.quantified() or it.card:
            continue
        if it.rank is not None and it.suit is None:
            src = next((p for p in reversed(play[:idx]) if p.suit is not None and p.rank is not None
                        and (p.order == "sr" or p.code is not None)), None)
            if src is None:
                src = next((p for p in play[idx + 1:] if p.suit is not None and p.rank is not None
                            and p.order == "rs" and p.code is None), None)
            if src is not None:
                it.suit = SUIT[src.code] if src.code is not None else src.suit
                it.order = "sr" if src.order == "sr" or src.code is not None else "rs"
                it.inherited = changed = True
        elif it.suit is not None and it.rank is None:
            src = next((p for p in play[idx + 1:] if p.rank is not None and p.suit is not None
                        and p.order == "sr" and p.code is None), None)
            if src is None:
                src = next((p for p in reversed(play[:idx]) if p.rank is not None and p.suit is not None
                            and p.order == "rs" and p.code is None), None)
            if src is not None:
                it.rank = src.rank
                it.order = src.order
                it.inherited = changed = True
    return changed


# ---- readings ----------------------------------------------------------------------------------------------


@dataclass(slots=True)
class Spec:
    """Cards that fit one description and how many of them the play holds."""

    mask: int
    lo: int = 1
    hi: int = 1
    every: bool = False  # exactly the hand's cards that fit
    count: int | None = None  # with every: how many the text said there are
    prefer_max: bool = False  # a bare plural: the more the better
    exact: bool = False  # one named card


def _spec(it: Item, hand: int) -> Spec:
    if it.code is not None:
        return Spec(BIT[it.code], exact=True)
    if it.suit is not None and it.rank is not None:
        return Spec(BIT[it.suit * 9 + it.rank - 1], exact=True)
    mask = ALL
    if it.suit is not None:
        mask &= SUIT_MASK[it.suit]
    if it.rank is not None:
        mask &= RANK_MASK[it.rank]
    if it.every:
        if it.count is not None and (hand & mask).bit_count() != it.count:
            return Spec(mask, it.count, it.count)  # "all three sixes" with four in hand: three of them
        return Spec(mask, 0, 9, every=True, count=it.count)
    if it.count is not None:
        return Spec(mask, it.count, it.count)
    if it.plural():
        return Spec(mask, 2, 9, prefer_max=True)
    return Spec(mask)


def _take(it: Item | None) -> tuple[int | None, int | None]:
    """(mask of cards that fit the take clause or None, the one card it names or None)."""
    if it is None:
        return None, None
    if it.code is not None:
        return BIT[it.code], it.code
    if it.suit is not None and it.rank is not None:
        c = it.suit * 9 + it.rank - 1
        return BIT[c], c
    if it.suit is None and it.rank is None:
        return None, None
    mask = ALL
    if it.suit is not None:
        mask &= SUIT_MASK[it.suit]
    if it.rank is not None:
        mask &= RANK_MASK[it.rank]
    return mask, None


def _subsets(mask: int, lo: int, hi: int) -> list[int]:
    cards = bits(mask)
    out = []
    for k in range(max(lo, 0), min(hi, len(cards)) + 1):
        for combo in combinations(cards, k):
            m = 0
            for c in combo:
                m |= BIT[c]
            out.append(m)
    return out


@dataclass(slots=True)
class OdinReading:
    """One hypothesis: pass, or play cards fitting `specs` (and take a card fitting the take mask)."""

    score: float
    is_pass: bool = False
    specs: list[Spec] = field(default_factory=list)
    take_mask: int | None = None
    take_card: int | None = None
    hand: int = 0
    _union: int = field(default=0, init=False, repr=False)

    def __post_init__(self) -> None:
        for s in self.specs:
            self._union |= s.mask

    def match(self, action: Any, info: Any) -> float | None:
        if info is None:
            return 0.0 if self.is_pass else None
        if self.is_pass:
            return None
        mask, take = info
        if self.take_mask is not None and (take < 0 or not self.take_mask >> take & 1):
            return None
        if not self.specs:
            return 0.0
        if mask & ~self._union:
            return None
        return self._cover(mask)

    def _cover(self, played: int) -> float | None:
        rest = played
        loose: list[Spec] = []
        for s in self.specs:
            if s.every:
                need = self.hand & s.mask
                if not need or need & ~rest or (s.count is not None and need.bit_count() != s.count):
                    return None
                rest &= ~need
            elif s.exact:
                if not rest & s.mask:
                    return None
                rest &= ~s.mask
            else:
                loose.append(s)
        if not loose:
            return 0.0 if rest == 0 else None
        return _assign(rest, loose)

    def literal(self, game: Any, state: Any) -> list[Any] | str:
        if self.is_pass:
            return [Pass()]
        options: list[list[int]] = []
        for s in self.specs:
            have = self.hand & s.mask
            if s.exact:
                options.append([s.mask])
            elif s.every or s.prefer_max:
                if not have or (s.count is not None and have.bit_count() != s.count):
                    return "no_such_card"
                options.append([have])
            else:
                subsets = _subsets(have, s.lo, s.hi)
                subsets = [m for m in subsets if s.lo <= m.bit_count() <= s.hi]
                if not subsets:
                    return "no_such_card"
                options.append(subsets)
        if not options:
            return "no_cards"
        plays: list[int] = []
        for combo in product(*options):
            m = 0
            ok = True
            for part in combo:
                if m & part:
                    ok = False
                    break
                m |= part
            if ok and m not in plays:
                plays.append(m)
            if len(plays) >= 256:
                break
        if not plays:
            return "inconsistent"
        takes: list[str | None]
        if self.take_card is not None:
            takes = [CODE[self.take_card]]
        elif self.take_mask is not None:
            fits = state.center & self.take_mask
            if not fits:
                # a take that names no centre card: blame the play if it is wrong, else say what's missing
                why = [game.check(state, Play(codes_t(m), None)) for m in plays]
                if any(w is not None and w.code != "take_required" for w in why):
                    return [Play(codes_t(m), None) for m in plays]
                return "no_such_take"
            takes = [CODE[c] for c in bits(fits)]
        else:
            takes = [None]
        return [Play(codes_t(m), t) for m in plays for t in takes]


def _assign(rest: int, loose: list[Spec]) -> float | None:
    """Best score for sharing the cards `rest` among the loose specs (None if impossible)."""
    first, others = loose[0], loose[1:]
    if not others:
        n = rest.bit_count()
        if rest & ~first.mask or not first.lo <= n <= first.hi:
            return None
        return float(n) if first.prefer_max else 0.0
    best: float | None = None
    for sub in _subsets(rest & first.mask, first.lo, first.hi):
        tail = _assign(rest & ~sub, others)
        if tail is None:
            continue
        score = tail + (sub.bit_count() if first.prefer_max else 0)
        if best is None or score > best:
            best = score
    return best


# ---- the parser --------------------------------------------------------------------------------------------


class OdinParser(GameParser):
    game_name = "odin"

    def __init__(self) -> None:
        self.lexicon = build_lexicon()
        self._digests: dict[Play, tuple[int, int]] = {}

    def digest(self, action: Any) -> tuple[int, int] | None:
        if not isinstance(action, Play):
            return None
        d = self._digests.get(action)
        if d is None:
            mask = 0
            for c in action.cards:
                mask |= BIT[INDEX[c]]
            d = (mask, INDEX[action.take] if action.take is not None else -1)
            if len(self._digests) > 100_000:
                self._digests.clear()
            self._digests[action] = d
        return d

    def exact(self, game: Any, state: Any, text: str) -> Any | None:
        words = text.split()
        if not words or words[0].lower() not in ("play", "pass"):
            return None
        try:
            action = game.parse_notation(text)
        except NotationError:
            return None
        if isinstance(action, Play) and action.take is None and game.check(state, action) is not None:
            return None  # "play R6 R2" with a take to choose: let grounding list the choices
        return action

    def read(self, hits: list[Hit], game: Any, state: Any, player: int) -> Interpretation:
        syms = _resolve_context(_symbols(hits))
        items, verbs, passed = _items(syms)
        hand = state.hands[player] if 0 <= player < len(state.hands) else 0
        play = [it for it in items if it.mode == "play"]
        take_item = next((it for it in items if it.mode == "take"
                          and (it.suit is not None or it.rank is not None or it.code is not None)), None)
        pass_reading = OdinReading(1.0, is_pass=True)
        if not play and take_item is not None:
            # "I'll pick the red seven": a "take" of a card that is in the hand, not in the centre, is a play
            mask, _ = _take(take_item)
            if mask is not None and hand & mask and not state.center & mask:
                play, take_item = [replace(take_item, mode="play")], None
        if not play and take_item is None:
            if passed:
                return Interpretation([pass_reading])
            return Interpretation([], "no_cards" if verbs else "no_move_words")
        take_mask, take_card = _take(take_item)
        plain = [_spec(it, hand) for it in play]
        readings: list[Any] = []
        shared_play = [replace(it) for it in play]
        if _share(shared_play):
            readings.append(OdinReading(1.0, specs=_dedupe([_spec(it, hand) for it in shared_play]),
                                        take_mask=take_mask, take_card=take_card, hand=hand))
            readings.append(OdinReading(0.5, specs=_dedupe(plain), take_mask=take_mask, take_card=take_card,
                                        hand=hand))
        else:
            readings.append(OdinReading(1.0, specs=_dedupe(plain), take_mask=take_mask, take_card=take_card,
                                        hand=hand))
        if take_item is None and len(play) > 1:
            # "red 7 and the blue three": a last card not in the hand but in the centre is the one to take
            last = play[-1]
            mask, card = _take(last)
            if mask is not None and not last.quantified() and not hand & mask and state.center & mask:
                rest = shared_play[:-1] if len(readings) > 1 else play[:-1]
                specs = _dedupe([_spec(it, hand) for it in rest])
                readings.insert(0, OdinReading(1.5, specs=specs, take_mask=mask, take_card=card, hand=hand))
        if passed:
            if any(s.kind in ("play", "take") for s in syms):
                readings.append(pass_reading)
            else:
                readings.insert(0, pass_reading)
        return Interpretation(readings)


def _dedupe(specs: list[Spec]) -> list[Spec]:
    out: list[Spec] = []
    for s in specs:
        if s.exact and any(o.exact and o.mask == s.mask for o in out):
            continue
        out.append(s)
    return out


PARSER = OdinParser()

__all__ = ["PARSER", "OdinParser", "OdinReading", "build_lexicon"]
