"""A correction that names both values, the new and the one it replaces ("in May, not April", "Coimbra instead of
Braga", "not Saturdays anymore, Sundays", "it's not kiwi, it's mango", "we decided against Snowflake, going with
BigQuery", "we renamed Tidepool to Swellcast"): which is which; and what an update names as gone ("switched from
Linear to Jira", "not working at the pharmacy anymore": ``what_it_replaces``). Pure: no I/O.
"""

from __future__ import annotations

import re

from memlace.core.carried import job_placed
from memlace.core.text import terms

# "The race is in May, not April", "It's Thursday, not Wednesday", "Rui wants Coimbra instead of Braga": a
# correction that names the old value
_NOT_OLD = re.compile(
    # (and the reason after it: "…, not San Antonio, Inés found a better spot")
    r"^(?P<said>.+?)(?:\s*,\s+(?:and\s+)?not|\s+instead\s+of)\s+(?P<old>[^,.;!?]{1,40})(?:,\s+(?!not\b)[^,]+)?$"
    # typed without the comma, after a value ("it's March 10th not March 3rd", "Lisbon not Porto"; not "I'm not sure")
    r"|^(?P<said2>.+?\b(?:\d\w*|(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+)))\s+not\s+(?P<old2>[^,.;!?]{1,40})(?:,\s+(?!not\b)[^,]+)?$",
    re.I,
)


# "Not Saturdays anymore, Sundays", "No longer Tuesdays but Thursdays": the old value first, then the new
_OLD_THEN_NEW = re.compile(
    r"^(?:not|no longer)\s+(?P<old>[^,.;!?]{1,40}?)\s*(?:any\s*more|now)?\s*(?:,\s*|\s+but\s+)(?:it's\s+|now\s+)?(?P<new>[^,.;!?]{1,40}?)(?:\s+now)?$",
    re.I,
)


# "It's not kiwi, it's mango she's allergic to": the old value, then the new one said as a cleft
_ITS_NOT = re.compile(
    r"^it(?:'s| is| was)\s+not\s+(?P<old>[^,.;!?]{1,40}?)\s*(?:,\s*|\s+but\s+)(?:it(?:'s| is| was)\s+)?"
    # (a place may come with where in it: "it is Australia, Melbourne")
    r"(?P<new>[^,.;!?]{1,40}?(?:,\s*(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž])[\w'-]+(?:\s+(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž])[\w'-]+)?)?)"
    r"(?:\s+(?:that\s+)?(?:I|I'm|she|she's|he|he's|we|we're|they|they're|(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+)(?:'s| is))\s.*)?$",
    re.I,
)


# "We decided against Snowflake, going with BigQuery instead": the old value, then the one chosen
_CHOSE_AGAINST = re.compile(
    r"^(?:(?:I|we)\s+)?(?:decided|chose|opted)\s+against\s+(?P<old>[^,.;!?]{1,40}?)\s*(?:,\s*|\s+and\s+)(?:(?:I|we)(?:'re|'ve| are| have)?\s+)?"
    r"(?:going|went|gone|go|picked|chose|opted for)\s+(?:with\s+)?(?P<new>[^,.;!?]{1,40}?)(?:\s+instead)?$",
    re.I,
)


# "We renamed Tidepool to Swellcast": a name, the old then the new
_RENAMED = re.compile(
    r"^(?:(?:I|we)\s+)?(?:renamed|rebranded)\s+(?:it\s+)?(?:from\s+)?(?P<old>(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž])[\w&'-]*(?:\s+(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž])[\w&'-]*){0,2})"
    r"\s+(?:to|as)\s+(?P<new>(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž])[\w&'-]*(?:\s+(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž])[\w&'-]*){0,2})(?:\s+.{0,40})?$",
    re.I,
)

# "We switched from Power BI to Tableau": a tool or a name, the old then the new ("moved from Google to Meta" is a job)
_SWITCHED = re.compile(
    r"^(?:(?:I|we)(?:'ve|\s+have)?\s+)?(?:just\s+)?(?:switched|migrated|changed)\s+(?:over\s+)?from\s+"
    r"(?P<old>(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž])[\w&'+#.-]*(?:\s+(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž])[\w&'+#.-]*){0,2})\s+to\s+"
    r"(?P<new>(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž])[\w&'+#.-]*(?:\s+(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž])[\w&'+#.-]*){0,2})(?:\s+.{0,40})?$",
    re.I,
)


