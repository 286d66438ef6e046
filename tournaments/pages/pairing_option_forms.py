"""Forms of a Swiss's pairing options page (issue 27): Baku acceleration and the same-club rule,
a pair of players who must not meet, and the rounds a listed pair applies to."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import Entry, ForbiddenPair, Tournament

EVERY_ROUND, FIRST_ROUNDS, OFF = "all", "first", "off"


def rounds_error(tournament: Tournament) -> str:
    return _(
        "The tournament has %(count)d rounds: give a number from 1 to %(count)d, or leave "
        "it empty for every round."
    ) % {"count": tournament.swiss_rounds}


def _clean_rounds(form: forms.Form, name: str) -> None:
    rounds = form.cleaned_data.get(name)
    if rounds is not None and rounds > form.tournament.swiss_rounds:
        form.add_error(name, rounds_error(form.tournament))


class PairingOptionsForm(forms.Form):
    baku_acceleration = forms.BooleanField(
        label=_("Baku acceleration (FIDE C.04.5.1)"),
        required=False,
        help_text=_(
            "The top half of the initial ranking (rounded up to an even number) gets "
            "virtual points in the first half of the rounds: a win's points in the first "
            "half of those rounds, half of it in the others."
        ),
    )
    same_club = forms.ChoiceField(
        label=_("Players of the same club"),
        widget=forms.RadioSelect,
        choices=[
            (OFF, _("may meet")),
            (EVERY_ROUND, _("do not meet, in every round")),
            (FIRST_ROUNDS, _("do not meet in the first rounds")),
        ],
    )
    same_club_rounds = forms.IntegerField(
        label=_("How many first rounds"),
        required=False,
        min_value=1,
        help_text=_(
            "Clubs are compared without accents, case or extra spaces; players without "
            "a club are in none."
        ),
    )

    def __init__(self, *args, tournament: Tournament, **kwargs):
        kwargs.setdefault(
            "initial",
            {
                "baku_acceleration": tournament.baku_acceleration,
                "same_club": (
                    OFF
                    if not tournament.forbid_same_club
                    else EVERY_ROUND
                    if tournament.same_club_rounds is None
                    else FIRST_ROUNDS
                ),
                "same_club_rounds": tournament.same_club_rounds,
            },
        )
        super().__init__(*args, **kwargs)
        self.tournament = tournament

    def clean(self):
        data = super().clean()
        if data.get("same_club") == FIRST_ROUNDS:
            if data.get("same_club_rounds") is None and "same_club_rounds" not in self.errors:
                self.add_error("same_club_rounds", _("Give how many first rounds."))
            _clean_rounds(self, "same_club_rounds")
        return data

    def options(self) -> dict:
        data = self.cleaned_data
        return {
            "baku_acceleration": data["baku_acceleration"],
            "forbid_same_club": data["same_club"] != OFF,
            "same_club_rounds": (
                data["same_club_rounds"] if data["same_club"] == FIRST_ROUNDS else None
            ),
        }


class ForbiddenPairForm(forms.Form):
    first = forms.ModelChoiceField(queryset=Entry.objects.none(), label=_("Player"))
    second = forms.ModelChoiceField(queryset=Entry.objects.none(), label=_("Does not meet"))
    from_round = forms.IntegerField(label=_("From round"), required=False, min_value=1)
    rounds = forms.IntegerField(
        label=_("Up to round"),
        required=False,
        min_value=1,
        help_text=_("Empty: to the last round."),
    )
    note = forms.CharField(
        label=_("Note"),
        required=False,
        max_length=200,
        help_text=_("Why, for the arbiters: brothers, same school..."),
    )

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, prefix="pair", **kwargs)
        self.tournament = tournament
        for name in ("first", "second"):
            self.fields[name].queryset = tournament.entries.by_number()
        # Once rounds are paired a new pair starts at the next round to pair (issue 27).
        self.next_round = max(tournament.rounds.values_list("number", flat=True), default=0) + 1
        self.fields["from_round"].help_text = _(
            "Empty: from round %(number)d, the next round to pair."
        ) % {"number": self.next_round}

    def clean(self):
        data = super().clean()
        first, second = data.get("first"), data.get("second")
        if first is not None and first == second:
            self.add_error("second", _("Choose two different players."))
        elif first is not None and second is not None:
            low, high = sorted((first.pk, second.pk))
            if ForbiddenPair.objects.filter(first_id=low, second_id=high).exists():
                self.add_error(
                    None,
                    _("%(a)s and %(b)s are already listed as a pair.")
                    % {"a": first.player.name, "b": second.player.name},
                )
        _clean_rounds(self, "rounds")
        start, rounds = data.get("from_round"), data.get("rounds")
        if start is not None and start > self.tournament.swiss_rounds:
            self.add_error(
                "from_round",
                _("The tournament has %(count)d rounds: the pair cannot start in round %(number)d.")
                % {"count": self.tournament.swiss_rounds, "number": start},
            )
        elif rounds is not None and rounds < (start or self.next_round):
            self.add_error(
                "rounds",
                _("The pair starts in round %(first)d: it cannot end in round %(last)d, before it.")
                % {"first": start or self.next_round, "last": rounds},
            )
        return data


class PairRoundsForm(forms.Form):
    """The last round one listed pair applies to (its first round stays)."""

    rounds = forms.IntegerField(
        label=_("Up to round"),
        required=False,
        min_value=1,
        help_text=_("Empty: to the last round."),
    )

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament

    def clean(self):
        data = super().clean()
        _clean_rounds(self, "rounds")
        return data
