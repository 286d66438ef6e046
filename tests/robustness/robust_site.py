"""The site as a visitor finds it: every URL of the tournaments, arbitration and printing apps
(read from the URL resolver, so a new page is covered without editing the tests), the forms
its pages show (read from their HTML), and a fingerprint of everything stored, to tell whether
a request wrote anything.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser

from django.apps import apps
from django.db import transaction
from django.test import Client
from django.urls import get_resolver, reverse
from robust_scene import Scene, url_arguments

NAMESPACES = ("tournaments", "arbitration", "printing", "events", "prizes")
STORED_APPS = ("auth", "tournaments", "arbitration", "events", "prizes")


@dataclass(frozen=True)
class Route:
    name: str  # "tournaments:edit"
    arguments: tuple[str, ...]  # the converters' names: ("slug", "game_id")

    def url(self, values: dict[str, object]) -> str:
        return reverse(self.name, kwargs={key: values[key] for key in self.arguments})


def routes() -> list[Route]:
    """Every named URL pattern of the apps, with the arguments it takes."""
    resolver = get_resolver()
    found = []
    for namespace in NAMESPACES:
        prefix, sub_resolver = resolver.namespace_dict[namespace]
        for pattern in sub_resolver.url_patterns:
            if not pattern.name:
                continue
            route = prefix + str(pattern.pattern)
            found.append(Route(f"{namespace}:{pattern.name}",
                               tuple(re.findall(r"<(?:\w+:)?(\w+)>", route))))
    return found


@dataclass
class FormField:
    name: str
    kind: str  # "text", "hidden", "checkbox", "radio", "file", "select", "textarea", ...
    options: list[str] = field(default_factory=list)
    accept: str = ""


@dataclass
class PageForm:
    action: str
    fields: dict[str, FormField] = field(default_factory=dict)

    @property
    def has_file(self) -> bool:
        return any(f.kind == "file" for f in self.fields.values())


class _FormScanner(HTMLParser):
    """The POST forms of a page, with their fields and the values their choices offer."""

    def __init__(self, page_path: str) -> None:
        super().__init__()
        self.page_path = page_path
        self.forms: list[PageForm] = []
        self._form: PageForm | None = None
        self._select: FormField | None = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "form":
            if (attributes.get("method") or "get").lower() == "post":
                self._form = PageForm(attributes.get("action") or self.page_path)
                self.forms.append(self._form)
            return
        if self._form is None:
            return
        name = attributes.get("name")
        if tag == "input" and name:
            kind = (attributes.get("type") or "text").lower()
            known = self._form.fields.setdefault(
                name, FormField(name, kind, accept=attributes.get("accept") or ""))
            if kind in ("radio", "checkbox", "hidden") and "value" in attributes:
                known.options.append(attributes["value"] or "")
        elif tag in ("select", "textarea") and name:
            self._select = self._form.fields.setdefault(name, FormField(name, tag))
        elif tag == "option" and self._select is not None:
            self._select.options.append(attributes.get("value") or "")

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None


IGNORED_ACTIONS = ("/i18n/", "/contas/")  # the language switch and signing out, on every page


def page_forms(page_path: str, html: str) -> list[PageForm]:
    scanner = _FormScanner(page_path)
    scanner.feed(html)
    return [form for form in scanner.forms
            if not any(form.action.startswith(prefix) for prefix in IGNORED_ACTIONS)]


def fingerprint() -> list[list[tuple]]:
    """Every row of every model of the site's apps (and the many-to-many tables): equal
    fingerprints mean nothing was written. Sessions are left out: signing in writes one."""
    tables = []
    for label in STORED_APPS:
        for model in apps.get_app_config(label).get_models(include_auto_created=True):
            if model._meta.label in ("auth.User",):
                rows = model.objects.order_by("pk").values_list(
                    "pk", "username", "is_active", "is_superuser")
            else:
                rows = model.objects.order_by("pk").values_list()
            tables.append(list(rows))
    return tables


ERROR_MARKERS = ('role="alert"', 'class="message error', 'class="message warning')


def shows_an_error(html: str) -> bool:
    """Whether a page tells the visitor something went wrong: a form error next to its field or
    above the form (role="alert"), or an error or warning message."""
    return any(marker in html for marker in ERROR_MARKERS)


def tells_the_outcome(html: str) -> bool:
    """Whether the page says what happened: an error, or any message (success included)."""
    return shows_an_error(html) or 'class="message ' in html


# --------------------------------------------------------------------------- the crawl

class Site:
    """The scene, a client signed in as its organiser, and what the crawl of its pages found."""

    def __init__(self, scene: Scene, client: Client) -> None:
        self.scene = scene
        self.client = client
        self.forms: dict[str, list[PageForm]] = {}  # by the path they post to
        self.post_only: set[str] = set()  # paths that refuse a GET (405)

    def __repr__(self) -> str:
        return f"<Site of {self.scene.paired.slug} and {self.scene.open.slug}>"

    def writes(self, path: str) -> bool:
        """Whether posting to `path` is meant to change something."""
        return path in self.forms or path in self.post_only


@contextmanager
def rolled_back():
    """Run a request in a savepoint and undo whatever it wrote."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


def route_url(site: Site, route: Route) -> str:
    return route.url(url_arguments(site.scene, route.name))


CSRF_FIELD = "csrfmiddlewaretoken"


def fields_posted_to(site: Site, path: str) -> dict:
    """The fields of the forms that post to `path`, but the CSRF token: every post sends one,
    as a browser does (the test client does not check it; test_robust_roles.py does)."""
    fields = {}
    for form in site.forms.get(path, []):
        fields.update(form.fields)
    fields.pop(CSRF_FIELD, None)
    return fields


def crawl(scene: Scene, client: Client) -> Site:
    """Read every page of both tournaments once, as `client`'s user, to find the forms and
    where they post, and the URLs that take only a POST."""
    site = Site(scene, client)
    for route in routes():
        default = route.url(url_arguments(scene, route.name))
        for paired in (False, True):
            path = route.url(url_arguments(scene, route.name, paired=paired))
            response = client.get(path)
            assert response.status_code < 500, path
            if response.status_code == 405 and path == default:
                site.post_only.add(path)
            elif response.status_code == 200 and "text/html" in response["Content-Type"]:
                for form in page_forms(path, response.content.decode()):
                    site.forms.setdefault(form.action, []).append(form)
    return site


def write_paths(site: Site) -> list[str]:
    """Every URL a form posts to, or that takes only a POST."""
    return sorted(site.forms.keys() | site.post_only)
