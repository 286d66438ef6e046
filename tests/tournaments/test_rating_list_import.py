"""Issue 27: a rating list loaded into the people registry through a preview: its statuses
(rating changed, club filled or kept, new on the list, registry ids not found), the confirmation
in one transaction, and the page that refuses a bad file by line without saving anything."""

from __future__ import annotations

import datetime
from unittest import mock

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments.files.rating_list import parse_rating_list
from tournaments.models import Player, RatingList, RatingListRow, RatingSource
from tournaments.services import rating_lists as service

pytestmark = pytest.mark.django_db

CBD = ("ID CBD;Nome;Federação;Rating;Ano de nascimento\n"
       "1001;ANA CONCEICAO;FPD;1850;1990\n"
       "1002;Bruno Sá;FBD;1700;\n"
       "1003;Caio Lôbo;FPED;1600;2001\n"
       "2001;Nova Pessoa;FPD;1400;\n")


@pytest.fixture
def registry():
    return {
        "ana": Player.objects.create(name="Ana Conceição", club="", rating=1800,
                                     federation_id="1001"),
        "bruno": Player.objects.create(name="Bruno Sá", club="Clube de Recife", rating=1700,
                                       federation_id="1002", birth_year=1980),
        "caio": Player.objects.create(name="Caio Lôbo", club="FPED", rating=1600,
                                      federation_id="1003", birth_year=2001),
        "dora": Player.objects.create(name="Dora", rating=1500, federation_id="1004"),
        "fmjd": Player.objects.create(name="Eva", fmjd_rating=2000, fmjd_id="1001-F"),
    }


def staged(text=CBD, source=RatingSource.CBD, day=datetime.date(2026, 3, 1)):
    return service.stage_list(source=source, date=day, file_name="cbd.csv",
                              rows=parse_rating_list(text.encode()).rows)


def test_the_preview_says_what_changes_and_changes_nothing(registry):
    rating_list = staged()
    plan = service.plan_list(rating_list)
    assert [c.player.name for c in plan.of("rating")] == ["Ana Conceição"]
    ana = plan.of("rating")[0]
    assert (ana.rating_before, ana.rating_after, ana.club_filled, ana.birth_year_filled) == (
        1800, 1850, "FPD", 1990)
    bruno = next(c for c in plan.changes if c.player == registry["bruno"])
    assert (bruno.club_kept, bruno.club_filled, bruno.rating_changes) == ("FBD", "", False)
    assert plan.unchanged == 1  # Caio: same rating, same club, same year
    assert plan.new_count == 1 and [row.name for row in plan.new_people] == ["Nova Pessoa"]
    assert plan.not_found == [registry["dora"]]  # the FMJD id of Eva is not a national id
    assert Player.objects.get(pk=registry["ana"].pk).rating == 1800
    assert RatingList.objects.get().confirmed_at is None


def test_confirming_updates_rating_and_blank_club_only(registry):
    rating_list = staged()
    outcome = service.confirm_list(rating_list, service.plan_list(rating_list).digest)
    assert (outcome.ratings, outcome.clubs, outcome.birth_years) == (1, 1, 1)
    ana = Player.objects.get(pk=registry["ana"].pk)
    assert (ana.name, ana.club, ana.rating, ana.birth_year) == (
        "Ana Conceição", "FPD", 1850, 1990)  # the name is never the list's
    assert Player.objects.get(pk=registry["bruno"].pk).club == "Clube de Recife"
    assert RatingList.objects.get().confirmed_at is not None
    assert Player.objects.count() == 5  # the new person stays on the list only


def test_an_fmjd_list_rates_the_fmjd_ids(registry):
    rating_list = staged("id;name;federation;rating\n1001-F;EVA;BRA;2050\n",
                         source=RatingSource.FMJD)
    service.confirm_list(rating_list, service.plan_list(rating_list).digest)
    eva = Player.objects.get(pk=registry["fmjd"].pk)
    assert (eva.fmjd_rating, eva.club) == (2050, "BRA")
    assert Player.objects.get(pk=registry["ana"].pk).rating == 1800


def test_a_registry_changed_since_the_preview_is_refused(registry):
    rating_list = staged()
    digest = service.plan_list(rating_list).digest
    Player.objects.filter(pk=registry["caio"].pk).update(rating=1550)
    with pytest.raises(service.RatingListChangedError):
        service.confirm_list(rating_list, digest)
    assert RatingList.objects.get().confirmed_at is None
    assert Player.objects.get(pk=registry["ana"].pk).rating == 1800


def test_confirmation_is_all_or_nothing(registry):
    rating_list = staged()
    digest = service.plan_list(rating_list).digest
    with mock.patch.object(RatingList, "save", side_effect=RuntimeError("disk full")), \
            pytest.raises(RuntimeError):
        service.confirm_list(rating_list, digest)
    assert Player.objects.get(pk=registry["ana"].pk).rating == 1800
    assert RatingList.objects.get().confirmed_at is None


