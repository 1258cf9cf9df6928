"""The translation catalogues: complete, not fuzzy, placeholders kept, compiled, up to date.

Run ``scripts/i18n.sh`` after changing user-facing text; these tests say what is missing.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from referee.i18n import LANGUAGES, TRANSLATIONS
from tests.support.untranslated import SHARED_PHRASES, SHARED_WORDS, WORD

ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def _text(context: str | bytes | None) -> str | None:
    # Babel reads a compiled catalogue's message contexts back as bytes.
    return context.decode() if isinstance(context, bytes) else context


def catalogue(lang: str):
    with open(TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po", "rb") as handle:
        return read_po(handle, locale=lang)


def messages(lang: str):
    return [m for m in catalogue(lang) if m.id]


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_message_is_translated_and_none_is_fuzzy(lang):
    missing = [m.id for m in messages(lang) if not m.string]
    fuzzy = [m.id for m in messages(lang) if m.fuzzy]
    assert missing == [], f"{lang}: {len(missing)} untranslated, e.g. {missing[:3]}"
    assert fuzzy == [], f"{lang}: fuzzy {fuzzy[:3]}"


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_translations_keep_every_placeholder(lang):
    def forms(text: str | tuple[str, ...] | None) -> tuple[str, ...]:
        # A plural message has a tuple of forms (msgid, msgid_plural; msgstr[0], [1], ...).
        return text if isinstance(text, tuple) else (text or "",)

    broken = [
        (m.id, m.string)
        for m in messages(lang)
        for wanted in [set().union(*(PLACEHOLDER.findall(f) for f in forms(m.id)))]
        if any(set(PLACEHOLDER.findall(f)) != wanted for f in forms(m.string))
    ]
    assert broken == []


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_compiled_catalogue_matches_its_source(lang):
    with open(TRANSLATIONS / lang / "LC_MESSAGES" / "messages.mo", "rb") as handle:
        # a plural message's forms come back from the compiled catalogue as a list
        compiled = {
            (_text(m.context), tuple(m.id) if isinstance(m.id, list) else m.id): (
                tuple(m.string) if isinstance(m.string, list) else m.string
            )
            for m in read_mo(handle)
            if m.id
        }
    source = {(m.context, m.id): m.string for m in messages(lang)}
    assert compiled == source, f"run scripts/i18n.sh compile ({lang})"


@pytest.mark.slow  # seconds of work: the full run's, not --fast's
def test_every_marked_string_of_the_code_is_in_the_catalogues(tmp_path):
    pot = tmp_path / "messages.pot"
    subprocess.run(
        [Path(sys.executable).parent / "pybabel", "extract", "-F", "scripts/babel.cfg",
         "--no-location",
         "-k", "_l", "-k", "N_", "-k", "pgettext:1c,2", "-k", "rule:2", "-k", "Option:2",
         "-o", str(pot), "."],
        cwd=ROOT, check=True, capture_output=True,
    )  # fmt: skip
    with open(pot, "rb") as handle:
        wanted = {(m.context, m.id) for m in read_po(handle) if m.id}
    for lang in LANGUAGES:
        have = {(m.context, m.id) for m in messages(lang)}
        assert wanted - have == set(), f"{lang} lacks new text: run scripts/i18n.sh"


def _text_outside_gettext(template: str) -> list[str]:
    text = re.sub(r"{#.*?#}", " ", template, flags=re.S)
    text = re.sub(r"{%.*?%}|{{.*?}}", " ", text, flags=re.S)
    text = re.sub(r"<(style|script)\b.*?</\1>", " ", text, flags=re.S)
    text = re.sub(r"<!--.*?-->|<[^>]*>", " ", text, flags=re.S)
    text = re.sub(r"[\w-]+=\"", " ", text)  # attribute text of a tag split by a Jinja block
    return re.findall(r"[^\W\d_]{2,}", text)


TEMPLATES = ROOT / "templates"


@pytest.mark.parametrize("template", sorted(p.relative_to(ROOT) for p in TEMPLATES.rglob("*.html")))
def test_templates_have_no_text_outside_gettext(template):
    assert _text_outside_gettext((ROOT / template).read_text(encoding="utf-8")) == []


def test_the_template_check_finds_bare_text():
    assert _text_outside_gettext("<p>{{ _('Fine') }} Not fine</p>") == ["Not", "fine"]


def english_left_in(lang: str, english: str, translated: str) -> set[str]:
    """The words of ``english`` that ``translated`` still carries and ``lang`` does not share."""
    for phrase in SHARED_PHRASES:
        whole = re.compile(r"(?<!\w)" + re.escape(phrase) + r"(?!\w)")
        english, translated = whole.sub(" ", english), whole.sub(" ", translated)
    english, translated = PLACEHOLDER.sub(" ", english), PLACEHOLDER.sub(" ", translated)
    shared = SHARED_WORDS["*"] | SHARED_WORDS.get(lang, set())
    theirs = {w.lower() for w in WORD.findall(translated)}
    return {w for w in WORD.findall(english) if len(w) > 2 or w.isupper()} & {
        w for w in WORD.findall(translated) if w.lower() in theirs and w.lower() not in shared
    }


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_no_message_is_left_in_english(lang):
    left = {
        m.id: sorted(words)
        for m in messages(lang)
        for english, translated in zip(
            m.id if isinstance(m.id, tuple) else (m.id,),
            m.string if isinstance(m.string, tuple) else (m.string,),
            strict=False,  # Czech and Polish have a third plural form, which this leaves unchecked
        )
        if (words := english_left_in(lang, english, translated))
    }
    assert left == {}, f"{lang}: English left in {len(left)} messages: {left}"


def test_the_english_check_finds_what_was_left():
    assert english_left_in("cs", "Classic (Laws of Canasta)", "Klasická (Laws of Canasta)") == {
        "Laws"
    }
    assert english_left_in("es", "Joker, 50 each", "Joker, 50 cada una") == {"Joker"}
    assert english_left_in("de", "Joker, 50 each", "Joker, je 50") == set()


# A match is one thing, called one word in each language (issue 48: Czech pages said "Partie 1"
# and "Zápas na televizi"): the words a translation of "match" must not use.
NOT_A_MATCH = {"cs": re.compile(r"\bzápas", re.I), "pl": re.compile(r"\bmecz", re.I)}
MATCH = re.compile(r"\bmatch(es)?\b", re.I)


@pytest.mark.parametrize("lang", sorted(NOT_A_MATCH))
def test_a_match_is_called_by_one_word(lang):
    other = [
        (m.id, m.string)
        for m in messages(lang)
        if isinstance(m.id, str) and MATCH.search(m.id) and NOT_A_MATCH[lang].search(m.string)
    ]
    assert other == []
