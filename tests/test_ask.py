"""Ask the referee in your own words (referee/ask): the evaluation set at its goals, the
words and numbers of a question, the index's cache, and ``referee ask``."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from referee.ask import MAX_QUESTION, BadQuestion, answers, answers_json
from referee.ask.engine import index_for
from referee.ask.glossary import GLOSSARY
from referee.ask.words import fold, numbers
from referee.i18n import LANGUAGES
from referee.rules import PRESETS
from referee.rules.overrides import apply_overrides
from tests.support.commands import assert_refused, run

from .ask_eval import (
    EIGHTH_BLIND,
    FIFTH_BLIND,
    FOURTH_BLIND,
    SECOND_BLIND,
    SEVENTH_BLIND,
    SIXTH_BLIND,
    THIRD_BLIND,
    american2_questions,
    american3_questions,
    american4_questions,
    american5_questions,
    american6_questions,
    american7_questions,
    american8_questions,
    american9_questions,
    american10_questions,
    american11_questions,
    american12_questions,
    american13_questions,
    american14_questions,
    american15_questions,
    american16_questions,
    american17_questions,
    american18_questions,
    american19_questions,
    american20_questions,
    american21_questions,
    american22_questions,
    american23_questions,
    american24_questions,
    american25_questions,
    american26_questions,
    american27_questions,
    american28_questions,
    american29_questions,
    american30_questions,
    american31_questions,
    american32_questions,
    american33_questions,
    american34_questions,
    american35_questions,
    american36_questions,
    american37_questions,
    american38_questions,
    american39_questions,
    american40_questions,
    american_questions,
    blind_questions,
    evaluate,
    evaluate_real,
    questions,
    real_questions,
)


def test_the_evaluation_set_covers_every_language_and_group():
    asked = questions()
    assert len(asked) >= 180
    per_language = Counter(q["lang"] for q in asked)
    assert all(per_language[lang] >= 20 for lang in LANGUAGES), per_language
    assert sum(not q["rules"] for q in asked) >= 18  # off-topic ones
    groups = Counter(key.split(".")[0] for q in asked for key in q["rules"])
    for group in ("deck", "deal", "meld", "canasta", "opening", "pile", "going-out", "red-threes"):
        assert groups[group] >= 3, groups
    for q in asked:  # every expected rule exists in the variant asked
        variant = PRESETS[q.get("variant", "classic")]
        assert set(q["rules"]) <= set(variant.rules), q


def _assert_kind_and_ruling(q):
    """A labelled post's kind, its keys (only the book's rules have keys) and its ruling."""
    assert q["kind"] in ("rule", "off", "gap", "play"), q
    assert bool(q["keys"]) == (q["kind"] == "rule"), q
    ruling = q.get("ruling")
    assert ruling is None or (
        q["kind"] == "rule"
        and set(ruling) <= {"figure", "verdict"}
        and ruling.get("verdict", "yes") in ("yes", "no")
    ), q


def test_the_real_questions_are_labelled_against_their_catalogues():
    """tests/ask_real.toml: players' own questions, each labelled with rules its table's
    variant has, a kind, a part and the page it was seen on (python -m tests.ask_eval --real)."""
    asked = real_questions()
    assert len(asked) >= 114
    seen = set()
    for q in asked:
        assert q["lang"] in LANGUAGES, q
        assert q["variant"] in PRESETS, q
        assert set(q["keys"]) <= set(PRESETS[q["variant"]].rules), q
        _assert_kind_and_ruling(q)
        assert q["part"] in ("dev", "blind"), q
        assert q["source"].startswith(("http://", "https://")), q
        assert q["source_kind"], q
        assert (q["q"], q["source"]) not in seen, q
        seen.add((q["q"], q["source"]))
    for part in ("dev", "blind"):  # each half holds long posts as well as short questions
        assert any(len(q["q"].split()) > 40 for q in real_questions(part)), part


def _assert_american_labels(asked: list[dict]) -> None:
    """Posts written by us at the American tables: each labelled with rules the american
    catalogue has, a kind and (where the book gives one) a ruling."""
    rules = set(PRESETS["american"].rules)
    for q in asked:
        assert q["variant"] == "american", q
        assert q["source"] == "written", q
        assert q["lang"] in LANGUAGES, q
        assert 0 < len(q["q"]) <= 2000, q
        assert set(q["keys"]) <= rules, q
        _assert_kind_and_ruling(q)


def test_the_american_posts_are_labelled_against_the_catalogue():
    """tests/ask_american.toml: posts written by us at the American game's tables (a proxy,
    never counted as real), each labelled with rules the american catalogue has, a kind, a
    part, half of each length in each part (python -m tests.ask_eval --american)."""
    asked = american_questions()
    assert len(asked) == 90
    _assert_american_labels(asked)
    assert len(american_questions("dev")) == len(american_questions("held")) == 45
    assert Counter(q["kind"] for q in asked) == {"rule": 62, "gap": 14, "play": 8, "off": 6}


def test_the_second_american_posts_are_labelled_against_the_catalogue():
    """tests/ask_american2.toml: a second set of posts written by us at the American tables
    (after the first was tuned on), each labelled with rules the american catalogue has, a
    kind and a part (python -m tests.ask_eval --american2)."""
    asked = american2_questions()
    assert len(asked) == 60
    _assert_american_labels(asked)
    assert (len(american2_questions("dev")), len(american2_questions("held"))) == (31, 29)
    assert Counter(q["kind"] for q in asked) == {"rule": 45, "gap": 6, "play": 5, "off": 4}
    assert sum("ruling" in q for q in asked) == 38
    assert sum(len(q["q"].split()) > 40 for q in asked) == 31


def test_the_third_american_posts_are_labelled_against_the_catalogue():
    """tests/ask_american3.toml: a third set of posts written by us at the American tables,
    blind, each labelled with rules the american catalogue has, a kind and a part, a third of
    each length (python -m tests.ask_eval --american3)."""
    asked = american3_questions()
    assert len(asked) == 60
    _assert_american_labels(asked)
    assert (len(american3_questions("dev")), len(american3_questions("held"))) == (30, 30)
    assert Counter(q["kind"] for q in asked) == {"rule": 51, "gap": 3, "play": 3, "off": 3}
    assert sum("ruling" in q for q in asked) == 38
    lengths = Counter(min(2, (len(q["q"].split()) - 1) // 20) for q in asked)
    assert lengths == {0: 20, 1: 20, 2: 20}


@pytest.mark.parametrize(
    ("load", "kinds", "rulings"),
    [
        (american4_questions, {"rule": 32, "gap": 2, "play": 3, "off": 3}, 27),
        (american5_questions, {"rule": 30, "gap": 4, "play": 3, "off": 3}, 29),
        (american6_questions, {"rule": 29, "gap": 5, "play": 3, "off": 3}, 27),
        (american7_questions, {"rule": 30, "gap": 4, "play": 3, "off": 3}, 24),
        (american8_questions, {"rule": 40, "gap": 2, "play": 3, "off": 3}, 32),
        (american9_questions, {"rule": 40, "gap": 2, "play": 3, "off": 3}, 23),
        (american10_questions, {"rule": 40, "gap": 3, "play": 2, "off": 3}, 32),
        (american11_questions, {"rule": 39, "gap": 4, "play": 2, "off": 3}, 29),
        (american12_questions, {"rule": 39, "gap": 4, "play": 2, "off": 3}, 36),
        (american13_questions, {"rule": 40, "gap": 3, "play": 2, "off": 3}, 34),
        (american14_questions, {"rule": 40, "gap": 3, "play": 2, "off": 3}, 30),
        (american15_questions, {"rule": 38, "gap": 3, "play": 3, "off": 4}, 29),
        (american16_questions, {"rule": 38, "gap": 3, "play": 3, "off": 4}, 32),
        (american17_questions, {"rule": 39, "gap": 4, "play": 2, "off": 3}, 29),
        (american18_questions, {"rule": 40, "gap": 3, "play": 2, "off": 3}, 31),
        (american19_questions, {"rule": 40, "gap": 3, "play": 2, "off": 3}, 29),
        (american20_questions, {"rule": 40, "gap": 3, "play": 2, "off": 3}, 39),
        (american21_questions, {"rule": 40, "gap": 3, "play": 2, "off": 3}, 33),
        (american22_questions, {"rule": 40, "gap": 3, "play": 2, "off": 3}, 32),
        (american23_questions, {"rule": 39, "gap": 4, "play": 2, "off": 3}, 33),
        (american24_questions, {"rule": 40, "gap": 3, "play": 2, "off": 3}, 31),
        (american25_questions, {"rule": 40, "gap": 3, "play": 2, "off": 3}, 31),
        (american26_questions, {"rule": 39, "gap": 4, "play": 2, "off": 3}, 35),
        (american27_questions, {"rule": 39, "gap": 4, "play": 2, "off": 3}, 33),
        (american28_questions, {"rule": 39, "gap": 4, "play": 2, "off": 3}, 28),
        (american29_questions, {"rule": 39, "gap": 4, "play": 2, "off": 3}, 28),
        (american30_questions, {"rule": 39, "gap": 4, "play": 2, "off": 3}, 30),
        (american31_questions, {"rule": 39, "gap": 4, "play": 2, "off": 3}, 26),
        (american32_questions, {"rule": 39, "gap": 4, "play": 2, "off": 3}, 30),
        (american33_questions, {"rule": 39, "gap": 4, "play": 2, "off": 3}, 33),
        (american34_questions, {"rule": 39, "gap": 4, "play": 2, "off": 3}, 26),
        (american35_questions, {"rule": 39, "gap": 4, "play": 2, "off": 3}, 27),
        (american36_questions, {"rule": 39, "gap": 4, "play": 2, "off": 3}, 30),
        (american37_questions, {"rule": 38, "gap": 5, "play": 2, "off": 3}, 21),
        (american38_questions, {"rule": 39, "gap": 4, "play": 2, "off": 3}, 25),
        (american39_questions, {"rule": 39, "gap": 4, "play": 2, "off": 3}, 28),
        (american40_questions, {"rule": 39, "gap": 4, "play": 2, "off": 3}, 29),
    ],
    ids=[
        "fourth",
        "fifth",
        "sixth",
        "seventh",
        "eighth",
        "ninth",
        "tenth",
        "eleventh",
        "twelfth",
        "thirteenth",
        "fourteenth",
        "fifteenth",
        "sixteenth",
        "seventeenth",
        "eighteenth",
        "nineteenth",
        "twentieth",
        "twenty-first",
        "twenty-second",
        "twenty-third",
        "twenty-fourth",
        "twenty-fifth",
        "twenty-sixth",
        "twenty-seventh",
        "twenty-eighth",
        "twenty-ninth",
        "thirtieth",
        "thirty-first",
        "thirty-second",
        "thirty-third",
        "thirty-fourth",
        "thirty-fifth",
        "thirty-sixth",
        "thirty-seventh",
        "thirty-eighth",
        "thirty-ninth",
        "fortieth",
    ],
)
def test_the_helpers_american_posts_are_labelled_against_the_catalogue(load, kinds, rulings):
    """tests/ask_american4.toml to ask_american40.toml: sets of 40 (the eighth to fortieth
    48) written by helpers before they read the catalogue, each labelled with rules the
    american catalogue has, a kind and a part, half of them held -- within each length class
    alternately, so an odd class leaves one more dev post (python -m tests.ask_eval
    --american4 ... --american40)."""
    asked = load()
    assert len(asked) == sum(kinds.values())
    _assert_american_labels(asked)
    dev, held = len(load("dev")), len(load("held"))
    assert dev + held == len(asked)
    assert 0 <= dev - held <= 3
    assert Counter(q["kind"] for q in asked) == kinds
    assert sum("ruling" in q for q in asked) == rulings


@pytest.mark.slow  # seconds of work: the full run's, not --fast's
def test_the_american_posts_keep_what_main_found():
    """The American posts measured whole, against a floor just under what main found when
    they were written (43 of 62 first, 48 in the top three, 3 rulings of 44, 14 of 14 off
    or strategy quiet, 4 of 14 gaps said): a regression guard, not the issue's goals."""
    found = evaluate_real(american_questions())
    print(f"American posts (written by us): {found.line()}")
    misses = f"{found.line()} (misses not printed: the held part is never looked at)"
    assert found.first >= 40, misses
    assert found.top3 >= 45, misses
    assert found.right_rulings >= 2, misses
    assert found.silent >= 12, misses
    assert found.said_so >= 3, misses


