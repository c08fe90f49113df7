"""Behaviour cases from a chat with a runner with type 1 diabetes whose race, sensor and family change (2026-11-28,
written here in other words): "switched from the Dexcom to a Libre 3" swaps the sensor inside "uses a pump, the
Omnipod, and a Dexcom sensor" and keeps the pump; a change to "my sister Ann is pregnant, due in March" reaches
"Ann is pregnant, due in March" told with it; "not doing Berlin anymore" ends "training for the Berlin marathon,
running 50km a week" (how one trains is no second thing). Each failed on the code before the fix it came with.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, lacks, recall

RUNNER_CASES: list[Case] = [
    Case(
        "a device swapped inside a list",
        ("I wear a Garmin watch and a Polar chest strap for my runs.", "I switched from the Polar to a Wahoo 2 this month."),
        (has("Garmin watch", "Wahoo 2 chest strap"), lacks("Polar"), recall("What chest strap do I use?", "Wahoo 2")),
    ),
    Case(
        "a date moved reaches both tellings",
        ("My sister Ann is pregnant, due in March.", "Actually Ann's due date moved to early April."),
        (has("due in early April"), lacks("due in March"), recall("When is Ann's baby due?", "early April", absent=("March",))),
    ),
    Case(
        "a race dropped ends the training",
        ("I'm training for the Paris half marathon in April, running about 30km a week.", "I'm not doing Paris anymore."),
        (lacks("training for the Paris half marathon"),),
    ),
]
