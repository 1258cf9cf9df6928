"""The database's schema, made and changed only by these named migrations, in order
(sqlite-utils' :class:`~sqlite_utils.Migrations`).  ``Storage.initialise``
(:mod:`.connection`), run when the app starts and by ``referee import``, brings a database
of any earlier version up to date."""

from __future__ import annotations

from sqlite_utils import Database, Migrations

migrations = Migrations("canasta-referee")


@migrations()
def create_matches_and_hands(db: Database) -> None:
    db["matches"].create(
        {
            "id": int,
            "created": str,
            "name": str,
            "variant_id": str,
            "options": str,  # JSON: the house rules chosen
            "snapshot": str,  # JSON: every number of the variant when the match began
            "players": int,
            "side_names": str,
            "player_names": str,
            "target": int,
            "edit_token": str,
            "view_token": str,
            "finished": int,
            "winner": str,
        },
        pk="id",
        not_null={"created", "variant_id", "snapshot", "edit_token", "view_token"},
    )
    db["hands"].create(
        {
            "id": int,
            "match_id": int,
            "entry": str,  # JSON: the hand as typed
            "result": str,  # JSON: its score when saved
            "created": str,
            "updated": str,
            "deleted": int,
        },
        pk="id",
        foreign_keys=[("match_id", "matches", "id")],
    )
    db["hands"].create_index(["match_id", "deleted"])
    db["history"].create(
        {
            "id": int,
            "match_id": int,
            "hand_id": int,
            "action": str,  # add, edit, delete, undo
            "before": str,  # JSON entry before the change (null for add)
            "after": str,  # JSON entry after the change (null for delete)
            "at": str,
            "undone": int,
        },
        pk="id",
        foreign_keys=[("match_id", "matches", "id")],
    )
    db["history"].create_index(["match_id"])
    # The primary key makes a second submission of the same form fail atomically.
    db["form_tokens"].create({"token": str, "match_id": int, "at": str}, pk="token")


@migrations()
def groups_seating_and_paper(db: Database) -> None:
    """Groups and their rosters; a match's group, seating, first dealer and paper totals."""
    db["groups"].create(
        {"id": int, "created": str, "name": str, "edit_token": str, "view_token": str},
        pk="id",
        not_null={"created", "name", "edit_token", "view_token"},
    )
    db["players"].create(
        {"id": int, "group_id": int, "name": str},
        pk="id",
        foreign_keys=[("group_id", "groups", "id")],
        not_null={"group_id", "name"},
    )
    db["players"].create_index(["group_id"])
    matches = db["matches"]
    matches.add_column("group_id", int)  # its group's id; NULL: a match on its own
    matches.add_column("player_ids", str)  # JSON: roster ids beside player_names
    matches.add_column("seating", str)  # JSON: players clockwise; NULL: the usual seating
    matches.add_column("first_dealer", int)  # the seat that dealt the first hand
    matches.add_column("carried_over", str)  # JSON {"totals": [...], "hands": n} from paper
    matches.create_index(["group_id"])


@migrations()
def table_rules(db: Database) -> None:
    """A match's own rules: the values its table changed from the preset."""
    db["matches"].add_column("overrides", str)  # JSON: changed values; NULL: the preset's


@migrations()
def tournaments(db: Database) -> None:
    """A club's tournaments: their teams and, round by round, each table's match."""
    db["tournaments"].create(
        {
            "id": int,
            "created": str,
            "name": str,
            "variant_id": str,
            "options": str,  # JSON: the house rules chosen
            "overrides": str,  # JSON: the values its tables play differently from the preset
            "players": int,  # at each table: 2 (single players) or 4 (teams of two)
            "rounds": int,
            "movement": str,  # mitchell or round-robin (referee.rules.movements)
            "hands": int,  # a game is this many hands; NULL: to the target
            "minutes": int,  # a round's time limit; NULL: none
            "ranking": str,  # wins (then points) or points
            "edit_token": str,
            "view_token": str,
            "current_round": int,
            "clock_end": str,  # when the current round's time is up (UTC); NULL: no clock
            "finished": int,
        },
        pk="id",
        not_null={"created", "name", "variant_id", "edit_token", "view_token"},
    )
    db["tournament_teams"].create(
        {"id": int, "tournament_id": int, "number": int, "name": str, "players": str},
        pk="id",
        foreign_keys=[("tournament_id", "tournaments", "id")],
        not_null={"tournament_id", "number", "name"},
    )
    db["tournament_teams"].create_index(["tournament_id", "number"], unique=True)
    # No foreign key to matches: the retention commands delete a match's rows by its
    # match_id (storage.prune), and a table's place in the plan goes with its match.
    db["tournament_tables"].create(
        {"tournament_id": int, "round": int, "table_no": int, "ns": int, "ew": int,
         "match_id": int},
        pk=("tournament_id", "round", "table_no"),
        foreign_keys=[("tournament_id", "tournaments", "id")],
    )  # fmt: skip
    db["tournament_tables"].create_index(["match_id"])


