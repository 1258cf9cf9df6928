"""The JSON contracts of ``referee score`` / ``referee check`` and ``POST /api/...``.

Reads plain JSON values into the rules core's types and writes its answers back
as plain JSON values.  Anything that is not a hand or a question at all raises
:class:`~referee.rules.MalformedInput` with a one-line message; rule problems
are answers, not errors.
"""

from __future__ import annotations

from ..caches import lru_cached
from ..rules import (
    Card,
    Hand,
    MalformedInput,
    Meld,
    NotationError,
    Problem,
    Rank,
    Side,
    UnknownOption,
    UnknownVariant,
    Variant,
    classify,
    find_variant,
    meld_problems,
    parse_cards,
    score_hand,
)
from ..rules.presets import PRESETS
from ..rules.sources import source_title

__all__ = ["check_json", "score_json", "variants_json"]

# A question the variant's book does not decide (the moments of issue 44), as `referee ask` says it
SILENT = "This rulebook does not say."

TYPE_CHECKING = False  # typing costs 2 ms at start-up, and referee score must start fast
if TYPE_CHECKING:
    from typing import Any

    from ..rules.rulings import Ruling

    Json = dict[str, Any]


def _field(data: Json, key: str, kind: type | tuple[type, ...], default: Any, where: str) -> Any:
    value = data.get(key, default)
    if value is default or type(value) is kind:  # the common cases, quickly
        return value
    wanted = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in wanted:
        value = None  # JSON true is not a number
    if not isinstance(value, wanted):
        names = " or ".join(
            {
                "str": "text",
                "int": "a whole number",
                "bool": "true or false",
                "list": "a list",
                "dict": "an object",
            }[t.__name__]
            for t in wanted
        )
        raise MalformedInput(f"{where}{key} must be {names}")
    return value


def _count(data: Json, key: str, where: str, default: int = 0) -> int:
    value: int = _field(data, key, int, default, where)
    if value < 0:
        raise MalformedInput(f"{where}{key} cannot be negative ({value})")
    if value > 100_000:
        raise MalformedInput(f"{where}{key} is far too large ({value})")
    return value


# The cards of a text parsed before, moved up from the rules core (which keeps no cache):
# saves 5-9 % of scoring hands through the contract (`referee score`, the API) in three runs
# of bench/bench_caches.py "card notation" (2026-11-27; bench_score.py's mix, where meld
# texts repeat as they do at tables).  Bound: 4 096 texts; safe: a text's cards never change
# (a text that is no notation raises, and nothing is kept for it).
_parsed = lru_cached(4096)(parse_cards)


def _cards(text: str, where: str) -> tuple[Card, ...]:
    try:
        return _parsed(text)
    except NotationError as error:
        raise MalformedInput(f"{where}{error}") from None


def _melds(value: Any, where: str) -> tuple[Meld, ...]:
    if not isinstance(value, list):
        raise MalformedInput(f"{where}melds must be a list")
    melds = []
    for j, item in enumerate(value):
        if type(item) is str:  # the common case first, without building a location
            try:
                melds.append(Meld(_parsed(item)))
                continue
            except NotationError:
                pass
        at = f"{where}meld {j + 1}: "
        if isinstance(item, str):
            melds.append(Meld(_cards(item, at)))
        elif isinstance(item, dict):
            cards = _field(item, "cards", str, None, at)
            if cards is None:
                raise MalformedInput(f"{at}cards is missing")
            melds.append(Meld(_cards(cards, at), _field(item, "concealed", bool, False, at)))
        else:
            raise MalformedInput(f"{at}a meld is card notation or an object with cards")
    return tuple(melds)


def with_house_rules(variant: Variant, options: Any) -> Variant:
    """``variant`` with the house rules ``options`` switches on or off (the contract's
    ``options`` object: each house rule's name to true or false).

    :raises MalformedInput: for anything but an object of the variant's house rules to true or
        false, naming the variant's house rules."""
    if not isinstance(options, dict):
        raise MalformedInput("options must be an object")
    try:
        return variant.with_options(options)
    except UnknownOption as error:
        known = ", ".join(o.name for o in variant.options) or "none"
        raise MalformedInput(
            f"options: {variant.id} has no house rule {error.args[0]!r} set to true or false "
            f"(its house rules: {known})"
        ) from None


