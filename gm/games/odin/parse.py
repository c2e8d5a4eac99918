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

import re
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Any

from engine.core import NotationError
from engine.odin.actions import Pass, Play
from engine.odin.cards import ALL, BIT, CODE, INDEX, RANK_MASK, SUIT, SUIT_MASK, bits, codes_t
from gm.parse.core import GameParser, Hit, Interpretation, Lexicon, Named, add_common, spoken_values
from gm.text import fold

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
    ("play", "en", "put putting lay laying lead leading drop throw dump", False),
    ("play", "de", "spiele spielen ausspielen", True),
    ("play", "de", "spiel spielt spielst lege leg legen werfe werf wirf spui", False),
    ("play", "fr", "joue jouer", True),
    ("play", "fr", "joues jouons jouez jouerai pose poser mets mettre lance lancer", False),
    ("take", "en", "take taking grab", True),
    ("take", "en", "takes took taken grabs grabbing pick picks picking", False),
    ("take", "de", "nehme nehmen schnappe", True),
    ("take", "de", "nehm nimm nimmt nehmt schnapp schnappt schnappen hole hol holen", False),
    ("take", "fr", "prends prendre récupère récupérer", True),
    ("take", "fr", "prend prenant prendrai prendra récupères ramasse ramasser reprends reprendre reprend", False),
    ("pass", "en", "pass passing", True),
    ("pass", "en", "skip skipping next", False),
    ("pass", "de", "passe passen aussetzen", True),
    ("pass", "de", "weiter raus", False),
    ("pass", "fr", "passe passer", True),
    ("pass", "fr", "passons passez passerai saute sauter", False),
    ("nothing", "fr", "rien", False),
    ("nothing", "en", "nothing anything", False),
    ("nothing", "de", "nichts", False),
    ("nix", "de", "nix", False),  # "ich nehm nix zurück": no take; "ich sag nix" is no pass
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
            inflected = w.endswith(("e", "en", "er", "es", "em")) and w != "orange"
            lex.add(w, "suit", s, "de", "inflected" if inflected else "", fuzzy=True)
        lex.add(fr, "suit", s, "fr", fuzzy=True)
        lex.add(fr_pl, "suit", s, "fr", "plural", fuzzy=True)
    lex.add("neufs", "num", 9, "fr", "word plural")
    for suit, words in ((0, "blaui blauä"), (1, "roti rotä"), (2, "pinki rosai"), (3, "grüeni grüen grüeni"),
                        (4, "schwarzi schwarzä"), (5, "orangschi oransch orangi")):
        lex.add(words, "suit", suit, "de", "inflected")  # Swiss German: "di grüeni Drü", "d schwarzi Eis"
    lex.add("double doppel doppelte doppelten", "both", None, "en de fr")  # "double nine": a pair
    lex.add("n", "conj", None, "en")  # "the red n pink"
    lex.add("always", "always", None, "en")
    lex.add("immer", "always", None, "de")
    lex.add("toujours", "always", None, "fr")
    lex.add("0 zero null zéro", "zero", None)
    lex.add("as", "num", 1, "fr", "word")  # l'as: the ace, a 1
    for letter, suit in (("b", 0), ("r", 1), ("p", 2), ("g", 3), ("k", 4), ("o", 5)):
        lex.add(letter, "suit", suit, "en de", "letter")  # "K5 K4 G": take the green
    lex.add("v", "suit", 3, "fr", "letter")  # vert
    for rank in range(1, 10):
        lex.add(f"v{rank}", "code", INDEX[f"G{rank}"], "fr")  # "v8 v3": vert
    lex.add("suite", "card", None, "fr", "plural")  # "la suite rouge": the run of reds
    lex.add("sequence", "card", None, "en", "plural")
    lex.add("reihe", "card", None, "de", "plural")
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

_PRIORITY = ("code", "suit", "num", "card", "take", "play", "pass", "pass_a", "pass_b", "neg", "later", "except",
             "or", "correct", "nope", "with", "nothing", "nix", "always", "hesitate", "have", "keep", "nth", "numword",
             "last", "middle", "sup", "supadj", "whole", "handword", "it", "zero", "all", "both", "art", "def", "poss",
             "link", "conj", "sep")
_MARKERS = frozenset({"art", "def", "poss", "all", "both", "count", "sup"})
_NO_FLAGS: frozenset[str] = frozenset()
_NOT_FOR_ME = {("pas", "pour", "moi"), ("nothing", "for", "me"), ("nichts", "fur", "mich"), ("nix", "fur", "mich"),
               ("nah", "im", "good"), ("no", "im", "good"), ("im", "good", "thanks")}
_NEXT_TIME = {("next", "time"), ("naechstes", "mal"), ("nachstes", "mal"), ("nachste", "mal"),
              ("prochaine", "fois")}


@dataclass(slots=True)
class Sym:
    kind: str
    value: Any
    flags: frozenset[str]
    text: str = ""
    langs: frozenset[str] = frozenset()


def _symbols(hits: list[Hit]) -> list[Sym]:
    out: list[Sym] = []
    for h in hits:
        times = re.fullmatch(r"([2-9])x([1-9])", h.text)
        if not h.entries and times:  # "3x5": three fives
            out += [Sym("count", int(times.group(1)), _NO_FLAGS, h.text),
                     Sym("num", int(times.group(2)), frozenset({"digit", "plural"}), h.text)]
            continue
        if not h.entries and h.text.isdigit() and 2 <= len(h.text) <= 6 and "0" not in h.text:
            # "66", "943": a value written as one number is its cards' numbers, high to low
            out += [Sym("num", int(d), frozenset({"digit"}), d) for d in h.text]
            continue
        for kind in _PRIORITY:
            e = h.first(kind)
            if e is not None:
                out.append(Sym(kind, e.value, e.flags, h.text, e.langs))
                break
    for i, sym in enumerate(out[:-1]):  # "alles Grüne", "tout rouge": all of a colour, not the whole hand
        if sym.kind == "whole" and out[i + 1].kind in ("suit", "num") and sym.text in ("alles", "tout"):
            out[i] = Sym("all", None, _NO_FLAGS, sym.text, sym.langs)
    # French superlatives: "plus" + an adjective ("ma plus grosse") is one superlative
    merged: list[Sym] = []
    for i, sym in enumerate(out):
        supadj = sym.kind == "supadj" or sym.kind == "sup" and "fr" not in sym.langs and sym.text in _FR_ADJ
        if supadj or sym.kind == "sup":
            if merged and merged[-1].text == "plus":
                value = sym.value if sym.kind == "sup" else sym.value
                merged[-1] = Sym("sup", value, _NO_FLAGS, "plus " + sym.text, sym.langs)
                continue
            if sym.kind == "supadj":
                if merged and merged[-1].kind == "def" and (i + 1 >= len(out) or out[i + 1].kind in ("sep", "conj")):
                    merged.append(Sym("sup", sym.value, _NO_FLAGS, sym.text, sym.langs))  # "le petit", "la grosse"
                continue  # "grosse" alone is not a superlative
        merged.append(sym)
    return merged


