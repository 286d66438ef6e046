"""Every form and upload of the site, posted with random, empty, oversized and malformed values.

The URLs come from the URL resolver and the fields from the forms the pages show, so a page
added later is covered too. The organiser of every tournament of the scene posts, so the role
check lets each request through to the form. Whatever is posted:
  - the answer is never a server error (5xx);
  - a page that only shows something writes nothing when posted to;
  - a write that stores nothing tells why: a form error or a message.
Each example runs in a savepoint that is rolled back, so all start from the same scene.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.conf import settings as django_settings
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from robust_mutations import examples, mutated_text
from robust_scene import REPEATING_SHEET
from robust_site import (
    CSRF_FIELD,
    PageForm,
    Site,
    fields_posted_to,
    fingerprint,
    rolled_back,
    route_url,
    routes,
    shows_an_error,
    tells_the_outcome,
    write_paths,
)

from tournaments.pages.rating_list_forms import MAX_LIST_BYTES

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parents[1] / "data"
CSV_SEED = (DATA / "browser" / "jogadores.csv").read_text(encoding="utf-8-sig")
PDN_SEED = (DATA / "pdn" / "brazilian-annotated.pdn").read_text(encoding="utf-8")

GARBAGE = st.one_of(
    st.just(""),
    st.text(max_size=30),
    st.just("x" * 100_000),  # 100 kB in one field
    st.sampled_from([
        "-1", "0", "-99999999999999999999", "9" * 40, "1e309", "NaN", "inf", "0x1F", "1.5",
        "on", "off", "true", "None", "[]", "{}", "<script>alert(1)</script>", "' OR 1=1 --",
        "../../etc/passwd", "\x00", "１２", "²", "34...", "4...", "99999...", "1-0", "1/2-1/2",
        "22-18", "c3-d4", "c3xe5xg7", "threefold", "upheld", "arbiter", "organiser",
    ]),
)

FILE_CONTENTS = st.one_of(
    st.binary(max_size=600),
    st.just(b""),
    st.just(b"\xff\xfe\x00\x80\xc3(invalid utf-8\x00"),
    st.just(bytes(range(256)) * 8),  # a binary file
    mutated_text([CSV_SEED, PDN_SEED, REPEATING_SHEET]).map(lambda text: text.encode()),
    st.sampled_from([CSV_SEED, PDN_SEED, REPEATING_SHEET]).map(
        lambda text: text.encode("cp1252", errors="replace")),
)
FILE_NAMES = st.sampled_from(["jogadores.csv", "partida.pdn", "backup.json", "a.exe", "x",
                              "../../etc/passwd", "nome com espaço.csv"])


def post(site: Site, path: str, data: dict):
    return site.client.post(path, {CSRF_FIELD: "browser-token", **data})


@st.composite
def payloads(draw, fields: dict) -> dict:
    """Some of the form's fields, each with one of its own choices or garbage, and sometimes a
    field the form does not have."""
    data = {}
    for name, form_field in fields.items():
        if not draw(st.booleans()):
            continue
        if form_field.kind == "file":
            data[name] = SimpleUploadedFile(draw(FILE_NAMES), draw(FILE_CONTENTS))
        elif form_field.options and draw(st.booleans()):
            data[name] = draw(st.sampled_from(form_field.options))
        else:
            data[name] = draw(GARBAGE)
    if draw(st.booleans()):
        data[draw(st.text(min_size=1, max_size=12))] = draw(GARBAGE)
    return data


def stored_state(site: Site) -> tuple:
    """The database and the visitor's session (where a step of several pages, such as the PDN
    import's preview, keeps what it has read so far)."""
    return fingerprint(), dict(site.client.session.items())


def final_page(site: Site, response) -> str:
    """The page the visitor ends on: the one a redirect leads to, with its messages."""
    if response.status_code in (301, 302) and response["Location"].startswith("/"):
        response = site.client.get(response["Location"])
    return response.content.decode(errors="replace")