@pytest.mark.slow  # seconds of work: the full run's, not --fast's
def test_the_evaluation_set_reaches_its_goals():
    result = evaluate()
    misses = "\n".join(result.misses)
    assert result.top3 / result.asked >= 0.95, misses
    assert result.first / result.asked >= 0.85, misses
    assert result.silent == result.off_topic, misses


def _blind_set(path, size):
    """A blind set's questions, ``size`` of them, each expected rule one its variant has."""
    asked = blind_questions(path=path)
    assert len(asked) == size, path
    for q in asked:
        assert set(q["rules"]) <= set(PRESETS[q["variant"]].rules), q
    return asked


@pytest.mark.slow  # seconds of work: the full run's, not --fast's
def test_the_blind_set_is_reported():
    """The blind set (tests/ask_blind.toml), written by someone who never saw the engine: its
    figures are printed (``pytest -s``), not yet held to the goals, which its held-out half
    does not reach (README, "Generalising")."""
    asked = blind_questions()
    assert len(asked) == 90
    assert len(blind_questions("tune")) == len(blind_questions("held")) == 45
    for q in asked:  # every expected rule exists in the variant asked
        assert set(q["rules"]) <= set(PRESETS[q["variant"]].rules), q
    for half in ("tune", "held"):
        result = evaluate(asked_set=blind_questions(half))
        print(f"blind set, {half} half: {result.line()}")
        assert result.asked + result.off_topic == 45


