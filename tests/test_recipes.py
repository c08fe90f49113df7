"""Retrieval recipes as data, and a profile's trial of one: shadow records what would change and changes
nothing the user sees; on makes it the live recipe; off ends it."""

from __future__ import annotations

import pytest

from memlace import recipes
from memlace.config import RetrievalConfig
from memlace.errors import InvalidInput
from memlace.memory import Memlace

TURNS = [
    "Which hiking trails near Lisbon would you recommend?",
    "I hiked the Sintra trail last spring with my sister.",
    "My sister Joana loves hiking in the mountains.",
    "I bought new hiking boots from Decathlon.",
]


async def remembered(engine: Memlace) -> None:
    """A talk between two people (in a chat with the assistant a user's question never fills a pack anyway)."""
    for n, text in enumerate(TURNS):
        speaker = "Rita" if n == 0 else "Tom"
        await engine.ingest(
            {"text": text, "chat_id": "c", "message_id": f"m{n}", "speaker": speaker, "timestamp": 1_700_000_000.0 + n * 3600}
        )


def items(pack) -> list[str]:  # type: ignore[no-untyped-def]
    return [item.id for item in pack.items]


async def test_shadow_records_the_difference_and_changes_nothing_the_user_sees(real_engine: Memlace) -> None:
    await remembered(real_engine)
    query = "Where did I go hiking?"
    before = await real_engine.retrieve(query, track=False)
    question = real_engine.state.by_message[("c", "m0")]
    assert question in items(before)  # the live recipe lets a question into the pack
    status = await real_engine.try_recipe("questions-out@1", "shadow")
    assert status["trial"] == {"recipe": "questions-out@1", "mode": "shadow"}
    during = await real_engine.retrieve(query, track=False)
    assert items(during) == items(before) and during.text == before.text
    traced = await real_engine.trace(query)
    assert traced["shadow"]["recipe"] == "questions-out@1" and not traced["shadow"]["same"]
    assert question in [row["id"] for row in traced["shadow"]["dropped"]]
    report = await real_engine.recipes()
    assert report["shadow"]["runs"] >= 2 and report["shadow"]["changed"] >= 2
    assert report["shadow"]["recent"][-1]["query"] == query


async def test_on_makes_the_recipe_live_and_off_ends_the_trial(real_engine: Memlace) -> None:
    await remembered(real_engine)
    query = "Where did I go hiking?"
    question = real_engine.state.by_message[("c", "m0")]
    await real_engine.try_recipe("questions-out@1", "on")
    assert question not in items(await real_engine.retrieve(query, track=False))
    assert (await real_engine.trace(query))["shadow"] is None
    await real_engine.try_recipe(None, "off")
    assert question in items(await real_engine.retrieve(query, track=False))
    assert (await real_engine.recipes())["trial"] == {"recipe": None, "mode": "off"}


async def test_the_trial_is_stored_with_the_profile(real_engine: Memlace) -> None:
    await real_engine.try_recipe("rrf@1", "shadow")
    await real_engine.reload()
    assert (await real_engine.recipes())["trial"] == {"recipe": "rrf@1", "mode": "shadow"}


@pytest.mark.parametrize(
    ("recipe", "mode", "error"),
    [("rrf@9", "shadow", "no retrieval recipe"), ("rrf@1", "maybe", "one of off"), (None, "on", "needs a recipe")],
)
async def test_a_bad_trial_is_refused_and_changes_nothing(real_engine: Memlace, recipe: str | None, mode: str, error: str) -> None:
    with pytest.raises(InvalidInput, match=error):
        await real_engine.try_recipe(recipe, mode)
    assert (await real_engine.recipes())["trial"]["mode"] == "off"


def test_recipes_are_named_versioned_and_valid_settings() -> None:
    assert recipes.RECIPES["default@1"].apply(RetrievalConfig()) == RetrievalConfig()
    for key, recipe in recipes.RECIPES.items():
        assert key == f"{recipe.name}@{recipe.version}" and recipe.about
        assert set(recipe.changes) <= set(RetrievalConfig.model_fields), key
        RetrievalConfig.model_validate(recipe.apply(RetrievalConfig()).model_dump())
