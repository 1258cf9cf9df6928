"""A hand's bonuses asked as one figure, told in words (issue 44: "We had a clean canasta, a
dirty canasta and 2 red threes and went out. What do we score for bonuses?").

The figure is the rules core's own scoring of a hand built from exactly the items the post
tells -- its canastas by kind and number, its red threes by number, its going out (concealed
or not), whether the side has melded -- by :func:`referee.rules.hand.score_hand`, the
function the hand form and ``referee score`` score with, through
:func:`referee.rules.hand_items.score_items`: its breakdown, less the cards' own
values (the melds' and the hand's parts), which the post does not tell and which come on top.
Where what is told leaves the figure open (a canasta of no kind told, threes uncounted,
whether a side with no canasta has melded where that decides the threes' sign) or makes a
hand the core refuses (going out with too few canastas), there is no ruling.

Its link opens the referee page's hand form (``hand_score``) filled in with those items,
which scores them through the same :func:`~referee.rules.hand_items.score_items`.

So does :func:`hand_event`: an event of a hand only some games score (a red three not
declared, acabar called, an exact cut, going out on the first pickup), told and asked its
figure at a table whose game scores it.
"""

from __future__ import annotations

from ..rules import Card, Meld, Rank, Variant
from ..rules.hand import CanastaScore
from ..rules.hand_items import HandItems, score_items
from ..rules.melds import classify
from ..rules.problems import N_, Text
from ..rules.variant import CanastaKind
from .judge import Ruling, bonus_figure_asked, bonuses_asked
from .situation import Situation

__all__ = ["hand_bonuses", "hand_event", "hand_total"]

# what asks a figure: a worth, what a side gets, what it costs or how much
_ASKING = {"value", "gets", "cost"}
# at most so many canastas told (each of its own rank, none of sevens or aces)
_MOST_CANASTAS = 6
_KINDS = {"natural_canasta": CanastaKind.NATURAL, "mixed_canasta": CanastaKind.MIXED}
_DIGIT_RANKS = {rank.value for rank in Rank if rank.value.isdigit()}


class _Told:
    """The scoring items a post tells of its side's hand."""

    def __init__(self, kinds: dict[CanastaKind, int], threes: int, out: bool, concealed: bool):
        self.kinds, self.threes, self.out, self.concealed = kinds, threes, out, concealed

    @property
    def canastas(self) -> int:
        return sum(self.kinds.values())

    def items(self, melded: bool) -> HandItems:
        """The items as the core scores them (and the referee's hand form asks them)."""
        return HandItems(self.kinds, self.threes, 0, self.out, self.concealed, melded)


def _score(
    variant: Variant, players: int, told: _Told, melded: bool
) -> tuple[dict[str, int], list[CanastaScore]] | None:
    """The core's breakdown of the side's bonuses and its canastas, for the hand built of
    ``told``; None where the core finds the hand breaks a rule."""
    scored = score_items(variant, players, told.items(melded))
    if scored.problems:
        return None
    parts = {k: v for k, v in scored.breakdown.items() if v}
    return parts, list(scored.canastas)


def _uncounted(s: Situation) -> list[Card]:
    """The single cards the post names, less a digit read as a card that counted a kind of
    canasta ("2 dirty canastas": no two)."""
    singles = list(s.singles)
    for digit in s.kind_digits:
        if digit not in _DIGIT_RANKS:
            continue  # "1" is no card
        card = Card(Rank(digit))
        if card in singles:
            singles.remove(card)
    return singles


def _plain_rank(variant: Variant, rank: Rank) -> bool:
    """Whether a natural or a mixed canasta of ``rank`` scores as any other of its kind in
    ``variant`` (the core's own classification: no sevens' or aces' canasta of the American
    game), so that the rank a post names for it changes no bonus."""
    natural = classify(variant, Meld((Card(rank),) * 7)).canasta
    mixed = classify(variant, Meld((Card(rank),) * 6 + (Card(Rank.TWO),))).canasta
    return natural is CanastaKind.NATURAL and mixed in (CanastaKind.MIXED, None)


