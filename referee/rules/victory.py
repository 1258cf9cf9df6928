"""Victory points: a game's margin turned into points out of 20 by a published scale.

Club and federation events (Burraco's FIBur, and Canasta clubs that borrow its way)
do not add up raw scores across tables: each game's margin -- the winner's total less
the loser's -- is looked up in a scale of bands, and the two teams share 20 victory
points by it (a draw 10-10, a rout 20-0).  A scale is data, each value cited; a director
may enter the event's own as margin bands.

The scales below are the tables of FIBur's *Codice di Gara* (art. 17, *Conteggio dei
punti*: one table for games of three hands, one for four), and its award to a team
whose opponents do not come: the game is won with 70 % of the scale's most in a
three-hand game, 60 % in a four-hand one (*ritardo oltre i 10 minuti*).

Lateness (FIBur, *Codice di Gara*, art. 36 *Ritardo*; art. 34 of the *Codice di Gara del
Burraco Internazionale*, as eburraco.com summarises both: "Sanzioni per ritardo nei
tornei internazionali" and "Tornei burraco: ritardo, cosa bisogna sapere"): a pair must
be ready within 5 minutes of the time set (a warning); 5 to 10 minutes late costs it
100 points (:data:`LATE_POINTS`); more than 10 minutes late it loses the game, the pair
present taking 70 % (60 % with four hands) of the most, the late pair keeping 6 victory
points in a game of three hands, 8 in one of four (:attr:`Scale.late`) -- unless that
would give it an unfair advantage, which is the director's call (settle the game).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .problems import N_, Text

__all__ = [
    "SCALES",
    "LATE_POINTS",
    "Band",
    "Scale",
    "ScaleError",
    "own_scale",
    "parse_bands",
    "scale_from",
    "scale_json",
    "victory_points",
]

TOTAL = 20  # the points two teams share in every game
# FIBur art. 36 (Ritardo): "per ritardi superiori ai cinque minuti vengono applicati 100
# M.P." -- a pair 5 to 10 minutes late has 100 points taken from its game's total.
LATE_POINTS = 100


class ScaleError(ValueError):
    """A scale that does not share the points sensibly: ``words`` a message id (marked with
    :func:`N_`) and its values, which a page translates; the English as the error's text."""

    def __init__(self, reason: str, **values: object) -> None:
        self.words = Text(reason, values)
        super().__init__(self.words.render())


@dataclass(frozen=True)
class Band:
    """Margins up to ``upto`` (inclusive; None: any larger) give the winner ``winner``
    and the loser ``TOTAL - winner``."""

    upto: int | None
    winner: int


@dataclass(frozen=True)
class Scale:
    id: str
    name: str
    bands: tuple[Band, ...]
    forfeit: int  # to the team present when the other does not come
    absent: int = 0  # to the team that does not come (the event may set a penalty)
    source: str = ""
    late: int = 0  # to a team more than ten minutes late, which loses the game

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "name": self.name,
            "bands": [
                {"upto": b.upto, "winner": b.winner, "loser": TOTAL - b.winner} for b in self.bands
            ],
            "forfeit": self.forfeit,
            "absent": self.absent,
            "late": self.late,
            "source": self.source,
        }


def _check(bands: Sequence[Band]) -> tuple[Band, ...]:
    if not bands:
        raise ScaleError(N_("a scale needs at least one band"))
    if bands[-1].upto is not None:
        raise ScaleError(N_("the last band must hold every larger margin"))
    previous_upto, previous_points = -1, TOTAL // 2 - 1
    for band in bands:
        if band.upto is not None and band.upto <= previous_upto:
            raise ScaleError(
                N_("the bands' margins must grow: %(upto)s after %(before)s"),
                upto=band.upto,
                before=previous_upto,
            )
        if not previous_points <= band.winner <= TOTAL:
            raise ScaleError(
                N_(
                    "a band gives the winner from %(half)s to %(total)s points, never fewer"
                    " than the band before it: not %(points)s"
                ),
                half=TOTAL // 2,
                total=TOTAL,
                points=band.winner,
            )
        previous_upto = band.upto if band.upto is not None else previous_upto
        previous_points = band.winner
    if bands[0].winner != TOTAL // 2:
        raise ScaleError(
            N_("the smallest margins share the points %(half)s-%(half)s"), half=TOTAL // 2
        )
    return tuple(bands)


