"""ODIN's grounded form for the model, used when a play-or-pass decision has too many legal moves to list:
which of my cards to play, which centre card to take, or pass."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, create_model

from engine.odin.actions import Pass, Play
from engine.odin.game import OdinView
from gm.kit import ModelForm

QUESTION_FIELD: Any = (str | None, Field(None, max_length=200, description="one short clarifying question, or null"))


def form(view: OdinView) -> ModelForm | None:
    if view.decision.kind != "play_or_pass" or not view.hand:
        return None
    hand: Any = Literal.__getitem__(view.hand)
    centre: Any = Literal.__getitem__(view.center)
    kinds: Any = Literal["play", "pass", "unsure"]
    schema = create_model(
        "OdinMove",
        kind=(kinds, Field(description="play, pass, or unsure")),
        cards=(list[hand], Field(default_factory=list, max_length=9, description="cards played from the hand")),
        take=(centre | None, Field(None, description="the centre card taken after playing")),
        question=QUESTION_FIELD,
    )
    return ModelForm(schema, to_action,
                     "name the cards to play from your hand and the centre card to take, or pass")


def to_action(result: BaseModel) -> Pass | Play | None:
    kind = getattr(result, "kind", None)
    cards = getattr(result, "cards", None)
    if kind == "pass":
        return Pass()
    if kind == "play" and cards:
        return Play(tuple(cards), getattr(result, "take", None))
    return None