def names_old_first(clause: str) -> bool:
    """ "It's not kiwi, it's mango I'm allergic to", "we decided against Snowflake, going with BigQuery", "we renamed
    Tidepool to Swellcast": a swap whose words are all about the values, whatever else they match."""
    said = clause.strip().rstrip(".!")
    return any(pattern.match(said) is not None for pattern in (_ITS_NOT, _CHOSE_AGAINST, _RENAMED, _SWITCHED))


def shape_of(value: str) -> str:
    """A pattern for values said as this one is: "the 14th" -> "the", then any ordinal; "2pm" -> any number, "pm"."""
    words = []
    for word in value.split():
        number = re.fullmatch(r"\d+(?P<unit>[a-z]*)", word, re.I)
        unit = (number.group("unit") if number else "").casefold()
        ending = "(?:st|nd|rd|th)" if unit in ("st", "nd", "rd", "th") else re.escape(unit)
        words.append(rf"\d+{ending}" if number else re.escape(word))
    return r"\s+".join(words)


_NOT_A_NAME = frozenset(
    ["i", "i'm", "i've", "i'd", "it", "it's", "that", "that's", "he", "he's", "she", "she's", "we", "we're", "they", "they're"]
)


def _names_in(words: list[str]) -> list[str]:
    """The runs of capitalised words, in order ("it's going to be New York" -> ["New York"])."""
    runs: list[list[str]] = [[]]
    for word in words:
        bare = word.strip(",.!?\"'()")
        if bare[:1].isupper() and bare.casefold() not in _NOT_A_NAME and terms(bare):
            runs[-1].append(bare)
            if bare != word.rstrip("\"'()"):  # a comma or a stop ends the name
                runs.append([])
        elif runs[-1]:
            runs.append([])
    return [" ".join(run) for run in runs if run]


# "that's not true any more about the 25 students, it's more like 30 now": which value is wrong, then the new one
_POINTED = re.compile(
    r"^(?:that(?:'s|\s+is)\s+(?:not\s+(?:true|right|correct)|wrong|no\s+longer\s+(?:true|right))(?:\s+any\s*more)?\s+about\s+"
    r"(?:the\s+|my\s+)?(?P<old>\d[\d,.]*k?)\s+(?P<thing>[\w' -]{2,30}?)),\s+it(?:'s|\s+is)\s+(?P<new>.+?)(?P<now>\s+now)?[.!]*$",
    re.I,
)


# "we moved the wedding to September": said of the thing, as a change to it ("the wedding got moved to September")
_WE_MOVED = re.compile(
    r"^(?P<lead>(?:(?:update|so|oh|ok|okay|actually|also|btw)[:,!]?\s+)*)(?:we|I)(?:'ve|\s+have)?\s+(?:just\s+|now\s+)?"
    r"(?P<verb>moved|pushed|postponed|rescheduled|brought\s+forward)\s+(?:the|our|my)\s+(?P<thing>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2}?)\s+"
    r"(?P<to>(?:back\s+|forward\s+)?(?:to|until|till)\s+\S.*)$",
    re.I,
)


def pointed(sentence: str) -> str:
    """ "that's not true any more about the 25 students, it's more like 30 now": "actually it's more like 30 students now, not
    25", which names the old value (so the fact that says it is corrected, not the one said last); "we moved the wedding
    to September": "the wedding got moved to September"; else as it is."""
    sentence = job_placed(sentence)  # "I started my new job, it's at Oxfam": "…, I work at Oxfam"
    if (moved := _WE_MOVED.match(sentence.strip())) is not None:
        return f"{moved.group('lead')}the {moved.group('thing')} got {moved.group('verb')} {moved.group('to')}"
    found = _POINTED.match(sentence.strip())
    if found is None or not re.search(r"\d", found.group("new")):
        return sentence
    return f"actually it's {found.group('new')} {found.group('thing')}{found.group('now') or ''}, not {found.group('old')}"


