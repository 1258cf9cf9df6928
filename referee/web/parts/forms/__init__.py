"""Every form of the app, a module per page family over the shared pieces of :mod:`.base`.
Validators check shape only; the rules go through the core.

The views import them from here; each module says what its forms are for.
"""

from .base import FlaskForm, Form, Integer, PlainText, chosen_options, once, option_field_name
from .group_forms import KIND_LABELS, GroupForm, GroupMatchForm, MoveMatchForm, PlayerForm
from .hand_forms import (
    NOTE_LENGTH,
    TOKEN_PATTERN,
    entry_from_form,
    formdata_from_entry,
    hand_form,
    out_chosen,
    side_fields,
)
from .match_forms import MAX_SEATS, MAX_SIDES, PLAYERS_PER_SIDE, ImportForm, NewMatchForm
from .ruling_forms import (
    PLAYER_COUNTS,
    QUESTION_FORMS,
    RulesChoice,
    offered_questions,
    question_forms,
)
from .tournament_forms import (
    REASON_LENGTH,
    ConfirmForm,
    NextRoundForm,
    ReopenForm,
    SettleForm,
    TeamForm,
    TournamentForm,
)

__all__ = [
    "KIND_LABELS",
    "MAX_SEATS",
    "MAX_SIDES",
    "NOTE_LENGTH",
    "PLAYERS_PER_SIDE",
    "PLAYER_COUNTS",
    "QUESTION_FORMS",
    "REASON_LENGTH",
    "TOKEN_PATTERN",
    "ConfirmForm",
    "FlaskForm",
    "Form",
    "GroupForm",
    "GroupMatchForm",
    "ImportForm",
    "Integer",
    "MoveMatchForm",
    "NewMatchForm",
    "NextRoundForm",
    "PlainText",
    "PlayerForm",
    "ReopenForm",
    "RulesChoice",
    "SettleForm",
    "TeamForm",
    "TournamentForm",
    "chosen_options",
    "entry_from_form",
    "formdata_from_entry",
    "hand_form",
    "once",
    "option_field_name",
    "out_chosen",
    "offered_questions",
    "question_forms",
    "side_fields",
]
