"""Behaviour cases from a chat with a UX designer who changes job, moves a trip and finds her intolerance was
something else (2026-11-28, written here in other words): a reaction ("ooh love that") never fills a pack; "argh the Porto trip got pushed to the 9th" moves "going to
Porto on the 2nd of May" (a trip said as "going to"); a message typed in capitals is read in small letters, with
known names as written, and "the Spotify job" is the job interviewed for; a coffee is a drink a lactose
intolerance is heeded for; a rule that no longer holds is still told to a question on its topic; a closing
"actually" says nothing. Each failed on the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, has, lacks, packs, unpacked

DESIGNER2_CASES: list[Case] = [
    Case(
        "a trip pushed, said as 'going to'",
        ("My sister and I are going to Porto on the 2nd of May.", "argh the Porto trip got pushed to the 9th, her flights changed"),
        (has("Porto on the 9th of May"), lacks("2nd of May")),
    ),
    Case(
        "a message in capitals",
        ("I had an interview at Spotify last week for a product designer role.", "I GOT THE SPOTIFY JOB!!! START IN SEPTEMBER"),
        (has("User got the product designer job at Spotify"),),
    ),
    Case(
        "a coffee heeds a lactose intolerance",
        ("I'm lactose intolerant.",),
        (packs("Could I order a cappuccino?", "lactose intolerant"),),
    ),
    Case(
        "a rule that no longer holds is told",
        ("I have a nut allergy.", "Good news, I'm not allergic to nuts anymore, the test was a false positive."),
        (packs("What should I bake this weekend?", "not allergic to nuts anymore"),),
    ),
    Case(
        "a reaction never fills a pack",
        ("I swim at the lido every Sunday morning.", "Ooh, love that idea!"),
        (packs("What do I love doing on Sundays?", "lido"), unpacked("What do I love doing on Sundays?", "love that idea")),
    ),
    Case(
        "a closing 'actually'",
        ("I walk to work most days actually.",),
        (has("User walks to work most days"), lacks("actually")),
    ),
]
