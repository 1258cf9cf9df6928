"""What the ask index does to words and how it ranks: the design, its marks and a hit.

:data:`DESIGN` is the design kept; the evaluation (``tests/ask_eval.py``,
docs/benchmarks.md) compares others against it, each an index of its own.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = [
    "AT",
    "CLAIMS",
    "DESIGN",
    "GAME",
    "GENERIC",
    "LONG_POST",
    "MARK",
    "NAME",
    "OFF",
    "OTHER_TABLE",
    "PASSING",
    "PROCEDURES",
    "VERDICT_ONLY",
    "SCORE",
    "Design",
    "Hit",
]

MARK = "zz"  # a glossary token is its concept behind this: "zzwild" (no rule's word)
# a players' word seen at some variants' tables only is the concept "means@variant" until the
# index of that variant reads it (players_words.toml, tokens.Tokens.concepts)
AT = "@"
# a phrase whose entry claims its words (``Entry.claims``) is its concept behind this mark: the
# shorter phrases inside it name nothing ("freezing the deck" is the pile frozen, no pack of
# cards; "in canasta" is the game, no meld of seven) (tokens.Tokens.concepts)
CLAIMS = "!"
SCORE = "score"  # the concept of a match total in a question (a number to look up)
# Concepts a question off the game names as easily as one about it ("how much", "only"):
# they rank rules, but do not on their own make a question one the rules answer.
GENERIC = frozenset({"value", "alone", "bonus", "cards"})
# The game's own name: "canasta" is also a meld of seven, but a question naming only it (and
# cards) asks about the game, not a rule ("who invented canasta", "where to buy canasta
# cards"); with another concept ("how many points for a canasta") it is a rule question.
NAME = "canasta"
# the game's own name in a phrase that can only mean the game ("in canasta", "play canasta",
# "beim Canasta"): it claims the word, which then names no meld, and names nothing itself
# (glossary "game"; tokens.Tokens.concepts)
GAME = "game"
# the meld of seven named as a thing of the table, never the game: "a canasta", "canastas", "a
# book".  A question naming the game's name only so ("what is a canasta?", "how many cards in a
# canasta?") asks a rule, not about the game (Index._off_game; issue 44, eighth pass).  English
# only: elsewhere the article does not tell the meld from the game ("jugar a la canasta").
MELD_NAMED: dict[str, tuple[str, ...]] = {
    "en": (
        "a canasta",
        "the canasta",
        "one canasta",
        "each canasta",
        "canastas",
        "a book",
        "books",
    ),
}
OFF = "offgame"  # the glossary's words of shopping, apps, the game's history
# another game's table, by its own terms (poker's pot and flop, bridge's notrump, a casino): a
# post using them anywhere, even in its story, is not about this rulebook; the name of another
# game (OFF) in a story may be a comparison ("a run, as in rummikub")
OTHER_TABLE = "othergame"
# The table's procedures (the glossary's PROCEDURE_ENTRIES, and the cut): most rulebooks leave
# them to the players.  A question about one, at a table none of whose rules is about it, is
# one this rulebook does not decide (Index.find); where the book has the rule, it answers.
PROCEDURES = frozenset(
    {
        "misdeal",
        "exposed",
        "outofturn",
        "tabletalk",
        "time",
        "cheating",
        "shuffle",
        "scoreerror",
        "leaves",
        "takeback",
        "cut",
        "cardbacks",
        "discardback",
        "misdraw",
        "baddeck",
    }
)
# Rules that name one of the table's procedures only as the moment of something else: they do
# not decide it, so the catalogue does not cover it for them (Index.covered).  The American
# turn card is found "when the stock is cut" (pagat-american / honors-house §1): who cuts,
# whether one may refuse, the book leaves open (issue 44, sixth pass).
PASSING: dict[str, frozenset[str]] = {"play.turn-card": frozenset({"cut"})}
# What a post's question sentence may name and still ask only for a verdict on the act its
# story told ("Is there a penalty for that?", "Allowed?"): a penalty, the people at the table,
# the generic concepts.  Where another of its asking sentences names a procedure the book
# leaves open ("Is table talk allowed? ... Is there a penalty for that?"), the post is the
# book's gap, not a question of the penalty rule (issue 44, sixth pass).
VERDICT_ONLY = frozenset({"penalty", "partner", "opponents", "players", "game"})


LONG_POST = 25  # words: a post longer than this is a story and a question (Design.story)


class Design(NamedTuple):
    """What the index does to words; the evaluation in docs/benchmarks.md compares them."""

    stem: bool = True
    fold: bool = True
    glossary: bool = True
    # statements, key words and group title, the glossary's concepts in the statements,
    # the concepts the rule's key names
    weights: tuple[float, float, float, float] = (1.0, 2.0, 0.5, 4.0)
    share: float = 1.0  # times about's weight, for the share of the key's concepts named
    threshold: float = 4.0  # below this best score, no rule of the book answers
    any_language: bool = True  # the glossary's words of every language, not the page's only
    # in another language than the page's, a word shorter than this names no concept
    # (Spanish "meta" is Dutch "met" stemmed)
    other_min: int = 5
    # the best rule must share a concept with the question, one not merely "how much" or
    # "only": else no rule answers (a ticket's price, the weather)
    need_concept: bool = True
    # the game's name alone (with "cards" at most) does not make a rule question
    name_alone: bool = True
    # a question sharing one concept with the best rule, most of whose words no rule nor the
    # glossary knows ("a que hora sale el autobus": "sale" is going out), gets nothing: the
    # share of unknown words above which it is off the game (1.0: never)
    unknown_share: float = 0.5
    # a question naming the glossary's words off the game (buying, an app) gets nothing
    off_words: bool = True
    # the weight of the questions players ask each rule (:data:`EXAMPLES`): a rule adds
    # this times the BM25 score of its example closest to the question (0: not used)
    examples: float = 1.5
    # a question this close to one of the best rule's examples (BM25) is a rule question,
    # even naming no concept of the glossary ("met hoeveel mensen kun je spelen")
    example_sure: float = 20.0
    # a question closer to one of the questions no rule answers (the examples' "off") than
    # this times its closeness to the best rule's closest example gets nothing (inf: never)
    off_factor: float = 1.15
    # a rule's closeness to the question: its closest example, plus this times its second
    second: float = 0.3
    # a question closer to the questions no rulebook decides (the examples' "gap") than this
    # times its closeness to the best rule's closest example: "this rulebook does not say"
    gap_factor: float = 1.15
    # a glossary phrase inside a longer one names no concept of its own ("draw pile" the
    # stock only): tried on the real set, it lost more than it found (docs/benchmarks.md)
    longest: bool = False
    # a post longer than :data:`LONG_POST` words with a sentence that asks is searched by
    # that sentence, plus this times the score of the whole post (its cards and scores left
    # out: a list of cards named every wild-card rule); 0: the whole post alone, as before
    # (docs/benchmarks.md, "Long posts")
    story: float = 0.5
    # the second rule scoring at least this share of the first's is offered as "Or did you
    # mean ..." (docs/benchmarks.md: at 0.9, 35 of 214 questions, 7 of them right where the
    # first was not)
    runner_up: float = 0.9
    # a question naming one of the table's procedures (:data:`PROCEDURES`) that no rule of the
    # variant's catalogue is about (its key's concepts or its statement's) is one the book does
    # not decide: "This rulebook does not say", the nearest rules shown as such (issue 44)
    procedures: bool = True
    # ... and only where the question also names one of the game's things besides the
    # procedure (the pile, a partner, the deal, a turn, ...), not only cards: tried, off (the
    # real dev half lost a gap, the whole set two, for one letter about cheating kept quiet)
    procedure_game: bool = False
    # ... unless the question is closer than this times to the questions no rule answers (the
    # examples' "off": a letter about a relative who cheats) than to those no rulebook decides
    # (the examples' "gap": a card exposed in the deal); inf: never
    procedure_off: float = float("inf")
    # a post whose asking sentence asks about people, feelings, manners or morals ("isn't it?",
    # "how could you", asking.toml) and, its frame taken away, names no rule, or a long post
    # asking nothing that tells its writer's feelings, gets no rule (issue 44, fifth pass)
    people: bool = True
    # a post that asks nothing (no question mark, no sentence nor clause opening with a
    # question word, no phrase asking without one, no rule named in dispute: a story, an
    # introduction, a boast) has no question to rule on: no rule, unless it tells of a
    # procedure the book leaves open (issue 44, sixth pass; asking.asks_nothing)
    quiet: bool = True
    # a post whose asking sentence asks how best to play in a rule question's words ("what's
    # the best way to", "do you always", "is it worth") and not what one must or may do, nor
    # what a thing counts, is a matter of play (issue 44, sixth pass; asking.asks_play)
    play_frames: bool = True
    # a question whose best rule scores under this per token it was searched by, and which is
    # at least as close to the questions no rule answers (the examples' "off") as to the best
    # rule's closest example, gets nothing: a weak match nearer the off-topic questions than
    # the rule's own (issue 44, docs/benchmarks.md "Staying silent: a measured gate"); 0: never.
    # Tried at 8.5, off: on the sets never tuned on it quieted 3 off-topic posts and silenced 2
    # rule questions it had answered right
    weak_per_token: float = 0.0


DESIGN = Design()


class Hit(NamedTuple):
    key: str
    score: float