@settings(max_examples=examples(10), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_posting_anything_never_breaks_a_page(site, data):
    """Each example posts to every URL of the apps, forms or not."""
    for route in routes():
        path = route_url(site, route)
        fields = fields_posted_to(site, path)
        payload = data.draw(payloads(fields), label=path)
        with rolled_back():
            before = stored_state(site)
            site.client.cookies.pop("messages", None)
            response = post(site, path, payload)
            assert response.status_code < 500, path
            assert response.status_code in (200, 302, 400, 403, 404, 405, 409), (
                path, response.status_code)
            wrote = stored_state(site) != before
            if not site.writes(path):
                assert not wrote, f"{path} only shows a page, yet a post to it wrote something"
            elif not wrote and response.status_code != 404:
                # (404: the form named something that does not exist, a tampered hidden id)
                assert tells_the_outcome(final_page(site, response)), (
                    f"{path} stored nothing and did not say why")


def test_the_scene_has_every_kind_of_form(site):
    """The crawl finds the forms it is meant to fuzz, uploads included."""
    names = {name for forms in site.forms.values() for form in forms for name in form.fields}
    assert {"name", "file", "upload", "pdn", "move", "result", "version", "decision",
            "username", "seed"} <= names
    assert len(write_paths(site)) >= 14


def _each_write_with(site: Site, make_value) -> list[tuple[str, int, bool, str]]:
    """Post to every write with each field set by `make_value(field)` (None leaves it out):
    (path, status, whether it wrote, the page the visitor ends on)."""
    answers = []
    for path in write_paths(site):
        fields = fields_posted_to(site, path)
        payload = {name: make_value(form_field) for name, form_field in fields.items()}
        with rolled_back():
            before = fingerprint()
            site.client.cookies.pop("messages", None)
            response = post(site, path, {k: v for k, v in payload.items() if v is not None})
            assert response.status_code < 500, (path, response.status_code)
            page = final_page(site, response)
            wrote = fingerprint() != before
            assert wrote or tells_the_outcome(page), f"{path} stored nothing and said nothing"
            answers.append((path, response.status_code, wrote, page))
    return answers


def test_empty_forms_are_refused_with_an_error(site):
    """Only a form whose fields are all optional (a button alone, the seed of a draw) may act
    on an empty post."""
    for path, status, wrote, page in _each_write_with(site, lambda form_field: None):
        assert status in (200, 302, 400, 409), path
        assert shows_an_error(page) or wrote, path


def test_oversized_values_are_refused_with_an_error(site):
    def huge(form_field):
        if form_field.kind == "file":
            return SimpleUploadedFile("huge.txt", b"9" * 100_000)
        return "9" * 100_000  # 100 kB: a huge number, a huge name, a huge move

    for path, status, wrote, page in _each_write_with(site, huge):
        assert status in (200, 302, 400, 409), path
        # A score sheet is kept as written, whatever it holds; anything else is refused.
        assert shows_an_error(page) or (wrote and ("sumula" in path
                                                   or not fields_posted_to(site, path))), path


def test_negative_numbers_and_wrong_types_are_refused_with_an_error(site):
    def wrong(form_field):
        if form_field.kind == "file":
            return SimpleUploadedFile("dados.csv", bytes(range(256)))
        if form_field.kind in ("checkbox", "radio", "select", "hidden", "number"):
            return "-1"
        return "[1, 2]"

    for path, status, wrote, page in _each_write_with(site, wrong):
        assert status in (200, 302, 400, 409), path
        assert shows_an_error(page) or (wrote and not fields_posted_to(site, path)), path


def test_invalid_utf8_in_a_form_is_refused_not_a_server_error(site):
    """A body whose bytes are not UTF-8 (a broken client or an attack) reads as replacement
    characters, so the form refuses it like any other wrong value."""
    for path in write_paths(site):
        fields = fields_posted_to(site, path)
        body = urlencode({CSRF_FIELD: "token", **{name: "x" for name in fields}}).replace(
            "=x", "=%FF%FE%C3%28")
        with rolled_back():
            response = site.client.generic(
                "POST", path, body, content_type="application/x-www-form-urlencoded")
            assert response.status_code < 500, path


# ------------------------------------------------------------------------------------ uploads

def upload_forms(site: Site) -> list[tuple[str, PageForm, str]]:
    """(path, form, file field name) for every upload of the site."""
    return [(path, form, name) for path, forms in sorted(site.forms.items()) for form in forms
            for name, form_field in form.fields.items() if form_field.kind == "file"]


def test_the_site_has_uploads_to_check(site):
    assert len(upload_forms(site)) >= 3  # players' CSV, a score sheet, a PDN file


def _post_upload(site: Site, path: str, form: PageForm, name: str, content: bytes,
                 filename: str):
    data = {field: (form_field.options[0] if form_field.options else "")
            for field, form_field in form.fields.items() if form_field.kind != "file"}
    data[name] = SimpleUploadedFile(filename, content)
    return post(site, path, data)


# Uploads allowed more than FILE_UPLOAD_MAX_MEMORY_SIZE, each refused over its own limit: a
# federation's whole rating list (issue 27).
OWN_LIMITS = {"/torneios/listas-de-rating/": MAX_LIST_BYTES}


def test_an_upload_over_the_size_limit_is_refused_with_a_clear_message(site):
    """Over FILE_UPLOAD_MAX_MEMORY_SIZE (2 MiB): refused on the form, saying the file is too
    large, not a bare 400/413 page nor a server error. The content is otherwise valid (a
    players' list, a score sheet padded with blank lines), so only its size refuses it."""
    for path, form, name in upload_forms(site):
        limit = OWN_LIMITS.get(path, django_settings.FILE_UPLOAD_MAX_MEMORY_SIZE)
        seed = CSV_SEED if ".csv" in form.fields[name].accept else REPEATING_SHEET
        content = seed.encode() + b"\n" * (limit + 1 - len(seed.encode()))
        assert len(content) > limit
        with rolled_back():
            before = fingerprint()
            response = _post_upload(site, path, form, name, content, "grande.csv")
            assert response.status_code in (200, 400), (path, response.status_code)
            page = response.content.decode()
            assert "too large" in page and shows_an_error(page), path
            assert fingerprint() == before, path


@pytest.mark.parametrize("content", [
    bytes(range(256)) * 64,  # binary
    b"\xff\xfe\x00n\x00a\x00m\x00e\x00",  # UTF-16 with a byte-order mark
    b"name\n\xe9\xe7\xe3o\n",  # Latin-1 where UTF-8 is expected
    b"",
], ids=["binary", "utf-16", "latin-1", "empty"])
def test_a_file_of_the_wrong_kind_is_refused_with_an_error(site, content):
    for path, form, name in upload_forms(site):
        with rolled_back():
            before = fingerprint()
            site.client.cookies.pop("messages", None)
            response = _post_upload(site, path, form, name, content, "arquivo.csv")
            assert response.status_code < 500, path
            if fingerprint() == before:
                assert tells_the_outcome(final_page(site, response)), path


def test_a_form_body_over_the_request_limit_is_a_bad_request_not_a_server_error(site):
    """Text fields over DATA_UPLOAD_MAX_MEMORY_SIZE (2 MiB, a pasted sheet of 3 MB) are refused
    by Django before any view runs, with 400; files do not count towards it, and each upload
    form refuses a file over the limit itself (the test above)."""
    limit = django_settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    path = route_url(site, next(route for route in routes() if route.name == "arbitration:sheet"))
    with rolled_back():
        before = fingerprint()
        response = post(site, path, {"pdn": "1. c3-d4 " * (limit // 9 + 1),
                                     "notation": "algebraic", "version": 1})
        assert response.status_code == 400
        assert fingerprint() == before