def _variant(data: Any) -> Variant:
    if not isinstance(data, dict):
        raise MalformedInput("the input must be a JSON object")
    variant_id = data.get("variant")
    if not isinstance(variant_id, str):
        raise MalformedInput(f"variant is required: one of {', '.join(PRESETS)}")
    try:
        variant = find_variant(variant_id)
    except UnknownVariant as error:
        raise MalformedInput(str(error)) from None
    variant = with_house_rules(variant, _field(data, "options", dict, {}, ""))
    if "rules" not in data:
        return variant
    from ..rules.overrides import apply_overrides

    return apply_overrides(variant, data["rules"])


def _players(variant: Variant, data: Json) -> int:
    players: int = _field(data, "players", int, variant.default_players, "")
    if players not in variant.players:
        allowed = ", ".join(str(n) for n in variant.players)
        raise MalformedInput(f"players: {variant.id} is played by {allowed} players, not {players}")
    return players


def _side(data: Any, index: int) -> Side:
    where = f"side {index + 1}: "
    if not isinstance(data, dict):
        raise MalformedInput(f"{where}a side must be an object")
    hand = _field(data, "hand", str, None, where)
    points = _field(data, "hand_points", int, None, where)
    if points is not None and not 0 <= points <= 100_000:
        raise MalformedInput(f"{where}hand_points must be between 0 and 100000 ({points})")
    return Side(
        name=_field(data, "name", str, f"Side {index + 1}", where)[:80],
        melds=_melds(data.get("melds", []), where),
        red_threes=_count(data, "red_threes", where),
        went_out=_field(data, "went_out", bool, False, where),
        concealed=_field(data, "concealed", bool, False, where),
        hand=None if hand is None else _cards(hand, f"{where}hand: "),
        hand_points=points,
        score=_field(data, "score", int, 0, where),
        undeclared_red_threes=_count(data, "undeclared_red_threes", where),
        acabar=_field(data, "acabar", bool, False, where),
        exact_cut=_field(data, "exact_cut", bool, False, where),
        first_pickup=_field(data, "went_out_on_first_pickup", bool, False, where),
        black_threes=_count(data, "black_threes", where),
        held_sets=_count(data, "held_in_hand", where),
        special_hand=_field(data, "special_hand", str, None, where),
        penalties=_count(data, "penalties", where),
    )


def parse_hand(data: Any) -> tuple[Variant, Hand]:
    """Read a ``referee score`` input into a variant and a :class:`~referee.rules.Hand`."""
    variant = _variant(data)
    players = _players(variant, data)
    sides = data.get("sides")
    if not isinstance(sides, list):
        raise MalformedInput("sides must be a list with one object per side")
    expected = variant.sides_for(players)
    if len(sides) != expected:
        raise MalformedInput(
            f"sides: {players} players make {expected} sides, but {len(sides)} were given"
        )
    sides_read = tuple(_side(side, i) for i, side in enumerate(sides))
    for i, side in enumerate(sides_read):
        if variant.special_hands and side.special_hand not in (None, *variant.special_hands):
            raise MalformedInput(
                f"side {i + 1}: special_hand must be one of {', '.join(variant.special_hands)}, "
                f"not {side.special_hand!r}"
            )
    return variant, Hand(players, sides_read, _hand_number(data))


def rule_json(variant: Variant, key: str) -> Json:
    rule = variant.rule(key)
    return {
        "id": f"{variant.id}.{key}",
        "text": rule.text,
        "source": rule.source,
        "source_title": source_title(rule.source),
        "quote": rule.quote,
    }


def problem_json(variant: Variant, problem: Problem) -> Json:
    out: Json = {"code": problem.code, "message": problem.message[0].upper() + problem.message[1:]}
    if problem.side is not None:
        out["side"] = problem.side
    if problem.meld is not None:
        out["meld"] = problem.meld
    out.update(problem.figures)  # a short opening's points and minimum
    if problem.rule is None:  # the variant has no such rule at all (not_in_variant)
        out["rule"] = out["rule_text"] = None
    else:
        out["rule"] = f"{variant.id}.{problem.rule}"
        # A preset quotes every rule it cites; an imported match's snapshot may lack one.
        quoted = variant.rules.get(problem.rule)
        out["rule_text"] = quoted.text if quoted else None
    return out