@migrations()
def closed_matches_and_phones(db: Database) -> None:
    """A match closed to changes (its tournament's round ended), and which phone made each
    change (so a form knows the changes made from other phones since it was opened)."""
    db["matches"].add_column("closed", str)  # who closed it (e.g. "round"); NULL: open
    db["history"].add_column("phone", str)  # a browser's random id; NULL: unknown
    db["history"].add_column("reverses", int)  # an undo's: the change it took back
    # How many rows of history the match has: its cap is checked on every change, and
    # counting 5 000 rows took 1.5 ms (a column read takes none).
    db["matches"].add_column("changes", int, not_null_default=0)
    db.execute(
        "UPDATE matches SET changes ="
        " (SELECT COUNT(*) FROM history h WHERE h.match_id = matches.id)"
    )


@migrations()
def tournament_events(db: Database) -> None:
    """What the director did to a tournament's tables: a round ended, a table's game
    reopened (and why) or closed again; shown on the director's page and the results."""
    db["tournament_events"].create(
        {
            "id": int,
            "tournament_id": int,
            "round": int,
            "table_no": int,  # NULL: the whole round (a round or the tournament ended)
            "match_id": int,  # NULL: the whole round
            "action": str,  # see referee.match.standings.TournamentEvent
            "reason": str,  # the director's words (a reopening); NULL: none
            "version": int,  # the match's version then: later changes are after it
            "at": str,
        },
        pk="id",
        foreign_keys=[("tournament_id", "tournaments", "id")],
        not_null={"tournament_id", "round", "action", "at"},
    )
    db["tournament_events"].create_index(["tournament_id"])


@migrations()
def tournament_directing(db: Database) -> None:
    """The director's side of an event: victory points and what a bye gives, teams that
    check in, come late or withdraw, the byes of rounds paired as they come (Swiss), and
    a game's result settled by the director (a forfeit, a game not played, a correction)."""
    db["tournaments"].add_column("scale", str)  # JSON (referee.rules.victory.scale_json)
    db["tournaments"].add_column("bye", str, not_null_default="nothing")
    db["tournaments"].add_column("draw", int)  # round 1 drawn by this number; NULL: in order
    db["tournaments"].add_column("absent_penalty", int, not_null_default=0)
    db["tournament_teams"].add_column("status", str, not_null_default="present")
    db["tournament_teams"].add_column("joined", int, not_null_default=0)
    db["tournament_teams"].add_column("left_round", int)
    db["tournament_byes"].create(
        {"tournament_id": int, "round": int, "team": int},
        pk=("tournament_id", "round", "team"),
        foreign_keys=[("tournament_id", "tournaments", "id")],
    )
    db["tournament_adjustments"].create(
        {
            "tournament_id": int,
            "round": int,
            "table_no": int,
            "absent": int,  # a forfeit: the side that did not come (0 North-South, 1 East-West)
            "not_played": int,  # 1: neither side played it, nothing counts
            "ns_points": int,  # an entered result; NULL: the match's own
            "ew_points": int,
            "penalty": int,  # victory points taken from the absent side
            "reason": str,
            "at": str,
        },
        pk=("tournament_id", "round", "table_no"),
        foreign_keys=[("tournament_id", "tournaments", "id")],
        not_null={"reason", "at"},
    )


@migrations()
def tournament_lateness(db: Database) -> None:
    """Lateness as FIBur has it (art. 36): a forfeit of a pair more than ten minutes late
    (it keeps the scale's late award), and points taken from a game's total by the
    director (100 for a pair 5 to 10 minutes late)."""
    db["tournament_adjustments"].add_column("late", int, not_null_default=0)
    db["tournament_penalties"].create(
        {
            "tournament_id": int,
            "round": int,
            "table_no": int,
            "side": int,  # 0 North-South, 1 East-West
            "points": int,  # taken from the side's total
            "reason": str,
            "at": str,
        },
        pk=("tournament_id", "round", "table_no", "side"),
        foreign_keys=[("tournament_id", "tournaments", "id")],
        not_null={"points", "reason", "at"},
    )


@migrations()
def history_hand_numbers(db: Database) -> None:
    """The number each change's hand had then (its place among the hands in play, from 1):
    the history and the other phone name a hand taken out of the match by it ("hand 6
    deleted from another phone"), not as "a hand no longer in the match".  NULL: a change
    written before this, said as it was."""
    db["history"].add_column("number", int)


@migrations()
def tournament_signoff(db: Database) -> None:
    """A table's result confirmed by the other side (issue 46): whether an event asks for
    it, each table's link to confirm from (the table card's second code), and every
    confirmation, of which a table's latest counts while its match's version is the one
    confirmed."""
    db["tournaments"].add_column("signoff", int, not_null_default=0)  # 0: not asked
    db["tournament_tables"].add_column("confirm_token", str)  # NULL: a table from before
    db["tournament_confirmations"].create(
        {
            "id": int,
            "tournament_id": int,
            "round": int,
            "table_no": int,
            "match_id": int,
            "version": int,  # the match's version confirmed: a later change is unconfirmed
            "by": str,  # "other side" or "director"
            "at": str,
        },
        pk="id",
        foreign_keys=[("tournament_id", "tournaments", "id")],
        not_null={"tournament_id", "round", "table_no", "match_id", "version", "by", "at"},
    )
    db["tournament_confirmations"].create_index(["tournament_id", "round", "table_no"])
    db["tournament_confirmations"].create_index(["match_id"])
