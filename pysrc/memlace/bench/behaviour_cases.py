"""Short scripted chats with the outcome a person would expect of a memory (``memlace eval behaviour``).

Each case is a few turns and the checks that must hold after them, offline (heuristic extractor, local
model). Written by hand for this project: corrections of every kind, remember and forget requests,
preference changes, dates of events, family members told apart, paraphrases merged, requests and
questions that make no memory, what the assistant says not becoming facts about the user, secrets,
and clean third-person text.
"""

from __future__ import annotations

from memlace.bench.behaviour_alevels import ALEVEL_CASES
from memlace.bench.behaviour_asks import ASK_CASES
from memlace.bench.behaviour_aunt import AUNT_CASES
from memlace.bench.behaviour_backend import BACKEND_CASES
from memlace.bench.behaviour_bakery import BAKERY_CASES
from memlace.bench.behaviour_band import BAND_CASES
from memlace.bench.behaviour_beekeeper import BEEKEEPER_CASES
from memlace.bench.behaviour_berlin import BERLIN_CASES
from memlace.bench.behaviour_cafe import CAFE_CASES
from memlace.bench.behaviour_carer import CARER_CASES
from memlace.bench.behaviour_chats import CHAT_CASES
from memlace.bench.behaviour_checks import (
    A,
    Case,
    Check,
    count,
    dated,
    entity,
    has,
    important,
    kind,
    lacks,
    no_entity,
    recall,
    silent,
    stored_lacks,
    warns,
)
from memlace.bench.behaviour_classroom import CLASSROOM_CASES
from memlace.bench.behaviour_crew import CREW_CASES
from memlace.bench.behaviour_dataeng import DATAENG_CASES
from memlace.bench.behaviour_designer import DESIGNER_CASES
from memlace.bench.behaviour_designer2 import DESIGNER2_CASES
from memlace.bench.behaviour_developer import DEVELOPER_CASES
from memlace.bench.behaviour_diwali import DIWALI_CASES
from memlace.bench.behaviour_doctor import DOCTOR_CASES
from memlace.bench.behaviour_dogs import DOG_CASES
from memlace.bench.behaviour_doings import DOINGS_CASES
from memlace.bench.behaviour_engaged import ENGAGED_CASES
from memlace.bench.behaviour_engineer import ENGINEER_CASES
from memlace.bench.behaviour_engineer2 import ENGINEER2_CASES
from memlace.bench.behaviour_expecting import EXPECTING_CASES
from memlace.bench.behaviour_family import FAMILY_CASES
from memlace.bench.behaviour_fieldwork import FIELDWORK_CASES
from memlace.bench.behaviour_fintech import FINTECH_CASES
from memlace.bench.behaviour_flatshare import FLATSHARE_CASES
from memlace.bench.behaviour_florist import FLORIST_CASES
from memlace.bench.behaviour_forgetting import FORGETTING_CASES
from memlace.bench.behaviour_fragments import FRAGMENT_CASES
from memlace.bench.behaviour_freelancer import FREELANCER_CASES
from memlace.bench.behaviour_girls import GIRLS_CASES
from memlace.bench.behaviour_grandma import GRANDMA_CASES
from memlace.bench.behaviour_gym import GYM_CASES
from memlace.bench.behaviour_hannah import HANNAH_CASES
from memlace.bench.behaviour_hotel import HOTEL_CASES
from memlace.bench.behaviour_household import HOUSEHOLD_CASES
from memlace.bench.behaviour_kinds import KIND_CASES
from memlace.bench.behaviour_knitter import KNITTER_CASES
from memlace.bench.behaviour_language import LANGUAGE_CASES
from memlace.bench.behaviour_lawstudent import LAWSTUDENT_CASES
from memlace.bench.behaviour_learner import LEARNER_CASES
from memlace.bench.behaviour_leo import LEO_CASES
from memlace.bench.behaviour_lists import LIST_CASES
from memlace.bench.behaviour_lives import LIFE_CASES
from memlace.bench.behaviour_logistics import LOGISTICS_CASES
from memlace.bench.behaviour_marathon import MARATHON_CASES
from memlace.bench.behaviour_masters import MASTERS_CASES
from memlace.bench.behaviour_maths import MATHS_CASES
from memlace.bench.behaviour_maxims import MAXIM_CASES
from memlace.bench.behaviour_mealplan import MEALPLAN_CASES
from memlace.bench.behaviour_mechanic import MECHANIC_CASES
from memlace.bench.behaviour_migraine import MIGRAINE_CASES
from memlace.bench.behaviour_migraine2 import MIGRAINE2_CASES
from memlace.bench.behaviour_nurse import NURSE_CASES
from memlace.bench.behaviour_osaka import OSAKA_CASES
from memlace.bench.behaviour_parent import PARENT_CASES
from memlace.bench.behaviour_party import PARTY_CASES
from memlace.bench.behaviour_pharmacy import PHARMACY_CASES
from memlace.bench.behaviour_plans import PLAN_CASES
from memlace.bench.behaviour_plumber import PLUMBER_CASES
from memlace.bench.behaviour_potter import POTTER_CASES
from memlace.bench.behaviour_remarks import REMARK_CASES
from memlace.bench.behaviour_renovation import RENOVATION_CASES
from memlace.bench.behaviour_retired import RETIRED_CASES
from memlace.bench.behaviour_retiree import RETIREE_CASES
from memlace.bench.behaviour_rota import ROTA_CASES
from memlace.bench.behaviour_runner import RUNNER_CASES
from memlace.bench.behaviour_settled import SETTLED_CASES
from memlace.bench.behaviour_shop import SHOP_CASES
from memlace.bench.behaviour_streamer import STREAMER_CASES
from memlace.bench.behaviour_student import STUDENT_CASES
from memlace.bench.behaviour_student2 import STUDENT2_CASES
from memlace.bench.behaviour_stuttgart import STUTTGART_CASES
from memlace.bench.behaviour_swimmer import SWIMMER_CASES
from memlace.bench.behaviour_tacos import TACO_CASES
from memlace.bench.behaviour_teacher import TEACHER_CASES
from memlace.bench.behaviour_terse import TERSE_CASES
from memlace.bench.behaviour_translator import TRANSLATOR_CASES
from memlace.bench.behaviour_vetnurse import VETNURSE_CASES
from memlace.bench.behaviour_voices import VOICE_CASES
from memlace.bench.behaviour_wedding import WEDDING_CASES
from memlace.bench.behaviour_widower import WIDOWER_CASES
from memlace.bench.behaviour_wording import WORDING_CASES