def test_every_rule_has_questions_players_ask_in_every_language():
    """referee/ask/examples/: six questions for each rule key of every preset, in each of
    the six languages, and no question for a key no preset has."""
    from referee.ask.example_questions import GAP_EXAMPLES, OFF_EXAMPLES, read_examples

    examples = read_examples()
    keys = {key for variant in PRESETS.values() for key in variant.rules}
    assert set(examples) == keys | {OFF_EXAMPLES, GAP_EXAMPLES}
    for key, asked in examples.items():
        per_language = Counter(lang for _question, lang in asked)
        least = 40 if key == OFF_EXAMPLES else 10  # questions no rule answers: 50 each
        assert all(per_language[lang] >= least for lang in LANGUAGES), (key, per_language)


@pytest.mark.slow  # seconds of work: the full run's, not --fast's
def test_the_second_blind_set_is_reported_whole():
    """tests/ask_blind2.toml, written blind while the engine was tuned: its figures are
    printed (``pytest -s``), its misses never (it stays a judge), and not yet held to the
    goals, which it does not reach (docs/benchmarks.md, "Generalising")."""
    asked = _blind_set(SECOND_BLIND, 96)
    result = evaluate(asked_set=asked)
    print(f"second blind set: {result.line()}")
    assert result.asked + result.off_topic == 96
    # the goals it reaches since the examples (docs/benchmarks.md); off-topic: reported
    assert result.first / result.asked >= 0.85
    assert result.top3 / result.asked >= 0.95


