"""Blind move sets of the two card games (written by helpers who never read the parsers or their corpora): a
floor on the lines read right and a ceiling on wrong moves played, at the figures of the first run on each set.
A line may carry "moves": notations applied to the scenario first (decisions inside a turn or a raid).

  name_of_odin_blind_a: 137/180 = 76.1 %, 2 wrong moves on the first run; 138/180, 1 wrong once regrets
  ("j'aurais dû construire l'Auberge") became no move for every game (gm.text.is_regret).
  name_of_odin_blind_b (fresh, written at the end): 90/120 = 75.0 %, 1 wrong move on the first run ("take a
  sailor from seat 2": the set counts seats from 0, the parser from 1). Then the neighbour "on my left" (the
  next seat clockwise) / "right" -> A 141/180, 0 wrong; B 92/120, 1 wrong.
  Then the kit's parser was tuned on A and B (families, with 114 corpus lines of its own wording: own buildings as
  payment sources, hero abilities by their effect, cards named by both symbols, self-corrections, clause-local
  negation, remarks about other players; "seat 2" is asked back, "player 2" is the table's Player 2)
  -> A 180/180, B 118/120, 0 wrong.
  name_of_odin_blind_c (fresh, written blind after that tuning): 133/150 = 88.7 %, 2 wrong moves on the first run
  ("je prends le SN contre mon SC" swapped the wrong way; "repair the Otter with the SN" paid an unnamed second
  card). Then "take X for Y" takes X and gives Y, and exactly named cards are paid as named (no card added that
  the player did not say) -> 135/150, 0 wrong; a remark said out of turn (to or about someone else, cheering, or
  unknown words and no verb) is no move for every game, instead of "not your turn" -> 138/150; then "the trader
  with the recruit symbol" is one card, a Viking type said twice is one ("gathering warriors ..., so 3 warriors"),
  "so/donc/also" ends a payment, "keeping my cards" matches/adds nothing, "verzichten/decline/renoncer" decline
  -> 144/150 (tuned on: no longer blind).
  name_of_odin_blind_d (fresh, written blind after all of that): 138/150 = 92.0 %, 0 wrong moves on the first run.
  Then the player across the table ("gegenüber", "en face"), asking leave with "please" is a request, and a
  question the player answers at once ("... right? TR for TN then") is read by its answer -> 143/150; the second
  swap said as two cards, "the warrior with seamanship" taken in a swap, "joli raid !" out of turn -> 146/150
  (tuned on: no longer blind).
  name_of_odin_blind_e (fresh, written blind after all of that): 132/150 = 88.0 %, 3 wrong moves on the first run:
  "ich passe nicht, keine Sorge" and "non non, je ne passe pas" passed in raid step D (a negation there was read as
  "add nothing"), and "nur eine Karte, die Krieger mit Handwerk" paid a second card. Then a negation next to the
  pass verb is never a pass, exactly named cards gather as named, "one card" beside a card says how many
  -> 134/150, 0 wrong; then "match everything I can", symbols by colour, "the ship card" -> 141/150.
  name_of_odin_blind_f (fresh, written blind after all of that): 132/150 = 88.0 %, 0 wrong moves on the first run.
  Then a building named outside the Action Phase is a source ("one more swap thanks to the forge"), "I take X and
  give my Y" is a swap, and "only four warriors" back when five must go is refused, not filled up -> F 138/150.
  Round 4 on C-F (corpus lines gx01-gx15 guard the families): "the whole action card offer" is the offer; an
  Action symbol after "with" belongs to the Viking type before it, also as "the yellow symbol"; "both of my ...",
  "X and Y, both with the recruit symbol", "Seemann-Handwerkskarten"; a Viking type paying for a named Hero or
  building, or for Vikings gathered; "using the X card" with no Hero is a payment; a named raid with a Viking sent
  back is the raid; "the card for the seamanship, with my trader" matches that symbol; "free"/"cheapest" Heroes;
  "a warrior" back when two must go is refused -> C 148, D 150, E 149, F 147, 0 wrong.
  name_of_odin_blind_g (fresh, written blind after all of that): 140/150 = 93.3 %, 1 wrong move on the first run
  ("Wikinger rekrutieren: Krieger mit Held und Krieger mit Schifffahrt" gathered with one card: "Held" after "mit"
  is the Recruitment symbol, and a symbol-only phrase never takes the Viking noun of the next one). Then names
  declined ("den Barden"), "play" in the Action Phase pays, "lege die Auslage neu aus", "ohne Karten", a building
  named beside a token is a source, "patch up" (corpus lines gx17-gx23) -> 148/150, 0 wrong.
  name_of_odin_blind_h (fresh, written blind at the same time as G and measured once after G's fixes):
  146/150 = 97.3 %, 0 wrong moves on the first run. Then a hesitation before a question keeps it a question ("hmm
  what does Erik do again"), plural card codes ("both SNs"), "throw in", "passt" is no pass (corpus lines
  gx24-gx27) -> 149/150.
  jorvik_blind_a: 139/187 = 74.3 %, 6 wrong moves on the first run; the kit's author then tuned on it (it is no
  longer blind) -> 170/187, 0 wrong; 172/187 with the generic regrets.
  jorvik_blind_b (fresh, written after all of that): 90/120 = 75.0 %, 5 wrong moves on the first run; then a
  line that leaves the choice open, hesitates or offers alternatives ("whichever", "überleg ich noch", "Bernstein
  oder Leder") is offered back for a yes and never made a plan -> 90/120, 0 wrong.
  Then the kit's parser was tuned on A and B by families (traitor swaps by place, cards by their goods or size,
  withdrawing said many ways, remarks vs own pieces, rows by emptiness and price, open choice vs hesitation,
  paying without the card; 438 corpus lines of its own wording) -> A 187/187, B 120/120, 0 wrong.
  jorvik_blind_c and jorvik_blind_d (fresh, both written blind before that tuning and measured once after it):
  C 129/150 = 86.0 %, 5 wrong moves; D 127/150 = 84.7 %, 3 wrong moves on the first run. The wrong moves, fixed as
  families: a negation at a declining word ("I'm not withdrawing", "ich verzichte nicht") is never a withdrawal;
  "buy it" with the treasury in hand asks how to pay (and never picks the card when the coins fall short);
  "keeping the treasury" pays coins; "reserve the ship" asks own or brown Viking (the sets disagreed; B's five such
  lines are now asked back); "back to the supply" is not storage; "das Eisen lager ich ein" stores
  -> A 186, B 115, C 134, D 130, no wrong move on any Jórvík set.
  jorvik_blind_e (fresh, written blind after all of that): 128/150 = 85.3 %, 3 wrong moves on the first run
  ("buy it with coins, I'm saving the treasury" paid with the card; "ich zahle die 2 Münzen, keine Siegpunkte
  verlieren" declined; "je donne l'ambre" gave to the exchange with an oracle at hand). Then coins and the card
  both named is asked, a negation elsewhere in the line never drops "pay", "give the amber" with an oracle at hand
  is asked -> 130/150, 0 wrong.
  Round 3 of tuning on C, D, E (traitor swaps by place and relation, crafts named by their goods, "done" with a
  remark, the oracle as "the gods") -> C 140, D 140, E 139, 0 wrong.
  jorvik_blind_f (fresh, written blind after all of that): 137/150 = 91.3 %, 3 wrong moves on the first run ("Ich
  hol mir kurz ein Bier" read "Bier" as "vier"; "laine sur l'artisan B06" crafted on another craft; "I'll buy the
  reserved card" paid coins with the treasury in hand). Then a named card code is that card only, "card" after
  with/without/keeping says how to pay and otherwise the treasury is asked about, "Bier/hier" are known words
  -> 139/150, 0 wrong.
  Round 4 on C-F (corpus lines jx01-jx18 guard the families): a card described by what it does ("the building
  that gives one coin more", "die Karte, mit der ich eine Ware aus dem Vorrat nehmen darf", "the guy who buys
  iron"); the subject of "goes" across an apposition ("my own viking, not a brown one, goes ...") or a number ("the
  last one goes"), a named card ("exchange house gives me the gold"); a describing clause beside a move ("Schiff
  auf Feld 1, da ist doppelt Gagat drauf"); every description a space answers counts; "a demand row" said in its
  own clause; what is taken and what is sold named for the engine's reason; "je retire le cuir" picks; declining
  with the other verbs negated; "let it go", "take the hit"; "brb"; more Vikings than one has left is a row
  described -> C 145, D 148, E 147, F 148, 0 wrong.
  jorvik_blind_g (fresh, written blind after all of that): 134/150 = 89.3 %, 1 wrong move on the first run ("I'd
  take the warrior but you'll just outbid me anyway" placed a Viking). Then "I'd ... but" is a wish, not the move;
  the clause saying "instead" is the move; "no swap" negates, it corrects nothing; "my first guy" is no space; "for
  three" pays coins; "ich zahle nicht" never pays; "un de mes vikings" is one's own colour; "I pass this round" is
  refused; "Gagat ins Tauschhaus" gives to the exchange; "I'm done, the amber can go back" is done; "das Gebäude
  mit dem Extra-Einkommen"; a swap's places in either order (corpus lines jx19-jx29) -> 145/150, 0 wrong.
  jorvik_blind_h (fresh, written blind at the same time as G and measured once after G's fixes): 136/150 =
  90.7 %, 1 wrong move on the first run ("Einen eigenen Wikinger aufs Schiff" placed in the demand row while a ship
  also lay on a reservation space: G and H both ask, so a Viking put on a card no longer prefers the demand row;
  A and C lose a line each to that). Then "the oracle for leather" is the leather oracle, "the raid skald", "put it
  back in the box", "nichts mehr", "zum Tauschen", counts of players and cards, "swap me to the front on the
  warrior" moves one's Viking in that row, "mit dem vor mir" (corpus lines jx30-jx36) -> 146/150, 0 wrong. Left:
  "reserve X" with own and brown Vikings at hand is asked (B and H expect one's own Viking, C and G ask).
  jorvik_blind_i (fresh, written blind after H's fixes): 138/150 = 92.0 %, 1 wrong move on the first run ("j'utilise
  le traître pour passer devant" passed: "passer devant" is where to go, not a pass). Then a price said with
  "à une pièce", "das Gebäude auf 9", a remark clause beside a verb ("I'm third in line anyway"), coins kept pay
  with the card, "l'or" is gold, "maison d'échange" is no way home, "in storage" only stores, "let me think
  whether ..." is no move, "c'est tout, le fer retourne à la réserve", "I use the traitor" (corpus lines
  jx37-jx45) -> 145/150, 0 wrong.
  jorvik_blind_j (fresh, written blind with I and measured once after I's fixes): 144/150 = 96.0 %, 1 wrong move
  on the first run ("swap my viking in the ship row with the one at the front of it" swapped with the Viking just
  ahead: "at the front of" is the first place, "in front of" the place just ahead). Then "an der Spitze", "third
  in that row" is no space, "cashing in my market stall", "the oracle is mine" (corpus lines jx46-jx50)
  -> 148/150, 0 wrong.
  jorvik_blind_k (fresh, written blind with L and measured once after J's fixes): 140/150 = 93.3 %, 1 wrong move
  on the first run ("mein Wikinger beim Schiff tauscht mit dem vordersten dort" swapped with the Viking just
  ahead: "the frontmost", "der vorderste", "le premier" is the first place). Then "für eine Münze" in a purchase
  is its price, "je paie, je ne perds rien" pays, "trésor d'argent" (corpus lines jx51-jx54) -> 144/150, 0 wrong.
  jorvik_blind_l (fresh, written blind with K and measured once after K's fixes): 140/150 = 93.3 %, 1 wrong move
  on the first run ("Ich will auch auf den Vierer-Krieger" placed on another warrior: a warrior named by its
  defence value is that warrior). Since J, K and L each had one traitor swap or qualifier read wrong, a swap found
  relative to another Viking ("the one in front of it", "dem vordersten dort") is now offered back for a yes
  (C-K lose 0-2 lines each to that). Then "ne ... pas sur la 5" is a negation, "+1 de revenu", "stand du marché",
  "geb", "that completes it" (corpus lines jx55-jx61) -> 145/150, 0 wrong.
  jorvik_blind_m and jorvik_blind_n (fresh, written blind together and measured once after L's fixes): M 139/150
  = 92.7 %, 1 wrong move ("steal something from the gold craft" took the gold: "something" leaves the good open);
  N 139/150 = 92.7 %, 1 wrong move ("put me on the warrior 4 one" placed on another warrior). Then those, "that's
  it, the rest can go back", "je ne prends rien", "eat the loss", "... and hope Dana passes too", "je paie avec ma
  carte" without one (corpus lines jx62-jx68) -> M 145/150, N 141/150, 0 wrong.
  jorvik_blind_o and jorvik_blind_p (fresh, written blind together and measured once after M and N's fixes):
  O 143/150 = 95.3 %, 0 wrong moves; P 137/150 = 91.3 %, 0 wrong moves (together 280/300 = 93.3 %, the first
  fresh sets with no wrong move since F). Then "hinter die beiden" is a demand row, "fertig, das Eisen kann weg",
  "c'est tout pour moi", "jetzt kostet das Schiff schon zwei" is a remark (corpus lines jx69-jx72) -> P 141/150.
  Then, on all sets: remarks out of turn said to someone by name or about a third player (every game); a craft
  card named by a good already on it ("the craft that already has the jet", "neben die Wolle") or one it takes
  ("mit dem Leder"); a swap with someone else's Viking ("mit seinem Wikinger beim Handwerk", "un des siens").
  jorvik_blind_q and jorvik_blind_r (fresh, written blind together and measured once after all of that):
  Q 145/150 = 96.7 %, 1 wrong move ("Ich bezahle den Kauf mit meiner Gebäudekarte, nicht mit Münzen" withdrew: a
  negation at the coins says how to pay, it declines nothing); R 142/150 = 94.7 %, 0 wrong (together 287/300 =
  95.7 %). Fixed (corpus lines jx80-jx82) -> Q 146/150.
  jorvik_blind_s and jorvik_blind_t (fresh, written blind together and measured once after Q's fix): S 141/150 =
  94.0 %, 1 wrong move ("un guerrier" placed on the warrior of defence 1: L's reading of "the 4 warrior" had taken
  the article for a value); T 138/150 = 92.0 %, 0 wrong (together 279/300 = 93.0 %). An article before the card
  type is no value now (corpus lines jx83-jx85) -> S 142/150.
  Then, on Q-T's misses (corpus lines jx86-jx92): spaces ten to twelve said in words, "mit dem braunen" is a brown
  Viking (no card described), "emplacement de stockage", "ich verliere lieber" (rather, after the verb, corrects
  nothing), "die Karte mit den 4 Münzen", "use the treasury for this one", the reserved card back in the box,
  "kann ich mir nicht leisten" declines.
  jorvik_blind_u and jorvik_blind_v (fresh, written blind together and measured once after all of that): U 142/150
  = 94.7 %, V 148/150 = 98.7 %, no wrong move on either: together 290/300 = 96.7 %. Then "in den Tausch"
  (corpus line jx93) -> U 144/150.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import load_game
from gm.parse.blind import verdict

DATA = Path(__file__).parent / "data"
FLOOR = {("name-of-odin", "name_of_odin_blind_a"): (180, 0), ("name-of-odin", "name_of_odin_blind_b"): (118, 0),
         ("name-of-odin", "name_of_odin_blind_c"): (148, 0), ("name-of-odin", "name_of_odin_blind_d"): (150, 0),
         ("name-of-odin", "name_of_odin_blind_e"): (150, 0), ("name-of-odin", "name_of_odin_blind_f"): (147, 0),
         ("name-of-odin", "name_of_odin_blind_g"): (148, 0), ("name-of-odin", "name_of_odin_blind_h"): (149, 0),
         ("jorvik", "jorvik_blind_a"): (185, 0), ("jorvik", "jorvik_blind_b"): (115, 0),
         ("jorvik", "jorvik_blind_c"): (146, 0), ("jorvik", "jorvik_blind_d"): (147, 0),
         ("jorvik", "jorvik_blind_e"): (147, 0),
         ("jorvik", "jorvik_blind_f"): (150, 0), ("jorvik", "jorvik_blind_g"): (147, 0),
         ("jorvik", "jorvik_blind_h"): (145, 0), ("jorvik", "jorvik_blind_i"): (145, 0),
         ("jorvik", "jorvik_blind_j"): (147, 0), ("jorvik", "jorvik_blind_k"): (146, 0),
         ("jorvik", "jorvik_blind_l"): (145, 0), ("jorvik", "jorvik_blind_m"): (147, 0),
         ("jorvik", "jorvik_blind_n"): (144, 0), ("jorvik", "jorvik_blind_o"): (145, 0),
         ("jorvik", "jorvik_blind_p"): (146, 0),
         ("jorvik", "jorvik_blind_q"): (147, 0), ("jorvik", "jorvik_blind_r"): (145, 0),
         ("jorvik", "jorvik_blind_s"): (142, 0), ("jorvik", "jorvik_blind_t"): (143, 0),
         ("jorvik", "jorvik_blind_u"): (144, 0), ("jorvik", "jorvik_blind_v"): (148, 0)}


@pytest.mark.parametrize("name,stem", sorted(FLOOR))
def test_blind_set(name: str, stem: str, capsys: pytest.CaptureFixture[str]) -> None:
    game = load_game(name)
    rows = [json.loads(x) for x in (DATA / f"{stem}.jsonl").read_text(encoding="utf-8").splitlines() if x.strip()]
    results = [verdict(game, r)[:2] for r in rows]
    right, wrong = sum(r for r, _ in results), sum(w for _, w in results)
    with capsys.disabled():
        print(f"\n{stem}: {right}/{len(rows)} = {100.0 * right / len(rows):.1f}%, wrong moves played: {wrong}")
    least, most_wrong = FLOOR[(name, stem)]
    assert wrong <= most_wrong and right >= least
