"""ODIN (Helvetiq): the game object, its actions, events and bots."""

from engine.odin.actions import Dealt, GameOver, HandScored, Pass, Passed, Play, Played, TrickEnded
from engine.odin.game import GAME, OdinGame, OdinState

__all__ = ["GAME", "OdinGame", "OdinState", "Play", "Pass", "Played", "Passed", "TrickEnded", "HandScored",
           "Dealt", "GameOver"]
