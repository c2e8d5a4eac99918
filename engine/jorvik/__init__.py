"""Jórvík (Stefan Feld): the Karl and Jarl games — the game object, its actions, events, cards and bots."""

from engine.jorvik.cards import check_cards, load_cards
from engine.jorvik.game import GAME, JorvikGame, JorvikState, JorvikView

__all__ = ["GAME", "JorvikGame", "JorvikState", "JorvikView", "check_cards", "load_cards"]