def score_json(data: Any) -> tuple[Json, int]:
    """Answer a ``referee score`` input; return the output and the exit status (0 or 1)."""
    variant, hand = parse_hand(data)
    result = score_hand(variant, hand)
    sides = []
    for score in result.sides:
        side: Json = {
            "name": score.name,
            "total": score.total,
            "breakdown": score.breakdown,
            "canastas": [
                {"rank": c.rank, "kind": c.kind.value, "bonus": c.bonus}
                | ({"concealed": True} if c.concealed else {})
                for c in score.canastas
            ],
        }
        if score.wins_match:
            side["wins_match"] = True
        if "special_hand" in score.breakdown:
            side["special_hand"] = hand.sides[len(sides)].special_hand
        sides.append(side)
    out = {
        "variant": variant.id,
        "valid": result.valid,
        "sides": sides,
        "errors": [problem_json(variant, p) for p in result.problems],
    }
    return out, 0 if result.valid else 1


def _ruling(variant: Variant, allowed: bool, reason: str, rule: str, **extra: Any) -> Json:
    return {"allowed": allowed, "reason": reason, "rule": rule_json(variant, rule), **extra}


def _meld_question(variant: Variant, data: Json) -> Json:
    from ..rules.rulings import check_meld

    cards = _field(data, "cards", str, None, "")
    if cards is None:
        raise MalformedInput("cards is required: the meld in card notation")
    going_out = _field(data, "going_out", bool, False, "")
    meld = Meld(_cards(cards, "cards: "), _field(data, "concealed", bool, False, ""))
    ruling = check_meld(variant, meld, going_out=going_out)
    canasta = classify(variant, meld).canasta
    extra: Json = {"points": ruling.points, "canasta": canasta.value if canasta else None}
    if not ruling.allowed:
        problems = meld_problems(variant, meld, going_out=going_out)
        extra["problems"] = [problem_json(variant, p) for p in problems]
    return _ruling(variant, ruling.allowed, ruling.reason, ruling.rule, **extra)


def _opening_question(variant: Variant, data: Json) -> Json:
    from ..rules.opening import check_opening

    players = _players(variant, data)
    score = _field(data, "score", int, 0, "")
    melds = _melds(data.get("melds", []), "")
    top = _field(data, "pile_top", str, None, "")
    pile_top = None
    if top is not None:
        cards = _cards(top, "pile_top: ")
        if len(cards) != 1:
            raise MalformedInput(f"pile_top must be one card, not {len(cards)}")
        pile_top = cards[0]
    ruling = check_opening(
        variant,
        score,
        list(melds),
        pile_top=pile_top,
        failed_attempts=_count(data, "failed_attempts", ""),
        going_out=_field(data, "going_out", bool, False, ""),
        players=players,
        hand_number=_hand_number(data),
        kept=_kept(data),
    )
    return _ruling(
        variant,
        ruling.allowed,
        ruling.reason,
        ruling.rule,
        minimum=ruling.minimum,
        points=ruling.points,
    )


def _kept(data: Json) -> list[Card] | None:
    """The cards the player keeps in hand after an opening's melds, where the question says."""
    kept = _field(data, "hand", str, None, "")
    return None if kept is None else _cards(kept, "hand: ")


def _hand_number(data: Json) -> int | None:
    """The hand's number in the match, where the opening minimum goes by it."""
    number: int | None = _field(data, "round", int, None, "")
    if number is not None and not 1 <= number <= 1000:
        raise MalformedInput(f"round must be from 1 to 1000, not {number}")
    return number


def _one_card(text: str, key: str) -> Card:
    cards = _cards(text, f"{key}: ")
    if len(cards) != 1:
        raise MalformedInput(f"{key} must be one card, not {len(cards)}")
    return cards[0]


def _ruling_json(variant: Variant, ruling: Ruling) -> Json:
    extra = {}
    if ruling.minimum is not None:
        extra = {"minimum": ruling.minimum, "points": ruling.points}
    return _ruling(variant, ruling.allowed, ruling.reason, ruling.rule, **extra)


