"""The tournament's publishing page, organisers only (issue 27), with its two sides.

At the venue: the public server's address and token, kept for the tournament, and the button
that publishes now: the send is queued and made in a thread after the request commits, so the
arbiter never waits (tournaments/files/publish_send.py); cron's `manage.py publish --pending`
sends whatever is still pending after a restart or a network cut.

On the public server: the tokens that let a venue publish to this tournament, each shown once
when issued, and revoked here; and a published copy's two ways out, each after a confirmation
page: unlocking it (an ordinary tournament again, the venue's sends refused) and deleting it.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.cache import never_cache

from tournaments.files.publish_send import is_pending, send_after_commit
from tournaments.models import PublishingOutbox, Tournament
from tournaments.pages.permissions import can_manage, tournament_role_required
from tournaments.services import publishing


class PublishingForm(forms.Form):
    url = forms.CharField(label=gettext_lazy("Public server's publishing address"),
                          max_length=500, help_text=gettext_lazy(
                              "As the public server's publishing page shows it: https://..."))
    token = forms.CharField(label=gettext_lazy("Publishing token"), max_length=100,
                            widget=forms.PasswordInput(render_value=True),
                            help_text=gettext_lazy("Issued by the public server's organiser "
                                                   "for this tournament."))


@never_cache
@tournament_role_required(can_manage)
def publishing_page(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    outbox = PublishingOutbox.objects.filter(tournament=tournament).first()
    form = PublishingForm(initial={"url": outbox.url, "token": outbox.token} if outbox else None)
    if request.method == "POST":
        action = request.POST.get("action")
        if action in ("set_up", "publish", "force") and tournament.published_at is not None:
            messages.error(request, _("Nothing was sent: this is a read-only copy published from "
                                      "the venue, and it is not sent on from here."))
            return redirect("tournaments:publishing", tournament.slug)
        if action == "set_up":
            form = PublishingForm(request.POST)
            if form.is_valid():
                try:
                    outbox = publishing.set_up_publishing(tournament, form.cleaned_data["url"],
                                                          form.cleaned_data["token"])
                except publishing.PublishingError as error:
                    form.add_error("url", str(error))
                else:
                    return _publish_now(request, tournament, outbox)
        elif action in ("publish", "force"):
            if outbox is None:
                messages.error(request, _("Nothing was sent: give the public server's address "
                                          "and token first."))
                return redirect("tournaments:publishing", tournament.slug)
            return _publish_now(request, tournament, outbox, force=action == "force")
        elif action == "stop":
            publishing.stop_publishing(tournament)
            messages.success(request, _("Publishing stopped: nothing more is sent."))
            return redirect("tournaments:publishing", tournament.slug)
        elif action == "issue":
            token = publishing.issue_token(tournament, request.user)
            # Shown once, on this answer only: never kept in the session or the database.
            return _render(request, tournament, outbox, form, new_token=token)
        elif action == "revoke":
            if publishing.revoke_token(tournament, _int(request.POST.get("token_id"))):
                messages.success(request, _("Token revoked: sends with it are refused."))
            else:
                messages.error(request, _("Nothing was revoked: that token is not one of this "
                                          "tournament's, or it was revoked already."))
            return redirect("tournaments:publishing", tournament.slug)
        else:
            messages.error(request, _("Nothing was done: use one of the page's buttons."))
            return redirect("tournaments:publishing", tournament.slug)
    return _render(request, tournament, outbox, form)


def _publish_now(request: HttpRequest, tournament: Tournament,
                 outbox: PublishingOutbox, force: bool = False) -> HttpResponse:
    publishing.queue_publishing(tournament)
    send_after_commit(outbox.pk, force=force)
    messages.success(request, _("Sending to the public server in the background; reload this "
                                "page to see how it went."))
    return redirect("tournaments:publishing", tournament.slug)


def _int(value: str | None) -> int:
    try:
        return int(value or 0)
    except ValueError:
        return 0


def _render(request: HttpRequest, tournament: Tournament, outbox: PublishingOutbox | None,
            form: PublishingForm, new_token: str | None = None) -> HttpResponse:
    address = request.build_absolute_uri(reverse("publish_api", args=[tournament.slug]))
    return render(request, "tournaments/publishing.html", {
        "tournament": tournament, "outbox": outbox, "form": form, "new_token": new_token,
        "pending": outbox is not None and is_pending(outbox), "address": address,
        "tokens": tournament.publishing_tokens.select_related("created_by"),
        "unlocked": publishing.was_unlocked(tournament),
    }, status=200)


@never_cache
@tournament_role_required(can_manage)
def unlock_copy(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """GET asks for confirmation, POST makes the published copy an ordinary tournament."""
    if request.method == "POST" and tournament.published_at is not None:
        try:
            revoked = publishing.unlock_copy(tournament, request.user)
        except publishing.PublishingError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, ngettext(
                "Unlocked: the tournament can be edited here, and the venue's sends are refused "
                "(%(count)d token revoked).",
                "Unlocked: the tournament can be edited here, and the venue's sends are refused "
                "(%(count)d tokens revoked).", revoked) % {"count": revoked})
        return redirect("tournaments:publishing", tournament.slug)
    return _confirm(request, tournament, "unlock", tournament.published_at is not None)


@never_cache
@tournament_role_required(can_manage)
def delete_copy(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """GET asks for confirmation, POST deletes the published (or unlocked) copy."""
    allowed = tournament.published_at is not None or publishing.was_unlocked(tournament)
    if request.method == "POST" and allowed:
        name = tournament.name
        try:
            publishing.delete_copy(tournament, request.user)
        except publishing.PublishingError as error:
            messages.error(request, str(error))
            return redirect("tournaments:publishing", tournament.slug)
        messages.success(request, _("%(name)s was deleted from this server.") % {"name": name})
        return redirect("tournaments:list")
    return _confirm(request, tournament, "delete", allowed)


def _confirm(request: HttpRequest, tournament: Tournament, step: str,
             allowed: bool) -> HttpResponse:
    return render(request, "tournaments/publishing_confirm.html", {
        "tournament": tournament, "step": step, "allowed": allowed,
        "action_url": reverse(f"tournaments:publishing_{step}", args=[tournament.slug]),
        "back_url": reverse("tournaments:publishing", args=[tournament.slug]),
    })