def value_swap(clause: str) -> tuple[str, str] | None:
    """(new value, old value) of a correction that names both: the new one is as many words as the old, said
    last before it ("in May, not April": May; "Coimbra instead of Braga": Coimbra), or after it ("not Saturdays
    anymore, Sundays", "it's not kiwi, it's mango she's allergic to")."""
    plain = clause.strip().rstrip(".!")
    turned = next((found for p in (_OLD_THEN_NEW, _ITS_NOT, _CHOSE_AGAINST, _RENAMED, _SWITCHED) if (found := p.match(plain))), None)
    if turned is not None and len(turned.group("new").split()) <= 4 and terms(turned.group("old")):
        return turned.group("new"), turned.group("old")
    found = _NOT_OLD.match(clause.strip().rstrip(".!"))
    if found is None:
        return None
    old, said = (found.group("old") or found.group("old2")).strip(), (found.group("said") or found.group("said2")).split()
    size = len(old.split())
    if size > 4:
        return None
    if re.search(r"\d", old):  # "the 21st of August not the 14th": the new number is the one said as the old is
        like = re.findall(rf"(?<![\w-]){shape_of(old)}(?![\w-])", " ".join(said), re.I)
        if like:
            return (like[-1], old) if like[-1].casefold() != old.casefold() else None
    if all(w[:1].isupper() for w in old.split()):  # "Pixel is the diabetic one, not Byte", "Houston not San Antonio": a name for a name
        names = _names_in(said)
        if names and len(said) > len(names[-1].split()):  # (something said before it: "it's Houston", not "May")
            return (names[-1], old) if names[-1].casefold() != old.casefold() else None
    if len(said) <= size:
        return None
    # the new value ends where the old one's last word is said again ("contract law first, not criminal law"),
    # else at the end
    again = [n + 1 for n, word in enumerate(said) if word.strip(",.!?").casefold() == old.split()[-1].casefold()]
    end = again[-1] if again and again[-1] > size else len(said)
    new = " ".join(said[end - size : end]).strip("\"'")
    return (new, old) if new.casefold() != old.casefold() and terms(old) else None


# "I switched from teaching history to teaching geography": the old value, for the memory it replaces
_FROM_TO = re.compile(
    r"\b(?:switched|moved|changed|went|transferred|converted|swapped|upgraded|migrated)\s+(?:\w+\s+)?(?:from|off)\s+(.{2,80}?)\s+to\s+",
    re.I,
)
_NAMED_SWITCH = re.compile(
    # (one word for one, named or not: "from poetry to uv", "from coffee to tea"; what it became may be two: "from CS
    # to maths and CS")
    # ("from the Dexcom to a Libre 3": a name without its article, with its model number)
    r"\b(?:from|off)\s+(?:(?:the|my|our)\s+)?(?P<old>[\w.+#-]+)\s+to\s+(?:(?:mostly|mainly|just|only)\s+)?(?:(?:the|an?|my|our)\s+(?=(?-i:[A-Z])))?"
    r"(?P<new>(?:[\w.+#-]+\s+(?:and|&)\s+)?[\w.+#-]*[\w+#](?:\s+\d+(?:\.\d+)?)?)"  # (never its sentence's full stop)
    r"(?=\s*(?:$|[.,;!?]|\s+(?:last|this|in|on|a|recently|now)\b))",
    re.I,
)
_NAME_BEFORE = re.compile(r"\b((?-i:[A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+))\s+$")
# "my sister Elena will be maid of honour instead": who holds the role now (the memory that said the role ends)
ROLE_INSTEAD = re.compile(
    r"\b(?:will be|'ll be|is now|'s now|is going to be)\s+(?:the\s+|my\s+|our\s+)?(?P<role>[a-z][a-z ]{2,30}?)\s+instead[.!]*$", re.I
)
_INSTEAD_OF = re.compile(r"\binstead\s+of\s+(.{1,60}?)\s*(?:[.,;!?]|$)", re.I)  # "Korea instead of Japan": the old value
# "I'm not working at the pharmacy anymore", "I no longer drink coffee": what held until now, for the memory it ends
_STOPPED = re.compile(
    r"\b(?:'m not|am not|not|don't|do not|no longer)\s+(?!(?:allergic|intolerant)\b)(.{3,60}?)\s*(?:any\s*more|anymore)\b"
    r"|\bno\s+longer\s+(?!(?:allergic|intolerant)\b)(.{3,60}?)\s*(?:[.,;!?]|$)",
    re.I,
)
# "I switched to light mode" (where dark mode was said), "I quit the orchestra": what the update ends, by its head word
_SWITCHED_TO = re.compile(
    r"\bswitched\s+to\s+(?P<np>(?:[\w-]+\s+)?(?P<head>[a-z][\w-]{2,}))(?=\s*(?:[.,;!?]|$|\s+(?:now|too|instead)\b))", re.I
)
# "I've moved to teaching history this year", "I teach history now": the field one teaches, studies or works in
_FIELD_NOW = re.compile(
    r"\b(?:(?:switched|moved|changed|gone|went)\s+(?:over\s+)?to\s+(?:teaching|studying|working\s+in)"
    r"|I\s+(?:(?:now|only)\s+)?(?:teach|study|work\s+in)(?=\s+[a-z][\w-]+(?:\s+[a-z][\w-]+)?\s+now\b))"
    r"\s+(?P<np>(?!(?:at|in|for|with|the|a|an|my|our|full|part)\b)[a-z][\w-]{2,}(?:\s+(?!(?:at|in|for|with|now|this|next|from)\b)[a-z][\w-]{2,})?)"
    r"(?=\s*(?:[.,;!?]|$|\s+(?:now|too|instead|this|next|from|starting|at|in)\b))",
    re.I,
)
# "actually, use American spelling from now on": American where "… spelling" was said
_USE_NOW = re.compile(r"\buse\s+(?P<np>(?-i:[A-Z])\w+\s+(?P<head>spelling|english|units|measurements|dates))\b", re.I)
_QUIT = re.compile(
    r"\b(?:quit|gave\s+up(?:\s+on)?|stopped\s+going\s+to)\s+(?:the|my|our)\s+(?P<head>[\w -]{2,40}?)\s*(?:[.,;!?]|$)"
    r"|\bstopped\s+(?P<doing>(?!going\b)[a-z]{3,}ing(?:\s+[\w' -]{2,40}?)?)\s*(?:[.,;!?]|$)",  # "stopped selling on Etsy"
    re.I,
)


