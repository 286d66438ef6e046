"""A confirmed rating list changes ratings shown on the pages of every tournament its players
entered (issue 27's rehearsal): the tournament's page version must move on, or the venue keeps
serving the standings, crosstable and wall lists it cached with the old ratings, and
`publish --pending` finds nothing to send while the public copy waits for the new ones."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone
from tournament_factories import make_tournament

from tournaments.files.publish_send import pending
from tournaments.files.rating_list import parse_rating_list
from tournaments.models import RatingSource, Tournament
from tournaments.services import rating_lists as service
from tournaments.services.publishing import set_up_publishing

pytestmark = pytest.mark.django_db


def confirmed(text: str) -> None:
    rating_list = service.stage_list(
        source=RatingSource.CBD,
        date=datetime.date(2026, 3, 1),
        file_name="cbd.csv",
        rows=parse_rating_list(text.encode()).rows,
    )
    service.confirm_list(rating_list, service.plan_list(rating_list).digest)


def test_a_list_that_changes_a_rating_moves_the_tournament_s_version(organiser):
    playing, untouched = (
        make_tournament(2, name=name, organiser=organiser)
        for name in ("Aberto de Campinas", "Torneio sem ninguém da lista")
    )
    ana = playing.entries.select_related("player").order_by("pk").first().player
    ana.federation_id = "1001"
    ana.save()
    outbox = set_up_publishing(playing, "https://damas.exemplo.org.br/api/publicar/x/", "t" * 43)
    outbox.sent_version = Tournament.objects.get(pk=playing.pk).version
    outbox.save()
    before = {t.pk: t.version for t in Tournament.objects.all()}

    confirmed(f"ID CBD;Nome;Rating\n1001;{ana.name};{ana.rating + 40}\n")

    after = {t.pk: t.version for t in Tournament.objects.all()}
    assert after[playing.pk] > before[playing.pk]
    assert after[untouched.pk] == before[untouched.pk]
    assert [each.pk for each in pending()] == [outbox.pk]  # the next cron run sends it


def test_a_copy_published_from_a_venue_is_left_as_the_venue_sent_it(organiser):
    """On the public server, a list confirmed there does not write into a published copy (a
    write there is refused with PublishedCopyError, which would undo the whole list)."""
    copy = make_tournament(2, name="Aberto publicado", organiser=organiser)
    bruno = copy.entries.select_related("player").order_by("pk").first().player
    bruno.federation_id = "1002"
    bruno.save()
    rating = bruno.rating
    Tournament.objects.filter(pk=copy.pk).update(published_at=timezone.now())
    version = Tournament.objects.get(pk=copy.pk).version

    confirmed(f"ID CBD;Nome;Rating\n1002;{bruno.name};{bruno.rating + 40}\n")

    bruno.refresh_from_db()
    assert bruno.rating == rating + 40  # the registry took the list
    assert Tournament.objects.get(pk=copy.pk).version == version