@pytest.mark.slow  # seconds of work: the full run's, not --fast's
def test_the_third_blind_set_reaches_the_goals():
    """tests/ask_blind3.toml (132 questions, 24 off-topic), written blind once the examples
    were in: its first figures were the judge's, then it was tuned on (the other-games
    words, the sure example): it is held to the goals now."""
    asked = _blind_set(THIRD_BLIND, 132)
    result = evaluate(asked_set=asked)
    print(f"third blind set: {result.line()}")
    misses = "\n".join(result.misses)
    assert result.first / result.asked >= 0.85, misses
    assert result.top3 / result.asked >= 0.95, misses
    assert result.silent == result.off_topic, misses


@pytest.mark.parametrize(
    ("question", "lang", "key"),
    [
        ("kolik stoji cervena trojka", "cs", "red-threes.bonus"),
        ("Kolik stojí červená trojka?", "cs", "red-threes.bonus"),
        ("czy mozna wziac stos gdy jest zamrozony", "pl", "pile.frozen"),
        ("Darf ich ohne Canasta ausmachen?", "de", "going-out.canastas"),
    ],
)
def test_a_question_without_diacritics_finds_what_it_finds_with_them(question, lang, key):
    assert answers(PRESETS["classic"], question, lang)[0].key == key


def test_a_match_total_in_the_question_gives_the_minimum_for_it():
    found = answers(PRESETS["classic"], "when we have 2600 how much do we need to open", "en")
    assert found[0].key == "opening.minimum"
    assert found[0].figure is not None
    assert found[0].figure.params == {"score": 2600, "minimum": 90}
    negative = answers(PRESETS["classic"], "opening minimum at -200?", "en")[0]
    assert negative.figure is not None
    assert negative.figure.params["minimum"] == 15
    # Where the minimum goes by the hand (hand and foot), the number is the hand's.
    by_hand = answers(PRESETS["hand-and-foot"], "minimum for the first meld in hand 3", "en")
    opening = next(a for a in by_hand if a.key == "opening.minimum")
    assert opening.figure is not None
    assert opening.figure.params["minimum"] == PRESETS["hand-and-foot"].opening_by_round[2]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("2600", [2600]),
        ("we have 2 600 or 2.600 or 2,600", [2600, 2600, 2600]),
        ("-200 and minus 50", [-200, -50]),
        ("3h and 10", [10]),
        ("none", []),
    ],
)
def test_numbers_of_a_question(text, found):
    assert numbers(text) == found