__all__ = ["CASES", "Case", "Check"]

CASES: list[Case] = [
    # -- corrections and updates that replace ---------------------------------------------------------
    Case(
        "moved: actually",
        ("I live in Berlin.", "Actually, I moved to Lisbon last month."),
        (has("Lisbon"), lacks("Berlin"), recall("Where do I live now?", "Lisbon", absent=("Berlin",))),
    ),
    Case("moved: plain", ("I'm based in Toronto.", "We moved to Vancouver in March."), (has("Vancouver"), lacks("Toronto"))),
    Case("age: sorry not", ("I'm 34.", "Sorry, I'm 35, not 34."), (has("35"), lacks("34"), recall("How old am I?", "35", absent=("34",)))),
    Case("age: birthday", ("I'm 29 years old.", "I just turned 30 yesterday!"), (has("30"), lacks("29"))),
    Case(
        "job: new title",
        ("I work as a nurse.", "I'm now a software engineer."),
        (has("software engineer"), lacks("nurse"), recall("What do I do for work?", "software engineer", absent=("nurse",))),
    ),
    Case("employer: switched", ("I work at Acme.", "I switched from Acme to Globex last week."), (has("Globex"), lacks("works at Acme"))),
    Case(
        "switched from X to Y",
        ("I teach history at a school in Leeds.", "I switched from teaching history to teaching geography this term."),
        (has("geography"), lacks("teaches history"), recall("What subject do I teach?", "geography")),
    ),
    Case("name and age at once", ("Quick intro: I'm Tom, 41.", "Sorry, I'm 42, not 41."), (has("name is Tom"), has("42"), lacks("41"))),
    Case(
        "job on the side",
        ("I just moved to Leeds for a new job as a data analyst.",),
        (has("lives in Leeds"), has("works as a data analyst")),
    ),
    Case("not X but Y", ("My sister is called Mia.", "Not Mia but Maya, sorry, my sister is Maya."), (has("Maya"), lacks("Mia"))),
    Case("no longer", ("I play the piano every day.", "I no longer play the piano."), (lacks("plays the piano every day"),)),
    Case(
        "gone vegetarian", ("My favourite food is sushi.", "I've gone vegetarian."), (has("vegetarian"), kind("constraint", "vegetarian"))
    ),
    Case("partner changed", ("My partner is Sam.", "Sam and I broke up; my partner is now Alex."), (has("Alex"), lacks("partner is Sam"))),
    Case("preference changed", ("I prefer dark mode.", "Actually I prefer light mode now."), (has("light mode"), lacks("dark mode"))),
    # -- remember and forget --------------------------------------------------------------------------
    Case(
        "remember that",
        ("Remember that my favourite colour is teal.",),
        (has("favourite colour", "teal"), recall("What's my favourite colour?", "teal")),
    ),
    Case("please remember", ("Please remember I take my coffee black.",), (has("coffee", "black"),)),
    Case(
        "remember about someone",
        ("I was born on 2 March.", "Remember that Elena's birthday is on 14 May."),
        (has("Elena's birthday", "14 May"), has("born", "2 March"), recall("When is Elena's birthday?", "14 May")),
    ),
    Case("don't forget", ("Don't forget that my anniversary is on June 3rd.",), (has("anniversary"),)),
    Case(
        "forget that",
        ("I play the piano.", "Please forget that I play the piano."),
        (lacks("piano"), stored_lacks("plays the piano"), recall("What instrument do I play?", absent=("piano",))),
    ),
    Case("forget keeps the rest", ("I play the piano and I live in Oslo.", "Forget that I play the piano."), (lacks("piano"), has("Oslo"))),
    Case("not true any more", ("I work at Initech.", "That I work at Initech is not true any more."), (lacks("Initech"),)),
    Case(
        "forget a topic",
        ("I have a bad knee from a skiing accident.", "I love green tea.", "Don't remember anything about my knee please."),
        (lacks("knee"), has("green tea")),
    ),
    Case(
        "two of us, past",
        ("My partner and I just adopted a rescue greyhound called Biscuit!",),
        (has("partner", "adopted", "Biscuit"), count(1, "partner")),
    ),
    Case("don't remember", ("Don't remember that I'm job hunting.",), (lacks("job hunting"), stored_lacks("job hunting"))),
    # -- what makes no memory -----------------------------------------------------------------------
    Case("question", ("Can you recommend a restaurant for our anniversary dinner?",), (silent(0),)),
    Case("request", ("Write me a haiku about autumn.",), (silent(0),)),
    Case("request with my", ("Summarise my notes from the meeting please.",), (silent(0),)),
    Case("chit-chat", ("Hi!", "ok thanks", "Nice.", "Good luck!"), (silent(0), silent(1), silent(2), silent(3))),
    Case(
        "assistant facts",
        ((A, "I live in the cloud and I love helping people."), (A, "You should try Rust.")),
        (silent(0), silent(1), lacks("cloud")),
    ),
    Case("assistant reply ignored", ("I love hiking.", (A, "That's great! I love hiking too.")), (has("hiking"), count(1, "hiking"))),
    Case("weather question", ("What is the boiling point of water at sea level?",), (silent(0),)),
    # -- kinds, importance and entities -------------------------------------------------------------
    Case(
        "allergy",
        ("I'm allergic to peanuts.",),
        (kind("constraint", "peanut"), important("peanut"), recall("What should I avoid eating?", "peanut")),
    ),
    Case("health condition", ("I have type 1 diabetes.",), (kind("constraint", "diabetes"), important("diabetes"))),
    Case("never rule", ("Never call me before 9am.",), (kind("negative", "9am"), important("9am"))),
    Case(
        "family told apart",
        ("My brother Tom lives in Leeds.", "My sister Ana lives in Porto."),
        (
            has("Tom", "Leeds"),
            has("Ana", "Porto"),
            entity("Tom", "person"),
            entity("Ana", "person"),
            recall("Where does my sister live?", "Porto"),
        ),
    ),
    Case(
        "tool is not a place",
        ("I build our frontend in SvelteKit at Zalando.",),
        (entity("SvelteKit", "tool"), entity("Zalando", "organization")),
    ),
    Case("company is an organization", ("I work at Snowflake.",), (entity("Snowflake", "organization"),)),
    Case("project", ("I'm working on a side project called Orbit.",), (has("Orbit"), kind("project", "Orbit"))),
    Case("pet", ("My dog Biscuit is a beagle.",), (has("Biscuit"), entity("Biscuit", "other"))),
    Case("pet by its breed", ("We got a beagle called Biscuit last weekend.",), (entity("Biscuit", "other"),)),
    Case("kids listed", ("We have two kids, Ava (7) and Leo (4).",), (entity("Ava", "person"), entity("Leo", "person"))),
    Case("hospital by name", ("I work as a nurse at St. Mary's.",), (entity("St. Mary's", "organization"), no_entity("St"))),
    Case("flying to a city", ("I'm flying to Lisbon next Thursday for a conference.",), (entity("Lisbon", "place"),)),
    Case("age with an aside", ("I'm 29 by the way.",), (has("29 years old"), lacks("by the way"))),
    Case(
        "standing instruction",
        ("Please always give me code examples in Go unless I ask otherwise.",),
        (
            kind("negative", "code examples", "Go"),
            important("code examples"),
            lacks("please"),
            recall("Show me an example of a for loop", "code examples"),  # the rule comes with what it is about
            recall("Can I ask you something?", absent=("code examples",)),  # and not with every message
        ),
    ),
    Case(
        "job with where it is",
        ("I'm a backend developer at a fintech startup in Amsterdam.",),
        (has("backend developer", "fintech startup", "Amsterdam"), recall("Which city do I work in?", "Amsterdam")),
    ),
    Case("moving to a city", ("My sister Priya is moving to Toronto in March.",), (entity("Toronto", "place"),)),
    Case(
        "possessive of a known person",
        ("My husband Tom doesn't eat pork.", "We're hosting Tom's parents on Sunday."),
        (entity("Tom", "person"), no_entity("Tom's")),
    ),
    Case(
        "facts about family named before",
        ("We have two kids, Ava and Leo.", "Ava loves pasta, Leo is allergic to peanuts.", "Tom said the meeting went well."),
        (
            has("Ava", "pasta"),
            kind("constraint", "Leo", "peanuts"),
            important("Leo", "peanuts"),
            recall("What is Leo allergic to?", "peanuts"),
            silent(2),
        ),
    ),
    # -- paraphrases merge -----------------------------------------------------------------------------
    Case("paraphrase merged", ("I really love green tea.", "I love green tea so much."), (count(1, "green tea"),)),
    Case("repeat merged", ("I live in Oslo.", "I live in Oslo."), (count(1, "Oslo"),)),
    # -- dates of events --------------------------------------------------------------------------------
    Case("event yesterday", ("I ran my first marathon yesterday.",), (has("marathon"), dated("2023-11-13", "marathon"))),
    Case("event in year", ("I graduated from Oxford in 2019.",), (has("Oxford"), dated("2019", "Oxford"))),
    # -- secrets ----------------------------------------------------------------------------------------
    Case("card number", ("My card is 4111 1111 1111 1111 and the CVV is 123.",), (stored_lacks("4111"), stored_lacks("CVV is 123"))),
    Case("password word", ("I need to change the password tonight.",), (stored_lacks("REDACTED"),)),
    Case("ssn", ("My SSN is 078-05-1120.",), (stored_lacks("078-05-1120"),)),
    # -- clean third person ---------------------------------------------------------------------------
    Case(
        "irregular verbs",
        ("I came across a great book. I made pasta yesterday. I bought rye bread.",),
        (lacks("cames"), lacks("mades"), lacks("boughts"), has("came across")),
    ),
    Case(
        "two of us",
        ("My wife Elena and I are planning a trip to Japan next April.",),
        (has("wife Elena", "are planning", "Japan"), has("wife is Elena"), lacks("ares")),
    ),
    Case(
        "instead of",
        ("My wife Elena and I are planning a trip to Japan in April.", "Actually we're going to Korea instead of Japan."),
        (has("Korea"), lacks("trip to Japan"), has("wife is Elena"), recall("Where are we travelling in April?", "Korea")),
    ),
    Case(
        "correction naming nothing",
        ("I work night shifts on Tuesdays and Wednesdays.", "I'm trying to eat healthier.", "Oh wait, it's Wednesdays and Thursdays now."),
        (count(1, "night shifts"), has("night shifts", "Thursdays"), has("healthier"), recall("Which days do I work?", "Thursdays")),
    ),
    Case(
        "I meant",
        ("I'm training for the Berlin marathon in September.", "My dentist appointment is on Tuesday.", "Sorry, I meant Thursday."),
        (
            count(1, "dentist"),
            has("dentist", "Thursday"),
            lacks("marathon", "Thursday"),
            recall("When is my dentist appointment?", "Thursday"),
        ),
    ),
    Case(
        "no longer does",
        ("We use Go and Postgres mostly.", "Actually I don't use Postgres anymore."),
        (has("Go", "Postgres"), has("Postgres", "anymore"), warns("What database do we use?", "Go and Postgres", "anymore")),
    ),
    Case(
        "I meant another name",
        ("I play the piano on weekends.", "My brother Karl lives in Graz.", "Sorry, I meant Linz."),
        (count(1, "Karl"), has("Karl", "Linz"), lacks("piano", "Linz"), recall("Where does my brother live?", "Linz")),
    ),
    Case("correction of nothing said", ("What's the weather like in Oslo?", "Sorry, it's in October."), (silent(0), silent(1))),
    Case("never drinks", ("I never drink alcohol.",), (kind("constraint", "never drinks alcohol"), important("alcohol"))),
    Case(
        "pep talk", ("Gotta stay positive and keep pushing forward!", "I'm feeling confident it will all work out."), (silent(0), silent(1))
    ),
    Case("speaker name", (("Dana", "I bought our rye bread at the market."),), (lacks("boughts"), lacks("Dana is Dana"))),
    Case("no filler", (("Caroline", "I'm always here for you, Mel!"),), (silent(0),)),
    *CHAT_CASES,
    *LIFE_CASES,
    *ASK_CASES,
    *REMARK_CASES,
    *WORDING_CASES,
    *EXPECTING_CASES,
    *CLASSROOM_CASES,
    *FRAGMENT_CASES,
    *MECHANIC_CASES,
    *MAXIM_CASES,
    *VETNURSE_CASES,
    *ENGAGED_CASES,
    *LOGISTICS_CASES,
    *GIRLS_CASES,
    *MARATHON_CASES,
    *DOINGS_CASES,
    *BEEKEEPER_CASES,
    *MEALPLAN_CASES,
    *MIGRAINE2_CASES,
    *FINTECH_CASES,
    *LAWSTUDENT_CASES,
    *GRANDMA_CASES,
    *TACO_CASES,
    *OSAKA_CASES,
    *LEO_CASES,
    *HANNAH_CASES,
    *PHARMACY_CASES,
    *BERLIN_CASES,
    *BAND_CASES,
    *RETIRED_CASES,
    *STUTTGART_CASES,
    *DATAENG_CASES,
    *DOG_CASES,
    *TRANSLATOR_CASES,
    *LIST_CASES,
    *LANGUAGE_CASES,
    *GYM_CASES,
    *DIWALI_CASES,
    *KIND_CASES,
    *VOICE_CASES,
    *PLAN_CASES,
    *TEACHER_CASES,
    *KNITTER_CASES,
    *ENGINEER_CASES,
    *FORGETTING_CASES,
    *SETTLED_CASES,
    *RETIREE_CASES,
    *DESIGNER_CASES,
    *MASTERS_CASES,
    *FLORIST_CASES,
    *MATHS_CASES,
    *BAKERY_CASES,
    *SWIMMER_CASES,
    *NURSE_CASES,
    *DEVELOPER_CASES,
    *CARER_CASES,
    *DESIGNER2_CASES,
    *PLUMBER_CASES,
    *STUDENT2_CASES,
    *FAMILY_CASES,
    *ENGINEER2_CASES,
    *LEARNER_CASES,
    *ROTA_CASES,
    *HOUSEHOLD_CASES,
    *FREELANCER_CASES,
    *FIELDWORK_CASES,
    *CAFE_CASES,
    *TERSE_CASES,
    *WIDOWER_CASES,
    *ALEVEL_CASES,
    *PARTY_CASES,
    *CREW_CASES,
    *RUNNER_CASES,
    *POTTER_CASES,
    *DOCTOR_CASES,
    *BACKEND_CASES,
    *WEDDING_CASES,
    *FLATSHARE_CASES,
    *MIGRAINE_CASES,
    *RENOVATION_CASES,
    *STREAMER_CASES,
    *PARENT_CASES,
    *AUNT_CASES,
    *SHOP_CASES,
    *STUDENT_CASES,
    *HOTEL_CASES,
]
