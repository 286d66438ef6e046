"""The arbiter's forms: labelled fields, errors next to the field they concern.

Forms check what they can see (syntax, choices, required reasons); whatever needs the score sheet
is checked by the service, whose ArbitrationError names the field (see `add_service_error`).
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from arbitration.models import (
    ClaimDecision,
    DrawClaim,
    Notation,
    OpponentDecision,
    Role,
)
from arbitration.notation import detect_notation
from arbitration.regulation import Category, RuleId
from arbitration.sheets import normal_move_label
from rules.textfile import TextDecodingError, decode_text
from tournaments.models import Entry, Game
from tournaments.pages.forms import HiddenErrorsShown
from tournaments.rules_messages import encoding_note, text_decoding_problem

MAX_SHEET_BYTES = 256 * 1024
MOVE_LABEL_HELP = _("As on the score sheet: “34.” for White's 34th move, “34...” for Black's.")


def add_service_error(form: forms.Form, error) -> None:
    """Put a service's ArbitrationError next to its field, or above the form."""
    field = error.field if error.field in form.fields else None
    form.add_error(field, error.message)


def _clean_label(value: str) -> str:
    label = normal_move_label(value)
    if label is None:
        raise forms.ValidationError(
            _("Write the move as on the sheet: “34.” for White's 34th move, “34...” for Black's.")
        )
    return label


def _player_choices(game: Game, *, arbiter_choice: bool = False) -> list[tuple[str, str]]:
    choices = [
        (str(game.white_id), _("%(player)s (White)") % {"player": game.white.player.name}),
        (str(game.black_id), _("%(player)s (Black)") % {"player": game.black.player.name}),
    ]
    if arbiter_choice:
        choices.insert(0, ("", _("the arbiter saw it")))
    return choices


def _entry(game: Game, value: str) -> Entry | None:
    if not value:
        return None
    return game.white if str(game.white_id) == value else game.black


class SheetForm(HiddenErrorsShown, forms.Form):
    """Paste or upload a PDN text; it is kept as written, problems and all."""

    pdn = forms.CharField(
        label=_("PDN text"), required=False, strip=False,
        widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false", "autocapitalize": "off"}),
        help_text=_("Paste the game's moves, e.g. 1. 22-18 11-15 2. 18x11 8x15 (tags optional)."),
    )
    upload = forms.FileField(
        label=_("or upload a PDN file"), required=False,
        widget=forms.ClearableFileInput(attrs={"accept": ".pdn,.txt,text/plain"}),
    )
    # Only how the moves are shown: the engine reads both, so it is not required; left empty
    # (or not sent) it is read from the text, else the tournament's (issue 12).
    notation = forms.ChoiceField(
        label=_("Show the moves in"), required=False,
        choices=[("", _("the notation the text is written in")), *Notation.choices],
        help_text=_("Only how the moves are shown; numeric and algebraic moves are both read."),
    )
    accepted = forms.CharField(
        label=_("Irregular moves the opponent let stand"), required=False,
        help_text=_("Art. 23: moves as on the sheet, separated by commas, e.g. 17..., 23."),
    )
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)

    def __init__(self, *args, board: int = 64, default_notation: str = Notation.NUMERIC,
                 **kwargs):
        super().__init__(*args, **kwargs)
        self.board, self.default_notation = board, default_notation
        self.encoding_note = ""
        if board != 64:
            self.fields["notation"].choices = [(Notation.NUMERIC, Notation.NUMERIC.label)]
        if "notation" not in self.initial:
            self.initial["notation"] = default_notation

    def clean_upload(self):
        upload = self.cleaned_data.get("upload")
        if upload is None:
            return None
        if upload.size > MAX_SHEET_BYTES:
            raise forms.ValidationError(
                _("The file is too large for a score sheet (at most 256 KB).")
            )
        try:  # UTF-8, UTF-16, else Windows-1252 (older draughts programs), as every upload
            decoded = decode_text(upload.read())
        except TextDecodingError as error:  # a binary file: PostgreSQL cannot store a NUL
            raise forms.ValidationError(text_decoding_problem(error)) from error
        self.encoding_note = encoding_note(decoded)
        return decoded.text

    def clean_accepted(self) -> list[str]:
        labels = []
        for part in self.cleaned_data.get("accepted", "").split(","):
            if part.strip():
                labels.append(_clean_label(part))
        return labels

    def clean(self):
        cleaned = super().clean()
        text, uploaded = cleaned.get("pdn", ""), cleaned.get("upload")
        if uploaded and text.strip():
            raise forms.ValidationError(_("Paste the text or upload a file, not both."))
        if len(uploaded or text) > MAX_SHEET_BYTES:
            raise forms.ValidationError(_("The text is too long for a score sheet."))
        if uploaded is not None:
            cleaned["text"] = uploaded
        elif text.strip():
            cleaned["text"] = text
        elif "upload" not in self.errors:
            self.add_error("pdn", _("Paste the moves or upload a PDN file."))
        if not cleaned.get("notation"):
            cleaned["notation"] = detect_notation(cleaned.get("text", ""), self.board,
                                                  self.default_notation)
        return cleaned