def test_words_are_folded():
    assert fold("Žolík, Großer, zamrożony, łza") == "zolik, grosser, zamrozony, lza"


def test_every_glossary_entry_says_where_its_words_come_from():
    for entry in GLOSSARY:
        assert entry.source, entry.concept
        assert entry.terms or entry.keys, entry.concept
        assert set(entry.terms) <= set(LANGUAGES), entry.concept


def test_a_house_rule_answers_with_the_tables_value():
    base = PRESETS["classic"]
    table = apply_overrides(base, {"going_out_bonus": 200})
    found = answers(table, "how much do you get for going out", "en")
    assert found[0].key == "going-out.bonus"
    assert found[0].rule.house is not None
    text = answers_json(table, "how much do you get for going out", "en")["answers"][0]["text"]
    assert "200" in text
    assert "House rule" in text
    # The table's own opening table answers a match total.
    table = apply_overrides(base, {"opening_table": [[0, 60], [1500, 100], [3000, 130]]})
    opening = answers(table, "when we have 2600 how much to open", "en")[0]
    assert opening.figure is not None
    assert opening.figure.params["minimum"] == 100


@pytest.mark.slow
def test_the_built_indexes_are_current():
    """referee/ask/built/, built at set-up from the sources (python -m referee.prebuild),
    holds what the code builds now, and a preset's index is read from it."""
    from referee.ask.design import DESIGN
    from referee.ask.example_questions import examples_database
    from referee.ask.index import Index, rules_database
    from referee.ask.prebuilt import BUILT, rules_digest
    from referee.ask.tokens import Tokens, built_phrases

    assert built_phrases() == Tokens(DESIGN, built=False).phrases
    # the examples' database is the one the code builds now, not a rebuilt stand-in
    assert examples_database(DESIGN) == (BUILT / "examples.sqlite").read_bytes()
    assert examples_database(DESIGN, built=False) == (BUILT / "examples.sqlite").read_bytes()
    for variant in PRESETS.values():
        made = Index(variant, built=False).rows
        assert Index(variant).rows == made, variant.id
        # ... and their FTS5 table as built is the one those rows make
        assert (BUILT / f"{variant.id}.sqlite").read_bytes() == rules_database(
            made, rules_digest(variant)
        ), variant.id
    # A table's house rules are not in the files: built from the code, its words found.
    table = apply_overrides(PRESETS["classic"], {"going_out_bonus": 200})
    assert Index(table).rows == Index(table, built=False).rows
    # the situation's words, read from their JSON, are the TOML's
    from referee.ask import situation

    assert situation._data() == situation._parse()
    # ... and the first words of each moment's phrases, in each language
    for lang in LANGUAGES:
        assert situation._built_firsts(lang) == {
            moment: situation._firsts(moment, lang) for moment in situation._data()["moments"]
        }, lang
    assert json.loads(situation.BUILT.read_text(encoding="utf-8"))["digest"] == (
        situation._digest()
    )
    # ... and so are the asking sentence's phrases, read by a cold ask from theirs
    from referee.ask import asking, parsed

    assert parsed.is_current(asking.PHRASES)
    assert parsed.load(asking.PHRASES) == parsed.parse(asking.PHRASES)


