"""The offline extractor: durable statements people make about themselves, and entities, with no model.

A turn is read as commands first ("remember that ...", "forget that ...", "... is not true any more"),
then sentence by sentence and clause by clause. A clause is kept when its speaker says something about
themselves (not a question, not a request to the assistant, not talk about the listener, not a bare
feeling), matched against the rules of extract_rules.py for its kind (and, for a slot such as where one
lives, its value), and rewritten in canonical third person ("I prefer TypeScript" -> "User prefers
TypeScript"). A correction ("actually", "sorry", "not X but Y", "no longer", "now") marks the memory
as replacing the one it is closest to. What the assistant says is never a fact about the user.
"""

from __future__ import annotations

import re

from memlace.core.asides import said_before_asking
from memlace.core.asks import QUESTION, REQUEST, TAG_QUESTION, said_before_forget, told_after_forget, what_to_forget, what_to_remember
from memlace.core.called_off import as_own, called_off, thing_as_own, with_baby_named
from memlace.core.casual import from_casual, typed_small, unshouted, with_names_written
from memlace.core.changed import told_as_changed
from memlace.core.clauses import name_given, split_clauses, split_sentences, the_listener_named, without_vocatives
from memlace.core.corrections import NO_LONGER_HEALTH, corrects, leads_correction, owned_mistake, says_correction, thing_changed
from memlace.core.dates import time_said_last, with_dates_written
from memlace.core.dedup import corrects_recent
from memlace.core.denials import denial
from memlace.core.entities import find_entities
from memlace.core.extract_rules import DESCRIPTION, RULES
from memlace.core.family import ages_listed, children_listed, named_first
from memlace.core.grammar import (
    STUDENT,
    WHY_AFTER,
    as_request,
    one_named,
    strip_lead_in,
    strip_tail,
    to_third_person,
    two_subjects,
    with_allergy_named,
    with_implied_have,
    with_implied_my,
    without_cleft,
    worth_alone,
)
from memlace.core.implied import allergen_named, medicine_alone, says_without_i, told_by_them
from memlace.core.lexicon import KNOWN_TOOLS, NOT_TRIGGERS, ONE_PERSON_RELATIONS, PEOPLE_RELATIONS, SINGLE_RELATIONS, VERB_ADVERBS
from memlace.core.others_rules import FULL_NAMED_PERSON, NAMED_PERSON, OTHERS_RULES, known_named
from memlace.core.pronouns import PRONOUN, RULE_ABOUT, WE, object_named, people_in, people_named_lately, pronoun_named, they_named, we_named
from memlace.core.remarks import is_fragment, is_passing_feeling, says_nothing
from memlace.core.replies import answered, there_named, there_placed
from memlace.core.rule import Rule
from memlace.core.shown import shown
from memlace.core.side_rules import ABOUT, EMPLOYER_SLOT, RELATION_NAMED, RELATION_SLOT, ROLE_SLOT, SIDE_ROLE
from memlace.core.slots import SIDE_EMPLOYER, article, clean_value, slot_tail
from memlace.core.swaps import ROLE_INSTEAD, names_old_first, value_swap, what_it_replaces
from memlace.core.text import STOPWORDS, terms
from memlace.core.whereabouts import as_lived_in
from memlace.models import Entity, EntityType, Episode, MemoryKind, normalize_name
from memlace.ports import CandidateEntity, CandidateMemory, Extraction

__all__ = ["HeuristicExtractor", "to_third_person"]

