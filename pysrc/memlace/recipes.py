"""Retrieval strategies as data: named, versioned recipes (changes to RetrievalConfig), and per profile a trial
mode for one of them: off, shadow (ranked beside the live recipe, the difference recorded, nothing the user
sees changes) or on (it is the live recipe). Plain data and pure functions: no I/O.

A recipe never changes once published: a different setting is a new version, so a shadow record or an
evaluation names exactly what was run.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from memlace.config import RetrievalConfig
from memlace.errors import InvalidInput
from memlace.models import ContextPack

TRIAL_KEY = "retrieval_trial"  # in the store's meta: {"recipe": "rrf@1", "mode": "shadow"}
MODES = ("off", "shadow", "on")


class Recipe(BaseModel):
    name: str
    version: int = Field(ge=1)
    about: str
    changes: dict[str, Any] = Field(default_factory=dict, description="RetrievalConfig fields that differ from the default")

    @property
    def key(self) -> str:
        return f"{self.name}@{self.version}"

    def apply(self, base: RetrievalConfig) -> RetrievalConfig:
        return base.model_copy(update=self.changes)


RECIPES: dict[str, Recipe] = {
    recipe.key: recipe
    for recipe in [
        Recipe(name="default", version=1, about="the shipped ranking"),
        Recipe(
            name="questions-out",
            version=1,
            about="questions never fill a pack (they lend their score to the turn that answers them)",
            changes={"drop_questions": True},
        ),
        Recipe(name="rrf", version=1, about="reciprocal-rank fusion instead of min-max scaled scores", changes={"fusion": "rrf"}),
        Recipe(
            name="keywords-heavier",
            version=1,
            about="keyword evidence weighs more than meaning",
            changes={"keyword_weight": 0.65, "vector_weight": 0.35},
        ),
        Recipe(name="more-diverse", version=1, about="a stronger MMR step: fewer near-duplicates", changes={"mmr_lambda": 0.7}),
    ]
}


def recipe(key: str) -> Recipe:
    if key not in RECIPES:
        raise InvalidInput(f"no retrieval recipe {key[:80]!r}; the recipes are {', '.join(RECIPES)}")
    return RECIPES[key]


def trial(meta: dict[str, Any]) -> tuple[Recipe, str] | None:
    """The profile's trial (recipe, "shadow" or "on"), if one is set and still known."""
    stored = meta.get(TRIAL_KEY)
    if not isinstance(stored, dict) or stored.get("mode") not in ("shadow", "on") or stored.get("recipe") not in RECIPES:
        return None
    return RECIPES[stored["recipe"]], stored["mode"]


def trial_record(key: str | None, mode: str) -> dict[str, str] | None:
    """What to store for a trial (None turns it off); InvalidInput for an unknown mode or recipe."""
    if mode not in MODES:
        raise InvalidInput(f"the trial mode is one of {', '.join(MODES)}")
    if mode == "off":
        return None
    if key is None:
        raise InvalidInput(f"a {mode} trial needs a recipe")
    return {"recipe": recipe(key).key, "mode": mode}


def difference(live: ContextPack, shadow: ContextPack, key: str) -> dict[str, Any]:
    """Which items the shadow recipe would have given instead: added, dropped and moved, with scores."""
    live_at = {item.id: item for item in live.items}
    shadow_at = {item.id: item for item in shadow.items}

    def row(item: Any, other: Any = None) -> dict[str, Any]:
        out = {"id": item.id, "text": item.text, "rank": item.rank, "score": round(item.score, 4)}
        return out | ({"live_rank": other.rank} if other is not None else {})

    return {
        "recipe": key,
        "added": [row(item) for item in shadow.items if item.id not in live_at],
        "dropped": [row(item) for item in live.items if item.id not in shadow_at],
        "moved": [row(item, live_at[item.id]) for item in shadow.items if item.id in live_at and live_at[item.id].rank != item.rank],
        "same": [i.id for i in live.items] == [i.id for i in shadow.items],
    }
