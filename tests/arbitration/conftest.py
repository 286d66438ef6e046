"""Users in each role, and a tournament whose arbiter is `arbiter` (another has `other_arbiter`).

Users have no usable password (tests sign them in with force_login), which spares the slow
password hashing in every test.
"""

import pytest
from arbitration_factories import first_game, make_tournament
from django.utils import translation


@pytest.fixture(autouse=True)
def english_messages(settings):
    """Assertions read the English msgids, so these tests ask for English explicitly: the site
    speaks Portuguese by default (issue 8). A request without a language cookie or header falls
    back to LANGUAGE_CODE (LocaleMiddleware), and gettext in the test itself runs under the
    override; a request would otherwise leave pt-br active in the test's thread."""
    settings.LANGUAGE_CODE = "en"
    with translation.override("en"):
        yield


@pytest.fixture
def tournament(organiser, arbiter, other_arbiter):
    make_tournament(name="Aberto de Recife", arbiters=[other_arbiter], players=2)
    return make_tournament(organiser=organiser, arbiters=[arbiter])


@pytest.fixture
def game(tournament):
    return first_game(tournament)


@pytest.fixture
def superuser(django_user_model):
    """The site's administrator: may manage every tournament (tournaments.pages.permissions)."""
    return django_user_model.objects.create_superuser("administradora")