MAX_MEMORIES_PER_MESSAGE = 20  # a pasted document is not 900 facts about its author
_NEGATED_TAIL = re.compile(r",\s+(?:and\s+)?not\s+[^,.;!?]+$", re.I)  # "I'm 35, not 34"
_NOT_BUT = re.compile(r"^not\s+[\w' ]+?\s+but\s+", re.I)  # "Not Mia but Maya, ..."
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|I'd|I'll|me|my|mine|myself)\b|^(?:we|our|we're|we've)\b", re.I)
_SECOND_PERSON = re.compile(r"\b(?:you|your|yours|you're|you've|you'd|(?-i:u|ur)|ya|y'all|yourself)\b", re.I)  # ("U of T" is a name)
_SUBJECT = re.compile(r"^(?:I|I'm|I've|I'd|I'll|my|we|we're|we've|our)\b", re.I)
_SIDE_RELATION = re.compile(
    rf"\b(?:with |and )?(?:[Mm]y|[Oo]ur) ({'|'.join(sorted(ONE_PERSON_RELATIONS, key=len, reverse=True))}),? (?:(?:Dr|Prof|Mr|Mrs|Ms)\.?\s+)?([A-ZÀ-ÖØ-ÞĀ-Ž][a-zß-öø-ÿā-ž]+)\b"
)
_PREFERS_OVER = re.compile(r"\bprefer (.+?) (?:over|to|rather than|instead of) (.+?)(?:[.!,;]|$)", re.I)
_WRITE_IN = re.compile(r"^(?:mention|add|include|say|note|put in|write)\s+(?:that\s+)?(?=(?:I|I'm|I've|I'd|my)\b)", re.I)
_NAMED = re.compile(r"^([A-ZÀ-ÖØ-ÞĀ-Ž][\w\-]*(?:\s+[A-ZÀ-ÖØ-ÞĀ-Ž][\w\-]*)*)(?:'s)?\b")  # whom a statement opens with
_I_SUBJECT = re.compile(r"\bI(?:'m|'ve|'d)?\b")  # the speaker as the subject ("my sister has a job as..." is not)
_NEW_ONE = re.compile(r"\bmy\s+(?:new|current)\s", re.I)  # "my new roommate is Priya": the one before is not any more
# "Byte went to the vet, turns out he's diabetic": what turned out is a clause of its own
_TURNS_OUT = re.compile(r"(?:^|(?<=,)\s)(?:and\s+|so\s+)?(?:it\s+)?turn(?:s|ed)\s+out(?:\s+that)?,?\s+", re.I)
_NAMED_KINDS = (EntityType.person, EntityType.other, EntityType.organization)  # whom a fact of their own is told of (a pet too)
_MIN_CONTENT = 2  # content words a statement about oneself needs before it is worth keeping (see worth_alone)
_KIN = re.compile(rf"^(?:{'|'.join(sorted(PEOPLE_RELATIONS, key=len, reverse=True))})\s+(?P<said>(?:is|has)\b.+)$", re.I)


