"""Behaviour cases from chats of 2026-11-29 (written here in other words): a chemistry teacher planning a lab with
one student's allergy said in apposition ("one student, Felix, has …", "Felix, one of my students, has …"), a
physiotherapist whose race date is corrected with "I checked" after it, a data scientist who prefers explanations
with Python examples, a daughter caring for her dad (never named: "he takes levodopa …"), two people who "met", and LoCoMo's "Still working on my biz"
(kept as "Jon still workings on …"). Each failed on the code before the fix it came with, unless marked a guard.
"""

from __future__ import annotations

from memlace.bench.behaviour_checks import Case, entity, has, kind, lacks, no_entity, packs, recall

CLASSROOM_CASES: list[Case] = [
    Case(
        "one student's allergy, named in apposition",
        ("I teach chemistry at a school in Graz.", "One student, Felix, has a severe latex allergy, so no latex gloves."),
        (kind("constraint", "Felix", "latex allergy"), entity("Felix", "person"), packs("Which gloves should we use in the lab?", "latex")),
    ),
    Case(
        "the name first, then 'one of my students'",
        ("Felix, one of my students, has a severe latex allergy.",),
        (kind("constraint", "Felix", "latex allergy"), lacks("one of")),
    ),
    Case(
        "'one day, Sam, …' names no one (guard)",
        ("One day, Sam, I'll run a marathon.",),
        (
            lacks("Sam has"),
            lacks("Sam will"),
        ),
    ),
    Case(
        "a date corrected, with 'I checked' after it",
        ("I'm training for the York 10k in March.", "oh wait, it's in April not March, I checked"),
        (has("York 10k in April"), lacks("March"), lacks("checked")),
    ),
    Case(
        "what is still going on, said without 'I'",
        ("Still working on my biz, it's been a bumpy ride.", "Still following my passion for dance."),
        (has("is still working on"), has("is still following"), lacks("workings"), lacks("followings")),
    ),
    Case(
        "how explanations should be, said as a preference",
        ("Remember that I prefer explanations with Python examples.", "I'm a data scientist at a bank."),
        (kind("preference", "explanations with Python examples"), packs("explain logistic regression", "Python examples")),
    ),
    Case(
        "'he' of a relative never named",
        (
            "hello, my name is Ruth, I look after my dad who has Parkinson's",
            ("assistant", "I'm sorry to hear that, Ruth. How can I help?"),  # (Ruth, greeted by name, is not "he")
            "he takes levodopa three times a day, at 8, 2 and 8",
            "also he can't swallow big pills, the pharmacist said we can get the liquid version",
        ),
        (
            has("dad takes levodopa"),
            lacks("Ruth takes"),
            has("dad can't swallow big pills"),
            recall("What medication does my dad take?", "levodopa"),
        ),
    ),
    Case(
        "'she' of the one woman among two relatives",
        ("My mum and my dad live in Leeds.", "She loves gardening."),
        (has("mum loves gardening"),),
    ),
    Case(
        "'he' with two men said stays no one's (guard)",
        ("My dad and my brother came round for lunch.", "He loves gardening."),
        (
            lacks("dad loves"),
            lacks("brother loves"),
        ),
    ),
    Case(
        "'also he' after a name",
        ("My dad Frank has Parkinson's.", "also he can't swallow big pills"),
        (kind("constraint", "Frank can't swallow big pills"),),
    ),
    Case(
        "someone's medicine, by its name",
        ("My husband Tom has high blood pressure.", "Tom takes 10mg of ramipril."),
        (has("Tom takes 10mg of ramipril"), packs("What does Tom take for his blood pressure?", "ramipril")),
    ),
    Case(
        "a past tense after a relative is no name",
        ("My wife and my boss met.", "my brother fred is a chef"),
        (lacks("boss is Met"), no_entity("Met"), has("brother Fred is a chef")),
    ),
]
