"""Forms for organisers and arbiters: labelled fields, errors next to the field they concern."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext_lazy as _

from tournaments.files.player_list import MAX_RATING
from tournaments.models import (
    PROFILES_FOR_64_ONLY,
    Board,
    Entry,
    Game,
    GameResult,
    Notation,
    PairingSystem,
    Player,
    Tournament,
)
from tournaments.models.frozen import FROZEN_FIELDS, has_recorded_play
from tournaments.standings.tiebreak_names import tiebreak_name
from tournaments.standings.tiebreaks import DEFAULT_ORDER, DEFAULT_SWISS_ORDER, REGISTRY


class HiddenErrorsShown:
    """Say above the form when a field the page does not show was refused (the version the page
    was shown at, cut off or tampered with): templates show errors next to the visible fields
    only, so the form would otherwise come back without a word. `unshown_fields` names visible
    fields a page may leave out."""

    unshown_fields: tuple[str, ...] = ()

    def clean(self):
        cleaned = super().clean()
        unshown = {name for name, field in self.fields.items() if field.widget.is_hidden}
        if (unshown | set(self.unshown_fields)) & set(self.errors):
            self.add_error(None, _("The form was incomplete: nothing was changed."))
        return cleaned


def tiebreak_choices() -> list[tuple[str, str]]:
    return [("", _("(none)"))] + [
        (tie_break.id, f"{tiebreak_name(tie_break.id)} ({tie_break.article})")
        for tie_break in REGISTRY.values()
    ]


#: The settings of one pairing system only: the form of the other system leaves them out.
ROUND_ROBIN_ONLY = ("cycles", "swap_last_two")
SWISS_ONLY = ("swiss_rounds", "bye_points", "max_requested_byes")


def chosen_system(value: str | None) -> str | None:
    """A pairing system named in a request (?system=swiss), or None for an unknown name."""
    return value if value in PairingSystem.values else None


class TournamentForm(forms.ModelForm):
    """The tournament's settings; the tie-break order is one select per position (Art. 4).

    One form per pairing system (issue 25): a Swiss form showed the round robin's fields and
    tie-break order, then saved the Swiss order silently. The system is chosen before the
    form (a link, no JavaScript needed) and travels in a hidden field; the form shows that
    system's fields and tie-breaks, and saves what it shows.
    """

    class Meta:
        model = Tournament
        fields = ["name", "place", "start_date", "end_date", "board", "time_control",
                  "draw_profile", "notation", "system", "swiss_rounds", "bye_points",
                  "max_requested_byes", "cycles", "swap_last_two", "micro_match",
                  "scoring_win", "scoring_draw", "scoring_loss", "annul_early_withdrawals",
                  "rating_k"]
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "end_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        }
        help_texts = {
            "scoring_win": _("Art. 2 §1: win 1, draw 1/2, loss 0. The FMJD uses 2, 1, 0."),
        }

    def __init__(self, *args, system: str | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        # Left empty (or absent from an older form), K keeps its value: 20 for a new tournament.
        self.fields["rating_k"].required = False
        self.system = self._system(system)
        order = list(self.instance.tiebreaks or [])
        if not self.instance.pk and self.system != self.instance.system:
            order = list(DEFAULT_SWISS_ORDER if self.system == PairingSystem.SWISS
                         else DEFAULT_ORDER)
        for position in range(len(REGISTRY)):
            self.fields[f"tiebreak_{position + 1}"] = forms.ChoiceField(
                label=_("Tie-break %(position)d") % {"position": position + 1},
                choices=tiebreak_choices(), required=False,
                initial=order[position] if position < len(order) else "",
            )
        # Forms that predate the Swiss (and scripts posting them) leave these out: a round robin.
        for name in ("system", "max_requested_byes"):
            self.fields[name].required = False
        self._offer_what_fits_the_board()
        for name in SWISS_ONLY if self.system != PairingSystem.SWISS else ROUND_ROBIN_ONLY:
            del self.fields[name]
        self.fields["system"].widget = forms.HiddenInput()
        self.initial["system"] = self.system
        if self.instance.pk and self.instance.rounds.exists():
            # The schedule is fixed once the rounds exist.
            for name in ("cycles", "swap_last_two", "micro_match", "system"):
                self.fields[name].disabled = True
                self.fields[name].help_text = _("Fixed: the rounds are already generated.")
        if has_recorded_play(self.instance.pk):
            for name in FROZEN_FIELDS:
                self.fields[name].help_text = _(
                    "Fixed: games already have score sheets or claims checked under it.")

    def _system(self, asked: str | None) -> str:
        """The system the form is for: fixed once the rounds exist, else the one posted, the
        one asked for in the address, or the tournament's own."""
        if self.instance.pk and self.instance.rounds.exists():
            return self.instance.system
        posted = chosen_system(self.data.get("system")) if self.is_bound else None
        return (posted or chosen_system(asked) or self.instance.system
                or PairingSystem.ROUND_ROBIN)

    def clean_system(self) -> str:
        return self.system

    def clean_max_requested_byes(self) -> int:
        value = self.cleaned_data.get("max_requested_byes")
        return self.instance.max_requested_byes if value is None else value

    def _offer_what_fits_the_board(self) -> None:
        """Issue 12: the 100-square form offered the 64-only draw profiles and algebraic
        notation, then refused them. The choices that need 64 squares are marked for
        static/js/tournament_form.js, which hides them while 100 is chosen; a form shown for
        100 squares leaves them out (the model's clean still refuses them if sent)."""
        only_64 = {"draw_profile": [str(value) for value in PROFILES_FOR_64_ONLY],
                   "notation": [str(Notation.ALGEBRAIC)]}
        board = self.data.get("board") if self.is_bound else (
            self.initial.get("board") or self.instance.board)
        for name, values in only_64.items():
            field = self.fields[name]
            field.widget.attrs["data-only-64"] = " ".join(values)
            if str(board) == str(Board.INTERNATIONAL) and not self.is_bound:
                field.choices = [(value, label) for value, label in field.choices
                                 if value not in values]
        self.fields["board"].widget.attrs["data-board-select"] = ""

    def tiebreak_fields(self):
        return [self[name] for name in self.fields if name.startswith("tiebreak_")]

    def settings_fields(self):
        return [self[name] for name in self.fields
                if not name.startswith("tiebreak_") and name != "system"]

    def system_label(self) -> str:
        return PairingSystem(self.system).label

    def other_system(self) -> str:
        return (PairingSystem.ROUND_ROBIN if self.system == PairingSystem.SWISS
                else PairingSystem.SWISS)

    def other_system_label(self) -> str:
        return PairingSystem(self.other_system()).label

    def clean(self):
        cleaned = super().clean()
        order: list[str] = []
        for position in range(len(REGISTRY)):
            name = f"tiebreak_{position + 1}"
            value = cleaned.get(name)
            if not value:
                continue
            if value in order:
                self.add_error(name, _("This tie-break is already chosen above."))
            order.append(value)
        self.instance.tiebreaks = order
        if cleaned.get("rating_k") is None and "rating_k" not in self.errors:
            cleaned["rating_k"] = self.instance.rating_k or 20
        return cleaned


class PlayerForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ["name", "club", "rating", "federation_id", "sex", "birth_date", "birth_year",
                  "state", "fmjd_id", "fmjd_rating", "title"]
        widgets = {"rating": forms.NumberInput(attrs={"min": 0, "max": MAX_RATING}),
                   "fmjd_rating": forms.NumberInput(attrs={"min": 0, "max": MAX_RATING}),
                   "birth_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Issue 27: an id on the rating list in force is enough; the list gives the rest.
        self.fields["name"].required = False
        self.fields["federation_id"].help_text = _(
            "National (CBD) id. With an id on the rating list in force at the tournament's "
            "start, leave the name, club, rating and birth year blank: the list fills them in.")

    def clean(self):
        cleaned = super().clean()
        if not (cleaned.get("name") or "").strip() and not cleaned.get("federation_id") \
                and not cleaned.get("fmjd_id"):
            self.add_error("name", _("Type the name, or an id of the rating list in force."))
        return cleaned

    def validate_unique(self):
        """A known federation id is fine: the service enters that player again."""


class CsvImportForm(forms.Form):
    file = forms.FileField(
        label=_("Player file (CSV, Excel or LibreOffice)"),
        help_text=_("A header row with the columns nome, clube, rating, id federação (or name, "
                    "club, rating, federation_id). A spreadsheet (.xlsx, .ods) or CSV separated "
                    "by ; , or tab, in any encoding Excel saves. Nothing is saved before you "
                    "confirm the preview."),
        widget=forms.ClearableFileInput(attrs={
            "accept": ".csv,.txt,.xlsx,.ods,text/csv,text/plain,"
                      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,"
                      "application/vnd.oasis.opendocument.spreadsheet"}),
    )

    def clean_file(self):
        """Refused on the form, with its size: the upload limit only makes Django keep a larger
        file on disk, and the service would read it whole."""
        upload = self.cleaned_data["file"]
        limit = settings.FILE_UPLOAD_MAX_MEMORY_SIZE
        if upload.size > limit:
            raise forms.ValidationError(
                _("The file is too large (%(size)s): at most %(limit)s can be imported at once. "
                  "Split it into several files.")
                % {"size": filesizeformat(upload.size), "limit": filesizeformat(limit)}
            )
        return upload


KEEP, TAKE = "keep", "take"


class PlayerImportConfirmForm(forms.Form):
    """The preview's choices: for each fact where the file disagrees with the registry, keep
    the stored value or take the file's; the organiser picks each one (issue 20)."""

    digest = forms.CharField(widget=forms.HiddenInput)

    def __init__(self, *args, plan, **kwargs):
        super().__init__(*args, **kwargs)
        self.plan = plan
        self.initial.setdefault("digest", plan.digest)
        for planned in plan.rows:
            for difference in planned.differences:
                self.fields[self.field_name(planned.line, difference.field)] = forms.ChoiceField(
                    label=difference.label, widget=forms.RadioSelect,
                    choices=[(KEEP, _("keep “%(value)s”") % {"value": difference.stored_text}),
                             (TAKE, _("take “%(value)s”") % {"value": difference.offered_text})],
                    error_messages={"required": _("Choose which value to keep.")})

    @staticmethod
    def field_name(line: int, field: str) -> str:
        return f"choice_{line}_{field}"

    def rows(self) -> list[dict]:
        """Each planned row with the choice fields of its differences, for the template."""
        return [{"planned": planned,
                 "choices": [self[self.field_name(planned.line, difference.field)]
                             for difference in planned.differences]}
                for planned in self.plan.rows]

    def taken(self) -> set[tuple[int, str]]:
        """(line, field) of every difference where the file's value was chosen."""
        return {(planned.line, difference.field) for planned in self.plan.rows
                for difference in planned.differences
                if self.cleaned_data.get(self.field_name(planned.line, difference.field))
                == TAKE}


class DrawNumbersForm(forms.Form):
    seed = forms.IntegerField(
        label=_("Seed (optional)"), required=False, min_value=0, max_value=2**62,
        help_text=_("Leave empty for a new draw; give an earlier seed to replay that draw."),
    )


class PairingNumbersForm(forms.Form):
    """One number field per player, for numbers set by the organiser."""

    def __init__(self, *args, entries: list[Entry], **kwargs):
        super().__init__(*args, **kwargs)
        self.entries = entries
        for entry in entries:
            self.fields[f"entry_{entry.pk}"] = forms.IntegerField(
                label=entry.player.name, min_value=1, max_value=len(entries),
                initial=entry.number,
            )

    def clean(self):
        cleaned = super().clean()
        seen: dict[int, str] = {}
        for entry in self.entries:
            name = f"entry_{entry.pk}"
            number = cleaned.get(name)
            if number is None:
                continue
            if number in seen:
                self.add_error(name, _("Number %(number)d is already given to %(other)s.") % {
                    "number": number, "other": seen[number]})
            seen[number] = entry.player.name
        return cleaned

    def numbers(self) -> dict[int, int]:
        return {entry.pk: self.cleaned_data[f"entry_{entry.pk}"] for entry in self.entries}


class ResultForm(HiddenErrorsShown, forms.Form):
    """A game's result with the colours played; `version` is the one the arbiter saw."""

    result = forms.ChoiceField(label=_("Result"), choices=GameResult.choices, required=False)
    colours_swapped = forms.BooleanField(
        label=_("Colours swapped from the Berger table (Art. 10)"), required=False,
        help_text=_("Tick when the players agreed or drew lots for the other colours; the "
                    "result is then read with the colours as played."),
    )
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=1)

    def __init__(self, *args, game: Game, **kwargs):
        kwargs.setdefault("initial", {"result": game.result,
                                      "colours_swapped": game.colours_swapped,
                                      "version": game.version})
        super().__init__(*args, **kwargs)
        self.game = game
        if game.round.tournament.is_swiss:
            # No Berger table to swap from: a Swiss round's colours are set on its draft.
            del self.fields["colours_swapped"]