def _told(variant: Variant, s: Situation, *, cards_counted: bool = False) -> _Told | None:
    """The items the post tells, where it tells nothing else the figure would need: the
    ranks of its canastas (each a plain one, no more ranks than canastas) and, where the
    bonuses alone are asked (or the cards' points are told as one figure: ``cards_counted``),
    the canastas' own cards and the figures claimed of them do not change it; a match score
    never does."""
    bonuses = cards_counted or bonuses_asked(s)
    if _uncounted(s) or s.top is not None or (s.points and not bonuses):
        return None
    counted = sum(s.kinds.values()) if s.kinds else 0
    ranks = set(s.ranks_named)
    canasta_groups = [g for g in s.groups if len(g) >= 7 and not g[0].is_red_three]
    ranks |= {card.rank for g in canasta_groups for card in g if not card.is_wild}
    if ranks and (
        len(ranks) > counted
        or not all(_plain_rank(variant, r) for r in ranks if not Card(r).is_wild)
    ):
        return None  # ranks of no canasta told, or of one that scores apart
    if canasta_groups and (not bonuses or len(canasta_groups) > counted):
        return None
    cards = [card for group in s.groups if group not in canasta_groups for card in group]
    if any(not card.is_red_three for card in cards) or s.black_three:
        return None  # cards whose values (or a black three's part) the figure would need
    if s.red_three and not cards:
        return None  # red threes of no number
    kinds: dict[CanastaKind, int] = {}
    if s.kinds is not None:
        kinds = {_KINDS[m]: n for m, n in s.kinds.items()}
    elif (s.moments & set(_KINDS) or "canasta" in s.moments) and "no_canasta" not in s.moments:
        return None  # a canasta told of no kind or no number
    if kinds and ("no_canasta" in s.moments or s.opened is False):
        return None  # canastas of a side said to have none, or not to have melded
    if any(k not in variant.canasta_bonus for k in kinds) or sum(kinds.values()) > _MOST_CANASTAS:
        return None
    out = "go_out" in s.moments
    concealed = "concealed" in s.moments
    if concealed and not out:
        return None
    told = _Told(kinds, len(cards), out, concealed)
    # at least two items, or canastas, or threes told of a side with no canasta or no meld
    # (their sign is the figure): one item alone has its own ruling
    unmelded = s.opened is False or "no_canasta" in s.moments
    items = sum((told.canastas > 0, told.threes > 0, told.out))
    if items < 2 and told.canastas < 2 and not (told.threes and unmelded):
        return None
    return told


def _form(told: _Told, melded: bool) -> tuple[str, dict[str, str]]:
    """The referee's hand form, filled in with the items told (the cards' points left out)."""
    fields = {f"canastas_{kind.value}": str(n) for kind, n in told.kinds.items() if n}
    if told.threes:
        fields["red_threes"] = str(told.threes)
    for name, ticked in (("went_out", told.out), ("concealed", told.concealed), ("melded", melded)):
        if ticked:
            fields[name] = "y"
    return "hand_score", fields


def hand_bonuses(variant: Variant, s: Situation, players: int | None = None) -> Ruling | None:
    """The bonuses of the hand the post tells, as one figure with its breakdown, and the
    referee's hand form filled in with them; None where it asks no figure or tells too little
    (or too much) for one.  ``players``: the match's table, else the game's usual one."""
    asked = s.asked if s.asked is not None else s.moments
    # ... or the bonus named in a sentence asking what or how much ("What should the bonus
    # number actually be?")
    bonus_asked = bonus_figure_asked(s)
    if not (_ASKING & asked or bonus_asked) or "in_hand" in s.moments:
        return None
    if "special_hand" in s.moments:
        return None
    if (
        "theirs" in s.moments
        and not (s.asked is not None and "theirs" in s.asked)
        and not s.theirs_speaking  # "the other team says we're off": none of theirs told
    ):
        return None  # the other side named in the story: whose items are whose is not read
    told = _told(variant, s)
    if told is None:
        return None
    if not (told.out or told.threes) and s.focus is not None and s.focus.kinds:
        # canastas alone, named in the question of a post of several sentences, are each
        # kind's worth asked, not a hand's sum ("What's the bonus for a natural canasta and
        # for a dirty one? Still 500 and 300?": the twenty-seventh American posts' dev half);
        # a hand told before its question, or in it alone, is summed
        return None
    if told.canastas:
        melded = [True]
    elif s.opened is not None:
        melded = [s.opened]
    else:
        melded = [True, False]  # whether the side has melded, where the post does not say
    players = players or variant.default_players
    scored = [_score(variant, players, told, m) for m in melded]
    if any(found is None for found in scored):
        return None
    if len({tuple(sorted(found[0].items())) for found in scored if found}) != 1:
        return None  # the threes' sign depends on whether the side melded: not told
    found = scored[0]
    assert found is not None
    parts, canastas = found
    if set(parts) - {"canastas", "red_threes", "going_out", "canasta_count"}:
        return None  # a part the post's items do not make: its own rules say it
    items: list[Text] = []
    for kind in (CanastaKind.NATURAL, CanastaKind.MIXED):
        of_kind = [c for c in canastas if c.kind is kind]
        if of_kind:
            template = (
                N_("%(count)s × natural canasta: %(points)s")
                if kind is CanastaKind.NATURAL
                else N_("%(count)s × mixed canasta: %(points)s")
            )
            items.append(
                Text(template, {"count": len(of_kind), "points": sum(c.bonus for c in of_kind)})
            )
    if "canasta_count" in parts:
        items.append(
            Text(
                N_("%(count)s canastas together: %(points)s"),
                {"count": len(canastas), "points": parts["canasta_count"]},
            )
        )
    if told.threes:
        items.append(
            Text(
                N_("red threes (%(count)s): %(points)s"),
                {"count": told.threes, "points": parts.get("red_threes", 0)},
            )
        )
    if told.out:
        template = (
            N_("going out concealed: %(points)s") if told.concealed else N_("going out: %(points)s")
        )
        items.append(Text(template, {"points": parts.get("going_out", 0)}))
    total = sum(parts.values())
    listed = Text(
        "; ".join(f"%(p{i})s" for i in range(len(items))),
        {f"p{i}": item for i, item in enumerate(items)},
    )
    rules = []
    if told.canastas:
        rules.append("canasta.kinds")
    if told.threes:
        rules.append("red-threes.penalty" if parts.get("red_threes", 0) < 0 else "red-threes.bonus")
    if told.out:
        rules.append("going-out.concealed" if told.concealed else "going-out.bonus")
    rules = [key for key in rules if key in variant.rules]
    if not rules:
        return None
    return Ruling(
        None,
        total,
        Text(
            N_("These bonuses come to %(points)s (%(items)s); the cards' own values come on top."),
            {"points": total, "items": listed},
        ),
        tuple(rules),
        form=_form(told, melded[0]),
        lead=True,
    )


