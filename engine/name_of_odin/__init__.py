"""In the Name of Odin (NSKN Games): the game object, its card data, actions, events and bots."""

from engine.name_of_odin.cards import CardSet, check_cards, load_cards
from engine.name_of_odin.game import GAME, NameOfOdinGame, NooState

__all__ = ["GAME", "NameOfOdinGame", "NooState", "CardSet", "check_cards", "load_cards"]