def _pickup_question(variant: Variant, data: Json) -> Json:
    from ..rules.rulings import check_pickup, pile_state

    _players(variant, data)
    pile_text = _field(data, "pile", str, None, "")
    pile_size = None
    if pile_text is not None:
        pile = _cards(pile_text, "pile: ")
        if not pile:
            raise MalformedInput("pile is empty: there is nothing to take")
        top, frozen, stopped = pile_state(variant, pile)
        stopped = stopped or _field(data, "stopped", bool, False, "")
        pile_size = len(pile)
    else:
        top_text = _field(data, "top", str, None, "")
        if top_text is None:
            raise MalformedInput("give the pile (bottom to top) or its top card as top")
        top = _one_card(top_text, "top")
        frozen = _field(data, "frozen", bool, False, "")
        stopped = _field(data, "stopped", bool, False, "")
    pile_size = _field(data, "pile_size", int, pile_size, "")
    ruling = check_pickup(
        variant,
        top=top,
        frozen=frozen,
        stopped=stopped,
        hand=_cards(_field(data, "hand", str, "", ""), "hand: "),
        melds=_melds(data.get("melds", []), ""),
        score=_field(data, "score", int, 0, ""),
        pile_size=pile_size,
        first_round=_field(data, "first_round", bool, False, ""),
        going_out=_field(data, "going_out", bool, False, ""),
        failed_attempts=_count(data, "failed_attempts", ""),
        hand_number=_hand_number(data),
        other_melds=_melds(data.get("other_melds", []), "other_"),
    )
    return _ruling_json(variant, ruling)


def _go_out_question(variant: Variant, data: Json) -> Json:
    from ..rules.rulings import check_going_out

    ruling = check_going_out(
        variant,
        players=_players(variant, data),
        melds=_melds(data.get("melds", []), ""),
        hand=_cards(_field(data, "hand", str, "", ""), "hand: "),
        concealed=_field(data, "concealed", bool, False, ""),
    )
    return _ruling_json(variant, ruling)


def _bonus_cards_question(variant: Variant, data: Json) -> Json:
    from ..rules.rulings import check_bonus_cards

    ruling = check_bonus_cards(
        variant,
        first_side=_field(data, "first_side", bool, True, ""),
        took_pile=_field(data, "took_pile", bool, False, ""),
        past_turn_card=_field(data, "past_turn_card", bool, False, ""),
        opened_before=_field(data, "opened_before", bool, False, ""),
        late=_field(data, "late", bool, False, ""),
    )
    return _ruling(
        variant, ruling.allowed, ruling.reason, ruling.rule, bonus_cards=ruling.points or 0
    )


def _wild_card_question(variant: Variant, data: Json) -> Json:
    from ..rules.rulings import check_wild_card

    cards = _field(data, "meld", str, None, "")
    if cards is None:
        raise MalformedInput("meld is required: the meld on the table in card notation")
    ruling = check_wild_card(
        variant,
        meld=Meld(_cards(cards, "meld: ")),
        opening=_field(data, "opening", bool, False, ""),
    )
    return _ruling_json(variant, ruling)


def _discard_question(variant: Variant, data: Json) -> Json:
    from ..rules.rulings import check_discard

    card_text = _field(data, "card", str, None, "")
    if card_text is None:
        raise MalformedInput("card is required: the card to discard")
    ruling = check_discard(
        variant,
        card=_one_card(card_text, "card"),
        hand=_cards(_field(data, "hand", str, "", ""), "hand: "),
        pile_empty=_field(data, "pile_empty", bool, False, ""),
    )
    return _ruling_json(variant, ruling)


def _natural_rank(text: str, key: str) -> Rank:
    """A natural rank, four to ace: the only ranks a meld of one rank is made of."""
    card = _one_card(text, key)
    if card.is_wild or card.rank is Rank.THREE:
        raise MalformedInput(f"{key} must be a natural rank from 4 to A, not {text.strip()!r}")
    return card.rank


def _dead_rank_question(variant: Variant, data: Json) -> Json:
    from ..rules.play_rulings import ACTIONS, check_dead_rank

    rank_text = _field(data, "rank", str, None, "")
    if rank_text is None:
        raise MalformedInput("rank is required: the rank asked about, such as K")
    action = _field(data, "action", str, "meld", "")
    if action not in ACTIONS:
        raise MalformedInput(f"action must be one of {', '.join(ACTIONS)}, not {action!r}")
    ruling = check_dead_rank(
        variant,
        rank=_natural_rank(rank_text, "rank"),
        action=action,
        melds=_melds(data.get("melds", []), ""),
        other_melds=_melds(data.get("other_melds", []), "other_"),
        players=_players(variant, data),
        pile_empty=_field(data, "pile_empty", bool, False, ""),
    )
    extra = {"left": ruling.points} if ruling.points is not None else {}
    return _ruling(variant, ruling.allowed, ruling.reason, ruling.rule, **extra)


