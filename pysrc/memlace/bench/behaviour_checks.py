"""What a behaviour case is (bench/behaviour_cases.py): a few turns and the checks that must hold after them."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Check:
    """One expectation. ``what`` is one of:
    has (an active memory contains every one of ``words``), lacks (no active memory contains them all),
    recall (for ``query``, the first memory in the pack contains ``words``; none contains ``absent``), packs (for
    ``query``, some memory of the pack contains ``words``), unpacked (for ``query``, no item of the pack, memory or
    message, contains ``words``),
    silent (turn number ``turn`` made no memory), kind (the active memory containing ``words`` is of kind
    ``value``), important (that memory's importance is at least 0.8), confirmed (that memory is confirmed), entity (an entity named ``words[0]``
    of type ``value``), no_entity (no entity is named ``words[0]``), stored_lacks (nothing stored anywhere contains ``words``), dated (that memory's
    date, as the pack shows it, starts with ``value``), warns (for ``query``, a warning of the pack names every one of
    ``words``), calm (for ``query``, no warning of the pack names them all), count (exactly ``value`` active memories
    contain ``words``)."""

    what: str
    words: tuple[str, ...] = ()
    query: str = ""
    absent: tuple[str, ...] = ()
    value: str = ""
    turn: int = 0


def has(*words: str) -> Check:
    return Check("has", words)


def lacks(*words: str) -> Check:
    return Check("lacks", words)


def erased(*words: str) -> Check:
    return Check("erased", words)


def recall(query: str, *words: str, absent: tuple[str, ...] = ()) -> Check:
    return Check("recall", words, query=query, absent=absent)


def packs(query: str, *words: str) -> Check:
    return Check("packs", words, query=query)


def unpacked(query: str, *words: str) -> Check:
    return Check("unpacked", words, query=query)


def silent(turn: int) -> Check:
    return Check("silent", turn=turn)


def kind(value: str, *words: str) -> Check:
    return Check("kind", words, value=value)


def important(*words: str) -> Check:
    return Check("important", words)


def confirmed(*words: str) -> Check:
    return Check("confirmed", words)


def entity(name: str, type_: str) -> Check:
    return Check("entity", (name,), value=type_)


def no_entity(name: str) -> Check:
    return Check("no_entity", (name,))


def stored_lacks(*words: str) -> Check:
    return Check("stored_lacks", words)


def dated(day: str, *words: str) -> Check:
    return Check("dated", words, value=day)


def warns(query: str, *words: str) -> Check:
    return Check("warns", words, query=query)


def calm(query: str, *words: str) -> Check:
    return Check("calm", words, query=query)


def count(number: int, *words: str) -> Check:
    return Check("count", words, value=str(number))


@dataclass(frozen=True)
class Case:
    name: str
    turns: tuple[str | tuple[str, str], ...]  # text (the user), or (role or speaker, text)
    checks: tuple[Check, ...] = field(default_factory=tuple)


U = "user"
A = "assistant"
