"""The federations' rating lists (issue 27): the lists loaded, the upload, and the preview of
what a list changes in the people registry before it is confirmed.

Organisers (who may create tournaments) and staff load lists. The parsed rows wait as a pending
list in the database (tens of thousands of rows are too many for the session), in force nowhere
until confirmed; cancelling deletes it.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from tournaments.files.import_problems import CsvImportError
from tournaments.files.rating_list import COLUMN_ALIASES, parse_rating_list
from tournaments.models import RatingList
from tournaments.pages.permissions import can_create_tournament, refuse
from tournaments.pages.rating_list_forms import ConfirmListForm, RatingListForm
from tournaments.services import rating_lists as service

PROBLEMS_KEY = "rating-list-problems"
# The preview names the first players of each kind and counts them all: a 30,000-player list
# against a large registry made a page of thousands of lines that took over a second to render.
SHOWN = 200


def shown(plan: service.ListPlan) -> dict:
    """The changes of each kind, their counts and the first SHOWN of each, for the page."""
    lists = {"rating_changes": plan.of("rating"), "club_changes": plan.of("club"),
             "birth_changes": plan.of("birth_year"), "not_found": plan.not_found}
    return {**{key: items[:SHOWN] for key, items in lists.items()},
            **{f"{key}_count": len(items) for key, items in lists.items()}, "shown": SHOWN}


def can_load_lists(user) -> bool:
    return bool(user.is_authenticated and (user.is_staff or can_create_tournament(user)))


def column_names() -> list[tuple[str, list[str]]]:
    """Each column the reader knows with the header names it accepts, for the page."""
    labels = {"federation_id": _("Id"), "name": _("Name"), "federation": _("Federation or club"),
              "rating": _("Rating"), "birth_year": _("Birth year"),
              "title": _("Title or category"), "games": _("Games")}
    return [(labels[key], sorted(names)) for key, names in COLUMN_ALIASES.items()]


def rating_lists(request):
    """The confirmed lists, newest first, and the form that loads another."""
    if not can_load_lists(request.user):
        return refuse(request)
    form = RatingListForm(request.POST or None, request.FILES or None)
    problems: list[str] = []
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            parsed = parse_rating_list(upload.read(), upload.name)
        except CsvImportError as error:
            problems = [str(problem) for problem in error.problems]
            messages.error(request, _("The file was refused and nothing was saved."))
        else:
            pending = service.stage_list(source=form.cleaned_data["source"],
                                         date=form.cleaned_data["date"], file_name=upload.name,
                                         rows=parsed.rows, user=request.user)
            request.session[f"rating-list-{pending.pk}"] = {
                "skipped": parsed.skipped[:20], "note": parsed.note, "sheet": parsed.sheet}
            return redirect("tournaments:rating_list_preview", pending.pk)
    loaded = RatingList.objects.filter(confirmed_at__isnull=False).select_related("loaded_by")
    return render(request, "tournaments/rating_lists.html", {
        "form": form, "problems": problems, "lists": loaded[:50], "columns": column_names()},
        status=400 if problems else 200)


def rating_list_preview(request, pk: int):
    """What the pending list changes; POST confirms it (one transaction) or cancels it."""
    if not can_load_lists(request.user):
        return refuse(request)
    rating_list = get_object_or_404(RatingList, pk=pk)
    if rating_list.confirmed_at is not None:
        messages.info(request, _("This list is already confirmed."))
        return redirect("tournaments:rating_lists")
    if request.method == "POST" and "cancel" in request.POST:
        service.discard_list(rating_list)
        messages.info(request, _("Rating list discarded: nothing was saved."))
        return redirect("tournaments:rating_lists")
    plan = service.plan_list(rating_list)
    form = ConfirmListForm(request.POST or None, initial={"digest": plan.digest})
    status = 200
    if request.method == "POST":
        if not form.is_valid():
            status = 400
        else:
            try:
                outcome = service.confirm_list(rating_list, form.cleaned_data["digest"],
                                               user=request.user)
            except service.RatingListChangedError as error:
                messages.warning(request, str(error))
                form, status = ConfirmListForm(initial={"digest": plan.digest}), 409
            else:
                request.session.pop(f"rating-list-{pk}", None)
                messages.success(request, _(
                    "The %(list)s list is confirmed: %(ratings)d ratings, %(clubs)d clubs and "
                    "%(years)d birth years of the registry updated.") % {
                    "list": str(rating_list), "ratings": outcome.ratings,
                    "clubs": outcome.clubs, "years": outcome.birth_years})
                return redirect("tournaments:rating_lists")
    extra = request.session.get(f"rating-list-{pk}", {})
    return render(request, "tournaments/rating_list_preview.html", {
        "rating_list": rating_list, "plan": plan, "form": form,
        "rows": rating_list.rows.count(), **shown(plan),
        "skipped": extra.get("skipped", []), "note": extra.get("note", ""),
        "sheet": extra.get("sheet")}, status=status)