def _stock_out_question(variant: Variant, data: Json) -> Json:
    from ..rules.play_rulings import check_stock_out

    top_text = _field(data, "top", str, None, "")
    ruling = check_stock_out(
        variant,
        top=_one_card(top_text, "top") if top_text is not None else None,
        hand=_cards(_field(data, "hand", str, "", ""), "hand: "),
        melds=_melds(data.get("melds", []), ""),
        frozen=_field(data, "frozen", bool, False, ""),
        red_three=_field(data, "red_three", bool, False, ""),
        score=_field(data, "score", int, 0, ""),
    )
    return _ruling(
        variant, ruling.allowed, ruling.reason, ruling.rule, going_out_bonus=ruling.points or 0
    )


def _penalty_question(variant: Variant, data: Json) -> Json:
    from ..rules.play_rulings import IRREGULARITIES, check_penalty

    irregularity = _field(data, "irregularity", str, None, "")
    if irregularity not in IRREGULARITIES:
        raise MalformedInput(
            f"irregularity must be one of {', '.join(IRREGULARITIES)}, not {irregularity!r}"
        )
    ruling = check_penalty(variant, irregularity=irregularity)
    return _ruling(variant, ruling.allowed, ruling.reason, ruling.rule, penalty=ruling.points or 0)


def _held_question(variant: Variant, data: Json) -> Json:
    from ..rules.play_rulings import check_held

    ruling = check_held(variant, hand=_cards(_field(data, "hand", str, "", ""), "hand: "))
    return _ruling(variant, ruling.allowed, ruling.reason, ruling.rule, penalty=ruling.points or 0)


def _hand_score_question(variant: Variant, data: Json) -> Json:
    """What a side's hand scores, told by its items (issue 44): the canastas by kind, the
    threes, going out and, where known, the cards' points; scored as ``referee score``
    scores a hand of those cards (:func:`referee.rules.hand_items.score_items`)."""
    from ..rules import CanastaKind
    from ..rules.hand_items import HandItems, check_hand_score

    counted = {}
    for key in ("canastas", "concealed_canastas", "unfinished"):
        told = _field(data, key, dict, {}, "")
        counted[key] = {}
        for name in told:
            try:
                kind = CanastaKind(name)
            except ValueError:
                known = ", ".join(k.value for k in CanastaKind if k in variant.canasta_bonus)
                raise MalformedInput(
                    f"{key}: {variant.id} has no canasta {name!r} (its kinds: {known})"
                ) from None
            counted[key][kind] = _count(told, name, f"{key}.")
    special = _field(data, "special_hand", str, None, "")
    if variant.special_hands and special not in (None, *variant.special_hands):
        raise MalformedInput(  # as referee score's side says it
            f"special_hand must be one of {', '.join(variant.special_hands)}, not {special!r}"
        )
    points = {}
    for key in ("meld_points", "hand_points"):
        value = _field(data, key, int, None, "")
        if value is not None and not 0 <= value <= 100_000:
            raise MalformedInput(f"{key} must be between 0 and 100000 ({value})")
        points[key] = value
    items = HandItems(
        counted["canastas"],
        red_threes=_count(data, "red_threes", ""),
        black_threes=_count(data, "black_threes", ""),
        went_out=_field(data, "went_out", bool, False, ""),
        concealed=_field(data, "concealed", bool, False, ""),
        melded=_field(data, "melded", bool, False, ""),
        concealed_canastas=counted["concealed_canastas"],
        black_threes_out=_count(data, "black_threes_out", ""),
        # the events only some games score, under referee score's own keys (but acabar called
        # by the other side, which a hand of one side's items asks apart)
        undeclared_red_threes=_count(data, "undeclared_red_threes", ""),
        acabar=_field(data, "acabar", bool, False, ""),
        other_acabar=_field(data, "other_acabar", bool, False, ""),
        exact_cut=_field(data, "exact_cut", bool, False, ""),
        first_pickup=_field(data, "went_out_on_first_pickup", bool, False, ""),
        held_sets=_count(data, "held_in_hand", ""),
        penalties=_count(data, "penalties", ""),
        special_hand=special,
        escalas=_count(data, "escalas", ""),
        escalas_real=_count(data, "escalas_real", ""),
        unfinished=counted["unfinished"],
        **points,
    )
    ruling = check_hand_score(variant, _players(variant, data), items)
    extra: Json = {
        "points": ruling.points,
        "breakdown": ruling.breakdown,
        "canastas": [{"kind": c.kind.value, "bonus": c.bonus} for c in ruling.canastas],
    }
    if ruling.problems:
        extra["problems"] = [problem_json(variant, p) for p in ruling.problems]
    return _ruling(variant, ruling.allowed, ruling.reason, ruling.rule, **extra)


