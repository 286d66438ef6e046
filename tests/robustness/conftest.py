"""Users in each role and two tournaments (one open for entries, one paired with a sheet and an
open draw claim), shared by the robustness tests.

Users have no usable password: tests sign them in with force_login, or copy a forced session
cookie into a real HTTP client (test_robust_concurrency.py).
"""

import pytest
from django.contrib.auth.models import Group
from django.test import Client
from django.utils import translation
from robust_scene import make_scene
from robust_site import Site, crawl


@pytest.fixture(autouse=True)
def english_messages():
    """Assertions read the English msgids, so the Portuguese catalogue cannot change them."""
    with translation.override("en"):
        yield


@pytest.fixture
def other_organiser(django_user_model):
    """Organiser of another tournament only."""
    user = django_user_model.objects.create_user("organizador-de-recife")
    user.groups.add(Group.objects.get(name="Organizadores"))
    return user


@pytest.fixture
def second_arbiter(django_user_model):
    return django_user_model.objects.create_user("arbitra")


@pytest.fixture
def superuser(django_user_model):
    return django_user_model.objects.create_superuser("administradora")


@pytest.fixture
def site(organiser, arbiter, other_organiser, other_arbiter) -> Site:
    """The scene of robust_scene, crawled by its organiser, who may post to every form."""
    scene = make_scene(organiser=organiser, arbiter=arbiter, other_organiser=other_organiser,
                       other_arbiter=other_arbiter)
    # English pages, so that assertions can read the messages.
    client = Client(raise_request_exception=False, headers={"accept-language": "en"})
    client.force_login(organiser)
    return crawl(scene, client)
