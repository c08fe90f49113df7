# The inspector's shared helpers: the DOM (text nodes only: el() never sets HTML), event handlers whose
# errors are shown, the protocol's enums, and how dates, statuses and messages are said.
import asyncio
import json
import time

import js
import memlace_js

document = js.document
PAGE = 50
PROTOCOL = json.loads(str(memlace_js.protocol))  # the build's one protocol description
KINDS = PROTOCOL["enums"]["MemoryKind"]
EDGE_TYPES = PROTOCOL["enums"]["EdgeType"]


def by_id(name):
    return document.getElementById(name)


def el(tag, *children, **attributes):
    """An element with text children only: strings become text nodes, never markup."""
    node = document.createElement(tag)
    for name, value in attributes.items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        if name.startswith("on-"):
            node.addEventListener(name[3:], value)
        else:
            node.setAttribute(name, "" if value is True else str(value))
    for child in children:
        if child is None:
            continue
        if isinstance(child, (str, int, float)):
            node.append(document.createTextNode(str(child)))
        else:
            node.append(child)
    return node


def clear(node, *children):
    node.replaceChildren()
    for child in children:
        if child is not None:
            node.append(child)


def later(coroutine_function, *args):
    """An event handler that runs an async function (errors are shown, never lost in the console)."""

    def handler(event=None):
        if event is not None and str(event.type) == "submit":
            event.preventDefault()
        asyncio.create_task(guarded(coroutine_function, *args))

    return handler


async def guarded(coroutine_function, *args):
    try:
        await coroutine_function(*args)
    except Exception as error:  # shown where the user looks, with the engine's own message
        say("Something went wrong: " + message_of(error))


def message_of(error):
    text = str(error)
    try:
        return str(error.args[0].message)  # a JsException carries the JS error first
    except Exception:
        return text


def say(text):
    by_id("list-status").textContent = text


def day(seconds):
    if not seconds:
        return "-"
    t = time.gmtime(int(seconds))
    return "{:04d}-{:02d}-{:02d}".format(t[0], t[1], t[2])


STATUS_WORDS = {  # what each status means, said where it is shown
    "staged": "new; not yet confirmed by use or by you",
    "confirmed": "confirmed by you (you asked to remember it, corrected it or confirmed it) or by use in several answers",
    "superseded": "replaced by a newer version, kept as history",
    "retracted": "no longer used in answers, kept so the history stays whole",
}


def used(count):
    return "never yet" if not count else "once" if count == 1 else "{} times in answers".format(count)


def episode_line(episode):
    """Who said it, when, and where: a message's provenance in one line."""
    return "{} · {} · chat {} · message {}".format(episode.get("speaker") or episode["role"], day(episode["timestamp"]), episode["chat_id"], episode["message_id"])


def to_seconds(date_text, end=False):
    """'2026-11-21' -> seconds (start of the day, or its end)."""
    if not date_text:
        return None
    year, month, mday = [int(part) for part in date_text.split("-")]
    start = time.mktime((year, month, mday, 0, 0, 0, 0, 0))
    return start + (86399 if end else 0)