class MoveForm(HiddenErrorsShown, forms.Form):
    """Type the next move; it is checked against the position before it is appended."""

    unshown_fields = ("notation",)  # shown only until the sheet exists

    move = forms.CharField(
        label=_("Next move"), max_length=40,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "off",
                                      "spellcheck": "false", "inputmode": "text"}),
        help_text=_("Numeric (22-18, 23x14) or algebraic (c3-d4, c3xe5)."),
    )
    let_stand = forms.BooleanField(
        label=_("The move is irregular and the opponent let it stand (Art. 23)"), required=False
    )
    notation = forms.ChoiceField(
        label=_("Write the sheet in"), choices=Notation.choices, required=False,
        help_text=_("Chosen with the first move; either notation can be typed."),
    )
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)

    def __init__(self, *args, board: int = 64, **kwargs):
        # Its own ids: the paste form on the same page has a "notation" field too.
        kwargs.setdefault("auto_id", "typed_%s")
        super().__init__(*args, **kwargs)
        if board != 64:
            self.fields["notation"].choices = [(Notation.NUMERIC, Notation.NUMERIC.label)]


class VersionForm(forms.Form):
    """A write that only needs the version the arbiter saw (remove the last move)."""

    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", "undo_%s")  # beside the paste form's own version field
        super().__init__(*args, **kwargs)


class DrawClaimForm(forms.Form):
    claimant = forms.ChoiceField(label=_("Claimant"))
    rule = forms.ChoiceField(label=_("Draw rule"))
    move = forms.CharField(label=_("After the move"), max_length=12, help_text=MOVE_LABEL_HELP)

    def __init__(self, *args, game: Game, rule_ids: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        self.fields["claimant"].choices = _player_choices(game)
        self.fields["rule"].choices = [(rule, RuleId(rule).label) for rule in rule_ids]

    def clean_move(self) -> str:
        return _clean_label(self.cleaned_data["move"])

    def clean_claimant(self) -> Entry | None:
        return _entry(self.game, self.cleaned_data["claimant"])


class DecisionForm(HiddenErrorsShown, forms.Form):
    """Confirm or override the sheet's verdict; overriding needs a reason."""

    decision = forms.ChoiceField(
        label=_("Decision"), widget=forms.RadioSelect,
        choices=[(ClaimDecision.UPHELD, _("Uphold: the game is drawn (1/2-1/2)")),
                 (ClaimDecision.REJECTED, _("Reject: the game goes on"))],
    )
    reason = forms.CharField(
        label=_("Reason"), required=False, widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Required when you decide against the score sheet's verdict."),
    )
    game_version = forms.IntegerField(widget=forms.HiddenInput, min_value=1)

    def __init__(self, *args, claim: DrawClaim, **kwargs):
        kwargs.setdefault("initial", {})
        kwargs["initial"].setdefault(
            "decision", ClaimDecision.UPHELD if claim.system_upheld else ClaimDecision.REJECTED)
        kwargs["initial"].setdefault("game_version", claim.game.version)
        super().__init__(*args, **kwargs)
        self.claim = claim

    def clean(self):
        cleaned = super().clean()
        decision = cleaned.get("decision")
        if decision and not cleaned.get("reason", "").strip():
            upheld = decision == ClaimDecision.UPHELD
            if upheld != self.claim.system_upheld:
                self.add_error("reason", _(
                    "Give the reason for deciding against the score sheet's verdict."))
        return cleaned


class IrregularityForm(forms.Form):
    move = forms.CharField(label=_("Move"), max_length=12, help_text=MOVE_LABEL_HELP)
    category = forms.ChoiceField(
        label=_("Category (Art. 23)"), required=False,
        choices=[("", _("as the score sheet shows"))] + list(Category.choices),
        help_text=_("Left as the score sheet shows, the category it finds at that move is used."),
    )
    reported_by = forms.ChoiceField(label=_("Reported by"), required=False)
    decision = forms.ChoiceField(
        label=_("The opponent's decision"), choices=OpponentDecision.choices,
        widget=forms.RadioSelect,
    )
    note = forms.CharField(
        label=_("Arbiter's note"), required=False, widget=forms.Textarea(attrs={"rows": 3})
    )

    def __init__(self, *args, game: Game, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        self.fields["reported_by"].choices = _player_choices(game, arbiter_choice=True)

    def clean_move(self) -> str:
        return _clean_label(self.cleaned_data["move"])

    def clean_reported_by(self) -> Entry | None:
        return _entry(self.game, self.cleaned_data.get("reported_by", ""))


class OfficialForm(forms.Form):
    username = forms.CharField(
        label=_("Username"), max_length=150,
        widget=forms.TextInput(attrs={"autocapitalize": "off", "autocomplete": "off"}),
    )
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices, initial=Role.ARBITER)


class RemoveOfficialForm(forms.Form):
    user_id = forms.IntegerField(widget=forms.HiddenInput)
    role = forms.ChoiceField(choices=Role.choices, widget=forms.HiddenInput)
