"""The published rulebooks the presets without a seed text cite, by the id a rule's
``source`` starts with ("pagat-samba §Scoring").

A seed's id is its file name (``000_….txt``); these are the other books: a card maker's
official rules, a standard games reference.  Each has its title and where to read it.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["BOOKS", "Book", "book_of", "seed_text"]


class Book(NamedTuple):
    id: str
    title: str
    url: str
    language: str = "en"


BOOKS: dict[str, Book] = {
    book.id: book
    for book in (
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
