"""Behaviour cases from chatting as a backend developer with a sick old cat (2026-11-29): "yo, kai here. backend
dev at a fintech startup in Lisbon" kept nothing (neither the name, nor the job, nor where); "Kai here" left Kai no
person; and "14, she's an old lady" to "Sorry to hear about Miso. How old is she?" made nothing. Each failed on the
code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, entity, has

FINTECH_CASES: list[Case] = [
    Case(
        "a name said with 'here', typed small, then what one does after the full stop",
        ("yo, kai here. backend dev at a fintech startup in Lisbon",),
        (has("User's name is Kai"), has("User works as a backend dev at a fintech startup in Lisbon"), entity("Kai", "person")),
    ),
    Case(
        "a name with 'here', then a job said with a capital",
        ("hey, Kai here. Backend dev at a fintech startup in Lisbon",),
        (has("User's name is Kai"), has("works as a backend dev")),
    ),
    Case(
        "'14' to 'How old is she?' after the assistant named the cat",
        ("my cat Miso has been sick, vet said kidney issues :(", (A, "Sorry to hear about Miso. How old is she?"), "14, she's an old lady"),
        (has("Miso is 14"),),
    ),
    Case(
        "'10 weeks' to 'How old is your puppy?'",
        ("we got a puppy!", (A, "Congrats! How old is your puppy?"), "10 weeks"),
        (has("User's puppy is 10 weeks"),),
    ),
]
