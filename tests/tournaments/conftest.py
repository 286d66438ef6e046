"""Users with and without roles, for the permission and workflow tests."""

import pytest
from django.contrib.auth.models import Group
from django.utils import translation


@pytest.fixture(autouse=True)
def english_messages():
    """Assertions read the English msgids, so the Portuguese catalogue cannot change them."""
    with translation.override("en"):
        yield


@pytest.fixture
def organiser(django_user_model):
    user = django_user_model.objects.create_user("organizadora", password="senha-forte-123")
    user.groups.add(Group.objects.get(name="Organizadores"))
    return user


@pytest.fixture
def arbiter(django_user_model):
    return django_user_model.objects.create_user("arbitra", password="senha-forte-123")


@pytest.fixture
def outsider(django_user_model):
    """Signed in, but neither organiser nor arbiter of anything."""
    return django_user_model.objects.create_user("torcedor", password="senha-forte-123")