_DIE = frozenset({"die", "meine", "deine", "unsere", "eure"})
_FR_ADJ = frozenset({"grosse", "gros", "haute", "haut", "forte", "fort", "grande", "grand", "petite", "petit",
                     "basse", "bas"})


def _resolve_context(syms: list[Sym], word_counts: bool = True) -> list[Sym]:
    """Decide "one"/"un" (rank, article or pronoun) and number words that are counts.

    A number word before another number is a count only when the second is a plural form ("two sixes",
    "zwei Sechsen", "2 eights") — or, with `word_counts` (French numbers have no plural form: "deux sept"),
    when no colour came just before (after a colour, numbers are a sequence: "rouge six quatre")."""
    out: list[Sym] = []
    n = len(syms)
    for i, s in enumerate(syms):
        nxt = syms[i + 1] if i + 1 < n else None
        if s.kind == "num" and "article" in s.flags and i > 0 and syms[i - 1].kind == "numword":
            out.append(Sym("num", 1, frozenset({"word"}), s.text, s.langs))  # "number one", "numéro un"
            continue
        if s.kind == "num" and "article" in s.flags and i > 0 and syms[i - 1].kind == "sup":
            continue  # "the higher one": a pronoun
        if s.kind == "num" and "article" in s.flags:
            j = i - 1
            saw_suit = False
            while j >= 0 and syms[j].kind == "suit":
                j -= 1
                saw_suit = True
            before = syms[j] if j >= 0 else None
            if nxt is not None and nxt.kind in ("def", "poss", "link"):
                out.append(Sym("art", None, _NO_FLAGS))  # "one of the reds", "one of my fours", "l'un des rouges"
            elif before is not None and before.kind == "def" and "demonstrative" not in before.flags:
                out.append(Sym("num", 1, frozenset({"word", "one"}) if saw_suit else frozenset({"word"})))
                # "the one", "the red one" (or: the red card), "le un"
            elif before is not None and before.kind == "art":
                if not saw_suit:
                    out.append(Sym("num", 1, frozenset({"word"})))  # "a one"
            elif saw_suit:
                out.append(Sym("num", 1, frozenset({"word", "one"})))  # "red one" (or: the red card)
            elif (nxt is None or nxt.kind == "sep") and before is not None and (
                    before.kind == "num" or before.kind == "conj" and j > 0 and syms[j - 1].kind == "num"):
                out.append(Sym("num", 1, frozenset({"word"})))  # "rose six trois un", "bleu cinq et un"
            elif before is not None and before.kind == "def":
                pass  # "this one": a pronoun
            elif nxt is not None and nxt.kind in ("num", "suit", "card", "code"):
                out.append(Sym("art", None, _NO_FLAGS))  # "one red card", "un huit"
            continue
        prev = syms[i - 1] if i > 0 else None
        if s.kind == "num" and nxt is not None and 2 <= s.value <= 9 and "plural" not in s.flags and (
                nxt.kind in ("sup", "nth") or (prev is None or prev.kind not in ("def", "art"))
                and nxt.kind == "link" and i + 2 < n and syms[i + 2].kind in ("def", "poss")):
            out.append(Sym("count", s.value, _NO_FLAGS))  # "my two lowest", "three of my sevens"
            continue
        if s.kind == "num" and nxt is not None:
            word = "word" in s.flags
            after_suit = i > 0 and syms[i - 1].kind in ("suit", "num")
            if nxt.kind == "num" and "article" not in nxt.flags and 2 <= s.value <= 6 and (
                    "plural" in nxt.flags or "noun" in nxt.flags  # "zwei Sechsen", "vier Achter"
                    or (word_counts and word and "fr" in s.langs and not after_suit)):  # "deux sept", "deux 1"
                out.append(Sym("count", s.value, _NO_FLAGS))  # "two sixes", "trois cinq", "2 eights"
                continue
            if nxt.kind == "suit" and 2 <= s.value <= 9 and "plural" not in s.flags and (
                    "plural" in nxt.flags or ("inflected" in nxt.flags and word)):
                after = syms[i + 2] if i + 2 < n else None
                prev = syms[i - 1] if i > 0 else None
                listed = (prev is not None and prev.kind == "conj" and i > 1 and syms[i - 2].kind == "num"
                          or prev is not None and prev.kind == "num")  # "7, 3 and 1 red", "6 4 3 rouges"
                singular = prev is not None and prev.kind == "def" and "singular" in prev.flags
                if (after is None or after.kind != "num") and not listed and not singular:
                    out.append(Sym("count", s.value, _NO_FLAGS))  # "two reds", "zwei rote", "deux rouges"
                    continue
            if nxt.kind == "card" and "plural" in nxt.flags and 2 <= s.value <= 9:
                out.append(Sym("count", s.value, _NO_FLAGS))  # "two cards"
                continue
            after = syms[i + 2] if i + 2 < n else None
            if nxt.kind == "suit" and 2 <= s.value <= 9 and after is not None and (
                    after.text == "ones" or after.kind == "card" and "plural" in after.flags):
                out.append(Sym("count", s.value, _NO_FLAGS))  # "the two blue ones", "my two green cards"
                continue
        if (s.kind == "num" and 2 <= s.value <= 9 and i > 0 and syms[i - 1].kind == "all"
                and "plural" not in s.flags and "noun" not in s.flags
                and (nxt is None or nxt.kind in ("sep", "conj"))):
            out.append(Sym("count", s.value, _NO_FLAGS))  # "Sechser, alle drei"
            continue
        out.append(s)
    return out


# ---- items -------------------------------------------------------------------------------------------------


@dataclass(slots=True)
class Item:
    """One card description: "the red seven", "all my greens", "beide Neunen", "le 3 bleu", "my highest"."""

    mode: str  # play | take | except
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
    determined: bool = False  # "the", "my", "die", "les": a definite description
    die: bool = False  # German "die", which makes "die Siebener", "die Roten" plural
    sup: str | None = None  # "max" or "min": "my highest", "la plus petite"
    nth: int = 1  # "my second-highest"
    loose: bool = False  # a bare German "-er" noun: one card or several
    positional: bool = False  # "the second (card)", "la deuxième": by its place, as the centre is shown

    def has_content(self) -> bool:
        return self.suit is not None or self.rank is not None or self.code is not None or self.card

    def full(self) -> bool:
        return self.code is not None or (self.suit is not None and self.rank is not None)

    def quantified(self) -> bool:
        return self.every or (self.count is not None and self.count > 1) or self.plural()

    def plural(self) -> bool:
        if self.full() or self.sup is not None:
            return False
        return (self.plural_rank or self.plural_card or self.plural_det
                or (self.plural_suit and self.rank is None))