def _moment_json(variant: Variant, ruling: Ruling | None) -> Json:
    """A ruling of :mod:`referee.rules.moment_rulings` (issue 44): ``covered`` false, with
    ``allowed`` and ``rule`` null, where the book does not decide the question."""
    if ruling is None:
        return {"allowed": None, "reason": SILENT, "rule": None, "covered": False}
    return {**_ruling_json(variant, ruling), "covered": True}


def _second_meld_question(variant: Variant, data: Json) -> Json:
    from ..rules.moment_rulings import check_second_meld

    rank_text = _field(data, "rank", str, None, "")
    if rank_text is None:
        raise MalformedInput("rank is required: the rank of the new meld, such as K")
    ruling = check_second_meld(
        variant, rank=_natural_rank(rank_text, "rank"), melds=_melds(data.get("melds", []), "")
    )
    return _moment_json(variant, ruling)


def _pile_counts_question(variant: Variant, data: Json) -> Json:
    from ..rules.moment_rulings import check_pile_counts

    ruling = check_pile_counts(variant, top=_field(data, "top", bool, True, ""))
    return _moment_json(variant, ruling)


def _partner_question(variant: Variant, data: Json) -> Json:
    from ..rules.moment_rulings import PARTNER_QUESTIONS, check_partner_permission

    asked = _field(data, "ask", str, "must_ask", "")
    if asked not in PARTNER_QUESTIONS:
        raise MalformedInput(f"ask must be one of {', '.join(PARTNER_QUESTIONS)}, not {asked!r}")
    ruling = check_partner_permission(variant, players=_players(variant, data), question=asked)
    return _moment_json(variant, ruling)


def _special_hand_question(variant: Variant, data: Json) -> Json:
    from ..rules.moment_rulings import check_special_hand

    ruling = check_special_hand(
        variant,
        side_melded=_field(data, "side_melded", bool, False, ""),
        right_after_partner=_field(data, "right_after_partner", bool, False, ""),
    )
    return _moment_json(variant, ruling)


def _card_added_question(variant: Variant, data: Json) -> Json:
    from ..rules.moment_rulings import check_card_added

    card_text = _field(data, "card", str, None, "")
    if card_text is None:
        raise MalformedInput("card is required: the natural card to add, such as K")
    rank = _natural_rank(card_text, "card")
    ruling = check_card_added(
        variant,
        card=Card(rank),
        melds=_melds(data.get("melds", []), ""),
        going_out=_field(data, "going_out", bool, False, ""),
    )
    return _moment_json(variant, ruling)


def _pile_turn_question(variant: Variant, data: Json) -> Json:
    from ..rules.moment_rulings import check_pile_turn

    first_turn = _field(data, "first_turn", bool, False, "")
    past_turn_card = _field(data, "past_turn_card", bool, False, "")
    if not first_turn and not past_turn_card:
        raise MalformedInput("say the moment: first_turn or past_turn_card must be true")
    ruling = check_pile_turn(variant, first_turn=first_turn, past_turn_card=past_turn_card)
    return _moment_json(variant, ruling)


def _last_discard_question(variant: Variant, data: Json) -> Json:
    from ..rules.moment_rulings import check_last_discard

    return _moment_json(variant, check_last_discard(variant))


def _meld_every_card_question(variant: Variant, data: Json) -> Json:
    from ..rules.moment_rulings import check_meld_every_card

    return _moment_json(variant, check_meld_every_card(variant))


