"""Behaviour cases from a chat with a teacher who gets migraines, with a husband and a small daughter (2026-11-28,
written here in other words): "red wine and lack of sleep are my triggers" is a constraint a drink question gets;
"the propranolol made me dizzy so I stopped it" stopped the propranolol; "we have a 3 year old, Ada, she starts
nursery in May" is said of Ada, not of the husband named before; "thinking of getting a cat but Sam is allergic to
dogs" is a plan and Sam's own constraint. Each failed on the code before the fix it came with.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import A, Case, has, kind, lacks, packs

MIGRAINE_CASES: list[Case] = [
    Case(
        "what sets off a condition",
        ("I get cluster headaches a few times a year.", "Strong cheese and bright screens are my main triggers."),
        (kind("constraint", "Strong cheese and bright screens"), packs("Can I have a cheese board tonight?", "Strong cheese")),
    ),
    Case(
        "'it' is the thing just named",
        ("The amitriptyline made me groggy so I stopped it, now trying candesartan.",),
        (has("User stopped the amitriptyline"), lacks("stopped it")),
    ),
    Case(
        "a child named by age, then 'she'",
        ("My husband Theo works nights.", (A, "Noted."), "We have a 3 year old, Ada, she starts nursery in May."),
        (has("Ada starts nursery in May"), lacks("Theo starts nursery")),
    ),
    Case(
        "a plan, but someone's allergy",
        ("My partner Sam works from home.", "We're thinking of getting a cat but Sam is allergic to dogs, not sure about cats."),
        (has("User is thinking of getting a cat"), kind("constraint", "Sam is allergic to dogs"), lacks("cat but Sam")),
    ),
]
