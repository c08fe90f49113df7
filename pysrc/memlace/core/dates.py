"""Relative and absolute time expressions resolved against the message's own timestamp.

Pure functions over epoch seconds (UTC); the clock is never read here.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from memlace.core.lexicon import EVENTS

WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
# full names first; an abbreviation is one only as a whole word ("Mar", "Sept.", never the "mar" of "marketing")
_MONTH_RE = "|".join([m for m in MONTHS] + [m[:3] for m in MONTHS if m != "may"] + ["sept"])
_NUM_WORDS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "few": 3,
    "a few": 3,
    "couple of": 2,
    "a couple of": 2,
    "several": 3,
}
# "last Fri", "next Tues": a weekday shortened, after a word that makes it a day (never "sat" or "wed" alone)
_SHORT_DAYS = {"mon": 0, "tue": 1, "tues": 1, "wed": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4, "sat": 5, "sun": 6}
_NUM = r"(\d+|a few|a couple of|a|an|one|two|three|four|five|six|seven|eight|nine|ten|few|couple of|several)"
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30, "year": 365}

_RELATIVE = re.compile(
    r"\b(yesterday|today|tonight|tomorrow|last night|this morning|this afternoon|this evening"
    r"|(?:last|next|this|past|coming) (?:week|weekend|month|year|" + "|".join([*WEEKDAYS, *_SHORT_DAYS]) + r")"
    r"|" + _NUM + r" (day|week|month|year)s? (ago|from now|later|before)"
    r"|in " + _NUM + r" (day|week|month|year)s?"
    # "on Saturday the 14th": the coming Saturday that is a 14th
    r"|(?:on )?(?:" + "|".join(WEEKDAYS) + r"),? the (\d{1,2})(?:st|nd|rd|th)"
    # ("on Thursday evenings" is every Thursday evening: no date; "on Saturday 14 June" says its own)
    r"|(?:on|for) (?:"
    + "|".join(WEEKDAYS)
    + r")(?!\s+(?:mornings|afternoons|evenings|nights)\b)(?!,?\s+(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\b)"
    r"(?!,?\s+(?:" + _MONTH_RE + r")\b))\b",
    re.I,
)
ABSOLUTE = re.compile(
    r"\b(?:(\d{4})-(\d{2})-(\d{2})"
    r"|(\d{1,2})(?:st|nd|rd|th)? (?:of )?(" + _MONTH_RE + r")\.?,? (\d{4})"
    r"|(" + _MONTH_RE + r")\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4}))\b",
    re.I,
)
_TIME_WORDS = re.compile(
    r"\b(when|yesterday|today|tomorrow|tonight|ago|last|next|since|until|during|week|weekend|month|year|years"
    r"|" + "|".join(WEEKDAYS) + "|" + _MONTH_RE + r"|\d{4}|morning|evening|night|summer|winter|spring|autumn|fall)\b",
    re.I,
)
_WHEN_QUESTION = re.compile(r"\b(when|what (?:day|date|time|year|month)|how long|which (?:year|month|day)|since when)\b", re.I)


def _month_index(name: str) -> int:
    name = name.lower()[:3]
    return next(i for i, m in enumerate(MONTHS) if m.startswith(name)) + 1


def _count(word: str) -> int:
    word = word.lower()
    return int(word) if word.isdigit() else _NUM_WORDS.get(word, 1)


def resolve(text: str, timestamp: float, past: bool | None = None) -> tuple[float | None, str | None]:
    """(event time, matched phrase) for the first time expression in text, else (None, None). ``past``: whether
    what is said is gone by ("went hiking on Saturday"); None: as the text's own verbs tell.
    A date that cannot be represented ("in 99999999 days", a year past 9999) resolves to nothing."""
    try:
        return _resolve(text, timestamp, past)
    except (ValueError, OverflowError):
        return None, None


def absolute_moment(found: re.Match[str]) -> float | None:
    """The time a date written in full ("2023-06-03", "3 June, 2023", "June 3rd 2023") names, or None if no day has it."""
    g = found.groups()
    try:
        if g[0]:
            return datetime(int(g[0]), int(g[1]), int(g[2]), tzinfo=UTC).timestamp()
        if g[3]:
            return datetime(int(g[5]), _month_index(g[4]), int(g[3]), tzinfo=UTC).timestamp()
        return datetime(int(g[8]), _month_index(g[6]), int(g[7]), tzinfo=UTC).timestamp()
    except (ValueError, OverflowError):
        return None


def _resolve(text: str, timestamp: float, past: bool | None) -> tuple[float | None, str | None]:
    absolute = ABSOLUTE.search(text)
    if absolute:
        given = absolute_moment(absolute)
        if given is not None:
            return given, absolute.group(0)
    match = _RELATIVE.search(text)
    if not match:
        return _month_or_year(text, timestamp)
    phrase = match.group(0).lower()
    base = datetime.fromtimestamp(timestamp, tz=UTC)
    day = timedelta(days=1)
    if phrase in ("yesterday", "last night"):
        moment = base - day
    elif phrase in ("today", "tonight", "this morning", "this afternoon", "this evening"):
        moment = base
    elif phrase == "tomorrow":
        moment = base + day
    elif match.group(2):  # N units ago / from now
        sign = -1 if match.group(4).lower() in ("ago", "before") else 1
        moment = _shift(base, sign * _count(match.group(2)), match.group(3).lower())
    elif match.group(5):  # in N units
        moment = _shift(base, _count(match.group(5)), match.group(6).lower())
    elif match.group(7):  # a weekday that is the Nth: the first such day from today, within a year and a bit
        target, nth = next(WEEKDAYS.index(w) for w in WEEKDAYS if w in phrase), int(match.group(7))
        found = next((d for d in (base + n * day for n in range(400)) if d.day == nth and d.weekday() == target), None)
        if found is None:
            return None, None
        moment = found
    else:
        words = phrase.split()
        which, unit = (words[0], words[1]) if len(words) == 2 else ("this", words[-1])
        unit = WEEKDAYS[_SHORT_DAYS[unit]] if unit in _SHORT_DAYS else unit
        if unit in WEEKDAYS:
            target = WEEKDAYS.index(unit)
            delta = target - base.weekday()
            if which in ("last", "past"):
                delta = delta - 7 if delta >= 0 else delta
            elif which in ("next", "coming"):
                delta = delta + 7 if delta <= 0 else delta
            elif which == "on" and (_told_as_past(text) if past is None else past):  # "went hiking on Saturday": gone by
                delta = delta if delta <= 0 else delta - 7
            elif which in ("on", "for"):  # ("booked a physio for Thursday": the coming one)
                delta = delta if delta >= 0 else delta + 7
            moment = base + delta * day
        else:
            sign = {"last": -1, "past": -1, "next": 1, "coming": 1}.get(which, 0)
            moment = _shift(base, sign, "week" if unit == "weekend" else unit)
    return moment.timestamp(), match.group(0)


_MONTH_ALONE = re.compile(r"\b(?:in|since|last|this past|back in|during) (" + _MONTH_RE + r")\.?\b(?!\s*\d)", re.I)
_MONTH_YEAR = re.compile(r"\b(" + _MONTH_RE + r")\.?,? ((?:19|20)\d{2})\b", re.I)
_YEAR_ALONE = re.compile(r"\b(?:in|since|during|back in|of|from) ((?:19|20)\d{2})\b")
_PAST = re.compile(
    r"\b(?:was|were|went|had|did|got|came|saw|met|took|made|ran|ate|swam|drove|rode|flew|wrote|bought|brought|caught"
    r"|taught|found|left|lost|won|gave|sang|spent|spoke|told|heard|felt|paid|sold|born|\w{3,}ed)\b",
    re.I,
)
# a date moved or set, which says nothing of when it is: "the launch got pushed to March 17" is still to come
_DATE_SET = re.compile(
    r"\b(?:(?:'ve|have|has|'s)\s+got|(?:got|was|were|been|is|are)\s+(?:moved|changed|set|bumped)|(?:(?:got|was|were|been|has|have|is|are)\s+)?"
    r"(?:pushed|postponed|delayed|rescheduled|planned|scheduled|booked|confirmed)"
    # "my doctor moved my check-up to the 14th": a date moved by someone
    r"|(?:moved|pushed|changed|rescheduled|postponed|bumped|brought)(?=(?:\s+[\w'-]+){1,4}\s+(?:to|until|till)\b))\b",
    re.I,
)


_BECOMING = re.compile(r"\b(?:getting|get|be)\s+\w{3,}ed\b", re.I)  # "is getting married": what is to be, not past


_ASIDE = re.compile(r",\s+(?:it|that|which)\s+(?:was|were)\b[^,.;]*")  # "…, it was on the 7th": of the old date


def _told_as_past(text: str) -> bool:
    return _PAST.search(_BECOMING.sub("", _DATE_SET.sub("", _ASIDE.sub("", text)))) is not None


# "starting in March", "we're moving in June", "exams in February", "is getting married in August", told in
# November: the next one
_AHEAD = re.compile(
    r"\b(?:starting|starts|will|going to|gonna|planning|plans? to|next|upcoming|due|begins?|moving|scheduled|expecting"
    rf"|{EVENTS}|expires?|expiring)\b"
    r"|\b(?:is|are|am|'re|'m)\s+(?:\w+ly\s+)?(?!being\b)\w{3,}ing\b",  # "my sister is getting married in August": a plan
    re.I,
)
# "on 3 March", "March 3rd" with no year: the one nearest the message (an exam in March, told in November, is next March)
_DAY_MONTH = re.compile(
    r"\b(\d{1,2})(?:st|nd|rd|th)? (?:of )?("
    + _MONTH_RE
    + r")\.?\b(?!,? \d)|\b("
    + _MONTH_RE
    + r")\.? (\d{1,2})(?:st|nd|rd|th)?\b(?!,? \d)",
    re.I,
)


def _month_or_year(text: str, timestamp: float) -> tuple[float | None, str | None]:
    """'May 2020' and 'in 2019' (their first day), or 'in March' (the latest March up to the message's time; the
    next one for what is to come: "starting in March")."""
    base = datetime.fromtimestamp(timestamp, tz=UTC)
    day_month = _DAY_MONTH.search(text)
    if day_month:
        day, month = (day_month.group(1), day_month.group(2)) if day_month.group(1) else (day_month.group(4), day_month.group(3))
        try:
            near = [datetime(base.year + shift, _month_index(month), int(day), tzinfo=UTC) for shift in (-1, 0, 1)]
        except ValueError:  # "31 February"
            near = []
        # "I went there on 3 March": the last one before the message; "got the role, starting April 15": ahead
        own = text[: day_month.start()].split(",")[-1] + text[day_month.start() :].split(",")[0]
        if near and (_told_as_past(own) or (not _AHEAD.search(own) and _told_as_past(text))):
            near = [when for when in near if when <= base] or near
        elif near and _AHEAD.search(text):  # "my sister is getting married on 3 June", told in November: next June
            near = [when for when in near if when >= base - timedelta(days=30)] or near  # (a few weeks back: a slip)
        if near:
            return min(near, key=lambda when: abs(when - base)).timestamp(), day_month.group(0)
    month_year = _MONTH_YEAR.search(text)
    if month_year:
        return datetime(int(month_year.group(2)), _month_index(month_year.group(1)), 1, tzinfo=UTC).timestamp(), month_year.group(0)
    month = _MONTH_ALONE.search(text)
    if month:
        number = _month_index(month.group(1))
        since = re.match(r"(?:since|last|this past|back in)\b", month.group(0), re.I)  # "better since August": past
        if not since and _AHEAD.search(text) and not _told_as_past(text[: month.start()].split(",")[-1]):
            year = base.year if number >= base.month else base.year + 1
        else:
            year = base.year if number <= base.month else base.year - 1
        return datetime(year, number, 1, tzinfo=UTC).timestamp(), month.group(0)
    year_match = _YEAR_ALONE.search(text)
    if year_match:
        year = int(year_match.group(1))
        if re.search(rf"\bend of (?:the year\s+)?{year}\b", text, re.I):  # "by the end of 2027": its last day
            return datetime(year, 12, 31, tzinfo=UTC).timestamp(), year_match.group(0)
        return datetime(year, 1, 1, tzinfo=UTC).timestamp(), year_match.group(0)
    return None, None


def _shift(base: datetime, count: int, unit: str) -> datetime:
    """Calendar arithmetic: months and years move the date, not a fixed number of days."""
    if unit in ("day", "week"):
        return base + timedelta(days=count * _UNIT_DAYS[unit])
    months = base.year * 12 + base.month - 1 + count * (12 if unit == "year" else 1)
    year, month = divmod(months, 12)
    for day_of_month in (base.day, 30, 29, 28):
        try:
            return base.replace(year=year, month=month + 1, day=min(base.day, day_of_month))
        except ValueError:
            continue
    return base


def has_time_expression(text: str) -> bool:
    return bool(_TIME_WORDS.search(text))


def is_when_question(text: str) -> bool:
    return bool(_WHEN_QUESTION.search(text))


def date_text(timestamp: float) -> str:
    """Words a person would use for the day: 'Monday 8 May 2023'."""
    moment = datetime.fromtimestamp(timestamp, tz=UTC)
    return f"{WEEKDAYS[moment.weekday()].title()} {moment.day} {MONTHS[moment.month - 1].title()} {moment.year}"


def parse_session_time(text: str) -> float | None:
    """'1:56 pm on 8 May, 2023' and similar forms -> epoch seconds (UTC), or None."""
    match = re.search(r"(\d{1,2}):(\d{2})\s*(am|pm)?\s*(?:on\s+)?(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})", text, re.I)
    if match:
        hour, minute = int(match.group(1)) % 12 if match.group(3) else int(match.group(1)), int(match.group(2))
        if match.group(3) and match.group(3).lower() == "pm":
            hour += 12
        try:
            return datetime(int(match.group(6)), _month_index(match.group(5)), int(match.group(4)), hour, minute, tzinfo=UTC).timestamp()
        except (ValueError, StopIteration):
            return None
    found = ABSOLUTE.search(text)
    return resolve(found.group(0), 0.0)[0] if found else None


_DAY_WORDS = frozenset(
    ["yesterday", "today", "tonight", "tomorrow", "night", "morning", "afternoon", "evening", "day", "days", *WEEKDAYS, *_SHORT_DAYS]
)


_EVERY_WEEK = re.compile(
    r"\s+(?:shifts?|class(?:es)?|lessons?|club|clubs|practice|training|meetings?|nights|mornings|evenings|afternoons|rota)\b", re.I
)


def with_dates_written(text: str, timestamp: float) -> str:
    """A memory's text with its relative time said as the date it stands for ("User went hiking yesterday" ->
    "User went hiking on Sunday 11 May 2025"): "yesterday" read next month would be wrong. A phrase that opens
    the text moves to its end ("Next Tuesday User has a dentist appointment" -> "User has … on Tuesday …")."""
    match = _RELATIVE.search(text)
    if match is None or re.search(r"\blike\s+(?:just\s+|only\s+)?$", text[: match.start()], re.I):
        return text  # "feels like just yesterday": no day is meant
    if match.start() > 0 and match.group(0)[:1].isupper():
        return text  # "loves the song 'Yesterday'", "watches The Today Show": a title
    if _EVERY_WEEK.match(text[match.end() :]):
        return text  # "User is on Tuesday shifts", "Thursday club": a day of every week
    moment, _ = resolve(match.group(0), timestamp, _told_as_past(text))
    if moment is None:
        return text
    when = datetime.fromtimestamp(moment, tz=UTC)
    words = set(re.findall(r"[a-z]+", match.group(0).lower()))
    if words & _DAY_WORDS:  # ("booked a physio for Thursday": for that day)
        written = f"{'for' if match.group(0).lower().startswith('for ') else 'on'} {date_text(moment)}"
    elif "weekend" in words:
        saturday = when + timedelta(days=(5 - when.weekday()) % 7 if when.weekday() <= 5 else -1)
        written = f"on the weekend of {saturday.day} {MONTHS[saturday.month - 1].title()} {saturday.year}"
    elif words & {"week", "weeks"}:
        monday = when - timedelta(days=when.weekday())
        written = f"in the week of {monday.day} {MONTHS[monday.month - 1].title()} {monday.year}"
    elif words & {"month", "months"}:
        written = f"in {MONTHS[when.month - 1].title()} {when.year}"
    else:
        written = f"in {when.year}"
    if re.search(r"\b(?:since|until|till|from|by|of|mid)\s+$", text[: match.start()], re.I):
        written = re.sub(r"^(?:in|on)\s+", "", written)  # "sore since last week": "since the week of 6 November"
    day = re.search(r"\b(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\s+of\s+$", text[: match.start()], re.I)
    if day is not None and words & {"month"}:  # "the 15th of next month": 15 December 2026
        return f"{text[: day.start()]}{int(day.group(1))} {written}{text[match.end() :]}"
    if match.start() == 0:
        rest = text[match.end() :].lstrip(" ,")
        return f"{rest[:1].upper()}{rest[1:]} {written}" if rest else text
    return f"{text[: match.start()]}{written}{text[match.end() :]}"


# "Saturday we're having a party", "Tomorrow we fly out", "now she wants yellow": a time said before the subject
_TIME_FIRST = re.compile(
    r"^(?P<when>(?:on\s+)?(?:(?:this|next|coming)\s+)?(?:" + "|".join(WEEKDAYS) + r")|today|tonight|tomorrow|now"
    r"|(?:this|next)\s+(?:week|weekend|month|year|morning|afternoon|evening)"
    r"|(?:on\s+)?(?:weeknights|weekdays|weekends|(?:week)?day\s+mornings|mornings|evenings|nights))\s*,?\s+(?P<rest>(?:we|I|they|he|she)\b.+)$",
    re.I,
)


_PARTS_OF_WEEK = ("weeknights", "weekdays", "weekends")
_PARTS_OF_DAY = ("mornings", "evenings")


def time_said_last(clause: str) -> str | None:
    """A clause that opens with when, said with when last ("Saturday we're having a party" -> "we're having a party
    on Saturday"), so that its subject opens it; None when it opens otherwise."""
    found = _TIME_FIRST.match(clause.strip())
    if found is None:
        return None
    when = found.group("when")
    when = f"on {when}" if when.lower() in WEEKDAYS or when.lower() in _PARTS_OF_WEEK else when
    when = f"in the {when}" if when.lower() in _PARTS_OF_DAY else when
    rest = found.group("rest").rstrip()
    stop = rest[-1] if rest[-1] in ".!" else ""
    return f"{rest.rstrip('.!')} {when[:1].lower()}{when[1:]}{stop}"