def _opponents_meld_question(variant: Variant, data: Json) -> Json:
    from ..rules.moment_rulings import check_opponents_meld

    return _moment_json(variant, check_opponents_meld(variant))


def _pile_frozen_question(variant: Variant, data: Json) -> Json:
    from ..rules.moment_rulings import check_pile_frozen

    ruling = check_pile_frozen(
        variant,
        wild_in=_field(data, "wild_in", bool, False, ""),
        opened=_field(data, "opened", bool, True, ""),
    )
    return _moment_json(variant, ruling)


def _wild_cards_question(variant: Variant, data: Json) -> Json:
    from ..rules.moment_rulings import wild_cards_allowed

    ruling = wild_cards_allowed(variant)
    answer = _moment_json(variant, ruling)
    answer["most"] = ruling.points if ruling is not None else None
    return answer


def _canasta_kind_question(variant: Variant, data: Json) -> Json:
    from ..rules.moment_rulings import KINDS_ASKED, check_canasta_kind_needed

    kind = _field(data, "kind", str, None, "")
    if kind not in KINDS_ASKED:
        raise MalformedInput(f"kind must be one of {', '.join(KINDS_ASKED)}, not {kind!r}")
    ruling = check_canasta_kind_needed(
        variant,
        kind=KINDS_ASKED[kind],
        players=_players(variant, data),
        without=_field(data, "without", bool, False, ""),
    )
    return _moment_json(variant, ruling)


def _concealed_question(variant: Variant, data: Json) -> Json:
    from ..rules.moment_rulings import check_concealed_going_out

    return _moment_json(variant, check_concealed_going_out(variant))


def _red_threes_opening_question(variant: Variant, data: Json) -> Json:
    from ..rules.moment_rulings import check_red_threes_toward_opening

    return _moment_json(variant, check_red_threes_toward_opening(variant))


QUESTIONS = {
    "meld": _meld_question,
    "opening": _opening_question,
    "pickup": _pickup_question,
    "go_out": _go_out_question,
    "bonus_cards": _bonus_cards_question,
    "wild_card": _wild_card_question,
    "discard": _discard_question,
    "dead_rank": _dead_rank_question,
    "stock_out": _stock_out_question,
    "penalty": _penalty_question,
    "held": _held_question,
    "hand_score": _hand_score_question,
    "second_meld": _second_meld_question,
    "pile_counts": _pile_counts_question,
    "partner": _partner_question,
    "special_hand": _special_hand_question,
    "card_added": _card_added_question,
    "pile_turn": _pile_turn_question,
    "last_discard": _last_discard_question,
    "meld_every_card": _meld_every_card_question,
    "opponents_meld": _opponents_meld_question,
    "pile_frozen": _pile_frozen_question,
    "wild_cards": _wild_cards_question,
    "canasta_kind": _canasta_kind_question,
    "red_threes_opening": _red_threes_opening_question,
    "concealed": _concealed_question,
}


def check_json(data: Any) -> Json:
    """Answer a ``referee check`` question with a ruling."""
    variant = _variant(data)
    question = data.get("question")
    answer = QUESTIONS.get(question) if isinstance(question, str) else None
    if answer is None:
        raise MalformedInput(f"question must be one of: {', '.join(QUESTIONS)}")
    return answer(variant, data)


def variants_json() -> list[Json]:
    """Every preset with its main numbers, for ``referee variants --json``; ``rules`` holds
    every value a table may change, under the names a ``rules`` object of overrides uses."""
    from ..rules.overrides import editable_values

    return [
        {
            "id": v.id,
            "name": v.name,
            "seed": v.seed,
            "players": list(v.players),
            "target_score": v.target_score,
            "rounds": v.rounds,
            "opening_by_round": list(v.opening_by_round),
            "two_points": v.card_points[Card.from_symbol("2").rank],
            "canasta_bonus": {k.value: b for k, b in v.canasta_bonus.items()},
            "going_out_bonus": v.going_out_bonus,
            "opening": {"negative": v.negative_minimum}
            | {str(step.from_score): step.minimum for step in v.opening_table},
            "options": [o.name for o in v.options],
            "rules": editable_values(v),
        }
        for v in PRESETS.values()
    ]