@pytest.mark.parametrize("built", [None, b"not a database", "another digest"])
def test_a_stale_or_missing_built_rules_table_is_filled_from_the_rows(built, tmp_path, monkeypatch):
    """A preset's rules table (built/PRESET.sqlite) missing, unreadable or built from other
    sources is not read: the index fills its table from the rows and answers the same."""
    from referee.ask import index as index_module
    from referee.ask.index import Index, rules_database

    variant = PRESETS["czech"]
    question = ("kolik stoji cervena trojka, kdyz mame 2600", "cs")
    answered = Index(variant).find(*question)
    monkeypatch.setattr(index_module, "BUILT", tmp_path)
    if isinstance(built, bytes):
        (tmp_path / "czech.sqlite").write_bytes(built)
    elif built is not None:
        (tmp_path / "czech.sqlite").write_bytes(rules_database([], built))
    index = Index(variant)
    assert index.find(*question) == answered
    (count,) = index._db.execute("SELECT count(*) FROM rules").fetchone()
    assert count == len(index.rows) == len(variant.rules)


@pytest.mark.parametrize("content", ["", '{"digest": "other", "content": {}}', "[]"])
def test_stale_or_missing_first_words_are_split_from_the_phrases(content, tmp_path, monkeypatch):
    """A language's moments' first words (built/situation-firsts-LANG.json) missing,
    unreadable or built from other words are not read: the phrases are split, and the same
    moments are named."""
    from referee.ask import situation

    question = "My partner discarded a joker, can I pick up the pile? We have 2600."
    read = situation.read_situation(question, "en").moments
    firsts = {m: situation._first_words(m, "en") for m in situation._data()["moments"]}
    monkeypatch.setattr(situation, "BUILT", tmp_path / "situation.json")
    if content:
        (tmp_path / "situation-firsts-en.json").write_text(content, encoding="utf-8")
    for cached in (situation._built_firsts, situation._first_words):
        monkeypatch.setattr(cached, "cache", type(cached.cache)(cached.cache.maxsize))
    assert situation._built_firsts("en") is None
    assert {m: situation._first_words(m, "en") for m in firsts} == firsts
    assert situation.read_situation(question, "en").moments == read


def test_a_stale_or_missing_parsed_file_is_ignored_for_the_toml(tmp_path):
    """A TOML changed after its JSON was built is read as it is now, never as the JSON says."""
    from referee.ask import parsed

    source = tmp_path / "words.toml"
    source.write_text('phrase = ["isn\'t it"]\n', encoding="utf-8")
    (tmp_path / "built").mkdir()
    assert parsed.load(source) == {"phrase": ["isn't it"]}  # no JSON yet
    parsed.write(source)
    assert parsed.is_current(source)
    assert parsed.load(source) == {"phrase": ["isn't it"]}
    source.write_text('phrase = ["how could you"]\n', encoding="utf-8")
    assert not parsed.is_current(source)
    assert parsed.load(source) == {"phrase": ["how could you"]}


