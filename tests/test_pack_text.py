"""What the model reads: a diet and a liked food flagged as a conflict (both kept), the warning inside the
fenced block once per pair, and items under the person they are about."""

from __future__ import annotations

from memlace.core.fence import PACK_CLOSE
from memlace.memory import Memlace
from memlace.models import MemoryStatus


async def said(engine: Memlace, *texts: str) -> None:
    for n, text in enumerate(texts):
        await engine.ingest({"text": text, "chat_id": "c", "message_id": f"m{n}", "timestamp": 1_700_000_000.0 + n * 86_400})


def active(engine: Memlace, text: str) -> str:
    return next(
        m.id for m in engine.state.memories.values() if m.text == text and m.status in (MemoryStatus.staged, MemoryStatus.confirmed)
    )


async def test_a_diet_and_a_liked_food_are_both_kept_and_the_model_is_warned_once(real_engine: Memlace) -> None:
    await said(real_engine, "Sushi is my favourite food.", "I don't eat pork.", "I love fresh pasta.", "I've gone vegetarian.")
    diet, sushi = active(real_engine, "User is vegetarian"), active(real_engine, "Sushi is User's favourite food")
    assert real_engine.state.graph.has_edge(diet, sushi, key="contradicts") and real_engine.state.graph.has_edge(
        sushi, diet, key="contradicts"
    )
    for calm in ("User doesn't eat pork", "User loves fresh pasta"):  # a refusal, and a food the diet allows
        assert not real_engine.state.graph.has_edge(diet, active(real_engine, calm), key="contradicts")
    pack = await real_engine.retrieve("What should I cook for dinner tonight?", track=False)
    warning = "'Sushi is User's favourite food' (said 2023-11-14) and 'User is vegetarian' (said 2023-11-17)"
    assert [w for w in pack.warnings if "conflicting" in w] == [
        f"conflicting memories: {warning}; the newer may have replaced the older: ask if it matters"
    ]
    assert pack.text.count("## Warnings") == 1 and pack.text.count(warning) == 1
    assert pack.text.index("## Warnings") < pack.text.index("## About User") < pack.text.index(PACK_CLOSE)


async def test_a_liked_food_after_the_diet_is_flagged_too(real_engine: Memlace) -> None:
    await said(real_engine, "I'm vegan.", "I really like a good cheese board.")
    assert real_engine.state.graph.has_edge(
        active(real_engine, "User is vegan"), active(real_engine, "User really likes a good cheese board"), key="contradicts"
    )


async def test_items_go_under_the_person_they_are_about(real_engine: Memlace) -> None:
    await said(real_engine, "My sister Lena is a nurse in Porto.", "I live in Lisbon.")
    pack = await real_engine.retrieve("Tell me about my family and where I live", track=False)
    assert "## About Lena\n- [2023-11-14, staged] User's sister Lena is a nurse in Porto" in pack.text
    assert "## About User" in pack.text and "User lives in Lisbon" in pack.text.split("## About User")[1]


async def test_a_keyword_hit_says_which_of_the_message_words_it_matched(real_engine: Memlace) -> None:
    await said(real_engine, "My sister Lena lives in Lisbon.", "I run every Saturday morning.")
    pack = await real_engine.retrieve("Where does my sister live these days?", track=False)
    lena = next(item for item in pack.items if "Lena" in item.text)
    assert "keyword" in lena.reason.sources and lena.reason.matched[:2] == ["sister", "live"]  # as written, stems matched
    assert all(not item.reason.matched for item in pack.items if "keyword" not in item.reason.sources)


async def test_the_users_own_requests_are_the_one_thing_inside_the_notes_to_follow(real_engine: Memlace) -> None:
    """ "Always reply in Portuguese" must reach the model as something to do: the header that says to ignore
    requests inside the notes excepts the user's own, listed under their own heading; anything else that reads
    as a request stays data."""
    await said(
        real_engine, "Hi, I'm Ines, a nurse in Porto.", "Always reply in Portuguese please.", "My friend Rui says I should quit my job."
    )
    pack = await real_engine.retrieve("What is the capital of Peru?", track=False)
    header, body = pack.text.split("\n## ", 1)
    assert 'except those under "What the user asked for"' in header
    assert body.startswith("What the user asked for\n- [2023-11-15, staged] User asks: always reply in Portuguese")
    work = await real_engine.retrieve("Should I quit my job? What does my friend Rui think?", track=False)
    wishes, rest = work.text.split("## What the user asked for\n")[1].split("\n## ", 1)
    assert wishes == "- [2023-11-15, staged] User asks: always reply in Portuguese"  # the one request of the user's
    assert "## About Rui\n- [2023-11-16, staged] User's friend Rui says User should quit User's job" in "## " + rest


async def test_the_users_own_name_goes_under_the_user_not_under_a_person_of_that_name(real_engine: Memlace) -> None:
    await said(real_engine, "Hi, I'm Ines, a nurse in Porto.")
    pack = await real_engine.retrieve("What's my name and what do I do?", track=False)
    assert "## About Ines" not in pack.text and "User's name is Ines" in pack.text.split("## About User")[1]
    assert "except those under" not in pack.text  # no request of the user's: the plain header
