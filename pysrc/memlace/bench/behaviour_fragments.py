"""Behaviour cases from reading every memory the offline extractor kept of the LoCoMo dev split (2026-11-29; the
turns written here in other words): a name greeted ("Hi Sam, I had to …", "Thanks, Maria! After my last run, …")
left in the fact or cutting it in two, a clause that only says when ("Since I was 17 or so", "After losing my job")
or offers help ("If there's anything else I can do, just let me know") kept alone, "been a few days since we
chatted" read as the speaker's, "last Fri" left undated, and words that open a chat sentence ("Last Fri", "Agreed",
"OK") made entities. Each failed on the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, count, dated, entity, has, lacks, no_entity, silent

FRAGMENT_CASES: list[Case] = [
    Case(
        "a name after a greeting is not part of the fact",
        ("Hi Sam, I had to close my old bank account.",),
        (has("had to close User's old bank account"), lacks("Sam")),
    ),
    Case(
        "thanks and a name, then a clause that says when",
        (
            ("Maria", "How's the campaign going?"),
            ("John", "Thanks, Maria! After my last run, I saw how much I could do for the community through politics."),
        ),
        (has("for the community through politics after John's last run"), count(1, "last run"), lacks("Maria")),
    ),
    Case(
        "a chat opened by greeting the other by name",
        (("John", "Hey Maria, I've been busy with the petition I started."),),
        (has("John has been busy with the petition"), lacks("Maria")),
    ),
    Case(
        "a clause that only says when is no fact",
        (
            ("Mel", "How long have you been into art?"),
            ("Caroline", "Since I was 17 or so."),
            ("Caroline", "After losing my job, I opened a small flower shop."),
        ),
        (silent(1), has("opened a small flower shop after losing"), count(1, "losing")),
    ),
    Case(
        "an offer of help is no fact",
        ("If there's anything else I can do, just let me know.", "If I need anything, I'll reach out."),
        (silent(0), silent(1)),
    ),
    Case(
        "a subordinate clause with its main clause is kept (guard)",
        ("When I was a kid I lived in Spain.", "Since I moved to Leeds in 2019 I cycle to work."),
        (has("lived in Spain"), has("cycle")),
    ),
    Case(
        "time since the last chat says nothing, time since a move does",
        ("Hey, been a few days since we chatted. It's been a year since I moved to Oslo.",),
        (lacks("few days"), has("moved to Oslo")),
    ),
    Case(
        "'last Fri' is a day",
        ("Last Fri I went to a pottery class with my sister.",),
        (dated("2023-11-10", "pottery class"), lacks("Fri ")),
    ),
    Case(
        "words that open a chat sentence are no entities",
        ("lol, Last Fri I tried climbing. Agreed, it was hard, OK so my sister Anke wants to come next time.",),
        (no_entity("Last Fri"), no_entity("Fri"), no_entity("OK"), entity("Anke", "person")),
    ),
]