@dataclass(slots=True)
class Parts:
    """What the symbols of one utterance say, beyond the card descriptions."""

    items: list[Item]
    verbs: bool = False  # a play or take verb
    passed: bool = False
    negated: bool = False  # "don't pass", "ich passe nicht", "je ne passe pas", "later"
    alternatives: bool = False  # "or" between options
    whole: bool = False  # "everything", "alles", "toute ma main", "all of them"
    it: bool = False  # "play it"
    pair: bool = False  # "both", "beide" with nothing else: two cards
    zero: bool = False  # "play 0 cards": no card has that number
    soft_take: bool = False  # "keep", "have", "garder" name the card to take, if it is in the centre
    hesitant: bool = False  # "j'hésite", "unsure": the player is still deciding
    nothing: bool = False  # "rien", "nothing", "nichts"
    statement: bool = False  # "immer", "always": a remark about the game
    last: bool = False  # "my last card"
    out: bool = False  # "raus", "out": after named cards, the hand is emptied rather than a pass
    no_take: bool = False  # "I'm not taking anything", "ich nehme nichts": no centre card


def _items(syms: list[Sym]) -> Parts:
    """The card descriptions and what else the symbols say."""
    parts = Parts([])
    items = parts.items
    mode = "play"
    cur = Item(mode)
    part_a = False
    marker_only = False  # the current item has only markers so far
    just_corrected = False  # a correction was just made: a second correction word repeats it

    def close() -> None:
        nonlocal cur, marker_only, just_corrected
        if cur.has_content():
            items.append(cur)
            just_corrected = False
        elif marker_only and cur.count == 2 and not cur.every and cur.mode == "play" and not items:
            parts.pair = True  # "beide, fertig", "both"
        cur = Item(mode)
        marker_only = False

    # Negation is local to its clause (up to a comma or a full stop): "kann nicht, passe" passes,
    # "I don't pass, hold on" does not.
    clause_neg = False
    clause_items = 0
    clause_starts: list[int] = []
    clause_pass = False
    negated_move = False

    def end_clause() -> None:
        nonlocal clause_neg, clause_items, clause_pass, negated_move
        close()
        if clause_neg and (clause_pass or len(items) > clause_items):
            negated_move = True
            del items[clause_items:]
            if clause_pass:
                parts.passed = False
        if len(items) > clause_items:
            clause_starts.append(clause_items)  # where the last clause that named cards began
        clause_neg, clause_pass, clause_items = False, False, len(items)

    sentences = [0]  # where each sentence's items start
    except_take = False  # the exclusion came in the take clause
    soft = False  # the take role came from "keep"/"have", not from a take verb
    n = len(syms)
    for i, s in enumerate(syms):
        k = s.kind
        nxt = syms[i + 1] if i + 1 < n else None
        if k == "conj" and s.text in (",", ";", ":"):
            end_clause()
        elif k == "conj":
            close()
        elif k == "sep":
            end_clause()
            sentences.append(len(items))
            if not (mode == "take" and not soft and not any(it.mode == "take" for it in items)):
                mode = "play"  # "take... the higher one": a take verb still waiting for its card keeps its role
            cur.mode = mode
        elif k == "take" and cur.has_content() and (nxt is None or nxt.kind == "sep" or nxt.text in (",", ";")):
            parts.verbs = True  # German verb-final: "..., schwarze nehmen" takes the black one
            cur.mode = "take"
            close()
        elif k in ("play", "take"):
            parts.verbs = True
            soft = False
            close()
            mode = k
            cur.mode = mode
        elif k == "pass":
            parts.passed = clause_pass = True
            parts.out = parts.out or s.text in ("raus", "out")  # "beide Neuner, und ich bin raus!"
        elif k == "pass_a":
            part_a = True
        elif k == "pass_b":
            parts.passed = parts.passed or part_a
        elif k == "or":
            parts.alternatives = True
            close()
        elif k == "later":
            clause_neg = True  # "je le garde pour plus tard", "I'll pass later"
        elif k == "hesitate":
            parts.hesitant = True
        elif k == "last":
            parts.last = True
        elif k == "middle":
            if i > 0 and syms[i - 1].kind in ("def", "link") and i > 1 and syms[i - 2].kind == "link" or (
                    i > 0 and syms[i - 1].kind == "link"):
                # "the blue one from the middle", "aus der Mitte": the card named is taken from the centre
                target = cur if cur.has_content() else (items[-1] if items and items[-1].mode == "play" else None)
                if target is not None:
                    target.mode = "take"
            else:
                cur.sup = "mid"  # "die mittlere schwarze Karte": the middle one by value
                cur.card = True
        elif k == "neg" and s.text == "ne" and nxt is not None and nxt.kind in ("suit", "num", "card"):
            cur.article = True  # colloquial German "ne Acht" (eine); French "ne" always comes before a verb
            cur.count = 1 if cur.count is None else cur.count
        elif k == "neg":
            # "..., not the blue one" / "nicht die blaue" after a card: an exclusion; else the line is negated
            j = i + 1
            while j < n and syms[j].kind in ("art", "def", "poss"):
                j += 1
            content = j < n and syms[j].kind in ("suit", "num", "code", "card")
            if content and (any(it.mode == "play" for it in items) or cur.has_content() or mode == "take"):
                close()
                except_take = mode == "take"  # "take the one that isn't red"
                mode = "except"
                cur.mode = mode
            else:
                clause_neg = True
        elif k == "except":
            close()
            except_take = mode == "take"
            mode = "except"
            cur.mode = mode
        elif k == "whole":
            parts.whole = True
        elif k == "handword":
            if cur.every or any(x.kind == "all" for x in syms):
                parts.whole = True  # "toute ma main", "meine ganze Hand", "my whole hand"
        elif k == "it":
            if cur.every or nxt is not None and nxt.kind == "all":
                parts.whole = True  # "all of them", "put them all down"
            else:
                parts.it = True
        elif k == "both" and cur.has_content() and not cur.full() and cur.count is None:
            cur.count = 2  # "the red pair", "die roten beiden"
            close()
        elif k == "zero":
            parts.zero = True
        elif k in ("have", "keep"):
            soft = True
            # "I'll keep the six", "je garde le 3", "I'll have the 7": take that centre card; about cards that
            # are not in the centre, it is talk about the hand ("j'ai que des sept")
            parts.soft_take = True
            close()
            mode = "take"
            cur.mode = mode
        elif k == "correct" or k == "nope" and (items or cur.has_content()) and i + 1 < n and any(
                x.kind in ("suit", "num", "code", "card", "sup", "correct", "play", "take", "pass")
                for x in syms[i + 1:]):
            # "red 7 - no wait, the black 8", "j'prends le six, non attends, le deux", "die rote Sieben, nein,
            # die schwarze": the cards named in the last clause are replaced by the next ones, in the same role
            close()
            if len(items) > clause_items:
                start = clause_items
            else:
                start = clause_starts[-1] if clause_starts else 0
            if just_corrected:
                pass  # "äh, nee, doch die Zwei": one correction said twice
            elif items[start:]:
                # the last role named in that clause is what is corrected: "K9 K8 nimm G3, nein, G8"
                mode = items[-1].mode
                while len(items) > start and items[-1].mode == mode:
                    items.pop()
            elif parts.passed and k == "correct":
                parts.passed = False  # "I'll pass... actually no, two sixes"
            just_corrected = True
            clause_items = min(clause_items, len(items))
            clause_starts = [x for x in clause_starts if x < len(items)]
            sentences = [min(x, len(items)) for x in sentences]
            cur.mode = mode
        elif k == "nope":
            pass
        elif k == "nothing":
            parts.nothing = True  # "rien pour moi": a pass, unless cards are named ("j'ai plus rien")
            parts.no_take = parts.no_take or mode == "take"  # "... and I'm not taking anything"
        elif k == "nix":
            parts.no_take = parts.no_take or mode == "take"
        elif k == "always":
            parts.statement = True  # "immer die Neuner...": talk about the game, not a move
        elif k == "with":
            close()  # "take o9 with the blues": what comes with it is played
            mode = "play"
            cur.mode = mode
        elif k == "link":
            pass
        elif k == "nth":
            cur.nth = s.value
            if mode == "take" and not (nxt is not None and nxt.kind == "sup"):
                cur.positional = True
                cur.card = True
        elif k in ("def", "art") and nxt is not None and nxt.kind == "sup" and cur.has_content() and cur.sup is None:
            pass  # "mes trois noirs les plus bas": the superlative after the noun describes the same cards
        elif k in _MARKERS:
            sup_count = k == "count" and cur.sup is not None and cur.count is None and cur.suit is None \
                and cur.rank is None and cur.code is None  # "my highest two greens": one description
            if cur.has_content() and k != "sup" and not sup_count:
                close()
            if k == "art":
                cur.article = True
                cur.count = 1 if cur.count is None else cur.count
            elif k == "def" or k == "poss":
                cur.plural_det = cur.plural_det or "plural" in s.flags
                cur.determined = True
                cur.die = cur.die or s.text in _DIE  # "die/meine blauen": plural
            elif k == "all":
                if (not cur.has_content() and items and items[-1].mode == mode
                        and (nxt is None or nxt.kind in ("sep", "conj"))):
                    items[-1].every = True  # "Vierer, alle", "Pinke alle"
                cur.every = True
            elif k == "both":
                cur.count = 2
            elif k == "count":
                cur.count = s.value
            elif k == "sup":
                direction, _, nth = str(s.value).partition(":")
                cur.sup = direction
                cur.nth = int(nth) if nth else cur.nth
                cur.card = True  # "my highest" names a card
            marker_only = not cur.has_content()
        elif k == "code":
            if cur.has_content() and not (cur.card and cur.suit is None and cur.rank is None and cur.sup is None):
                close()
            cur.code = s.value
            close()
        elif k == "suit":
            if cur.suit is not None or cur.code is not None:
                close()
            cur.suit = s.value
            cur.order = cur.order or ("rs" if cur.rank is not None else "sr")
            cur.plural_suit = "plural" in s.flags or (cur.die and s.text.endswith("en")
                                                       and (nxt is None or nxt.kind not in ("num", "card")))
        elif k == "num":
            if cur.rank is not None or cur.code is not None:
                close()
            cur.rank = s.value
            cur.order = cur.order or ("sr" if cur.suit is not None else "rs")
            bare_noun = "noun" in s.flags and not (cur.die or cur.article or cur.determined or cur.count is not None)
            cur.plural_rank = "plural" in s.flags or ("noun" in s.flags and cur.die) or bare_noun
            cur.loose = bare_noun  # "Siebener": all the sevens, or the one seven there is
        elif k == "card":
            if cur.card and cur.sup is None:
                close()
            cur.card = True
            cur.plural_card = "plural" in s.flags
    if marker_only and cur.count == 2 and not items:
        parts.pair = True  # "both", "beide", "play both"
    if not any(it.mode == "play" for it in parts.items):
        for i, x in enumerate(syms):
            if x.kind != "all" or (i > 0 and syms[i - 1].kind in ("suit", "num", "card", "code")):
                continue
            after_all = syms[i + 1:]
            if all(y.kind in ("sep", "pass_b", "it") for y in after_all) or after_all[0].kind == "sep":
                parts.whole = True  # "tout", "alle!", "put them all down", "Tout ! J'ai fini" (not "tout le monde")
    end_clause()
    if except_take:
        for it in items:
            if it.mode == "except":
                it.mode = "except_take"
    if negated_move and not items and not parts.passed:
        parts.negated = True
    # A later sentence that names cards to play replaces an earlier one: "the six... the black one",
    # "red 7. no wait, the black 8" (a self-correction).
    bounds = [*sentences, len(items)]
    with_play = [k for k in range(len(sentences)) if any(it.mode == "play" for it in items[bounds[k]:bounds[k + 1]])]
    if len(with_play) == 2:
        first = [it for it in items[bounds[with_play[0]]:bounds[with_play[0] + 1]] if it.mode == "play"]
        second = [it for it in items[bounds[with_play[1]]:bounds[with_play[1] + 1]] if it.mode == "play"]
        if (len(first) == 1 and first[0].rank is not None and first[0].suit is None and first[0].quantified()
                and all(it.suit is not None and it.rank is None for it in second)):
            with_play = []  # "2 8s... the red n pink": the second sentence says which, not something else
    if len(with_play) > 1:
        last = with_play[-1]
        parts.items = [it for k in range(len(sentences)) for it in items[bounds[k]:bounds[k + 1]]
                       if it.mode != "play" or k == last]
    return parts


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
            earlier = next((p for p in reversed(play[:idx]) if p.rank is not None and p.suit is not None
                            and p.order == "rs" and p.code is None), None)
            src = next((p for p in play[idx + 1:] if p.rank is not None and p.suit is not None
                        and p.order == "sr" and p.code is None
                        and not (earlier is not None and p.determined)), None)  # "…, grün und die orange Drei"
            if src is None:
                src = earlier
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


