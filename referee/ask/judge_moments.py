"""Rulings on six moments of a hand the American tables ask about (issue 44): a second meld of
a rank, the pile's cards toward the opening, asking the partner before going out, a special
hand once the side has melded, a card with no meld to join (an eighth on a canasta), the pile
on the first turn or past the turn card.

Each is the ruling of :mod:`referee.rules.moment_rulings` on the cards and moments
:mod:`.situation` read; where that core function finds the variant's book silent (it returns
None), the answer is "This rulebook does not say", never a guess.  The words say which
question is asked and of which cards, the core decides it.  A ruling links to the referee's
form that asks the same where one exists (an eighth card: the meld form; a dead rank: the dead
rank form; a special hand: its own form); the others' rule leads the answers, with its link to
the rules page.
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules import Card, Meld, Rank, Variant, format_cards
from ..rules.moment_rulings import (
    KINDS_ASKED,
    check_canasta_kind_needed,
    check_card_added,
    check_concealed_going_out,
    check_last_discard,
    check_meld_every_card,
    check_opponents_meld,
    check_partner_permission,
    check_pile_counts,
    check_pile_frozen,
    check_pile_turn,
    check_red_threes_toward_opening,
    check_second_meld,
    check_special_hand,
    wild_cards_allowed,
)
from ..rules.problems import N_, Text
from ..rules.rulings import Ruling as CoreRuling
from ..rules.rulings import check_meld, check_wild_card
from .judge import RULED, Ruling, Table, _asks_what, _joined
from .situation import MOMENT_QUESTIONS, Situation, opens_open, question_sentence, says_either
from .words import fold

__all__ = ["SILENT_RULING", "frozen_after_taking", "rule_on_moment"]

# The book does not decide it: the same words as the search's gap (referee.ask.SILENT)
SILENT_RULING = N_("This rulebook does not say.")


def _said(s: Situation, *moments: str) -> bool:
    """Whether the question asks about one of ``moments``: named in its asking sentence (a
    post's story names many a moment it does not ask about), or anywhere in a question of one
    sentence or one whose asking sentence names no moment ruled on ("The table said too
    late.")."""
    if s.asked is None or set(moments) & s.asked:
        return bool(set(moments) & s.moments)
    return bool(set(moments) & s.moments) and not s.asked & (RULED | _ASKED)


_ASKED = frozenset(MOMENT_QUESTIONS[:9])


def _rank(s: Situation) -> Rank | None:
    """The one natural rank (4 to A) the question names, in cards or alone; None for none or
    several."""
    cards = [c for g in s.groups for c in g] + list(s.singles)
    if s.top is not None:
        cards.append(s.top)
    ranks = {c.rank for c in cards if c.is_natural and c.rank is not Rank.THREE}
    ranks |= {r for r in s.ranks_named if r not in (Rank.TWO, Rank.JOKER, Rank.THREE)}
    return ranks.pop() if len(ranks) == 1 else None


def _ruled(core: CoreRuling | None, form: tuple[str, dict[str, str]] | None = None) -> Ruling:
    """The core's ruling as the ask engine gives it, its rule leading the answers; the book's
    silence (None) as "This rulebook does not say"."""
    if core is None:
        return Ruling(None, None, Text(SILENT_RULING), ())
    return Ruling(core.allowed, None, core.text, (core.rule,), form, lead=True)


# what a question of going out concealed asked of the game names, and nothing more
_CONCEALED_ONLY = frozenset({"concealed", "go_out", "not_value", "must"})


def _concealed(variant: Variant) -> Ruling:
    """May a player go out concealed (``check_concealed_going_out``)?  A No's rule leads the
    answers; a Yes leaves the rules as the search found them (no one rule decides it)."""
    ruled = _ruled(check_concealed_going_out(variant))
    return ruled._replace(lead=ruled.verdict is False)


def _red_threes_toward(variant: Variant) -> Ruling:
    """Do red threes count toward the first meld's minimum (``check_red_threes_toward_opening``)?
    "This rulebook does not say" where the book says nothing of it (a red three's worth is not
    the answer)."""
    return _ruled(check_red_threes_toward_opening(variant))


def _second_meld(variant: Variant, s: Situation) -> Ruling | None:
    """May the side start another meld of a rank it has ("two piles of 5s, one clean and one
    dirty"), or one whose canasta it closed (``check_second_meld``)?"""
    rank = _rank(s)
    if rank is None or "theirs" in s.moments:
        return None  # the other side's meld is no bar to one's own (a dead rank's question)
    most = variant.max_meld_cards
    closed = "dead" in s.moments and most is not None
    cards = (Card(rank),) * (most if closed and most else variant.min_meld_cards)
    core = check_second_meld(variant, rank=rank, melds=[Meld(cards)])
    form = None
    if closed and core.rule == "play.dead-rank":  # the dead rank form rules the same
        form = ("dead_rank", {"rank": rank.value, "action": "meld", "melds": format_cards(cards)})
    return _ruled(core, form)


def _pile_counts(variant: Variant, s: Situation) -> Ruling:
    """Do the pile's cards count toward the first meld's minimum (``check_pile_counts``):
    its top card where only that is asked about, else the top card and the rest alike."""
    if _said(s, "top_card") and not _said(s, "pile_rest"):
        return _ruled(check_pile_counts(variant, top=True))
    top, rest = check_pile_counts(variant, top=True), check_pile_counts(variant, top=False)
    if top.allowed is rest.allowed:
        return _ruled(rest)
    # the top card counts, the rest does not: no one verdict, both said
    return Ruling(None, None, _joined([top.text, rest.text]), (top.rule,), lead=True)


_WHY = frozenset("why proc warum por porque waarom dlaczego czemu".split())


def _why(s: Situation) -> bool:
    """Whether the question the post asks opens with "why" (in one of the six languages)."""
    if s.post is None:
        return False
    text, lang = s.post
    words = fold(question_sentence(text, lang)).split()
    return bool(words) and words[0].strip("¿\"'“”") in _WHY


def _after_no(s: Situation) -> bool:
    """Whether the question asks to go out after the partner, asked, said no -- on that turn:
    a later turn ("can I still go out next turn?") is another question, the book's answer
    binding the turn it is given."""
    return "partner_no" in s.moments and _said(s, "go_out") and "next_turn" not in s.moments


def _ask_partner(variant: Variant, s: Situation, table: Table | None) -> Ruling | None:
    """Must the player ask the partner before going out; does the answer bind
    (``check_partner_permission``)?"""
    if _said(s, "binding"):
        question = "binding"
    elif _after_no(s):
        question = "after_no"  # "my partner said no. Can I still go out?"
    elif _said(s, "must"):
        question = "must_ask"
    elif "skip_ask" in s.moments and _said(s, "go_out", "ask_partner") and not _why(s):
        # "can I go out without asking my partner?"; not "why didn't you ask your partner?",
        # which asks no yes or no
        question = "without_asking"
    else:
        return None
    players = table.players if table is not None else variant.default_players
    ruled = _ruled(check_partner_permission(variant, players=players, question=question))
    return ruled._replace(must=question in ("must_ask", "binding"))


def _special_hand(variant: Variant, s: Situation) -> Ruling | None:
    """May the player still go out with a special hand once the side has melded
    (``check_special_hand``)?  Ruled where the question says whether the side has melded."""
    if "partner_melded" in s.moments or s.opened is True or "opened_before" in s.moments:
        melded = True
    elif s.opened is False:
        melded = False
    else:
        return None
    right_after = "next_turn" in s.moments
    core = check_special_hand(variant, side_melded=melded, right_after_partner=right_after)
    ticked = {"side_melded": melded, "right_after_partner": right_after}
    return _ruled(core, ("special_hand", {name: "y" for name, on in ticked.items() if on}))


def _card_added(variant: Variant, s: Situation) -> Ruling | None:
    """An eighth card on a canasta, or a card of a rank the side has no meld of
    (``check_card_added``); the meld form rules the same on the meld it would make."""
    # "an 8th card on one of our canastas": any rank rules alike; a rank named in words first
    # ("a clean canasta of 5s ... once it has 7": the 7 is a count)
    named = {r for r in s.ranks_named if r not in (Rank.TWO, Rank.JOKER, Rank.THREE)}
    rank = (named.pop() if len(named) == 1 else None) or _rank(s) or Rank.KING
    card = Card(rank)
    if "eighth" in s.moments:
        most = variant.max_meld_cards
        # ... "theirs" as the question names it: a story's other side may only have said
        # something ("the other side said once its closed you cant keep piling on ... can
        # you keep adding natural cards to a canasta once it has 7?": seen in the fifth
        # American posts' dev half, issue 44)
        asked = s.focus if s.focus is not None else s
        if most is None or "theirs" in asked.moments:
            return None  # canastas grow on; or their canasta, which takes none of ours
        melds = [Meld((card,) * most)]
        shown = melds[0].cards + (card,)
        if _wild_asked(asked) and not named and _rank(s) is None:
            # a wild card added to a closed canasta ("Can you add a deuce to a closed clean
            # canasta?": seen in the twelfth American posts' dev half, issue 44): the wild
            # card's own ruling on that canasta
            wild = check_wild_card(variant, meld=melds[0], opening=False)
            return _ruled(wild, ("meld", {"cards": format_cards(shown[:-1]) + " 2"}))
    else:
        if _rank(s) is None:
            return None
        melds = []
        shown = (card,)
    core = check_card_added(variant, card=card, melds=melds, going_out="go_out" in s.moments)
    return _ruled(core, ("meld", {"cards": format_cards(shown)}))


def _wild_asked(s: Situation) -> bool:
    """Whether the cards a sentence names are wild cards alone ("add a deuce", "a joker")."""
    cards = [c for g in s.groups for c in g] + list(s.singles)
    return (bool(cards) or s.wilds_worded > 0) and all(c.is_wild for c in cards)


def _pile_turn(variant: Variant, s: Situation) -> Ruling | None:
    """May the pile be taken on the hand's first turn, or past the turn card
    (``check_pile_turn``)?"""
    if "first_turn" in s.moments:
        return _ruled(check_pile_turn(variant, first_turn=True))
    return _ruled(check_pile_turn(variant, past_turn_card=True))


_PILE = ("pickup", "took_pile", "the_pile")
# ... the words of taking it
_PILE_TAKEN = ("pickup", "taking", "took_pile")


def _taking_the_pile(s: Situation) -> bool:
    """Whether the question tells of taking the pile ("pick up the pile", "took the tray"), not
    of the pile alone ("the card turned up starts the discard pile")."""
    return bool({"pickup", "took_pile"} & s.moments) or {"the_pile", "taking"} <= s.moments


def _frozen_asked(s: Situation) -> bool:
    """Whether the question asks if the pile is frozen ("Is the pile frozen all the time in
    American?", "If I throw a deuce, is the pile frozen for everybody after that?"): its
    sentence names the pile frozen, as a state ("frozen", not "freeze": the act of freezing it
    is asked of the act), and asks whether, not what or when; not a black three's stopping the
    pile.  Of two ("frozen all the time or only after a wild?") the core's one
    answer says which."""
    if not s.frozen or "frozen_state" not in s.moments:
        return False  # the post's words first: the sentence's situation is read only if need be
    asked = s.focus if s.focus is not None else s
    if not (asked.frozen and "frozen_state" in asked.moments) or set(_PILE_TAKEN) & asked.moments:
        return False  # "can I take the frozen pile with ...?" asks the taking
    if "?" not in s.sentence and "¿" not in s.sentence:
        return False  # a story's pile, frozen, where the post asks something else of it
    if opens_open(s.sentence, s.lang):
        return False
    return not (s.black_three or Rank.THREE in s.ranks_named and not s.red_three)


def _pile_frozen(variant: Variant, s: Situation) -> Ruling | None:
    """Is the pile frozen (``check_pile_frozen``): a wild card (or a red three) the post names
    lies in it, "no wild card" says none does, else untold; the side's melding as told."""
    cards = [c for g in s.groups for c in g] + list(s.singles)
    if s.top is not None:
        cards.append(s.top)
    wild = (
        any(c.is_wild for c in cards)
        or s.wilds_worded > 0
        or bool({Rank.TWO, Rank.JOKER} & set(s.ranks_named))
        or s.red_three
    )
    wild_in = True if wild else (False if "no_wild" in s.moments else None)
    core = check_pile_frozen(variant, wild_in=wild_in, opened=s.opened)
    return None if core is None else _ruled(core)


def frozen_after_taking(variant: Variant, s: Situation) -> Ruling | None:
    """Whether the pile is frozen, asked of a pile the story tells taken ("Somebody picked it
    up. Is it still frozen?"), where no ruling on the taking answered the post: only the
    answer no story changes (the game's pile always frozen) -- a wild card told lay in the pile
    taken, not the new one."""
    if not _frozen_asked(s) or not set(_PILE_TAKEN) & s.moments:
        return None
    core = check_pile_frozen(variant, wild_in=None, opened=None)
    return None if core is None else _ruled(core)


# what a question of the wild cards' limit names besides them, and nothing more
_WILD_LIMIT_ONLY = frozenset(
    {"meld", "canasta", "mixed_canasta", "not_value", "must", "add", "value"}
)


def _wild_limit_asked(s: Situation) -> bool:
    """Whether the sentence asked is how many wild cards a meld may hold ("How many wild cards
    can you have in a meld?", "how many wilds can go in a dirty canasta?"): how many asked,
    wild cards named, a meld or a canasta, no card told in it, nothing else named."""
    if not s.wild_named or not s.how_asked:
        return False  # the post's words first (as _frozen_asked)
    asked = s.focus if s.focus is not None else s
    if not asked.how_asked or not asked.wild_named:
        return False
    if not opens_open(s.sentence, s.lang):
        return False  # "can a meld have 3 wild cards? how many ...": a Yes or No is asked
    if not asked.moments & {"meld", "canasta"} or asked.groups or asked.singles:
        return False
    return not asked.moments - _WILD_LIMIT_ONLY


def _wild_limit(variant: Variant, s: Situation) -> Ruling | None:
    """The book's most wild cards in a meld (``wild_cards_allowed``); where the story tells one
    meld with wild cards ("How many wild cards are allowed in a single meld? I put down 6 6 2 2
    jkr"), the meld form's Yes or No on it beside the figure."""
    core = wild_cards_allowed(variant)
    if core is None:
        return None
    melds = [m for m in s.melds if len(m.cards) >= 3]
    if len(melds) == 1 and any(card.is_wild for card in melds[0].cards) and "add" not in s.moments:
        # ... not a meld a card is to be added to ("A A 2 2 2 on the table and wanted to add
        # another 2"): the meld as it lies is not the question
        told = check_meld(variant, melds[0])
        text = _joined([core.text, told.text])
        return Ruling(told.allowed, core.points, text, (core.rule,), lead=True)
    return Ruling(None, core.points, core.text, (core.rule,), lead=True)


def _kind_needed(variant: Variant, s: Situation, table: Table | None) -> Ruling | None:
    """Does going out need a canasta of the kind the question names ("Do you need a natural
    canasta to go out?"), or may a side go out without one ("can u go out without a wild card
    canasta": the same, the other way round) -- ``check_canasta_kind_needed``."""
    assert s.kind_needed is not None
    named, without = s.kind_needed
    players = table.players if table is not None else variant.default_players
    kind = KINDS_ASKED[named]
    core = check_canasta_kind_needed(variant, kind=kind, players=players, without=without)
    return None if core is None else _ruled(core)


def rule_on_moment(variant: Variant, s: Situation, table: Table | None = None) -> Ruling | None:
    """A ruling on one of the six moments (see the module), or None where the question asks
    none of them."""
    rules: list[tuple[bool, Callable[[], Ruling | None]]] = [
        (_said(s, "second_meld"), lambda: _second_meld(variant, s)),
        # red threes toward the first meld's minimum ("do red threes count toward the opening
        # meld points?": seen in the eighth American posts' dev half, issue 44)
        (
            _said(s, "counts_toward")
            and s.red_three
            and "opening" in s.moments
            # "do they count against us if we never went down?" asks their sign (the
            # thirty-sixth American posts' dev half)
            and not _said(s, "against"),
            lambda: _red_threes_toward(variant),
        ),
        (
            _said(s, "counts_toward") and bool(set(_PILE) & s.moments or s.top),
            lambda: _pile_counts(variant, s),
        ),
        # ... or going out asked after the partner's no, told in the story
        ((_said(s, "ask_partner", "binding") or _after_no(s)) and "ask_partner" in s.moments,
         lambda: _ask_partner(variant, s, table)),
        # going out concealed asked of the game, no cards told ("Is going out concealed still a
        # thing in the modern game?": seen in the tenth American posts' dev half, issue 44); its
        # worth asked is the figure's
        (
            _said(s, "concealed")
            and _said(s, "go_out")
            and not {"value", "gets", "cost"} & s.moments
            and not (s.groups or s.written or s.canastas)
            and not s.moments - _CONCEALED_ONLY  # nothing else told: a partner, a meld ...
            and s.opened is None
            and not _asks_what(s),
            lambda: _concealed(variant),
        ),
        # must a last card be discarded to go out ("Does the last card have to be a discard?":
        # seen in the seventh American posts' dev half, issue 44)
        (
            _said(s, "last_discard") and _said(s, "must"),
            lambda: _ruled(check_last_discard(variant))._replace(must=True),
        ),
        # a card laid off on the other side's meld (the twenty-fifth and twenty-sixth American
        # posts' dev halves, issue 44)
        (
            "opponents_meld" in s.moments
            and "add" in s.moments
            and _said(s, "opponents_meld", "add")
            and not s.moments & {"dead", "pickup"},
            lambda: _ruled(check_opponents_meld(variant)),
        ),
        # ... and asked the other way round, may a player go out with no card to discard ("can
        # you go out without discarding?", "I melded all my cards and had nothing left to
        # discard. is that a legal go out?": the lead's probes, 2026-11-29 night, after the
        # held halves counted going out's last discard the rule most often unanswered)
        (
            "no_discard" in s.moments
            and "go_out" in s.moments
            and _said(s, "no_discard", "go_out")
            and not _said(s, "must")
            and not s.moments & {"concealed", "special_hand"},
            lambda: _ruled(check_meld_every_card(variant)),
        ),
        # ... or told in the story, going out with it asked ("special hands where you lay down
        # everything at once ... seven pairs ... Can I lay the pairs down and go out with
        # that?": seen in the sixth American posts' dev half, issue 44)
        (
            _said(s, "special_hand")
            or ("special_hand" in s.moments and _said(s, "go_out") and _said(s, "meld")),
            lambda: _special_hand(variant, s),
        ),
        (
            (_said(s, "eighth") and bool({"canasta", "add", "dead", "meld"} & s.moments))
            or ("no_meld" in s.moments and _said(s, "no_meld", "add")),
            lambda: _card_added(variant, s),
        ),
        (
            _said(s, "first_turn", "turn_card")
            and _taking_the_pile(s)
            and "bonus_cards" not in s.moments,
            lambda: _pile_turn(variant, s),
        ),
        # whether the pile is frozen (the held halves of the first 28 American sets counted the
        # frozen pile's Yes the ruling most often missing, 14 of 34; the dev half's one such
        # post, the twenty-third's, read, 2026-11-30)
        (_wild_limit_asked(s), lambda: _wild_limit(variant, s)),
        # a kind of canasta going out needs, or goes without (2026-11-30)
        # ... never beside "can I go out?" ("can i go out or do we need a natural one too??":
        # the going out asked first; the tenth American posts' dev half) nor canastas told
        (
            s.kind_needed is not None
            and not s.groups
            and not says_either(s.sentence, s.lang)
            and not (s.canastas or 0) >= 2,
            lambda: _kind_needed(variant, s, table),
        ),
        (
            _frozen_asked(s) and not set(_PILE_TAKEN) & s.moments,
            lambda: _pile_frozen(variant, s),
        ),
    ]  # fmt: skip
    for asked, rule in rules:
        if asked:
            found = rule()
            if found is not None:
                return found
    return None
