"""Behaviour cases from a chat with a backend developer whose stack and standing instructions change (2026-11-28,
written here in other words): "make the snippets Kotlin from now on" is a standing instruction, and it replaces
"always write my snippets in Java"; "we migrated off Azure to GCP" swaps the cloud where "deploys … on Azure" was
said; "I work in Emacs, no JetBrains suggestions please" is a tool and a request, apart; "we hired a new intern,
her name is Odile" names the intern, a person (and "I met a guy, his name is Raf" keeps the name). Each failed on the code
before the fix it came with.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, entity, has, kind, lacks, packs, recall

BACKEND_CASES: list[Case] = [
    Case(
        "a standing instruction said anew",
        ("Please always write my snippets in Java unless I say otherwise.", "Actually make the snippets Kotlin from now on."),
        (has("snippets Kotlin from now on"), lacks("snippets in Java"), kind("negative", "Kotlin")),
    ),
    Case(
        "migrated off one cloud to another",
        ("We deploy our services on Azure with Terraform.", "We migrated off Azure to GCP in the spring."),
        (has("deploys User's services on GCP"), lacks("on Azure with"), recall("Where do we deploy our services?", "GCP")),
    ),
    Case(
        "a tool, then what not to suggest",
        ("I work in Emacs with evil-mode, no JetBrains suggestions please.",),
        (has("User works in Emacs with evil-mode"), has("don't suggest JetBrains"), lacks("JetBrains suggestions")),
    ),
    Case(
        "a newcomer named after a comma",
        ("We hired a new intern, her name is Odile.",),
        (
            has("User's intern is called Odile"),
            lacks("her name is"),
            entity("Odile", "person"),
            packs("What is my intern called?", "Odile"),
        ),
    ),
    Case(
        "a name given for no one known",
        ("I met a guy at the climbing wall. His name is Raf.",),
        (has("his name is Raf"),),
    ),
]