def _fibur(upper: Sequence[int]) -> tuple[Band, ...]:
    # 10-10 up to the first figure, one point more a band, 20-0 past the last
    return _check([Band(u, TOTAL // 2 + i) for i, u in enumerate(upper)] + [Band(None, TOTAL)])


SCALES = {
    scale.id: scale
    for scale in (
        Scale(
            "fibur-3",
            "FIBur, games of 3 hands",
            # Codice di Gara art. 17, the table for three hands: 0-50 10-10, 55-150 11-9,
            # 155-250 12-8, 255-350 13-7, 355-500 14-6, 505-650 15-5, 655-800 16-4,
            # 805-1000 17-3, 1005-1250 18-2, 1255-1500 19-1, over 1500 20-0
            _fibur((50, 150, 250, 350, 500, 650, 800, 1000, 1250, 1500)),
            forfeit=14,  # 70 % of 20, art. 36 on lateness over ten minutes
            source="FIBur, Codice di Gara, art. 17 (three-hand table) and art. 36 (lateness)",
            # art. 36: the late pair "a seconda dei turni 6 o 8 VP": 6 in three-hand rounds
            late=6,
        ),
        Scale(
            "fibur-4",
            "FIBur, games of 4 hands",
            # the table for four hands: 0-100 10-10, 105-300 11-9, 305-500 12-8, 505-700
            # 13-7, 705-900 14-6, 905-1100 15-5, 1105-1300 16-4, 1305-1500 17-3, 1505-1700
            # 18-2, 1705-2000 19-1, over 2000 20-0
            _fibur((100, 300, 500, 700, 900, 1100, 1300, 1500, 1700, 2000)),
            forfeit=12,  # 60 % of 20 in four-hand rounds
            source="FIBur, Codice di Gara, art. 17 (four-hand table) and art. 36 (lateness)",
            late=8,  # art. 36: 8 VP to the late pair in four-hand rounds
        ),
    )
}


def parse_bands(text: str) -> tuple[Band, ...]:
    """An event's own scale typed as margin bands, one a line or separated by commas:
    ``"50 10, 150 11, 250 12, * 13"`` -- up to a margin, the winner's points; ``*`` for
    every larger margin.

    :raises ScaleError: naming the band that is wrong.
    """
    bands = []
    for part in text.replace("\n", ",").split(","):
        fields = part.split()
        if not fields:
            continue
        if len(fields) != 2:
            raise ScaleError(
                N_("a band is a margin and the winner's points, not “%(band)s”"), band=part.strip()
            )
        upto_text, points_text = fields
        try:
            upto = None if upto_text in ("*", "+") else int(upto_text)
            points = int(points_text)
        except ValueError:
            raise ScaleError(
                N_("a band is a margin and the winner's points, not “%(band)s”"), band=part.strip()
            ) from None
        if upto is not None and upto < 0:
            raise ScaleError(N_("a margin is never negative: %(upto)s"), upto=upto)
        bands.append(Band(upto, points))
    return _check(bands)


OWN = "own"  # the id of an event's own scale


def own_scale(bands: Sequence[Band], forfeit: int) -> Scale:
    """An event's own scale: its ``bands`` and the award to a team whose opponents do not
    come.  :raises ScaleError: for bands that make no sense, or an award past 20."""
    if not TOTAL // 2 <= forfeit <= TOTAL:
        raise ScaleError(
            N_("the forfeit award is from %(half)s to %(total)s, not %(forfeit)s"),
            half=TOTAL // 2,
            total=TOTAL,
            forfeit=forfeit,
        )
    return Scale(OWN, "the event's own scale", _check(bands), forfeit, source="the director")


def scale_from(data: Mapping[str, Any]) -> Scale | None:
    """A scale kept as JSON: ``{"id": "fibur-3"}`` or ``{"id": "own", "bands": [[50, 10],
    ..., [null, 20]], "forfeit": 14}``; None when it is neither (a damaged row plays on
    without victory points rather than failing every page)."""
    found = SCALES.get(str(data.get("id")))
    if found is not None:
        return found
    try:
        bands = [
            Band(None if upto is None else int(upto), int(points)) for upto, points in data["bands"]
        ]
        return own_scale(bands, int(data["forfeit"]))
    except (KeyError, TypeError, ValueError):
        return None


def scale_json(scale: Scale) -> dict[str, Any]:
    """How :func:`scale_from` reads ``scale`` back."""
    if scale.id in SCALES:
        return {"id": scale.id}
    return {"id": OWN, "bands": [[b.upto, b.winner] for b in scale.bands], "forfeit": scale.forfeit}


def victory_points(scale: Scale, ours: int, theirs: int) -> tuple[int, int]:
    """The victory points of a game that ended ``ours`` to ``theirs``: (ours, theirs)."""
    margin = abs(ours - theirs)
    for band in scale.bands:
        if band.upto is None or margin <= band.upto:
            winner = band.winner
            break
    else:  # pragma: no cover - _check keeps an open last band
        winner = TOTAL
    if ours == theirs:
        return TOTAL // 2, TOTAL // 2
    return (winner, TOTAL - winner) if ours > theirs else (TOTAL - winner, winner)