# "we switched from weekly to fortnightly sprints", "from night to day shifts": one modifier for another of its kind,
# the thing both qualify said once, after the new one. The old value is "weekly sprints": "weekly" alone would
# stand for any memory of a week. (In small letters: "from July to early August" is a month for a date.)
_MODIFIER_SWITCH = re.compile(
    r"\bfrom\s+(?P<old>(?-i:[a-z])[\w-]*)\s+to\s+(?P<new>(?P<modifier>(?-i:[a-z])[\w-]*)\s+(?P<head>(?-i:[a-z])[\w-]{2,}))"
    r"(?=\s*(?:$|[.,;!?]|\s+(?:last|this|next|in|on|at|recently|now|from|instead)\b))",
    re.I,
)
_TIMES_OF_DAY = frozenset({"day", "night", "morning", "evening", "afternoon", "weekday", "weekend"})
# "I've moved to day shifts", "we've gone to fortnightly sprints", "I'm on full-time hours now": the new modifier said
# with the thing it qualifies, the old one not said; the memory it replaces says the thing with another of its kind
_MOVED_TO = re.compile(
    r"(?:\b(?:moved|moving|changed|changing|gone|went|going|switching)\s+(?:over\s+|back\s+)?to|\b(?:I'm|I am|we're|we are)\s+on)"
    r"\s+(?P<np>(?P<modifier>(?-i:[a-z])[\w-]*)\s+(?P<head>(?-i:[a-z])[\w-]{2,}))"
    r"(?=\s*(?:$|[.,;!?]|\s+(?:now|too|instead|from|starting|this|next)\b))",
    re.I,
)


def one_of_a_kind(modifier: str) -> bool:
    """Whether a modifier is one of a kind a thing has one of at a time: how often ("weekly"), how long or how much
    ("part-time", "two-week"), a time of day ("night")."""
    modifier = modifier.casefold()
    return modifier.endswith("ly") or "-" in modifier or modifier in _TIMES_OF_DAY


def modifiers_alike(old: str, new: str) -> bool:
    """ "weekly" and "fortnightly", "two-week" and "one-week", "part-time" and "full-time", "night" and "day"."""
    old, new = old.casefold(), new.casefold()
    if old.endswith("ly") and new.endswith("ly"):
        return True
    if "-" in old and "-" in new:
        return old.rsplit("-", 1)[1] == new.rsplit("-", 1)[1]
    return old in _TIMES_OF_DAY and new in _TIMES_OF_DAY


