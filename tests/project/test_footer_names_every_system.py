"""The footer of every page describes the site, found in a rehearsal of a whole event: it still
read "Torneios todos contra todos e arbitragem de damas..." on the pages of a Swiss and of a team
competition. It names the three kinds of competition the site runs."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("language", "footer"), [
    ("pt-BR", "Torneios todos contra todos, suíços e por equipes, e arbitragem de damas, no "
              "tabuleiro brasileiro (64 casas) e no internacional (100 casas)."),
    ("en", "Round robins, Swiss and team competitions, and arbitration for Brazilian "
           "(64 squares) and international (100 squares) draughts."),
])
def test_the_footer_names_round_robins_swiss_and_teams(client, language, footer):
    page = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert footer in " ".join(page.split())
