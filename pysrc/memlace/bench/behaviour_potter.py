"""Behaviour cases from a chat with a potter who runs a studio with her brother (2026-11-28, written here in other
words): "we teach classes and sell mugs online" is two facts, each verb said of the speaker ("sells", never
"sell"); "we stopped selling at the market" ends the memory of selling there; a stop said again after "I smoke
about ten a day" ends that habit, not the earlier stop. Each failed on the code before the fix it came with.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, lacks, recall

POTTER_CASES: list[Case] = [
    Case(
        "a second verb of 'we' agrees",
        ("We run life-drawing evenings on Thursdays and sell prints online through our website.",),
        (has("User sells prints online"), lacks("and sell prints")),
    ),
    Case(
        "selling stopped somewhere",
        ("I sell my jam at the Saturday farmers' market.", "We stopped selling at the farmers' market, it wasn't worth the fees."),
        (lacks("User sells User's jam"), recall("Where do I sell my jam?", "stopped selling")),
    ),
    Case(
        "a stop after starting again",
        ("I quit vaping two years ago.", "Honestly I vape most evenings again.", "I've stopped vaping, for real this time."),
        (lacks("vapes most evenings"), has("stopped vaping")),
    ),
]
