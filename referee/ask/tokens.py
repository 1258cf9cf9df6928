"""Texts as the ask index's tokens: a text's words' forms, then the glossary's concepts it
names (each behind :data:`~.design.MARK`), under one :class:`~.design.Design`."""

from __future__ import annotations

from typing import Any

from ..i18n import LANGUAGES
from .design import AT, CLAIMS, DESIGN, GAME, MARK, Design
from .prebuilt import read_built, source_digest
from .words import flat, stems

__all__ = ["Phrases", "Tokens", "built_phrases"]

# language -> a phrase's first form -> [[the phrase as its words' forms, concept]], each
# word's forms a sorted list: the shape JSON keeps, so the built file is used as it is read
# (made into tuples of frozensets, its 2 500 phrases cost a cold ``referee ask`` 4 ms)
Phrases = dict[str, dict[str, list[list[Any]]]]


def built_phrases(digest: str | None = None) -> Phrases | None:
    """The glossary's phrases as built (``built/glossary.json``), if current (built from
    ``digest``, where the caller has :func:`~.prebuilt.source_digest`)."""
    content: Phrases | None = read_built("glossary", digest or source_digest())
    return content


class Tokens:
    """Turns texts into index tokens under one :class:`Design`."""

    def __init__(self, design: Design, *, built: bool = True, digest: str | None = None) -> None:
        self.design = design
        # language -> a phrase's first form -> [(the phrase as its words' forms, concept)]
        self.phrases: Phrases = {}
        if built and design == DESIGN:
            found = built_phrases(digest)
            if found is not None:
                self.phrases = found
                return
        from .glossary import GLOSSARY  # only to build: its module costs a start 4 ms

        for lang in LANGUAGES:
            starts: dict[str, list[list[Any]]] = {}
            for entry in GLOSSARY:
                for term in entry.terms.get(lang, ()):
                    phrase = [sorted(set(w)) for w in self.words(term, lang, stop=False)]
                    concept = entry.concept + (CLAIMS if entry.claims else "")
                    for form in phrase[0] if phrase else ():
                        found = starts.setdefault(form, [])
                        if [phrase, concept] not in found:  # the same words twice: once
                            found.append([phrase, concept])
            self.phrases[lang] = starts

    def words(self, text: str, lang: str, *, stop: bool = True) -> list[tuple[str, ...]]:
        return stems(text, lang, stem=self.design.stem, stop=stop, folded=self.design.fold)

    def document(self, text: str, lang: str) -> str:
        """``text`` as one searchable run of tokens: its words' forms, then its concepts."""
        concepts = self.concepts(self.words(text, lang, stop=False), lang)
        return " ".join(flat(self.words(text, lang)) + [MARK + c for c in sorted(concepts)])

    def concepts(
        self,
        words: list[tuple[str, ...]],
        lang: str,
        variant: str | None = None,
        claimed: set[int] | None = None,
    ) -> set[str]:
        """The glossary's concepts named by a run of ``words`` (each as its forms), as the
        tables of ``variant`` mean them: a players' word seen only there (``means@variant``)
        means its concept in place of what the same words mean elsewhere; seen only at other
        tables, nothing.  ``claimed``, if given, gets the positions of the words a phrase
        claims (:data:`~.design.CLAIMS`), which another language's words then name nothing at."""
        if not self.design.glossary:
            return set()
        starts = self.phrases[lang]
        matches = set()  # (start, end, concept)
        for i, forms in enumerate(words):
            for form in forms:
                for phrase, concept in starts.get(form, ()):
                    if len(phrase) <= len(words) - i and all(
                        any(f in words[i + j] for f in phrase[j]) for j in range(1, len(phrase))
                    ):
                        matches.add((i, i + len(phrase), concept))
        if any(concept.endswith(CLAIMS) for _s, _e, concept in matches):
            if claimed is not None:
                claimed.update(i for s, e, c in matches if c.endswith(CLAIMS) for i in range(s, e))
            matches = _claimed(matches)
            # the game's own name claims its word and names nothing: no rule is about it
            matches = {m for m in matches if m[2] != GAME}
        if any(AT in concept for _s, _e, concept in matches):
            matches = _at(matches, variant)
        if not self.design.longest:
            return {concept for _s, _e, concept in matches}
        return {
            concept
            for start, end, concept in matches
            if not any(s <= start and end <= e and e - s > end - start for s, e, _c in matches)
        }


def _claimed(matches: set[tuple[int, int, str]]) -> set[tuple[int, int, str]]:
    """``matches`` without those inside a longer phrase that claims its words, the claiming
    ones' concepts unmarked: "freezing the deck" names the pile frozen, not the pack."""
    claims = [(s, e) for s, e, c in matches if c.endswith(CLAIMS)]
    return {
        (s, e, c.removesuffix(CLAIMS))
        for s, e, c in matches
        if c.endswith(CLAIMS)
        or not any(cs <= s and e <= ce and ce - cs > e - s for cs, ce in claims)
    }


def _at(matches: set[tuple[int, int, str]], variant: str | None) -> set[tuple[int, int, str]]:
    """``matches`` as ``variant``'s tables read them: its own words' concepts in place of the
    others' at the same words, other variants' own words dropped."""
    own = f"{AT}{variant}"
    spans = {(s, e) for s, e, c in matches if variant is not None and c.endswith(own)}
    return {
        (s, e, c.split(AT)[0]) if AT in c else (s, e, c)
        for s, e, c in matches
        if (c.endswith(own) if AT in c else (s, e) not in spans) and (variant or AT not in c)
    }