def test_the_index_is_built_once_and_the_cache_is_bounded(monkeypatch):
    from referee.ask import engine
    from referee.caches import Lru

    assert index_for(PRESETS["german"]) is index_for(PRESETS["german"])
    # The kept indexes' bound, made small (each index of house rules is built from the
    # code: some 100 ms): the oldest is dropped, the newest kept.
    monkeypatch.setattr(engine, "_INDEXES", Lru(3))
    tables = [apply_overrides(PRESETS["classic"], {"going_out_bonus": 300 + n}) for n in range(5)]
    made = [index_for(table) for table in tables]
    assert len(engine._INDEXES.cache) == 3
    assert index_for(tables[-1]) is made[-1]
    assert index_for(tables[0]) is not made[0]


@pytest.mark.parametrize(
    ("question", "lang"), [("", "en"), ("   ", "en"), ("x" * (MAX_QUESTION + 1), "en"), ("a", "fr")]
)
def test_a_bad_question_is_refused(question, lang):
    with pytest.raises(BadQuestion):
        answers(PRESETS["classic"], question, lang)


# -- referee ask ------------------------------------------------------------------------------


def test_referee_ask_json():
    code, out, err = run(["ask", "kolik stoji cervena trojka", "--variant", "czech", "--lang", "cs",
                          "--json"])  # fmt: skip
    assert code == 0, err
    data = json.loads(out)
    assert data["variant"] == "czech"
    assert data["lang"] == "cs"
    assert data["question"] == "kolik stoji cervena trojka"
    best = data["answers"][0]
    assert best["rule"] == "czech.red-threes.bonus"
    assert set(best) >= {"rule", "text", "quote", "source", "score"}
    assert best["url"] == "/rules/czech#rule-red-threes.bonus"
    assert len(data["answers"]) <= 3
    assert [a["score"] for a in data["answers"]] == sorted(
        (a["score"] for a in data["answers"]), reverse=True
    )


def test_referee_ask_in_words_and_with_nothing_to_answer():
    code, out, _err = run(["ask", "when we have 2600 how much to open", "--variant", "classic"])
    assert code == 0
    ruling, best = out.splitlines()[:2]  # the ruling first, then the rules
    assert ruling == "With a match total of 2600, a side's first meld needs at least 90 points."
    assert best.startswith("1. A side's first meld must reach a minimum")
    assert "/rules/classic#rule-opening.minimum" in out
    code, out, _err = run(["ask", "what's the weather tomorrow", "--variant", "classic"])
    assert code == 0
    assert out == "No rule of this book answers that. All the rules: /rules/classic\n"
    code, out, _err = run(["ask", "recipe for pancakes", "--variant", "classic", "--json"])
    assert json.loads(out)["answers"] == []


@pytest.mark.parametrize(
    "args",
    [
        ["ask", "", "--variant", "classic"],
        ["ask", "x" * (MAX_QUESTION + 1), "--variant", "classic"],
        ["ask", "red three", "--variant", "nope"],
        ["ask", "red three", "--variant", "classic", "--lang", "fr"],
        ["ask", "red three"],
        ["ask", "red three", "--variant", "dutch", "--options", '{"nope": true}'],
        ["ask", "red three", "--variant", "dutch", "--options", '{"acabar": 1}'],
        ["ask", "red three", "--variant", "dutch", "--options", "acabar"],
        ["ask", "red three", "--variant", "dutch", "--options", '["acabar"]'],
    ],
)
def test_referee_ask_refuses_bad_input(args):
    assert_refused(*run(args))


ACABAR_ASKED = "the other side called acabar, what do we get?"


