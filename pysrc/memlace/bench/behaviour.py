"""``memlace eval behaviour``: the scripted chats of behaviour_cases.py run through the product's own
ingest and retrieve, each check judged the way a person reading the memory would; a pass/fail table."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from memlace.bench.behaviour_cases import CASES, Case, Check
from memlace.memory import Memlace
from memlace.models import Memory

START = 1_700_000_000.0  # 2023-11-14 22:13 UTC; each turn a minute after the one before


def _matches(memory: Memory, words: tuple[str, ...]) -> bool:
    text = memory.text.casefold()
    return all(word.casefold() in text for word in words)


async def run_case(case: Case, engine: Memlace) -> list[str]:
    """The failed checks of one case, each as a sentence (empty: the case passes)."""
    created: list[list[str]] = []
    for number, turn in enumerate(case.turns):
        who, text = ("user", turn) if isinstance(turn, str) else turn
        role = who if who in ("user", "assistant") else "user"
        speaker = None if who in ("user", "assistant") else who
        result = await engine.ingest(
            {
                "text": text,
                "role": role,
                "speaker": speaker,
                "chat_id": "case",
                "message_id": f"t{number}",
                "timestamp": START + 60 * number,
            }
        )
        created.append(result.created)
    failures = []
    for check in case.checks:
        problem = await _judge(check, engine, created)
        if problem:
            failures.append(problem)
    return failures


async def _judge(check: Check, engine: Memlace, created: list[list[str]]) -> str | None:
    active = engine.state.active_memories()
    found = [m for m in active if _matches(m, check.words)]
    shown = "; ".join(m.text for m in active) or "(nothing)"
    if check.what == "has":
        return None if found else f"no memory says {check.words}; active: {shown}"
    if check.what == "lacks":
        return f"still remembered: {[m.text for m in found]}" if found else None
    if check.what == "erased":  # of any status: a replaced version too
        kept = [m.text for m in engine.state.memories.values() if _matches(m, check.words)]
        return f"still held: {kept}" if kept else None
    if check.what == "count":
        return None if len(found) == int(check.value) else f"{len(found)} memories contain {check.words}, not {check.value}: {shown}"
    if check.what == "silent":
        made = [engine.state.memories[i].text for i in created[check.turn] if i in engine.state.memories]
        return f"turn {check.turn} made {made}" if made else None
    if check.what in ("kind", "important", "confirmed"):
        if not found:
            return f"no memory says {check.words}; active: {shown}"
        if check.what == "confirmed":  # kept as the user asked, not staged as told in passing
            return None if any(m.status.value == "confirmed" for m in found) else f"{found[0].text!r} is {found[0].status.value}"
        if check.what == "kind":
            return (
                None
                if any(m.kind.value == check.value for m in found)
                else f"{found[0].text!r} is a {found[0].kind.value}, not {check.value}"
            )
        return None if any(m.importance >= 0.8 for m in found) else f"{found[0].text!r} has importance {found[0].importance}"
    if check.what == "entity":
        entity = engine.state.entity_by_label(check.words[0])
        if entity is None:
            return f"no entity {check.words[0]!r}; entities: {sorted(e.name for e in engine.state.entities.values())}"
        return None if entity.type.value == check.value else f"{entity.name} is a {entity.type.value}, not {check.value}"
    if check.what == "no_entity":
        named = engine.state.entity_by_label(check.words[0])
        return None if named is None else f"an entity {named.name!r} ({named.type.value}) exists"
    if check.what == "stored_lacks":
        stored = (await engine.store.load()).model_dump_json().casefold()
        return f"{check.words} is stored" if all(w.casefold() in stored for w in check.words) else None
    if check.what == "dated":
        if not found:
            return f"no memory says {check.words}; active: {shown}"
        memory = found[0]
        when = memory.event_time or memory.valid_from or memory.created_at
        day = datetime.fromtimestamp(when, tz=UTC).date().isoformat()
        return None if day.startswith(check.value) else f"{memory.text!r} is dated {day}, not {check.value}"
    if check.what in ("warns", "calm"):
        warnings = (await engine.retrieve(check.query, track=False)).warnings
        naming = [w for w in warnings if all(word.casefold() in w.casefold() for word in check.words)]
        if check.what == "calm":
            return f"for {check.query!r} a warning names {check.words}: {naming}" if naming else None
        return None if naming else f"for {check.query!r} no warning names {check.words}; warnings: {warnings}"
    if check.what == "unpacked":
        texts = [item.text for item in (await engine.retrieve(check.query, track=False)).items]
        given = [t for t in texts if all(w.casefold() in t.casefold() for w in check.words)]
        return f"for {check.query!r} the pack gives {given}" if given else None
    if check.what == "packs":
        texts = [item.text for item in (await engine.retrieve(check.query, track=False)).items if item.type == "memory"]
        held = any(all(w.casefold() in t.casefold() for w in check.words) for t in texts)
        return None if held else f"for {check.query!r} no memory of the pack says {check.words}: {texts}"
    if check.what == "recall":
        pack = await engine.retrieve(check.query, track=False)
        memories = [item for item in pack.items if item.type == "memory"]
        texts = [item.text for item in memories]
        if check.words and (not memories or not all(w.casefold() in memories[0].text.casefold() for w in check.words)):
            return f"for {check.query!r} the first memory is {texts[:1] or '(none)'}, not one with {check.words}"
        wrong = [t for t in texts if any(a.casefold() in t.casefold() for a in check.absent)]
        return f"for {check.query!r} the pack still gives {wrong}" if wrong else None
    return f"unknown check {check.what}"


async def run(open_engine: Callable[[], Awaitable[Memlace]]) -> list[tuple[str, list[str]]]:
    results = []
    for case in CASES:
        engine = await open_engine()
        results.append((case.name, await run_case(case, engine)))
        await engine.close()
    return results


def format_table(results: list[tuple[str, list[str]]]) -> str:
    lines = [f"{'case':<28} result"]
    for name, failures in results:
        lines.append(f"{name:<28} {'pass' if not failures else 'FAIL: ' + ' | '.join(failures)}")
    passed = sum(1 for _, failures in results if not failures)
    lines.append(f"{passed} of {len(results)} cases pass")
    return "\n".join(lines)