# -- One event of a hand only some games score, told and asked its figure ------------------


def _red_threes_told(s: Situation) -> int | None:
    """How many red threes the post names (one where it names them uncounted: "a red three",
    "red threes"), None where it names other cards too."""
    cards = [card for group in s.groups for card in group] + list(s.singles)
    if any(not card.is_red_three for card in cards) or s.ranks_named:
        return None
    return max(len(cards), 1) if s.red_three else None


def _undeclared(variant: Variant, s: Situation) -> tuple[HandItems, Text] | None:
    """Red threes not laid out by the hand's end ("we forgot to declare a red three": dutch's
    house rule; hand and foot's red three still in hand or foot)."""
    if not variant.undeclared_red_three_penalty:
        return None
    told = "undeclared" in s.moments or ("in_hand" in s.moments and s.red_three)
    count = _red_threes_told(s) if told else None
    if count is None or s.kinds or "canasta" in s.moments:
        return None
    return HandItems(undeclared_red_threes=count), Text(
        N_("%(count)s red three(s) not laid out by the hand's end: %(points)s for the side."),
        {"count": count},
    )


def _acabar(variant: Variant, s: Situation) -> tuple[HandItems, Text] | None:
    """A hand ended by acabar (dutch's house rule): nothing for the side that called it, the
    rule's points for the other; whose call it was, as the post tells it ("they called")."""
    if variant.acabar_points is None or "acabar_called" not in s.moments:
        return None
    theirs = "theirs" in s.moments
    return HandItems(acabar=not theirs, other_acabar=theirs), Text(
        N_(
            "A hand ended by acabar scores nothing for the side that called it and "
            "%(acabar)s for the other: %(points)s for this side."
        ),
        {"acabar": variant.acabar_points},
    )


def _exact_cut(variant: Variant, s: Situation) -> tuple[HandItems, Text] | None:
    """An exact cut (spanish): its bonus, against a side without a canasta; a figure only where
    the post says the side has none (else the form asks its canastas)."""
    if variant.exact_cut_bonus is None or "exact_cut" not in s.moments:
        return None
    if "no_canasta" in s.moments or s.opened is False:
        template = N_(
            "An exact cut scores %(bonus)s for a side with a canasta in the hand, "
            "-%(bonus)s for one without: %(points)s for this side."
        )
    else:  # the canastas decide its sign: no figure (the form asks them)
        template = N_(
            "An exact cut scores %(bonus)s for a side with a canasta in the hand, "
            "-%(bonus)s for one without."
        )
    return HandItems(exact_cut=True), Text(template, {"bonus": variant.exact_cut_bonus})


def _first_pickup(variant: Variant, s: Situation) -> tuple[HandItems, Text] | None:
    """Going out on the first pickup of the pile (czech fast): its premium in place of going
    out's, with the canastas going out needs (of the kind the post tells, else natural)."""
    premium = variant.first_pickup_going_out_bonus
    if premium is None or "first_pickup" not in s.moments or "go_out" not in s.moments:
        return None
    told = {_KINDS[m]: n for m, n in (s.kinds or {}).items()}
    if told:
        template = N_(
            "Going out on the first pickup of the pile scores %(premium)s in place of going "
            "out's %(bonus)s; with the canastas told, %(points)s for the side."
        )
    else:  # the canastas are the rest of the figure: no figure (the form asks them)
        template = N_(
            "Going out on the first pickup of the pile scores %(premium)s in place of going "
            "out's %(bonus)s."
        )
    needed = variant.going_out_canastas.get(variant.default_players, 1)
    kinds = told or {CanastaKind.NATURAL: needed}  # the form shows the fewest going out needs
    return HandItems(kinds, went_out=True, first_pickup=True), Text(
        template, {"premium": premium, "bonus": variant.going_out_bonus}
    )