class HeuristicExtractor:
    """Extractor protocol with no model: rules over what speakers say about themselves."""

    name = "heuristic"
    version = "2"

    async def extract(self, episode: Episode, window: list[Episode], known_entities: list[Entity]) -> Extraction:
        return self.extract_sync(episode, window, known_entities)

    def extract_sync(self, episode: Episode, window: list[Episode], known_entities: list[Entity]) -> Extraction:
        if episode.role not in ("user", "human") and not episode.speaker:
            # An assistant's own statements are not facts about the user (nor are its names the user's).
            return Extraction()
        subject = episode.speaker or "User"
        people = [e.name for e in known_entities if e.type is EntityType.person]
        text = unshouted(episode.text.strip(), [e.name for e in known_entities])
        text = from_casual(with_names_written(text, people) if typed_small(text) else text)
        forgotten = what_to_forget(text)
        if forgotten is not None:
            after = " ".join(filter(None, (said_before_forget(text), told_after_forget(text))))  # read as said
            then = self.extract_sync(episode.model_copy(update={"text": after}), window, known_entities) if after else Extraction()
            forget = [to_third_person(forgotten, subject)] if forgotten else []
            return Extraction(forget=forget, entities=then.entities, memories=then.memories)
        entities = find_entities(text, known_entities)
        text, stated = what_to_remember(text)
        memories: list[CandidateMemory] = []
        seen: set[str] = set()
        listeners = {e.speaker for e in window if e.speaker and e.speaker != episode.speaker}
        named: list[str] = []  # the people the turn has named so far, for "She loves hiking"
        before: list[str] | None = None  # the people the two turns before name, read when a clause needs them
        # "what you suggested": a speaker's listener by name, the assistant in a chat with one
        heard_by = listeners if episode.speaker else {"the assistant"}
        sentences = [
            named_first(s) for s in with_baby_named(split_sentences(the_listener_named(without_vocatives(text, listeners), heard_by)))
        ]
        question = window[-1].text.strip() if window and window[-1].role == "assistant" else ""  # what it just asked
        said_before = window[-1].text if window and window[-1].role == episode.role else ""  # ("… my brother's wedding")
        said_lately = " ".join([*(e.text for e in window if e.role == episode.role and e.speaker == episode.speaker), text])
        for n, sentence in enumerate(sentences):
            given = name_given(sentence, sentences[n - 1] if n else said_before)  # "her name is Nadia": whose
            entities |= find_entities(given, known_entities) if given != sentence else {}  # (a person, not a pet's name)
            given, one = one_named(given)  # "one of them, Amara, has a nut allergy": Amara is a person
            entities |= {normalize_name(one): CandidateEntity(name=one, type=EntityType.person)} if one else {}
            sentence = told_by_them(allergen_named(with_allergy_named(TAG_QUESTION.sub("", given))))  # "…, Max is allergic": to nuts
            sentence = (answered(sentence, question) if n == 0 and question else None) or medicine_alone(sentence)  # "no, supabase"
            entities |= find_entities(sentence, known_entities) if n == 0 and question else {}  # "How old is Leo?" "he's 6, …": Leo
            sentence = there_named(sentence, question) if n == 0 and question else sentence  # "been there twice already"
            # "Remember that staying positive matters. Rock on!": an exclamation after it is not what was asked
            told = stated and (n == 0 or len(terms(sentence)) >= _MIN_CONTENT)
            if not stated and n > 0 and not episode.speaker:  # "Perfect. Remember that I never use open flames in class"
                sentence, told = what_to_remember(sentence)  # (asked of the assistant; between two people, encouragement)
            asked = not told and QUESTION.search(sentence) is not None  # only who it names is kept
            if asked and (said := said_before_asking(sentence)) is not None:  # "Since I live in Denver, when ...?"
                sentence, asked = said, False
            owned = owned_mistake(sentence) or told_as_changed(sentence)  # "I got the date wrong, the cruise is on the 21st"
            sentence, correcting = (owned, True) if owned else (sentence, leads_correction(sentence))  # (else: each clause)
            sentence = _TURNS_OUT.sub(lambda found: " " if found.start() else "", sentence)
            bare = strip_lead_in(sentence)  # "Some background: I grew up in Cork, studied …": the clauses of what is told
            clauses = split_clauses(bare if bare != sentence and _SUBJECT.match(bare) else sentence)
            for at, clause in enumerate(clauses):
                clause = thing_as_own(there_placed(clause, " ".join([*sentences[:n], *clauses[:at]])), said_lately)  # "moving there"
                # "Saturday we're having a party", "now she wants yellow": who first ("now" is also a lead-in)
                clause = time_said_last(clause) or time_said_last(strip_lead_in(clause)) or clause
                if not named and before is None and (PRONOUN.match(strip_lead_in(clause)) or RULE_ABOUT.match(clause) or WE.match(clause)):
                    before = people_named_lately(window, known_entities, listeners)
                said_of = named or before or []
                clause = object_named(pronoun_named(clause, said_of, sentence, said_lately), said_of, said_lately)
                clause = we_named(clause, sentence, said_of)  # "my ex is Marcus, we dated for 3 years": the two
                clause = they_named(clause, window[-2:]) if not named else clause  # "they hate mushrooms": the kids
                for name in [n for n in before or [] if n in clause]:  # ("she", "we" named for them: people named before)
                    kind = next((e.type for e in known_entities if e.name == name), EntityType.person)  # (or a pet)
                    entities.setdefault(normalize_name(name), CandidateEntity(name=name, type=kind))
                named += [name for name in people_in(clause, sentence, list(entities.values())) if name not in named]
                corrects_here = (correcting and corrects(clause, at)) or says_correction(clause)  # ("moved": this clause)
                denied = None if asked or told else denial(clause, subject, corrects_here)  # "Owen didn't quit": what was said ends
                candidate = None if asked else denied or self._read_clause(clause, subject, entities, window, corrects_here, told)
                if candidate is not None:
                    found = [candidate, *self._side_facts(clause, candidate, subject, entities)]
                else:  # "Can you help me write to my colleague Anke?": a question or request still says who Anke is
                    found = [self._relation(m, clause, subject, entities, told) for m in _SIDE_RELATION.finditer(clause)]
                    found += [] if asked else self._ages_told(clause, entities, told)  # "… and our son Ken (8)"
                for memory in found:
                    memory.text = with_dates_written(memory.text, episode.timestamp)  # its date is read from when_text
                    if memory.text.casefold() not in seen and len(memories) < MAX_MEMORIES_PER_MESSAGE:
                        seen.add(memory.text.casefold())
                        memories.append(memory)
        # "Who was the first person to climb Everest?", "Tell me about Everest": what only a question or a request
        # names is not something memory knows (a person may be: "What should I get Yuki?" before "She loves hiking")
        kept = {normalize_name(n) for m in memories for n in m.entities} | {normalize_name(e.name) for e in known_entities}
        asked_only = [e for k, e in entities.items() if k not in kept and e.type is not EntityType.person]
        asked_only = [e for e in asked_only if all(QUESTION.search(s) or REQUEST.match(strip_lead_in(s)) for s in sentences if e.name in s)]
        return Extraction(entities=[e for e in entities.values() if e not in asked_only], memories=memories)

    def _read_clause(
        self, clause: str, subject: str, entities: dict[str, CandidateEntity], window: list[Episode], correcting: bool, stated: bool
    ) -> CandidateMemory | None:
        text = without_cleft(strip_tail(_NOT_BUT.sub("", as_request(strip_lead_in(clause))).strip().rstrip(".!,;:-– ")).strip())
        if correcting:  # "my favourite band is Portishead now": the memory says what is, from now on
            text = re.sub(r",\s+(?:they|it|we)\b.*$", "", text, flags=re.I) if thing_changed(text) else text  # (why)
            text = as_lived_in(text)  # "Actually, I'm in Leeds now": where one lives now
            text = re.sub(r",?\s+(?:right now|(?<!\bfor )now|these days)$", "", text, flags=re.I)
        swap = value_swap(text) if correcting else None  # "the race is in May, not April"
        text = _NEGATED_TAIL.sub("", text).strip()
        text = _WRITE_IN.sub("", text)  # "(Also) mention I know SQL and Tableau": asked to be written, and true
        text = text if (picture := shown(text)) is None else picture  # "Here's a pic of my dog Nube": who is in it
        if "[REDACTED:" in text:
            return None  # "my bank PIN is [REDACTED:credential]": what a secret was, it no longer says
        asked = REQUEST.match(text) and not (correcting and corrects_recent(text))  # ("actually make that 60 guests")
        if len(text) < 4 or (not stated and (asked or QUESTION.search(text) or says_nothing(text))):
            return None
        if called_off(text) is not None:  # "the Lisbon trip is off": the plan's memory ends (engine/placement.py)
            told_as = self._match(text, stated)[0]  # ("my sister had her baby" is still of a relative)
            told_as = told_as if told_as is not None and told_as.kind is MemoryKind.relationship else ABOUT
            candidate = self._candidate(
                told_as, to_third_person(as_own(text, subject), subject), clause, subject, None, entities, False, stated
            )
            candidate.replaces, candidate.tags = True, [*candidate.tags, "called-off"]
            return candidate
        if says_without_i(text) and not _SUBJECT.match(text) and not thing_changed(text):
            # "Just finished my first marathon!"; "Looking forward to it": "I'm …"; "Been having a tough week": "I have been …"
            # ("Still working on my biz" is "I am still working on …": the verb after an adverb decides)
            first = next((w for w in text.lower().split() if w not in VERB_ADVERBS), "")
            text = f"{'I am' if first.endswith('ing') else 'I have' if first == 'been' else 'I'} {text[:1].lower()}{text[1:]}"
            if not stated and says_nothing(text):  # "ok got it": "I got it"
                return None
        text = with_implied_my(with_implied_have(text))  # "exams in February", "due date is March 8th"
        described = DESCRIPTION.match(text)
        if described and described.group(1).casefold() in {e.name.casefold() for e in entities.values()} and not _FIRST_PERSON.search(text):
            if not swap and (theirs := self._about_named_person(text, entities, window, correcting, stated)) is not None:
                return theirs  # "he's a picky eater": a taste of Ewan's, not a plain description
            candidate = self._candidate(ABOUT, to_third_person(text, subject), text, described.group(1), None, entities, correcting, stated)
            candidate.replaces_what, candidate.replaces_with = (swap[1], swap[0]) if swap else (None, None)  # "…, not Byte"
            return candidate
        rule, value, relation = self._match(text, stated)
        correcting = correcting or (rule is not None and rule.attribute == "relation" and _NEW_ONE.search(text) is not None)
        if rule is not None and rule.tag == "health" and NO_LONGER_HEALTH.search(text):
            rule = ABOUT  # "I'm no longer allergic to penicillin": a fact that replaces the allergy, not one to heed
        if swap and (rule is None or names_old_first(text)):  # "in May, not April": the old value's memory, the new one in its place
            swapped = self._candidate(ABOUT, text, clause, subject, (None, None), entities, correcting, stated)
            swapped.replaces_what, swapped.replaces_with = swap[1], swap[0]
            return swapped
        if rule is None and correcting and corrects_recent(text):  # "Sorry, it's in October": of what was just said
            return self._candidate(ABOUT, text, clause, subject, (None, None), entities, correcting, stated)
        if rule is None:
            return self._about_named_person(text, entities, window, correcting, stated)
        if (rule.attribute == "relation" or rule.kind is MemoryKind.relationship) and two_subjects(text):
            rule, value, relation = ABOUT, None, None  # what the two do; who the other is comes as a side fact
        if rule.tag not in ("rule", "style", "procedure", "health") and not (_FIRST_PERSON.search(text) or relation):  # "Rex is our dog"
            if stated:  # "Remember that Elena's birthday is on 14 May": kept as told, about whom it names
                if (theirs := self._about_named_person(text, entities, window, correcting, stated)) is not None:
                    return theirs  # ("Remember that Kev is allergic to latex": a constraint, as said plainly)
                named = _NAMED.match(text)
                about = named.group(1) if named and named.group(1).casefold() in {e.name.casefold() for e in entities.values()} else subject
                told = text[:1].upper() + text[1:]
                return self._candidate(ABOUT, told, told, about, None, entities, correcting, stated)
            return None
        if rule.attribute is None and rule.tag not in ("rule", "style", "health", "diet", "constraint") and not stated:
            if _SECOND_PERSON.search(text) or is_passing_feeling(text):
                return None  # talk about the listener, or a passing feeling
            if rule is ABOUT and ((len(terms(text)) < _MIN_CONTENT and not worth_alone(text)) or is_fragment(text)):
                return None
        candidate = self._candidate(rule, text, clause, subject, (value, relation), entities, correcting, stated)
        candidate.replaces_what = candidate.replaces_what or (swap[1] if swap else None)  # "I fly on Friday, not Thursday"
        # "her name is Lila, not Lily": where Lily was said; "we fly out on the 13th not the 12th": a day, where it was said
        if swap and (candidate.value or "").casefold() == swap[0].casefold():
            candidate.replaces_with = swap[0]
        elif swap and not candidate.attribute and re.search(r"\d", swap[0]):
            candidate.replaces_with, candidate.tags = swap[0], [*candidate.tags, "instead"]
        return candidate

    def _about_named_person(
        self, text: str, entities: dict[str, CandidateEntity], window: list[Episode], correcting: bool, stated: bool
    ) -> CandidateMemory | None:
        """ "Ava loves pasta", once Ava is known as a person (or a pet): a lasting fact about her, in the speaker's words."""
        found = [(m, p) for m in (FULL_NAMED_PERSON.match(text), NAMED_PERSON.match(text)) if m and (p := known_named(m, entities, window))]
        named, person = found[0] if found else (None, None)  # ("Sarah Kim is …": the full name, when it is the one known)
        if named is None or person is None or person.type not in _NAMED_KINDS:
            return None
        rest = named.group("rest")
        possessive = named.group("own") is not None
        kin = _KIN.match(rest) if possessive else None  # "Luca's mum is coeliac": what she must avoid, told of Luca
        for rule in OTHERS_RULES:
            if kin is not None and rule.tag == "health" and rule.pattern.search(kin.group("said")):
                return self._candidate(rule, text[:1].upper() + text[1:], text, person.name, None, entities, correcting, stated)
            if rule.pattern.search(rest) and (rule.tag == "preference" or possessive == (rule.tag in ("day", "whose"))):
                told = text[:1].upper() + text[1:]
                return self._candidate(rule, told, told, person.name, None, entities, correcting, stated)
        return None

    def _ages_told(self, clause: str, entities: dict[str, CandidateEntity], stated: bool) -> list[CandidateMemory]:
        """ "my wife Mei and our son Ken (8)": how old each one named is, as a fact of their own."""
        told = (self._about_named_person(f"{name} is {age}", entities, [], False, stated) for name, age in ages_listed(clause))
        return [memory for memory in told if memory is not None]

    def _side_facts(self, clause: str, main: CandidateMemory, subject: str, entities: dict[str, CandidateEntity]) -> list[CandidateMemory]:
        """What a clause says on the side: "I live in Berlin with my partner Jonas" also names a partner, "I work
        as a designer at Zalando" also an employer."""
        found = []
        for match in _SIDE_RELATION.finditer(clause):
            relation, name = match.group(1).lower(), match.group(2)
            if main.attribute != f"relation:{relation}" and "ended" not in main.tags:  # ("My girlfriend Jess and I broke up")
                found.append(self._relation(match, clause, subject, entities, main.stated))
            # "My husband Dev is vegetarian": also what must be heeded for Dev, as Dev's own constraint
            rest = re.sub(r"^\(\d{1,2}\)\s*", "", clause[match.end() :].strip(" ,.!?"))  # ("Lina (6) won't eat …")
            if main.kind is not MemoryKind.constraint and re.match(r"(?:is|has gone|went|has|can't|cannot|doesn't|does not|won't)\b", rest):
                own = self._about_named_person(f"{name} {rest}", entities, [], False, main.stated)
                found.extend([own] if own is not None and own.kind is MemoryKind.constraint else [])
        for name, relation in [] if (main.attribute or "").startswith("relation") else children_listed(clause):  # "three kids: Arjun, …"
            child = self._candidate(RELATION_NAMED, clause, clause, subject, (name, relation), entities, False, main.stated)
            child.when_text = ""
            found.append(child)
        for name, age in ages_listed(clause):  # "three kids: Arjun (8), Meera (5)": how old each is, as facts of their
            aged = self._about_named_person(f"{name} is {age}", entities, [], False, main.stated)
            if aged is not None:  # own (so that "Meera is 6 now" replaces one), not in the list's text
                found.append(aged)
                main.text = main.text.replace(f"{name} ({age})", name)
        role = SIDE_ROLE.search(clause)
        if main.attribute not in ("role", None) and role and _I_SUBJECT.search(clause[: role.start()]):
            found.append(
                self._candidate(ROLE_SLOT, clause, clause, subject, (clean_value(role.group("value")), None), entities, False, main.stated)
            )
        employer = SIDE_EMPLOYER.search(clause)
        if (main.attribute == "role" or role) and employer and employer.group(1).lower() not in KNOWN_TOOLS:
            found.append(self._candidate(EMPLOYER_SLOT, clause, clause, subject, (employer.group(1), None), entities, False, main.stated))
        # "I'm a backend dev at Shopify, mostly Ruby and Go": the slot's text keeps the job, the tools are said apart
        words = [w.rstrip(".") for w in re.findall(r"[\w+#.]+", clause)]
        tools = [w for w in words if w.lower() in KNOWN_TOOLS and w != w.lower() and w not in main.text]
        if main.attribute and tools and _I_SUBJECT.search(clause):
            said = f"{', '.join(tools[:-1])} and {tools[-1]}" if len(tools) > 1 else tools[0]
            found.append(self._candidate(ABOUT, f"I use {said}", clause, subject, (None, None), entities, False, main.stated))
        return found

    def _relation(
        self, named: re.Match[str], clause: str, subject: str, entities: dict[str, CandidateEntity], stated: bool
    ) -> CandidateMemory:
        """ "my colleague Anke" (a match of _SIDE_RELATION): who Anke is to the speaker."""
        relation, name = named.group(1).lower(), named.group(2)
        rule = RELATION_SLOT if relation in SINGLE_RELATIONS else RELATION_NAMED
        found = self._candidate(rule, clause, clause, subject, (name, relation), entities, False, stated)
        found.when_text = ""  # who Ana is has no date of its own ("my wife Ana and I are expecting a baby in March")
        return found

    def _match(self, text: str, stated: bool) -> tuple[Rule | None, str | None, str | None]:
        for rule in RULES:
            match = rule.pattern.search(text)
            if not match:
                continue
            groups = match.groupdict()
            values = [v for k, v in groups.items() if k.startswith("value") and v]
            value = (values[0].strip(" .!") if rule.kind is MemoryKind.negative else clean_value(values[0])) if values else None
            if rule.attribute and rule.attribute != "relation" and not value:
                continue
            if rule.attribute in ("employer", "location") and value and value.lower() in KNOWN_TOOLS:
                continue  # "I switched from Python to Rust", "we moved from AWS to GCP": tools, not a job or a home
            relation = groups.get("rel") or groups.get("rel2") or ("partner" if rule.attribute == "relation" and rule.template else None)
            return rule, value, relation.lower() if relation else None
        return (ABOUT, None, None) if _FIRST_PERSON.search(text) or stated else (None, None, None)

    def _candidate(
        self,
        rule: Rule,
        text: str,
        clause: str,
        subject: str,
        slot: tuple[str | None, str | None] | None,
        entities: dict[str, CandidateEntity],
        correcting: bool,
        stated: bool,
    ) -> CandidateMemory:
        value, relation = slot or (None, None)
        attribute = rule.attribute
        if attribute == "relation":
            attribute = f"relation:{relation}" if relation else None
        whole = (
            rule.template is not None
            and value
            and (
                rule.attribute != "relation"
                or rule in (RELATION_SLOT, RELATION_NAMED)
                or re.search(r"\b(?:is|to|dating|seeing|with)\s+\S+$", text)
            )
        )
        if whole and rule.template and value:
            written = rule.template.format(subject=subject, value=value, rel=relation or "partner", article=article(value))
            if rule.attribute == "location" and re.search(r"\bmoving\b", text, re.I):  # not yet "lives in"
                written = f"{subject} is moving to {value}"
            elif rule.attribute in ("role", "employer") and STUDENT.search(clause):  # a student is one, and studies there
                written = written.replace(" works as ", " is ", 1).replace(" works at ", " studies at ", 1)
            elif rule.attribute == "role" and re.search(r"\bpromoted\b", text, re.I):  # in its own words, with its day
                written = to_third_person(text, subject)
            elif rule.attribute == "diet" and " but " in text:  # "vegetarian but I eat fish sometimes": with its exception
                written = to_third_person(text, subject).replace(f" but {subject} ", " but ")
            if rule.attribute in ("role", "employer", "location") and written != to_third_person(text, subject):
                written += slot_tail(text, value, subject, rule.attribute)
        elif rule.kind is MemoryKind.negative:
            body = re.sub(r"^please\s+", "", to_third_person(text, subject), flags=re.I)
            written = f"{subject} asks: {body[:1].lower()}{body[1:]}"
        elif rule.kind is MemoryKind.procedure:
            written = f"Procedure from {subject}: {to_third_person(text, subject)}"
        else:
            written = to_third_person(text, subject) if slot is not None else text
        mentioned = [
            e.name for e in entities.values() if any(re.search(rf"(?<!\w){re.escape(n)}(?!\w)", clause, re.I) for n in (e.name, *e.aliases))
        ]
        candidate = CandidateMemory(
            kind=rule.kind,  # a correction is a fact like any other; what it replaces says it was one
            text=written[:400],
            confidence=0.95 if stated else min(0.95, rule.confidence + (0.05 if correcting else 0.0)),
            importance=max(rule.importance, 0.7) if stated else rule.importance,
            subject=subject,
            attribute=attribute,
            value=value if attribute else None,
            entities=mentioned,
            tags=[rule.tag, *(["correction"] if correcting else []), *(["stated"] if stated else [])],
            ttl=rule.ttl,
            replaces=correcting,
            stated=stated,
            when_text=clause,
        )
        if correcting and (not attribute or ROLE_INSTEAD.search(clause)):  # ("my sister Ann will be maid of honour instead")
            candidate.replaces_what, candidate.replaces_with, how = what_it_replaces(clause)
            candidate.tags += how
        if rule.attribute == "location" and re.search(r"\bstay\s+in\b", text, re.I):  # "we decided to stay in Pune"
            candidate.replaces_what = "moving"  # (ends the move that was weighed, not where one lived)
        if rule.tag == "ended":  # the partner whose memory it ends (none named: the one known, if one)
            candidate.replaces_what = value
        if rule.kind is MemoryKind.negative and value:
            words = re.findall(r"[\w.\-]{3,}", WHY_AFTER.split(value)[0])  # (", it never works for me" says why, not when)
            candidate.triggers = [w for w in words if w.lower() not in STOPWORDS and w.lower() not in NOT_TRIGGERS][:6]
        if rule.kind is MemoryKind.preference:
            over = _PREFERS_OVER.search(text)
            if over:
                candidate.prefers_over = clean_value(over.group(2))
        return candidate

    def find_entities(self, text: str, known: list[Entity]) -> dict[str, CandidateEntity]:
        return find_entities(text, known)
