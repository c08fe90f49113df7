"""What a pack gives back, with the product's local model: only what is relevant, never the question itself
or its copies, never content-free turns; nothing at all (and a logged gap) when nothing remembered answers."""

from __future__ import annotations

import pytest

from memlace.memory import Memlace

CHAT = [
    "I have two cats called Miso and Tofu.",
    "My sister Lena lives in Porto.",
    "I'm training for the Berlin marathon in September.",
    "Nice.",
    "Good luck!",
    "Hello Dana!",
    "Can you recommend a restaurant for our anniversary dinner?",
    "ok thanks",
    "I work as a nurse at St Mary's hospital.",
]

pytestmark = pytest.mark.model


async def _engine(real_engine: Memlace) -> Memlace:
    for n, text in enumerate(CHAT):
        await real_engine.ingest({"text": text, "chat_id": "c", "message_id": f"m{n}", "timestamp": 1_700_000_000 + 3600 * n})
    return real_engine


@pytest.mark.parametrize(
    "message",
    [
        "What is the boiling point of water at sea level?",
        "Who wrote The Origin of Species?",
        "Explain how a rainbow forms.",
        "What is 17 times 23?",
    ],
)
async def test_an_unrelated_message_gets_an_empty_pack_and_a_logged_gap(real_engine: Memlace, message: str) -> None:
    engine = await _engine(real_engine)
    pack = await engine.retrieve(message)
    assert pack.items == [] and pack.text == "" and "total" in pack.timings_ms  # an empty pack is timed too
    await engine.flush()
    assert any(gap["query"] == message for gap in engine.state.meta["gaps"])


async def test_the_question_asked_again_is_not_its_own_answer(real_engine: Memlace) -> None:
    engine = await _engine(real_engine)
    for asked in (
        "Can you recommend a restaurant for our anniversary dinner?",
        "can you recommend a restaurant for our anniversary dinner",
    ):
        pack = await engine.retrieve(asked)
        assert all("recommend a restaurant" not in item.text for item in pack.items), [i.text for i in pack.items]


async def test_content_free_turns_never_fill_a_pack(real_engine: Memlace) -> None:
    engine = await _engine(real_engine)
    for message in ("How are my cats doing?", "Tell me about my sister", "Good luck with the marathon!", "Hello!"):
        texts = [item.text for item in (await engine.retrieve(message)).items]
        assert not {"Nice.", "Good luck!", "Hello Dana!", "ok thanks"} & set(texts), (message, texts)


async def test_a_personal_question_gets_what_is_relevant(real_engine: Memlace) -> None:
    engine = await _engine(real_engine)
    pack = await engine.retrieve("What are my cats called?")
    assert pack.items and "Miso" in pack.items[0].text
    assert len(pack.items) < 12  # what clears the bar, not a full page of filler


async def test_a_users_questions_to_the_assistant_never_answer_a_later_message(real_engine: Memlace) -> None:
    """In a chat with the assistant, the user's earlier requests hold nothing to remember; in a talk between
    named people a question stays findable (it may be the only trace of what was asked about)."""
    engine = await _engine(real_engine)
    await engine.ingest({"text": "What's the capital of Peru?", "chat_id": "c", "message_id": "q1", "timestamp": 1_700_100_000})
    for message in ("Where do I live now?", "Any ideas for dinner with my sister?", "What should we do for our anniversary?"):
        texts = [item.text for item in (await engine.retrieve(message)).items]
        assert not [t for t in texts if t.endswith("?")], (message, texts)
    for n, (speaker, text) in enumerate(
        [("Ana", "Did you book the anniversary dinner at Tasca do Chico?"), ("Tom", "Yes, for Friday at eight.")]
    ):
        await engine.ingest({"text": text, "chat_id": "group", "message_id": f"g{n}", "speaker": speaker, "timestamp": 1_700_200_000 + n})
    texts = [item.text for item in (await engine.retrieve("Where is the anniversary dinner?")).items]
    assert "Did you book the anniversary dinner at Tasca do Chico?" in texts, texts


async def _told(engine: Memlace, *turns: str | tuple[str, str]) -> None:
    """Each turn as the user's text, or (role, text)."""
    for n, turn in enumerate(turns):
        role, text = turn if isinstance(turn, tuple) else ("user", turn)
        await engine.ingest({"text": text, "role": role, "chat_id": "c", "message_id": f"m{n}", "timestamp": 1_700_000_000 + n})


async def test_a_constraint_reaches_a_message_it_guards_under_the_general_bar(real_engine: Memlace) -> None:
    await _told(real_engine, "I'm allergic to cats.", "I never drink alcohol.", "My sister Lena lives in Porto.")
    kitten = await real_engine.retrieve("Can I get a kitten?")  # cosine 0.44 to the allergy: under the general bar
    assert [item.text for item in kitten.items][:1] == ["User is allergic to cats"], [i.text for i in kitten.items]
    cocktail = await real_engine.retrieve("Suggest a cocktail for the party")
    assert "User never drinks alcohol" in [item.text for item in cocktail.items], [i.text for i in cocktail.items]
    for unrelated in ("What is the capital of Japan?", "How do I fix a flat tyre?"):
        assert (await real_engine.retrieve(unrelated)).items == []


async def test_in_a_small_profile_only_items_with_meaning_of_their_own_ride_along_with_the_best(real_engine: Memlace) -> None:
    await _told(
        real_engine,
        "I've gone vegetarian since January.",
        ("assistant", "Nice to meet you, Tom! How can I help?"),
        "My daughter Ella just started university in Glasgow.",
        "Thanks, you're the best! Keep up the good work.",
    )
    texts = [item.text for item in (await real_engine.retrieve("What should I make for dinner?")).items]
    assert texts[:1] == ["User is vegetarian"], texts
    assert not [t for t in texts if "How can I help" in t or "Keep up the good work" in t or "Ella" in t], texts


async def test_a_message_on_a_topic_is_told_of_the_constraints_on_it(real_engine: Memlace) -> None:
    await _told(real_engine, "I'm allergic to peanuts.", "I play the piano on weekends.", "I'm allergic to cats.")
    recipe = await real_engine.retrieve("What's a good recipe for dinner tonight?")  # cosine to the allergy: 0.03
    assert [item.text for item in recipe.items] == ["User is allergic to peanuts"], [i.text for i in recipe.items]
    assert "constraint" in recipe.items[0].reason.sources and "neighbour" not in recipe.items[0].reason.sources
    pet = await real_engine.retrieve("Which pet should we adopt?")
    assert [item.text for item in pet.items][:1] == ["User is allergic to cats"], [i.text for i in pet.items]
    assert (await real_engine.retrieve("How do I fix a flat tyre?")).items == []
