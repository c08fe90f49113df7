from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memlace.core.asked_day import asked_day
from memlace.core.dates import date_text, has_time_expression, is_when_question, parse_session_time, resolve, time_said_last

# Wednesday 10 May 2023, noon UTC
NOW = datetime(2023, 5, 10, 12, tzinfo=UTC).timestamp()


def day(ts: float | None) -> str:
    assert ts is not None
    return datetime.fromtimestamp(ts, tz=UTC).strftime("%Y-%m-%d")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I went to the support group yesterday", "2023-05-09"),
        ("we met today", "2023-05-10"),
        ("I fly out tomorrow", "2023-05-11"),
        ("I started last week", "2023-05-03"),
        ("see you next Friday", "2023-05-12"),
        ("it happened last Monday", "2023-05-08"),
        ("on Friday we ship", "2023-05-12"),
        ("I went hiking on Saturday", "2023-05-06"),  # gone by: the Saturday before
        ("I ran 10k on Monday", "2023-05-08"),
        ("I'm getting married on Saturday", "2023-05-13"),  # to come
        ("the doctor moved my check-up to 20 May, it was on the 7th", "2023-05-20"),
        ("I got the team lead role, starting 2 April", "2024-04-02"),  # what starts is ahead, whatever was got
        ("On 3 March, we met", "2023-03-03"),  # (the aside's "was" is of the old date)
        ("three days ago I ran", "2023-05-07"),
        ("I moved 2 years ago", "2021-05-10"),
        ("in two weeks I start", "2023-05-24"),
        ("a month ago", "2023-04-10"),
        ("on 8 May, 2023 it rained", "2023-05-08"),
        ("by May 20, 2024 it is due", "2024-05-20"),
        ("release on 2022-01-31", "2022-01-31"),
    ],
)
def test_time_expressions_resolve_against_the_message_time(text: str, expected: str) -> None:
    when, phrase = resolve(text, NOW)
    assert day(when) == expected and phrase


def test_no_time_expression() -> None:
    assert resolve("I like tea", NOW) == (None, None)


@pytest.mark.parametrize(
    "text",
    ["I work in marketing at a startup", "I read in decent light", "we sleep in separate rooms", "I'm in novel territory"],
)
def test_a_word_that_opens_like_a_month_is_no_month(text: str) -> None:
    assert resolve(text, NOW) == (None, None)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("back in Dec.", "2022-12-01"),
        ("since Sept 2019", "2019-09-01"),
        ("on 3 Mar 2021", "2021-03-03"),
        ("by the end of 2027", "2027-12-31"),
    ],
)
def test_months_abbreviated_and_a_year_s_end(text: str, expected: str) -> None:
    when, _ = resolve(text, NOW)
    assert day(when) == expected


def test_session_time_and_date_words() -> None:
    ts = parse_session_time("1:56 pm on 8 May, 2023")
    assert datetime.fromtimestamp(ts, tz=UTC) == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)  # type: ignore[arg-type]
    assert date_text(NOW) == "Wednesday 10 May 2023"
    assert parse_session_time("no date here") is None


def test_question_and_time_detection() -> None:
    assert is_when_question("When did Caroline go to the group?")
    assert is_when_question("How long has she been painting?")
    assert not is_when_question("What does Melanie paint?")
    assert has_time_expression("We went camping last summer")
    assert not has_time_expression("I like painting")


@pytest.mark.parametrize(
    ("clause", "expected"),
    [
        ("Saturday we're having a party.", "we're having a party on Saturday."),
        ("Tomorrow I fly out", "I fly out tomorrow"),
        ("This weekend we're going camping!", "we're going camping this weekend!"),
        ("Sunday, I ran 10k.", "I ran 10k on Sunday."),
        ("now she wants yellow", "she wants yellow now"),
        ("Saturday is my favourite day", None),  # the day is what it is about
        ("Tomorrow is another day", None),
    ],
)
def test_a_time_said_first_goes_last(clause: str, expected: str | None) -> None:
    assert time_said_last(clause) == expected


def test_the_day_a_question_names() -> None:
    """One day written in full, with its year, is asked about; a month, a weekday, two days or no real day are not."""
    june_3 = datetime(2023, 6, 3, tzinfo=UTC).timestamp()
    assert asked_day("What new activity did Maria start, as mentioned on 3 June, 2023?") == (june_3, False)
    assert asked_day("what did I say on 2023-06-03 about the flat") == (june_3, False)
    assert asked_day("and on June 3rd 2023?") == (june_3, True)  # the day is all it asks about
    for query in ("What did I do in June 2023?", "what did I say on Tuesday", "3 June 2023 or 4 June 2023", "on 30 February, 2023", "hi"):
        assert asked_day(query) is None


def test_a_relative_day_is_asked_about_only_with_the_time_of_asking() -> None:
    """ "yesterday", "on Friday", "3 days ago" name one day against the time the question is asked; a week, a
    weekend and "tonight" (the chat under way) name none."""
    monday = datetime(2026, 11, 30, 15, tzinfo=UTC).timestamp()

    def day(year: int, month: int, date: int) -> float:
        return datetime(year, month, date, tzinfo=UTC).timestamp()

    assert asked_day("what did I tell you yesterday?", monday) == (day(2026, 11, 29), True)
    assert asked_day("what did I say on Friday about the flat", monday) == (day(2026, 11, 27), False)
    assert asked_day("what did we talk about 3 days ago", monday) == (day(2026, 11, 27), True)
    assert asked_day("what did I tell you yesterday?") is None
    for query in ("What did I do last weekend?", "what happened last week", "What should I cook tonight?"):
        assert asked_day(query, monday) is None