def _event_form(items: HandItems) -> dict[str, str]:
    """The referee's hand form, filled in with the event's items."""
    fields = {f"canastas_{kind.value}": str(n) for kind, n in items.canastas.items() if n}
    if items.undeclared_red_threes:
        fields["undeclared_red_threes"] = str(items.undeclared_red_threes)
    if items.acabar or items.other_acabar:
        fields["acabar"] = "us" if items.acabar else "them"
    for name, ticked in (("exact_cut", items.exact_cut), ("first_pickup", items.first_pickup)):
        if ticked:
            fields[name] = "y"
    return fields


_EVENT_RULES = {
    _undeclared: "red-threes.undeclared",
    _acabar: "scoring.acabar",
    _exact_cut: "scoring.exact-cut",
    _first_pickup: "going-out.first-pickup",
}


def hand_event(variant: Variant, s: Situation, players: int | None = None) -> Ruling | None:
    """The figure of an event of a hand only some games score, told in words and asked its
    figure ("we forgot to declare a red three, what does it cost?", "the other side called
    acabar, what do we get?"), as the referee's hand form scores it
    (:func:`~referee.rules.hand_items.score_items`), with that form filled in; None where the
    table's game does not score the event told, or the post asks no figure.  An exact cut
    told of no side without a canasta gets no figure: its sign is the canastas'."""
    asked = s.asked if s.asked is not None else s.moments
    if not _ASKING & asked:
        return None
    for judge, rule in _EVENT_RULES.items():
        if rule not in variant.rules:
            continue
        found = judge(variant, s)
        if found is None:
            continue
        items, text = found
        scored = score_items(variant, players or variant.default_players, items)
        if scored.problems:
            return None
        figure = scored.total if "%(points)s" in text.template else None
        return Ruling(
            None,
            figure,
            Text(text.template, {**text.params, "points": scored.total}),
            (rule,),
            form=("hand_score", _event_form(items)),
            lead=True,
        )
    return None


# -- A hand's total, its melded cards' points told as one figure ----------------------------


def hand_total(variant: Variant, s: Situation, players: int | None = None) -> Ruling | None:
    """What the hand scores in all, where the post tells its items and the melded cards' points
    as one figure ("a natural canasta of kings, a mixed canasta of nines, two red threes, and I
    went out. Card points in our melds came to 310, nothing left in partner's hand. What should
    our total be?": seen in the twenty-eighth American posts' dev half): the core's score of
    those items with those points (``score_items``), the hand told empty or the side gone out
    with no card told in hand; not where the bonuses alone are asked."""
    if s.meld_points is None or bonuses_asked(s) or "special_hand" in s.moments:
        return None
    asked = s.asked if s.asked is not None else s.moments
    if not ("hand_total" in s.moments or _ASKING & asked or s.how_asked):
        return None
    if "bonus_named" in s.moments and "hand_total" not in asked:
        return None  # the bonuses named, the total not asked: maybe they alone are asked
    if "theirs" in s.moments and not s.theirs_speaking:
        return None  # whose items are whose is not read
    if "hand_empty" not in s.moments and ("in_hand" in s.moments or "go_out" not in s.moments):
        return None  # cards left in hand, not counted
    told = _told(variant, s, cards_counted=True)
    if told is None or not (told.canastas or told.out):
        return None
    items = told.items(True)._replace(meld_points=s.meld_points, hand_points=0)
    scored = score_items(variant, players or variant.default_players, items)
    if scored.problems:
        return None
    bonuses = scored.total - s.meld_points
    rules = ["canasta.kinds"] if told.canastas else []
    if told.threes:
        rules.append("red-threes.bonus")
    if told.out:
        rules.append("going-out.concealed" if told.concealed else "going-out.bonus")
    rules.append("hand.points")
    form = _form(told, True)
    form[1].update(meld_points=str(s.meld_points), hand_points="0")
    return Ruling(
        None,
        scored.total,
        Text(
            N_(
                "The hand scores %(points)s: its bonuses, %(bonuses)s, and the melded cards' "
                "%(cards)s."
            ),
            {"points": scored.total, "bonuses": bonuses, "cards": s.meld_points},
        ),
        tuple(key for key in rules if key in variant.rules),
        form=form,
        lead=True,
    )