def test_referee_ask_takes_the_table_s_house_rules():
    """``--options``, as ``score``'s "options": a hand ended by acabar is ruled only at a table
    that plays it, with the figure ``referee score`` gives the side that did not call it."""
    code, out, err = run(["ask", ACABAR_ASKED, "--variant", "dutch", "--json"])
    assert code == 0, err
    assert json.loads(out)["ruling"] is None
    options = '{"acabar": true}'
    code, out, err = run(
        ["ask", ACABAR_ASKED, "--variant", "dutch", "--options", options, "--json"]
    )
    assert code == 0, err
    ruling = json.loads(out)["ruling"]
    hand = {
        "variant": "dutch",
        "options": {"acabar": True},
        "players": 4,
        "sides": [{"name": "us", "melds": []}, {"name": "them", "melds": [], "acabar": True}],
    }
    code, scored, err = run(["score"], stdin=json.dumps(hand))
    assert code == 0, err
    assert ruling["rules"] == ["scoring.acabar"]
    assert ruling["figure"] == json.loads(scored)["sides"][0]["breakdown"]["acabar"]


@pytest.mark.parametrize("collecting", [True, False])
def test_referee_ask_leaves_the_garbage_collector_as_it_found_it(collecting):
    """A cold ask pauses the collector while it answers (referee.cli.cmd_ask), and its process
    ends with its objects frozen; a program calling main() in its own process gets the
    collector back as it was, after an answer or a refusal, nothing of it frozen."""
    import gc

    was = gc.isenabled()
    frozen = gc.get_freeze_count()
    (gc.enable if collecting else gc.disable)()
    try:
        assert run(["ask", "red three", "--variant", "classic"])[0] == 0
        assert gc.isenabled() is collecting
        assert_refused(*run(["ask", "red three", "--variant", "nope"]))
        assert gc.isenabled() is collecting
        assert gc.get_freeze_count() == frozen
    finally:
        (gc.enable if was else gc.disable)()


@pytest.mark.slow  # seconds of work: the full run's, not --fast's
def test_the_fourth_blind_set_is_reported():
    """tests/ask_blind4.toml (132 questions, 24 off-topic), written blind with harder
    off-topic questions; measured first as a judge (81.5 % first, 96.3 % in three, 18 of
    24 off-topic silent), then tuned on for the off-topic words only.  Held to the goals
    it reaches; the rest printed (``pytest -s``)."""
    asked = _blind_set(FOURTH_BLIND, 132)
    result = evaluate(asked_set=asked)
    print(f"fourth blind set: {result.line()}")
    assert result.top3 / result.asked >= 0.95, "\n".join(result.misses)


@pytest.mark.slow
def test_the_later_blind_sets_together_reach_the_ranking_goals():
    """tests/ask_blind5.toml to ask_blind8.toml (150, 150, 150 and 180 questions; 126
    off-topic in all), each written blind after the examples it was first measured against,
    their rule questions' misses never printed (the sixth's off-topic misses were looked
    at once).  Together they are the judge: held to the ranking goals; the off-topic
    figure is printed, as it is short of "every one silent" (docs/benchmarks.md)."""
    pooled = []
    for path, size in (
        (FIFTH_BLIND, 150),
        (SIXTH_BLIND, 150),
        (SEVENTH_BLIND, 150),
        (EIGHTH_BLIND, 180),
    ):
        asked = _blind_set(path, size)
        print(f"{path.name}: {evaluate(asked_set=asked).line()}")
        pooled += asked
    result = evaluate(asked_set=pooled)
    print(f"blind sets 5 to 8 together: {result.line()}")
    assert result.first / result.asked >= 0.85
    assert result.top3 / result.asked >= 0.95
    assert result.silent / result.off_topic >= 0.9


def test_an_index_asked_for_by_many_at_once_is_built_once(monkeypatch):
    """Issue 43: eight requests naming the same new house rules at once build its index
    once, and get the same one."""
    from concurrent.futures import ThreadPoolExecutor

    from referee.ask import engine

    built = []
    real = engine.Index

    def counting(*args, **kwargs):
        built.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(engine, "Index", counting)
    variant = apply_overrides(PRESETS["classic"], {"going_out_bonus": 777})
    with ThreadPoolExecutor(8) as pool:
        found = list(pool.map(lambda _i: index_for(variant), range(8)))
    assert len(built) == 1
    assert all(index is found[0] for index in found)