def test_an_older_list_changes_nothing_in_the_registry(registry):
    newer = staged(day=datetime.date(2026, 6, 1))
    service.confirm_list(newer, service.plan_list(newer).digest)
    older = staged(CBD.replace("1850", "1900"), day=datetime.date(2026, 1, 1))
    plan = service.plan_list(older)
    assert plan.newer == newer and not plan.updates_registry
    service.confirm_list(older, plan.digest)
    assert Player.objects.get(pk=registry["ana"].pk).rating == 1850


# --- the pages -------------------------------------------------------------------------------

def upload(client, text: str, name="cbd.csv", **fields):
    data = {"source": "cbd", "date": "2026-03-01",
            "file": SimpleUploadedFile(name, text.encode()), **fields}
    return client.post(reverse("tournaments:rating_lists"), data, HTTP_ACCEPT_LANGUAGE="en")


def test_only_organisers_and_staff_load_lists(client, outsider, organiser):
    url = reverse("tournaments:rating_lists")
    assert client.get(url).status_code == 302  # to sign in
    client.force_login(outsider)
    assert client.get(url).status_code == 403
    client.force_login(organiser)
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "ano de nascimento" in page and "id cbd" in page  # the columns are named


def test_a_bad_file_is_refused_by_line_and_saves_nothing(client, organiser):
    client.force_login(organiser)
    response = upload(client, "id;nome;rating\n1001;Ana;1850\n1002;Bia;mil\n")
    assert response.status_code == 400
    assert 'line 3, column rating: &quot;mil&quot; is not a rating' in response.content.decode()
    assert not RatingList.objects.exists() and not RatingListRow.objects.exists()


def test_upload_preview_confirm(client, organiser, registry):
    client.force_login(organiser)
    response = upload(client, CBD)
    rating_list = RatingList.objects.get()
    assert response.url == reverse("tournaments:rating_list_preview", args=[rating_list.pk])
    page = client.get(response.url, HTTP_ACCEPT_LANGUAGE="en")
    text = page.content.decode()
    assert "1 rating of the registry changes" in text and "Nova Pessoa" in text
    assert "FBD (the registry's is kept)" in text and "Dora" in text
    done = client.post(response.url, {"digest": page.context["plan"].digest})
    assert done.status_code == 302
    assert Player.objects.get(pk=registry["ana"].pk).rating == 1850
    assert RatingList.objects.get().confirmed_at is not None
    assert client.get(response.url).status_code == 302  # already confirmed


def test_cancel_deletes_the_pending_list(client, organiser):
    client.force_login(organiser)
    response = upload(client, CBD)
    client.post(response.url, {"cancel": "1"})
    assert not RatingList.objects.exists() and not RatingListRow.objects.exists()


def test_a_stale_preview_is_shown_again(client, organiser, registry):
    client.force_login(organiser)
    response = upload(client, CBD)
    digest = client.get(response.url).context["plan"].digest
    Player.objects.filter(pk=registry["dora"].pk).update(federation_id="2001")
    assert client.post(response.url, {"digest": digest}).status_code == 409
    assert RatingList.objects.get().confirmed_at is None


def _load_and_preview(client, organiser, size: int) -> tuple[int, str]:
    """Queries to stage a list of `size` players, preview it, and confirm it, with a registry
    of `size` // 2 players on it (each of them changing rating, club and birth year) and as
    many not on it."""
    Player.objects.all().delete()
    RatingList.objects.all().delete()
    Player.objects.bulk_create(
        [Player(name=f"Registrado {index}", federation_id=str(10_000 + 2 * index), rating=1500)
         for index in range(size)])
    text = "ID CBD;Nome;Federação;Rating;Ano de nascimento\n" + "".join(
        f"{10_000 + index};JOGADOR {index};FPD;{1600 + index % 300};1990\n"
        for index in range(size))
    client.force_login(organiser)
    with CaptureQueriesContext(connection) as queries:
        parsed = parse_rating_list(text.encode(), "lista.csv")
        pending = service.stage_list(source=RatingSource.CBD, date=datetime.date(2026, 5, 1),
                                     file_name="lista.csv", rows=parsed.rows, user=organiser)
        url = reverse("tournaments:rating_list_preview", args=[pending.pk])
        page = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
        digest = page.context["form"].initial["digest"]
        assert client.post(url, {"digest": digest}).status_code == 302
    assert Player.objects.filter(rating__gte=1600).count() == size // 2
    return len(queries), page.content.decode()


def test_the_queries_do_not_grow_with_the_rows(client, organiser):
    """The rows go in with one statement per batch, the preview reads the registry's ids in one
    query and only their rows, and the confirmation updates each field in one statement."""
    few, few_page = _load_and_preview(client, organiser, 40)
    many, many_page = _load_and_preview(client, organiser, 500)
    assert few == many
    assert "Showing" not in few_page
    assert "Showing 200 of 250." in many_page  # the page names the first 200 of each kind
