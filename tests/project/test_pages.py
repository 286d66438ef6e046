"""The site's frame: home page, navigation, admin, sign-in (issue 2)."""

import datetime

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from tournaments.models import Board, Tournament

pytestmark = pytest.mark.django_db


def test_home_lists_tournaments_newest_first(client):
    Tournament.objects.create(name="Regional de Campinas", slug="campinas",
                              start_date=datetime.date(2026, 3, 1), board=Board.BRAZILIAN)
    Tournament.objects.create(name="Aberto de Recife", slug="recife",
                              start_date=datetime.date(2026, 9, 5), board=Board.INTERNATIONAL)
    response = client.get(reverse("home"))
    assert response.status_code == 200
    page = response.content.decode()
    assert page.index("Aberto de Recife") < page.index("Regional de Campinas")
    assert reverse("tournaments:detail", args=["recife"]) in page


def test_home_without_tournaments_says_what_to_do(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    assert response.context["tournaments"].count() == 0
    assert 'class="empty"' in response.content.decode()


def test_pages_are_portuguese_by_default(client):
    response = client.get(reverse("home"))
    assert '<html lang="pt-br">' in response.content.decode()


def test_language_switch_changes_page_language(client):
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    response = client.get(reverse("home"))
    assert '<html lang="en">' in response.content.decode()


def test_admin_requires_sign_in(client):
    response = client.get(reverse("admin:index"))
    assert response.status_code == 302
    assert reverse("admin:login") in response["Location"]


def test_sign_in_page_has_labelled_fields(client):
    response = client.get(reverse("login"))
    page = response.content.decode()
    assert response.status_code == 200
    assert '<label for="id_username">' in page
    assert '<label for="id_password">' in page


def test_unknown_tournament_is_404(client):
    assert client.get(reverse("tournaments:detail", args=["nao-existe"])).status_code == 404


def test_home_offers_an_organiser_to_create_a_tournament(client, django_user_model):
    user = django_user_model.objects.create_user("org", password="senha-forte-123")
    user.groups.add(Group.objects.get(name="Organizadores"))
    client.force_login(user)
    page = client.get(reverse("home")).content.decode()
    assert reverse("tournaments:create") in page


def test_home_does_not_offer_creation_to_a_visitor(client):
    page = client.get(reverse("home")).content.decode()
    assert reverse("tournaments:create") not in page