def _filter(it: Item) -> int:
    """The cards an item's colour and number allow."""
    mask = ALL
    if it.suit is not None:
        mask &= SUIT_MASK[it.suit]
    if it.rank is not None:
        mask &= RANK_MASK[it.rank]
    return mask


def _edge(cards: list[int], it: Item) -> int:
    """The mask of the cards at the superlative's edge: the n highest (or lowest) of `cards`, or the nth one;
    cards tied there all stay candidates."""
    if not cards:
        return 0
    n = it.count or 1
    ranks = sorted((c % 9 for c in cards), reverse=it.sup == "max")
    if it.sup == "mid":  # "the middle one": the median by value (two when the count is even)
        mids = {ranks[(len(ranks) - 1) // 2], ranks[len(ranks) // 2]}
        keep = [c for c in cards if c % 9 in mids]
        return sum(BIT[c] for c in keep)
    if it.nth > 1:
        target = ranks[min(it.nth - 1, len(ranks) - 1)]
        keep = [c for c in cards if c % 9 == target]
    else:
        edge = ranks[min(n, len(ranks)) - 1]
        keep = [c for c in cards if (c % 9 >= edge if it.sup == "max" else c % 9 <= edge)]
    mask = 0
    for c in keep:
        mask |= BIT[c]
    return mask


def _superlative(it: Item, hand: int, exclude: int) -> Spec:
    """"my highest", "meine zwei kleinsten", "ma plus grosse rouge", "my second-highest blue": the hand's n
    highest or lowest cards of the kind named; cards tied at the edge all stay candidates (the player is asked
    which)."""
    n = it.count or 1
    mask = _edge(bits(hand & _filter(it) & ~exclude), it)
    if mask.bit_count() == n:
        return Spec(mask, 0, 9, every=True, count=n)
    return Spec(mask, n, n)


def _spec(it: Item, hand: int, exclude: int = 0) -> Spec:
    if it.sup is not None:
        return _superlative(it, hand, exclude)
    if it.code is not None:
        return Spec(BIT[it.code], exact=True)
    if it.suit is not None and it.rank is not None:
        return Spec(BIT[it.suit * 9 + it.rank - 1], exact=True)
    mask = _filter(it) & ~exclude
    if it.plural() and it.determined and it.count is None and not it.every:
        it = replace(it, every=True)  # "the reds", "die Siebener", "mes noirs": all of them
    if it.every:
        if it.count is not None and (hand & mask).bit_count() != it.count:
            return Spec(mask, it.count, it.count)  # "all three sixes" with four in hand: three of them
        return Spec(mask, 0, 9, every=True, count=it.count)
    if it.count is not None:
        return Spec(mask, it.count, it.count)
    if it.plural():
        return Spec(mask, 1 if it.loose else 2, 9, prefer_max=True)
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
    exclude: int = 0  # cards the player excluded ("except the orange"): never played
    no_take: bool = False  # the player takes nothing: only a play that empties the hand fits
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
        if self.no_take and take >= 0:
            return None
        if self.take_mask is not None and (take < 0 or not self.take_mask >> take & 1):
            return None
        if not self.specs:
            return 0.0
        if mask & ~self._union or mask & self.exclude:
            return None
        return self._cover(mask)

    def _cover(self, played: int) -> float | None:
        rest = played
        loose: list[Spec] = []
        wanted = 0  # every card the "all of" descriptions want (they may overlap: "all my cards, all black")
        for s in self.specs:
            if s.every:
                need = self.hand & s.mask
                if not need or need & ~played or (s.count is not None and need.bit_count() != s.count):
                    return None
                wanted |= need
        rest &= ~wanted
        for s in self.specs:
            if s.every:
                continue
            if s.exact and s.mask & wanted:
                continue
            if s.exact:
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
        budget = [20_000]  # partial combinations looked at, so "red, red, red, ..." stays quick (issue 9 fuzz)

        def extend(i: int, m: int) -> None:
            """The disjoint unions of one option per spec, in product order, pruned as soon as two overlap."""
            if i == len(options):
                if m not in plays:
                    plays.append(m)
                return
            for part in options[i]:
                budget[0] -= 1
                if budget[0] < 0 or len(plays) >= 256:
                    return
                if not m & part:
                    extend(i + 1, m | part)

        extend(0, 0)
        if not plays:
            return "inconsistent"
        takes: list[str | None]
        if self.no_take:
            takes = [None]
        elif self.take_card is not None:
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
    request_kinds = ("play", "take", "pass")

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

    def rewrite(self, text: str) -> str:
        text = spoken_values(text)  # "sixty-two", "zweiundsechzig", "soixante-deux": a 6 and a 2
        text = _NUMBER_LETTER.sub(lambda m: m.group(2) + m.group(1), text)  # "9r" -> "r9"
        text = _GLUED.sub(lambda m: m.group(1) + " " + m.group(2), text)  # "rot9" -> "rot 9"
        text = _THATS_IT.sub(r"\1", text)  # "... the orange seven. yeah. thass the one": an affirmation
        text = _PLACED.sub(" ", text)  # "red eight on top": where the card goes, not "my top card"
        text = _RATHER.sub(r"\1", text)  # "passe lieber": rather pass, not a self-correction
        return self._drop_compared(text)

    def _drop_compared(self, text: str) -> str:
        """What a play is said to beat is the centre, not cards to play or take: "777 beats 71", "ma neuf bat
        le six", "die Neun schlägt die Acht" lose the beaten part (up to four words naming cards)."""
        words = text.split()
        out: list[str] = []
        i = 0
        while i < len(words):
            word = words[i]
            bare = fold(word.strip(".,;:!?")).replace("ß", "ss")
            if bare in _BEATS and bare == fold(word):
                j = i + 1
                while j < len(words) and j <= i + 4:
                    w = fold(words[j].rstrip(".,;:!?"))
                    entries, dist = self.lexicon.lookup(w)
                    kinds = {e.kind for e in entries} if dist == 0 else set()
                    if not (w.isdigit() or kinds & {"num", "suit", "code", "def", "art", "poss", "card"}):
                        break
                    j += 1
                    if words[j - 1] != words[j - 1].rstrip(".,;:!?"):
                        out.append(words[j - 1][len(words[j - 1].rstrip(".,;:!?")):])  # keep the full stop
                        break
                if j > i + 1:
                    i = j
                    continue
            out.append(word)
            i += 1
        return " ".join(out)

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
        texts = [h.text for h in hits]
        if any(pair in _NEXT_TIME for pair in zip(texts, texts[1:], strict=False)):
            return Interpretation([], "negated")  # "I'll pass next time": not a move now
        hits = [Hit(h.token, ()) if h.text == "ai" and nxt.text in _DONE else h
                for h, nxt in zip(hits, [*hits[1:], hits[-1]], strict=True)]  # "j'ai fini": not "have"
        verbs = any(h.first("play", "take", "pass") for h in hits)
        if not verbs and any(b.text in _COPULAS and a.first("num", "suit", "code") for a, b in zip(
                hits, hits[1:], strict=False)) or any(
                a in _THIRD_PERSON and b.first("play", "take", "pass") for a, b in zip(texts, hits[1:], strict=False)) \
                or _other_subject(hits):
            return Interpretation([], "statement")  # "die Acht ist meine Glückszahl", "il prend toujours les rouges"
        for i in reversed(range(len(texts))):  # "both nines, and that's my last cards": a remark after the move
            if i > 0 and (texts[i] in ("thats", "cetait") or tuple(texts[i:i + 2]) in _REMARK_START) and any(
                    h.first("last") for h in hits[i:]) or i > 1 and hits[i - 1].first("conj", "sep") and any(
                    set(words) <= set(texts[i:]) for words in _OUT_OF_CARDS):  # "..., dann hab ich keine Karten mehr"
                hits, texts = hits[:i], texts[:i]
                break
        if _separable_pass(hits):
            return Interpretation([], "not_a_move")  # "ich pass kurz auf den Hund auf"
        codes = [c for h in hits if (c := h.first("code")) is not None and h.distance == 0 and not any(
            x.first("correct", "nope", "neg") for x in hits)]
        if len(codes) != len({c.value for c in codes}):  # "R8 R8 take B3": the same card twice
            return Interpretation([Named([Play(tuple(CODE[c.value] for c in codes), _named_take(hits, state))])])
        if any(tri in _NOT_FOR_ME for tri in zip(texts, texts[1:], texts[2:], strict=False)):
            return Interpretation([OdinReading(1.0, is_pass=True)])  # "pas pour moi", "nothing for me"
        if _transitive_pass(hits):
            return Interpretation([], "not_a_move")  # "pass the ball to Ben", "passe-moi le sel"
        hand = state.hands[player] if 0 <= player < len(state.hands) else 0
        syms = _symbols(hits)
        # words the lexicon does not know at all: two or more, and no verb and no fully named card, is table talk
        chatty = sum(1 for h in hits if not h.entries and not h.text.isdigit()) >= 2
        both = _both_variant(syms)
        if both is not None:  # "les deux", "the two": both cards, or the twos
            if not hand & RANK_MASK[2]:
                syms = both
            else:  # either could be meant: the player is asked
                twos, pair = self._read(_resolve_context(syms), state, hand), self._read(both, state, hand)
                if twos.readings and pair.readings:
                    return Interpretation([Either([twos.readings[0], pair.readings[0]])])
        variants = [_resolve_context(syms)]
        sequence = _resolve_context(syms, word_counts=False)
        if sequence != variants[0]:
            variants.append(sequence)  # "six quatre": three fours, or six and four
        readings: list[Any] = []
        reason: str | None = None
        for resolved in variants:
            swapped = _pronoun_ones(resolved)
            order = [resolved] if swapped is None else \
                [swapped, resolved] if _ones_missing(resolved, hand, state.center) else [resolved, swapped]
            for option in order:  # "the blue one": the blue card, first when the hand holds no blue 1
                interp = self._read(option, state, hand, chatty)
                if interp.readings:
                    readings += [r for r in interp.readings if r not in readings]
                elif reason is None:
                    reason = interp.reason
        if not readings:
            return Interpretation([], reason or "no_move_words")
        return Interpretation(readings)

    def _read(self, syms: list[Sym], state: Any, hand: int, chatty: bool = False) -> Interpretation:
        parts = _items(syms)
        if parts.negated:
            return Interpretation([], "negated")
        if chatty and not parts.verbs and not parts.passed and not parts.last and parts.items and all(
                not it.full() and not it.determined and not it.quantified() and it.sup is None
                for it in parts.items):
            return Interpretation([], "chat")  # "haha, blau ist eh meine Lieblingsfarbe"
        if parts.zero:
            return Interpretation([], "no_such_card")
        items = parts.items
        play = [it for it in items if it.mode == "play"]
        excluded = [it for it in items if it.mode == "except"]
        take_item = next((it for it in items if it.mode == "take" and (
            it.suit is not None or it.rank is not None or it.code is not None or it.sup is not None
            or it.positional)), None)
        if parts.statement and not parts.verbs:
            return Interpretation([], "statement")
        if parts.nothing and not any(it.mode == "play" for it in items):
            parts.passed = True  # "rien pour moi", "nothing for me"
        if parts.alternatives or parts.hesitant:
            # "fives or pass?", "red 7 or green 9? decisions", "j'hésite entre ...": the player is still deciding
            return Interpretation([], "alternatives")
        if parts.last and not play and hand.bit_count() == 1:
            parts.whole = True  # "last card, boom"
        if parts.last and any(it.count == hand.bit_count() and it.suit is None and it.rank is None for it in play):
            parts.whole = True  # "meine letzten drei Karten"
        if parts.soft_take and take_item is not None and not state.center & (_take(take_item)[0] or 0) \
                and take_item.sup is None:
            if not play and not parts.whole and not parts.it:
                return Interpretation([], "statement")  # "I only have sevens", "je devrais garder mes roses"
            take_item = None  # "... et je garde le reste": about the hand, not the take
        play = _apposition(play)
        exclude = 0
        for it in excluded:
            exclude |= _filter(it) if not it.full() else _take(it)[0] or 0
        exclude_take = 0
        for it in (x for x in items if x.mode == "except_take"):
            exclude_take |= _filter(it) if not it.full() else _take(it)[0] or 0
        pass_reading = OdinReading(1.0, is_pass=True)
        if parts.whole:  # "toute ma main, trois bleus": the whole hand, whatever else describes it
            play = [Item("play", every=True, card=True)]
        elif parts.it and not play and hand.bit_count() == 1:
            play = [Item("play", every=True, card=True)]  # "play it": the last card
        elif parts.pair and not play:
            play = [Item("play", count=2, card=True)]  # "both", "beide", "les deux"
        if not play and take_item is not None:
            # "I'll pick the red seven": a "take" of a card that is in the hand, not in the centre, is a play
            mask, _ = _take(take_item)
            if mask is not None and hand & mask and not state.center & mask:
                play, take_item = [replace(take_item, mode="play")], None
        if not play and take_item is None:
            if parts.passed:
                return Interpretation([pass_reading])
            return Interpretation([], "no_cards" if parts.verbs else "no_move_words")
        readings = self._readings(play, take_item, state, hand, exclude)
        bare = [i for i, it in enumerate(play) if it.suit is not None and it.rank is None and it.code is None
                and it.count is None and not it.every and not it.article and not it.determined and not it.plural()
                and it.sup is None and not it.card]
        if len(play) == 1 and bare and (hand & _filter(play[0])).bit_count() >= 2:
            # "play red" with two reds in hand: one red card, or the reds — both are offered when both fit
            every = self._readings([replace(play[0], every=True)], take_item, state, hand, exclude)
            if readings and every:
                readings = [Either([readings[0], every[0]]), *readings[1:]]
        if exclude_take:  # "… and the one that isn't red": a take among the centre cards not excluded
            for r in readings:
                if isinstance(r, OdinReading) and not r.is_pass:
                    r.take_mask = (r.take_mask if r.take_mask is not None else ALL) & ~exclude_take
        if parts.no_take:
            for r in readings:
                if isinstance(r, OdinReading) and not r.is_pass:
                    r.no_take = True
        if parts.passed:
            if parts.verbs or take_item is not None or (parts.out and play):
                readings.append(pass_reading)
            else:
                readings.insert(0, pass_reading)
        return Interpretation(readings)

    def _readings(self, play: list[Item], take_item: Item | None, state: Any, hand: int,
                  exclude: int) -> list[Any]:
        take_mask, take_card = _take(take_item)
        if take_item is not None and take_item.sup is not None:  # "take the higher one", "la plus petite"
            take_mask, take_card = _edge(bits(state.center & _filter(take_item)), take_item), None
        elif take_item is not None and take_item.positional:  # "take the second card", "nimm die erste"
            shown = [INDEX[c] for c in codes_t(state.center & _filter(take_item))]  # as the centre is shown
            if take_item.nth <= len(shown):
                take_card = shown[take_item.nth - 1]
                take_mask = BIT[take_card]
        plain = [_spec(it, hand, exclude) for it in play]
        readings: list[Any] = []
        shared_play = [replace(it) for it in play]
        if _share(shared_play):
            readings.append(OdinReading(1.0, specs=_dedupe([_spec(it, hand, exclude) for it in shared_play]),
                                        take_mask=take_mask, take_card=take_card, hand=hand, exclude=exclude))
            readings.append(OdinReading(0.5, specs=_dedupe(plain), take_mask=take_mask, take_card=take_card,
                                        hand=hand, exclude=exclude))
        else:
            readings.append(OdinReading(1.0, specs=_dedupe(plain), take_mask=take_mask, take_card=take_card,
                                        hand=hand, exclude=exclude))
        if take_item is None and len(play) > 1:
            # "red 7 and the blue three": a last card in the centre is the one to take — first when the hand
            # does not hold it, else only after the reading that plays it
            last = play[-1]
            mask, card = _take(last)
            if last.sup is not None:  # "... and the higher pink": the centre's higher pink, not the hand's
                mask, card = _edge(bits(state.center & _filter(last)), last), None
            if mask is not None and not last.quantified() and state.center & mask:
                rest = shared_play[:-1] if len(readings) > 1 else play[:-1]
                specs = _dedupe([_spec(it, hand, exclude) for it in rest])
                reading = OdinReading(1.5, specs=specs, take_mask=mask, take_card=card, hand=hand, exclude=exclude)
                if hand & mask:
                    readings.append(reading)
                else:
                    readings.insert(0, reading)
        return readings


@dataclass(slots=True)
class Either:
    """Two readings the same words have ("les deux": the twos, or both cards): an action fitting either is a
    candidate, so the player is asked which."""

    options: list[Any]
    score: float = 1.0

    def match(self, action: Any, info: Any) -> float | None:
        return 0.0 if any(o.match(action, info) is not None for o in self.options) else None

    def literal(self, game: Any, state: Any) -> list[Any] | str:
        lit: list[Any] | str = self.options[0].literal(game, state)
        return lit


def _apposition(play: list[Item]) -> list[Item]:
    """Descriptions that name the same cards twice: "zwei Siebener, die blaue und die schwarze" (colours
    naming which of the counted sevens), "meine letzte Karte, grüne Drei" (a bare "card" then the card)."""
    tail: list[Item] = []
    if len(play) >= 3 and play[-1].full() and not play[-2].full():
        play, tail = play[:-1], play[-1:]  # "Siebener blau, rot, grün und die orange Drei": the last is the take
    if (len(play) >= 2 and play[-1].rank is not None and play[-1].suit is None and (play[-1].count or 0) >= 2
            and len(play) - 1 == play[-1].count
            and all(it.suit is not None and it.rank is None for it in play[:-1])):
        # "le noir et l'orange, les deux trois": the colours name which of the counted cards
        return [replace(it, rank=play[-1].rank, order="sr") for it in play[:-1]] + tail
    if (len(play) == 2 and play[0].suit is not None and play[0].rank is None and play[1].sup is not None
            and play[1].suit is None and play[1].rank is None):
        return [replace(play[1], suit=play[0].suit)] + tail  # "la rouge, la grosse!"
    return _apposition_pairs(play) + tail


def _apposition_pairs(play: list[Item]) -> list[Item]:
    if len(play) >= 2:
        head, rest = play[0], play[1:]
        if (head.card and head.count is not None and head.count >= 2 and head.suit is None and head.rank is None
                and head.code is None and head.sup is None):
            named = [it for it in rest if it.full() and not it.quantified()]
            echo = [it for it in rest if it not in named]  # "..., that's ninety-five": the value said again
            if len(named) == head.count and all(
                    it.rank is not None and it.suit is None and it.code is None and not it.quantified()
                    and it.rank in {x.rank if x.code is None else x.code % 9 + 1 for x in named} for it in echo):
                return named  # "two cards: blue nine and blue five": the count announces the cards
            if (len(rest) == 1 and rest[0].count in (None, head.count) and rest[0].sup is None
                    and (rest[0].every or rest[0].plural()) and not rest[0].full()):
                return [replace(rest[0], count=head.count, every=False)]  # "Vier Karten, alles Grüne"
        counted = head.count if head.count is not None and head.count >= 2 else None
        if (head.rank is not None and head.suit is None and head.quantified() and len(rest) >= 2
                and counted in (None, len(rest))
                and all(it.suit is not None and it.rank is None and not it.quantified() for it in rest)):
            return [replace(it, rank=head.rank, order="rs") for it in rest]  # "zwei Siebener, die blaue und ..."
        if (head.suit is not None and head.rank is None and head.quantified() and rest
                and counted in (None, len(rest))
                and all(it.rank is not None and it.suit in (None, head.suit) and not it.quantified() for it in rest)):
            # "trois rouges, 981", "die Roten! Neun und Acht", "blacks! black five black four"
            return [replace(it, suit=head.suit, order="sr") for it in rest]
        last, first = play[-1], play[:-1]
        if (last.suit is not None and last.rank is None and last.quantified() and last.count in (None, len(first))
                and all(it.rank is not None and it.suit in (None, last.suit) and not it.quantified() for it in first)):
            return [replace(it, suit=last.suit, order="rs") for it in first]  # "seventy-two, the oranges"
        bare = [it for it in play if it.card and it.suit is None and it.rank is None and it.code is None
                and it.sup is None and not it.quantified()]
        if bare and len(bare) < len(play):
            return [it for it in play if it not in bare]
    return play


def _pronoun_ones(syms: list[Sym]) -> list[Sym] | None:
    """The symbols with "one"/"ones" after a colour read as a pronoun ("the blue one" = the blue card), or
    None when there is no such "one"."""
    out: list[Sym] = []
    changed = False
    for i, s in enumerate(syms):
        after_suit = i > 0 and syms[i - 1].kind == "suit"
        if s.kind == "num" and ("one" in s.flags or (s.text == "ones" and after_suit)):
            plural = frozenset({"plural"}) if s.text == "ones" else _NO_FLAGS
            out.append(Sym("card", None, plural, s.text, s.langs))
            changed = True
        else:
            out.append(s)
    return out if changed else None


def _both_variant(syms: list[Sym]) -> list[Sym] | None:
    """"les deux" / "the two" with nothing after: the symbols with the number read as "both", else None."""
    taking = False
    for i, s in enumerate(syms):
        if s.kind == "take":
            taking = True  # "take the two" names a 2 in the centre
        if (s.kind == "num" and s.value == 2 and "word" in s.flags and i > 0 and syms[i - 1].kind == "def"
                and not taking and all(x.kind in ("sep", "conj") for x in syms[i + 1:])):
            return [*syms[:i], Sym("both", None, _NO_FLAGS, s.text, s.langs), *syms[i + 1:]]
    return None


def _ones_missing(syms: list[Sym], hand: int, center: int) -> bool:
    """Whether a "one" after a colour names a 1 of that colour that is not where it is meant to be: in the
    hand, or in the centre after a take verb."""
    taking = False
    for i, s in enumerate(syms):
        if s.kind in ("play", "take", "sep"):
            taking = s.kind == "take"
        if s.kind == "num" and "one" in s.flags:
            j = i - 1
            while j >= 0 and syms[j].kind == "suit":
                if not (center if taking else hand) & BIT[syms[j].value * 9]:
                    return True
                j -= 1
    return False


_TURN_WORDS = frozenset({"turn", "tour", "zug", "runde", "round", "manche", "mal", "fois", "time"})


_REMARK_START = frozenset({("that", "s"), ("that", "was"), ("c", "etait"), ("c", "etaient"), ("c", "est"),
                           ("das", "war"), ("das", "waren"), ("ce", "sont")})
_OUT_OF_CARDS = (("keine", "karten", "mehr"), ("keine", "karte", "mehr"), ("no", "cards", "left"),
                 ("out", "of", "cards"), ("plus", "de", "cartes"), ("plus", "aucune", "carte"))
_COPULAS = frozenset({"ist", "is", "est", "sind", "are", "sont", "war", "etait", "isch"})  # after a card
def _other_subject(hits: list[Hit]) -> bool:
    """Someone else (or everybody) is the one who plays: "who even plays a red nine this early", "we've been
    playing this game for years", "wer spielt denn so", "qui joue encore" — the subject, then at most two
    small words (adverbs, auxiliaries), then the verb. "who"/"wer"/"qui" count only opening a clause, so that
    "la carte qui ..." stays a description."""
    for i, h in enumerate(hits):
        if h.text not in _OTHER_SUBJECTS:
            continue
        if h.text in ("who", "wer", "qui") and i > 0 and not hits[i - 1].first("sep", "conj") and hits[i - 1].entries:
            continue
        for j in range(i + 1, min(i + 4, len(hits))):
            if hits[j].first("play", "take", "pass"):
                return True
            if not hits[j].entries or not all(e.kind in ("word", "have", "always") for e in hits[j].entries):
                break
    return False


_OTHER_SUBJECTS = frozenset({"who", "we", "wer", "wir", "qui", "nous"})
_THIRD_PERSON = frozenset({"il", "elle", "ils", "elles", "er", "he", "she", "they"})
_DONE = frozenset({"fini", "finis", "termine"})
_BEATS = frozenset({"beats", "beat", "beating", "tops", "schlaegt", "schlagt", "schlage", "sticht", "bat", "bats",
                    "battent", "battre"})
_THATS_IT = re.compile(r"(\S.*?)[\s.,;:!]+(?:yeah|yes|yep|ja|oui|genau)?[\s.,;:!]*"
                       r"\b(?:that'?s|thass|thas|dat'?s|this is|that is)\s+(?:(?:the|my)\s+one|it)\b"
                       r"|(?:c'?est|cest)\s+(?:celle-la|celle-là|celle la|la bonne|celui-la|celui-là|le bon)"
                       r"|das\s+(?:ist|wars|war's)\s+(?:sie|die|die richtige|es)\b[\s.!]*$", re.IGNORECASE)
_PLACED = re.compile(r"\b(?:on top|on it|obendrauf|oben ?drauf|drauf|par-dessus|dessus)\b", re.IGNORECASE)
_RATHER = re.compile(r"\b(pass\w*)\s+(?:lieber|doch lieber|plutot|plutôt|instead)\b", re.IGNORECASE)
_NUMBER_LETTER = re.compile(r"\b([1-9])([brpgkoBRPGKO])\b")
_GLUED = re.compile(r"\b(rot|rote|blau|blaue|gruen|grun|grün|gruene|schwarz|schwarze|rosa|pink|lila|red|blue|green|"
                    r"black|orange|rouge|bleu|vert|noir|violet)([1-9])\b", re.IGNORECASE)


def _separable_pass(hits: list[Hit]) -> bool:
    """German "aufpassen" split around its object: "ich pass kurz auf den Hund auf" is not a pass."""
    for i, h in enumerate(hits):
        if h.first("pass") is not None and h.text in ("pass", "passe", "passt"):
            return any(x.text == "auf" for x in hits[i + 1:])
    return False


def _named_take(hits: list[Hit], state: Any) -> str | None:
    """The centre card a "take" names in a line of codes, if any."""
    for i, h in enumerate(hits):
        if h.first("take") is not None:
            for x in hits[i + 1:]:
                c = x.first("code")
                if c is not None:
                    return CODE[c.value]
    return None


def _transitive_pass(hits: list[Hit]) -> bool:
    """"pass the ball to Ben", "passe-moi le sel": a pass verb whose object is a thing, not a card or a turn."""
    for i, h in enumerate(hits):
        if h.first("pass") is None:
            continue
        j = i + 1
        while j < len(hits) and hits[j].text in ("me", "mir", "moi", "uns", "nous", "us"):
            j += 1
        if j + 1 < len(hits) and hits[j].first("def", "art", "poss") is not None:
            obj = hits[j + 1]
            if not obj.entries and obj.text not in _TURN_WORDS:
                return True
    return False


def _dedupe(specs: list[Spec]) -> list[Spec]:
    out: list[Spec] = []
    for s in specs:
        if s.exact and any(o.exact and o.mask == s.mask for o in out):
            continue
        out.append(s)
    return out


PARSER = OdinParser()

__all__ = ["PARSER", "OdinParser", "OdinReading", "build_lexicon"]
