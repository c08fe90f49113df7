"""Messages typed without capitals, apostrophes or stops, as the extractor's rules read them (core/casual.py)."""

from memlace.core.casual import from_casual, with_names_written


def test_a_casual_introduction_reads_as_one() -> None:
    assert from_casual("hey so my names marco im 34") == "hey so my name is Marco, I'm 34"
    assert from_casual("i live in turin with my gf giulia") == "I live in Turin with my girlfriend Giulia"
    assert from_casual("we got a dog his name is pepe hes a beagle") == "we got a dog, his name is Pepe, he's a beagle"


def test_what_only_looks_casual_is_left_alone() -> None:
    assert from_casual("they were happy and we were tired") == "they were happy and we were tired"  # not "we're"
    assert from_casual("the dog wagged its tail") == "the dog wagged its tail"  # a possessive, not "it's"
    assert from_casual("i'm moving to bigger flat next year") == "I'm moving to bigger flat next year"  # not a place
    assert from_casual("I live in fear of spiders") == "I live in fear of spiders"
    assert from_casual("wait its march 10th") == "wait it's March 10th"


def test_a_known_name_typed_small_is_written_as_known() -> None:
    assert with_names_written("giulia is lactose intolerant", ["Giulia"]) == "Giulia is lactose intolerant"
    assert with_names_written("giuliana called", ["Giulia"]) == "giuliana called"
