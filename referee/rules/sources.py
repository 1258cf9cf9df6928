"""The rulebooks the presets cite, by the id a rule's ``source`` starts with
("000_09093ec587c4cd5a.txt §3", "pagat-samba §Scoring"), and their titles for a person.

A seed's id is its file name (``000_….txt``, the texts in ../shared/seeds); the others are
published books: a card maker's official rules, a standard games reference.  Pages, sheets
and rulings show a book's title and section, never the id; JSON keeps the id as ``source``
for programs, with ``source_title`` beside it.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["BOOKS", "Book", "book_of", "seed_text", "source_language", "source_title"]


class Book(NamedTuple):
    id: str
    title: str
    url: str
    language: str = "en"


BOOKS: dict[str, Book] = {
    book.id: book
    for book in (
        # The seed texts: each one's own heading, with what it is for a reader elsewhere.
        Book("000_09093ec587c4cd5a.txt", "Canasta, česká pravidla hry", "", "cs"),
        Book("001_680538e4d6b26737.txt", "Canasta, Reglamento de juego", "", "es"),
        Book("002_33025d4827e4c068.txt", "Canasta Regeln für Anfänger", "", "de"),
        Book(
            "003_03884858e0794d50.txt", "Jak grać w Kanastę – zasady gry (Kanasta online)", "", "pl"
        ),
        Book("004_329166eab24d8248.txt", "Canasta, Wikipedia (Nederlands)", "", "nl"),
        Book(
            "bicycle-samba",
            "Bicycle, Official Game Rules: Samba",
            "http://www.bicyclecards.ca/game-rules/samba/169.php",
        ),
        Book(
            "bicycle-bolivia",
            "Bicycle, Official Game Rules: Bolivia",
            "http://www.bicyclecards.ca/game-rules/bolivia/48.php",
        ),
        Book(
            "pagat-samba",
            "John McLeod, pagat.com: Samba",
            "https://www.pagat.com/rummy/samba.html",
        ),
        Book(
            "scarne-bolivia",
            "John Scarne, Scarne's Encyclopedia of Card Games: Bolivian Canasta",
            "https://archive.org/details/scarnesencyclope00scar",
        ),
        Book(
            "cla-laws",
            "Canasta League of America: Official Rules of Modern American Canasta",
            "https://canastaleague.org/rules/",
        ),
        Book(
            "pagat-american",
            "John McLeod, pagat.com: Canasta, Modern American Canasta",
            "https://www.pagat.com/rummy/canasta.html#american",
        ),
        Book(
            "honors-house",
            "Honors Bridge Club: Honors Canasta House Rules (Modern American Canasta)",
            "http://www.honorsbridgeclub.org/canastahouserules.html",
        ),
        Book(
            "wca-club",
            "WCA: Official WCA Canasta Rules, October 17, 2018 (a club's Modern American rules)",
            "https://docslib.org/doc/6048163/official-wca-canasta-rules-october-17-2018",
        ),
        Book(
            "nvso-senior",
            "Northern Virginia Senior Olympics: Canasta (the American Canasta Society's rules, "
            "with the event's exceptions)",
            "https://nvso.us/events/canasta/",
        ),
        Book(
            "wikipedia-american",
            "Wikipedia: Canasta, US American Canasta",
            "https://en.wikipedia.org/wiki/Canasta#US_American_Canasta",
        ),
        Book(
            "canastajunction",
            "Canasta Junction (an online Modern American Canasta room): Help Center, Gameplay "
            "Rules, and its blog",
            "https://help.canastajunction.com/hc/en-us/categories/35269031876887-Gameplay-Rules",
        ),
        Book(
            "pagat-hand-foot",
            "John McLeod, pagat.com: Hand and Foot",
            "https://www.pagat.com/rummy/handfoot.html",
        ),
        Book(
            "bga-hand-foot",
            "Board Game Arena, game help: Hand and Foot",
            "https://en.doc.boardgamearena.com/Gamehelphandandfoot",
        ),
    )
}


def book_of(source: str) -> Book | None:
    """The published book a rule's ``source`` names, or None (a seed text, a house rule)."""
    return BOOKS.get(source.split(" ", 1)[0])


def seed_text(seed: str) -> str:
    """Where a preset's rules come from, for a person: a seed's file as it is, the published
    books by their titles ("Bicycle, Official Game Rules: Samba; John McLeod, …")."""
    parts = [part.strip() for part in seed.split(",")]
    return "; ".join(book.title if (book := book_of(part)) else part for part in parts)


def source_title(source: str) -> str:
    """A rule's source as a person reads it: "Canasta Regeln für Anfänger, §Abrechnung";
    several ("004_… §X; 002_… §Y") each so.  A part naming no known book (a house rule)
    is given back as it is."""
    titled = []
    for part in source.split("; "):
        book = book_of(part)
        section = part.partition(" ")[2]
        if book is None:
            titled.append(part)
        else:
            titled.append(f"{book.title}, {section}" if section else book.title)
    return "; ".join(titled)


def source_language(source: str) -> str | None:
    """The language a rule's ``source`` (or a preset's seed) is written in, where every book it
    names shares one: a title, a section and a quote carry it as their ``lang``.  None for a
    house rule or books in different languages."""
    # A source lists its parts with "; ", a seed its books with ", " (a section may hold commas).
    parts = [p.strip() for p in source.split(";") for p in (p.split(",") if "§" not in p else [p])]
    found = {book.language if (book := book_of(part)) else None for part in parts}
    return found.pop() if len(found) == 1 else None
