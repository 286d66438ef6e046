"""The hourly limit per address holds when the forms arrive at the same time (issue 29).

In production 20 simultaneous forms from one address got 11 accepted against a limit of 10:
each request counted, then inserted, and several read the same count. The count and the insert
are now one step under the address's lock. The counting is slowed down here so that, without
that lock, every request would count before any inserts: the test then fails every time instead
of by chance.
"""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from tournament_factories import make_tournament

from events import registration as regs
from events.models import Event, Registration, Section

pytestmark = pytest.mark.django_db(transaction=True)

REQUESTS = 20
ADDRESS = "203.0.113.9"


@pytest.fixture
def event():
    event = Event.objects.create(name="Brasileiro", slug="brasileiro")
    Section.objects.create(event=event, tournament=make_tournament(name="Absoluto"),
                           registration_open=True)
    return event


@pytest.fixture
def slow_count(monkeypatch):
    """Each count takes a little longer, as under load: the window between the count and the
    insert is wide open for every other request."""
    counted = regs.too_many_from

    def slowly(address: str) -> bool:
        answer = counted(address)
        time.sleep(0.05)
        return answer

    monkeypatch.setattr(regs, "too_many_from", slowly)


def test_twenty_forms_at_once_from_one_address_admit_ten(event, slow_count):
    section = event.sections.get()
    url = reverse("events:register", args=[event.slug])
    start = threading.Barrier(REQUESTS)
    statuses: list[int] = []

    def send(index: int) -> None:
        try:
            start.wait()
            response = Client().post(url, {
                "section": section.pk, "name": f"Jogadora {index}", "sex": "F",
                "birth_date": "2001-02-03", "email": f"j{index}@example.org"},
                REMOTE_ADDR=ADDRESS)
            statuses.append(response.status_code)
        finally:
            connection.close()

    workers = [threading.Thread(target=send, args=(index,)) for index in range(REQUESTS)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()

    assert Registration.objects.filter(address=ADDRESS).count() == regs.MAX_PER_ADDRESS
    assert sorted(statuses) == [200] * regs.MAX_PER_ADDRESS + [429] * (
        REQUESTS - regs.MAX_PER_ADDRESS)