# "we moved off Postgres last sprint, it's all CockroachDB now": the one for the other, said in two clauses
_OFF_THEN_ALL = re.compile(
    r"\b(?:moved|switched|migrated|went|got)\s+off\s+(?:(?:the|my|our)\s+)?(?P<old>[\w.+#-]*[\w+#])\b[^.;!?]*?,\s+"
    r"(?:it's|it\s+is|its|everything's|everything\s+is|we're|we\s+are)\s+(?:all\s+|now\s+|on\s+)*(?P<new>[\w.+#-]*[\w+#])"
    r"(?=\s*(?:$|[.,;!?]|\s+now\b))",
    re.I,
)


def what_it_replaces(clause: str) -> tuple[str | None, str | None, list[str]]:
    """What an update names as gone (its old value), what in its place when it names that too, and how it said so:
    "we switched from Linear to Jira" -> ("Linear", "Jira", ["switch"]); "I'm not working at the pharmacy anymore"
    -> ("working at the pharmacy", None, ["stopped"]); "Korea instead of Japan" -> ("Japan", "Korea", ["instead"])."""
    if (role := ROLE_INSTEAD.search(clause)) is not None:
        return role.group("role"), None, ["instead"]
    if (off := _OFF_THEN_ALL.search(clause)) is not None:
        return off.group("old"), off.group("new"), ["switch"]
    modifier = _MODIFIER_SWITCH.search(clause)
    if modifier is not None and modifiers_alike(modifier.group("old"), modifier.group("modifier")):
        return f"{modifier.group('old')} {modifier.group('head')}", modifier.group("new"), ["switch"]
    moved = _MOVED_TO.search(clause)
    if moved is not None and one_of_a_kind(moved.group("modifier")):  # ("moved to Lisbon" is where one lives)
        return moved.group("head"), moved.group("np"), ["switch-to"]
    old = _FROM_TO.search(clause) or _INSTEAD_OF.search(clause)
    switched = None if old else _SWITCHED_TO.search(clause) or _USE_NOW.search(clause)
    if switched is not None and len(switched.group("np").split()) == 2:  # "switched to light mode": light mode where "… mode" was
        return switched.group("head"), switched.group("np"), ["switch-to"]
    if switched is None and not old:
        switched = _FIELD_NOW.search(clause)  # ("I've moved to teaching history": a field, said with its doing)
    if switched is not None:  # "Karim switched to architecture": the field studied or worked in (``field_switched``)
        return None, switched.group("np"), ["switch-field"]
    stopped = None if old else _STOPPED.search(clause) or _QUIT.search(clause)
    said = old or stopped
    what = next((g for g in said.groups() if g), None) if said is not None else None
    if what is not None and stopped is not None:  # "not sure about medicine anymore": medicine is what ends
        what = re.sub(r"^(?:so\s+|that\s+|really\s+)?(?:sure|keen|set|certain)\s+(?:about|on)\s+", "", what, flags=re.I)
        what = re.sub(r"^(?:doing|running|entering)\s+(?=(?-i:[A-ZÀ-ÖØ-ÞĀ-Ž]))", "", what, flags=re.I)  # "not doing Berlin": Berlin
    named = _NAMED_SWITCH.search(clause)  # "we switched from Linear to Jira": Jira where Linear was said
    if named is not None and old is not None and named.group("old") == re.sub(r"^(?:the|my|our)\s+", "", old.group(1), flags=re.I):
        return named.group("old"), named.group("new"), ["switch"]
    if old is not None and what and re.search(r"\d", what) and old.re is _INSTEAD_OF:  # "open at 7 instead of 8": 7 for 8
        said_so = re.findall(rf"(?<![\w-]){shape_of(what)}(?![\w-])", clause[: old.start()], re.I)
        return what, said_so[-1] if said_so else None, []
    before = _NAME_BEFORE.search(clause[: old.start()]) if old is not None and old.re is _INSTEAD_OF else None
    if before is not None and what and what.isalpha() and what.istitle():  # "Galway instead of Kerry": a name for a name
        return what, before.group(1), ["instead"]
    return what, None, ["stopped"] if stopped else []
