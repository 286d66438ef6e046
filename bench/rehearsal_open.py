"""Issue 27's rehearsal, as a user would run it: a 150-player Swiss open at a venue laptop,
published round after round to a federation's public server through a cable that gets pulled.

Two instances of this program on one machine, each with its own database and its own
`manage.py runserver` (as `make run` starts it):
  - the venue: a SQLite file, empty at the start;
  - the public server: a second SQLite file, or with --public-db postgres a PostgreSQL database
    (`rehearsal_pub` on 127.0.0.1:5432, dropped and made again).
Between them a TCP proxy this script controls (the one tests/project/test_publish_end_to_end.py
uses): it cuts a send halfway through its body, or lets it through and loses the answer.

In headless Chromium (/usr/bin/chromium, or $CHROMIUM), everything a person does:
  1. the federation's organiser (made by `createsuperuser`) creates the public tournament and
     issues a publishing token;
  2. the venue's organiser loads a CBD rating list (CSV, the columns the import page names),
     creates a Swiss of --rounds rounds, imports --players players from a CSV of ids and clubs
     (no ratings: they come from the list), sets the initial ranking by rating, sets up
     publishing with the public server's address (through the proxy) and token;
  3. each round: pairs it (timed), checks the draft, publishes it, enters three results by hand
     on a 390 px page and the rest on the whole-round page, and publishes to the public server:
     with the button, or `manage.py publish`; in round 3 the cable is pulled halfway through the
     body and in round 5 the answer is lost, each retried with `manage.py publish --pending`;
  4. after every send: the public copy (`manage.py export_tournament` there) equals the venue's
     export, and the CSV downloads of the starting list, standings, crosstable, every round's
     pairings, alphabetical list and rank after the round are byte for byte the same on both;
  5. at the end: the wall lists as PDFs (starting list, alphabetical list, pairing cards, rank
     after the last round) and their first pages as PNG, and the public pages at 390 px as
     screenshots (each checked for a page wider than the phone and unlabelled controls).

Everything is left in --out (default build/rehearsal): PDFs, PNGs, screenshots, server logs.
Rerun with:

    .venv/bin/python bench/rehearsal_open.py [--players 150] [--rounds 7]
        [--public-db sqlite|postgres] [--out build/rehearsal] [--seed 27]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import re
import secrets
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

# The two throwaway servers' superusers sign in with a password made for this run only.
PASSWORD = secrets.token_urlsafe(16)
CLUBS = [
    "Clube de Damas de Campinas",
    "Clube Recifense de Damas",
    "Grêmio Santista",
    "Associação Paulistana",
    "Damas Clube Curitiba",
    "Clube Goiano de Damas",
    "Sociedade Carioca de Damas",
    "Clube Mineiro",
    "Clube de Damas de Natal",
    "Liga Baiana",
    "Clube Catarinense",
    "Clube de Damas de Fortaleza",
]
FIRST = [
    "Ana",
    "Bruno",
    "Caio",
    "Dora",
    "Érica",
    "Fábio",
    "Gustavo",
    "Helena",
    "Ícaro",
    "Joana",
    "Kléber",
    "Luísa",
    "Márcio",
    "Nádia",
    "Otávio",
    "Paula",
    "Quitéria",
    "Rafael",
    "Sônia",
    "Tiago",
    "Úrsula",
    "Vinícius",
    "Wagner",
    "Xênia",
    "Yara",
    "Zé",
]
LAST = [
    "Conceição",
    "Araújo",
    "Lôbo",
    "Sá",
    "Menezes",
    "Gonçalves",
    "Brandão",
    "Ribeiro",
    "Assunção",
    "Peçanha",
    "Müller",
    "d'Ávila",
    "Nóbrega",
    "Castelo Branco",
    "Simões",
]

TIMES: list[tuple[str, float]] = []
CHECKS: list[str] = []
DEFECTS: list[str] = []


@contextmanager
def step(name: str):
    started = time.monotonic()
    yield
    took = time.monotonic() - started
    TIMES.append((name, took))
    print(f"  {took:7.2f} s  {name}", flush=True)


def check(condition: bool, what: str) -> None:
    CHECKS.append(("ok   " if condition else "FAIL ") + what)
    if not condition:
        DEFECTS.append(what)
        print(f"  FAIL {what}", flush=True)


def environment(database_url: str) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("REDIS_URL", "CONN_MAX_AGE", "DJANGO_SETTINGS_MODULE", "DATABASE_URL")
    }
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DATABASE_URL": database_url,
            "SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_SUPERUSER_PASSWORD": PASSWORD,
            "PAGE_VERSION_SETTLE_SECONDS": "0",
        }
    )
    return env


def manage(env: dict, *args: str, timeout: int = 600) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        text=True,
        capture_output=True,
        timeout=timeout,
    )
    if done.returncode:
        raise RuntimeError(f"manage.py {' '.join(args)}: {done.stderr[-2000:]}")
    return done.stdout


def serve(env: dict, port: int, log: Path) -> subprocess.Popen:
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        start_new_session=True,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"runserver stopped: {log.read_text()[-2000:]}")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5)
            return server
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"runserver on {port} did not answer")


def stop(server: subprocess.Popen) -> None:
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)


def fetch(port: int, path: str) -> bytes:
    """The page's bytes; an error answer as its status line, so that it compares unequal."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=60) as answer:
            return answer.read()
    except urllib.error.HTTPError as error:
        return f"HTTP {error.code} on port {port}".encode()


def people(count: int, rng: random.Random) -> list[dict]:
    """The CBD's list: more people than the open, each with an id, a rating, a birth year."""
    rows, names = [], set()
    while len(rows) < count:
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)} {rng.choice(LAST)}"
        if name in names:
            continue
        names.add(name)
        rows.append(
            {
                "id": str(50000 + len(rows)),
                "name": name,
                "rating": rng.randint(1100, 2300) if len(rows) % 17 else None,
                "born": rng.randint(1950, 2014),
                "fed": rng.choice(["FPD", "FPED", "FBD"]),
            }
        )
    return rows


def rating_list_csv(listed: list[dict]) -> str:
    lines = ["ID CBD;Nome;Federação;Rating;Categoria;Ano de nascimento"]
    for person in listed:
        rating = "" if person["rating"] is None else str(person["rating"])
        lines.append(
            f"{person['id']};{person['name'].upper()};{person['fed']};{rating};B;{person['born']}"
        )
    return "\n".join(lines) + "\n"


def players_csv(players: list[dict]) -> str:
    """The organiser's sheet: ids and clubs; a name typed for one in ten, no ratings."""
    lines = ["nome;clube;id federação"]
    for index, person in enumerate(players):
        lines.append(f"{person['name'] if index % 10 == 0 else ''};{person['club']};{person['id']}")
    return "\n".join(lines) + "\n"


def result_code(rng: random.Random, white: int, black: int) -> str:
    expected = 1 / (1 + 10 ** ((black - white) / 400))
    draw = 0.25
    roll = rng.random()
    if roll < draw:
        return "="
    return "1" if rng.random() < expected else "0"


def main() -> None:  # noqa: C901 - one walk, told in order
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=150)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--public-db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--out", default="build/rehearsal")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument(
        "--club-rounds",
        type=int,
        default=0,
        help="players of one club do not meet in the first N rounds (0: the rule off)",
    )
    parser.add_argument("--baku", action="store_true", help="Baku acceleration (C.04.5.1)")
    args = parser.parse_args()
    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if not Path(chromium).exists():
        print(
            f"Skipped: no Chromium at {chromium} (tests/browser/ensure_chromium.sh installs "
            "it, or set CHROMIUM)."
        )
        return
    rng = random.Random(args.seed)
    out = (ROOT / args.out).resolve()
    shutil.rmtree(out, ignore_errors=True)
    (out / "shots").mkdir(parents=True)
    (out / "pdf").mkdir()
    started = time.monotonic()
    print(
        f"Rehearsal of issue 27: {args.players} players, {args.rounds} rounds, public server "
        f"on {args.public_db}; everything in {out}",
        flush=True,
    )

    venue_url = f"sqlite:///{out / 'venue.sqlite3'}"
    if args.public_db == "postgres":
        public_url = "postgres://postgres@127.0.0.1:5432/rehearsal_pub"
        subprocess.run(
            ["dropdb", "-h", "127.0.0.1", "-U", "postgres", "--if-exists", "rehearsal_pub"],
            check=True,
        )
        subprocess.run(
            ["createdb", "-h", "127.0.0.1", "-U", "postgres", "rehearsal_pub"], check=True
        )
    else:
        public_url = f"sqlite:///{out / 'public.sqlite3'}"
    venue_env, public_env = environment(venue_url), environment(public_url)
    with step("compile messages, migrate both databases, createsuperuser on each"):
        manage(
            venue_env,
            "compilemessages",
            "--locale",
            "pt_BR",
            "--locale",
            "en",
            "--ignore",
            ".venv",
            "-v",
            "0",
        )
        for env, user in ((venue_env, "organizador"), (public_env, "federacao")):
            manage(env, "migrate", "--noinput", "-v", "0")
            manage(
                env,
                "createsuperuser",
                "--noinput",
                "--username",
                user,
                "--email",
                f"{user}@exemplo.org.br",
            )

    # This process reads the venue's database (exports, game ids) and speaks its gettext.
    os.environ.update(
        {
            "DATABASE_URL": venue_url,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DJANGO_ALLOW_ASYNC_UNSAFE": "true",
        }
    )
    import django

    django.setup()
    from browser_support import OVERFLOW_JS, UNLABELLED_CONTROLS_JS, exact, in_portuguese
    from browser_support import label_of as label
    from django.core.management import call_command
    from django.utils import timezone, translation
    from playwright.sync_api import expect, sync_playwright

    from tests.project.test_publish_end_to_end import Proxy
    from tests.project.test_shared_cache_servers import free_port
    from tournaments.files.backup import export_tournament
    from tournaments.models import Game, PublishingOutbox, Tournament
    from tournaments.pages.forms import CsvImportForm, TournamentForm
    from tournaments.pages.publishing_views import PublishingForm
    from tournaments.pages.rating_list_forms import RatingListForm
    from tournaments.pairing.swiss.acceleration import baku_group_size, baku_rounds
    from tournaments.queries.pairing_options import club_key

    venue_port, public_port = free_port(), free_port()
    servers = []
    try:
        with step("start both servers (manage.py runserver)"):
            servers.append(serve(venue_env, venue_port, out / "venue.log"))
            servers.append(serve(public_env, public_port, out / "public.log"))
        proxy = Proxy(public_port)
        venue, public = f"http://127.0.0.1:{venue_port}", f"http://127.0.0.1:{public_port}"
        playwright = sync_playwright().start()
        browser = playwright.chromium.launch(
            executable_path=chromium,
            args=["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
        )
        shots = []

        def tab(base: str, width: int):
            context = browser.new_context(
                base_url=base,
                locale="pt-BR",
                timezone_id="America/Sao_Paulo",
                accept_downloads=True,
                viewport={"width": width, "height": 900},
                is_mobile=width < 500,
                has_touch=width < 500,
            )
            context.set_default_timeout(120_000)
            return context.new_page()

        def snap(page, name: str) -> None:
            page.wait_for_load_state("load")
            path = out / "shots" / f"{len(shots) + 1:02d}-{name}.png"
            page.screenshot(path=path, full_page=True)
            shots.append(path)
            width = page.viewport_size["width"]
            if width < 500:
                overflow = page.evaluate(OVERFLOW_JS)
                check(overflow <= 0, f"{page.url} fits {width} px (overflow {overflow} px)")
            unlabelled = page.evaluate(UNLABELLED_CONTROLS_JS)
            check(not unlabelled, f"{page.url}: every control labelled {unlabelled[:2]}")

        def sign_in(page, user: str) -> None:
            from django.contrib.auth.forms import AuthenticationForm

            page.goto("/contas/login/")
            page.get_by_label(label(AuthenticationForm, "username")).fill(user)
            page.get_by_label(label(AuthenticationForm, "password")).fill(PASSWORD)
            page.locator("main form").get_by_role(
                "button", name=exact(in_portuguese("Sign in"))
            ).click()
            page.get_by_role("button", name=user).wait_for()

        # 1. The federation's organiser: a tournament with just a name, and a token.
        with step("public server: create the tournament, issue a publishing token"):
            fed = tab(public, 1280)
            sign_in(fed, "federacao")
            fed.goto("/torneios/novo/")
            fed.get_by_label(label(TournamentForm, "name")).fill("Aberto do Brasil 2026")
            fed.get_by_role("button", name=exact(in_portuguese("Create"))).click()
            fed.get_by_role("heading", level=1).wait_for()
            public_slug = fed.url.rstrip("/").rsplit("/", 1)[-1]
            fed.get_by_role("link", name=exact(in_portuguese("Publish from the venue"))).click()
            fed.get_by_role("button", name=exact(in_portuguese("Issue a publishing token"))).click()
            token = fed.locator("code.publishing-token").inner_text().strip()
            address = fed.locator("code.publishing-address").inner_text().strip()
            snap(fed, "public-token-issued")
        check(
            address.endswith(f"/api/publicar/{public_slug}/"),
            f"the publishing address names the public tournament: {address}",
        )
        through_proxy = f"http://127.0.0.1:{proxy.port}/api/publicar/{public_slug}/"

        # 2. The venue: the rating list, the tournament, the players.
        listed = people(args.players + 30, rng)
        players = rng.sample(listed, args.players)
        for index, person in enumerate(players):
            person["club"] = CLUBS[index % len(CLUBS)]
        (out / "rating-cbd.csv").write_text(rating_list_csv(listed), encoding="utf-8")
        (out / "inscritos.csv").write_text(players_csv(players), encoding="utf-8")
        desk = tab(venue, 1280)
        sign_in(desk, "organizador")
        with step(f"venue: load the CBD rating list ({len(listed)} people), preview, confirm"):
            desk.goto("/torneios/")
            desk.get_by_role("link", name=exact(in_portuguese("Rating lists"))).click()
            desk.get_by_label(label(RatingListForm, "source")).select_option("cbd")
            desk.get_by_label(label(RatingListForm, "date")).fill("2026-01-01")
            desk.get_by_label(label(RatingListForm, "file")).set_input_files(out / "rating-cbd.csv")
            desk.get_by_role(
                "button", name=exact(in_portuguese("Send and see the preview"))
            ).click()
            expect(desk.get_by_role("heading", level=1)).to_have_text(
                in_portuguese("Rating list: preview")
            )
            snap(desk, "venue-rating-list-preview")
            desk.get_by_role("button", name=exact(in_portuguese("Confirm the list"))).click()
            expect(desk.get_by_role("heading", level=1)).to_have_text(in_portuguese("Rating lists"))
        with step(f"venue: create a Swiss of {args.rounds} rounds"):
            desk.goto("/torneios/novo/?system=swiss")
            form = {"system": "swiss"}
            desk.get_by_label(label(TournamentForm, "name", **form)).fill("Aberto do Brasil 2026")
            desk.get_by_label(label(TournamentForm, "place", **form)).fill("Campinas (SP)")
            start = date.today() + timedelta(days=1)
            desk.get_by_label(label(TournamentForm, "start_date", **form)).fill(start.isoformat())
            desk.get_by_label(label(TournamentForm, "end_date", **form)).fill(
                (start + timedelta(days=2)).isoformat()
            )
            desk.get_by_label(label(TournamentForm, "swiss_rounds", **form)).fill(str(args.rounds))
            desk.get_by_role("button", name=exact(in_portuguese("Create"))).click()
            desk.get_by_role("link", name=exact(in_portuguese("Swiss pairing"))).first.wait_for()
            slug = desk.url.rstrip("/").rsplit("/", 1)[-1]
        with step(f"venue: import {args.players} players from a CSV of ids and clubs"):
            desk.get_by_role(
                "link",
                name=exact(in_portuguese("Import a spreadsheet (CSV, Excel or LibreOffice)")),
            ).click()
            desk.get_by_label(label(CsvImportForm, "file")).set_input_files(out / "inscritos.csv")
            desk.get_by_role("button", name=exact(in_portuguese("Import"))).click()
            expect(desk.get_by_role("heading", level=1)).to_have_text(
                in_portuguese("Player import: preview")
            )
            snap(desk, "venue-import-preview")
            desk.get_by_role("button", name=exact(in_portuguese("Confirm the import"))).click()
            desk.get_by_role("link", name=exact(in_portuguese("Swiss pairing"))).first.wait_for()
        tournament = Tournament.objects.get(slug=slug)
        entries = {
            entry.player.federation_id: entry
            for entry in tournament.entries.select_related("player")
        }
        check(len(entries) == args.players, f"{len(entries)} players entered")
        by_id = {person["id"]: person for person in players}
        wrong = [
            (fid, entry.player.rating, by_id[fid]["rating"])
            for fid, entry in entries.items()
            if (entry.player.rating or None) != by_id[fid]["rating"]
        ]
        check(not wrong, f"every rating comes from the list (wrong: {wrong[:3]})")
        wrong = [
            (fid, entry.player.name)
            for fid, entry in entries.items()
            if entry.player.name.lower() != by_id[fid]["name"].lower()
        ]
        check(not wrong, f"every name from the sheet or the list (wrong: {wrong[:3]})")
        wrong = [fid for fid, entry in entries.items() if entry.player.club != by_id[fid]["club"]]
        check(not wrong, f"every club as the sheet typed it (wrong: {wrong[:3]})")

        with step("venue: initial ranking by rating"):
            desk.get_by_role("link", name=exact(in_portuguese("Swiss pairing"))).first.click()
            desk.get_by_role(
                "button", name=exact(in_portuguese("Initial ranking by rating"))
            ).click()
            desk.wait_for_load_state("load")
        if args.club_rounds or args.baku:
            with step(
                f"venue: pairing options (same club apart in rounds 1-{args.club_rounds}, "
                f"Baku {'on' if args.baku else 'off'})"
            ):
                desk.goto(f"/torneios/{slug}/suico/")
                desk.get_by_role("link", name=exact(in_portuguese("Pairing options"))).click()
                form = desk.locator("#pairing-options-form")
                if args.baku:
                    form.get_by_label(in_portuguese("Baku acceleration (FIDE C.04.5.1)")).check()
                if args.club_rounds:
                    form.get_by_label(in_portuguese("do not meet in the first rounds")).check()
                    form.get_by_label(in_portuguese("How many first rounds")).fill(
                        str(args.club_rounds)
                    )
                form.get_by_role("button", name=exact(in_portuguese("Save"))).click()
                expect(desk.get_by_text(in_portuguese("Pairing options saved."))).to_be_visible()
                snap(desk, "venue-pairing-options-saved")
        with step("venue: set up publishing (address through the proxy, token), first send"):
            desk.goto(f"/torneios/{slug}/publicacao/")
            desk.get_by_label(label(PublishingForm, "url")).fill(through_proxy)
            desk.get_by_label(label(PublishingForm, "token")).fill(token)
            desk.get_by_role("button", name=exact(in_portuguese("Set up and publish"))).click()
            wait_sent(tournament, PublishingOutbox, timezone)
            desk.reload()
            snap(desk, "venue-publishing-set-up")

        def export_public() -> dict:
            return json.loads(manage(public_env, "export_tournament", public_slug))

        def compare(after: str, rounds_done: int) -> None:
            tournament.refresh_from_db()
            with step(f"compare public copy with the venue after {after}"):
                same = export_public() == json.loads(json.dumps(export_tournament(tournament)))
                check(same, f"after {after}: the public export equals the venue's")
                paths = ["lista-inicial/", "classificacao/", "tabela/", "rating/"]
                for number in range(1, rounds_done + 1):
                    paths += [
                        f"rodada/{number}/",
                        f"rodada/{number}/lista-alfabetica/",
                        f"classificacao-rodada/{number}/",
                    ]
                differ = [
                    path
                    for path in paths
                    if fetch(venue_port, f"/torneios/{slug}/{path}?_export=csv")
                    != fetch(public_port, f"/torneios/{public_slug}/{path}?_export=csv")
                ]
                check(
                    not differ,
                    f"after {after}: {len(paths)} CSV downloads byte for byte "
                    f"the same on both servers (differ: {differ})",
                )
                # A Swiss crosstable has no CSV download: its table's text, links left out.
                grids = [
                    table_text(fetch(port, f"/torneios/{its}/tabela/").decode())
                    for port, its in ((venue_port, slug), (public_port, public_slug))
                ]
                check(
                    grids[0] == grids[1] and grids[0],
                    f"after {after}: the crosstable's table reads the same on both servers",
                )
                page = fetch(public_port, f"/torneios/{public_slug}/classificacao/").decode()
                check(
                    "Publicado do local do torneio às" in page,
                    f"after {after}: the public standings say they are a published copy",
                )

        compare("setting up", 0)

        def publish_command(*words: str) -> str:
            """As cron runs it: in the site's language (pt-BR), the failure kept in the outbox."""
            buffer = io.StringIO()
            with translation.override("pt-br"):
                call_command("publish", *words, stdout=buffer)
            return buffer.getvalue()

        no_answer = (
            in_portuguese("No answer from the server (%(error)s); it will be sent again later.")
            .split("(")[0]
            .strip()
        )
        published = in_portuguese("Published: %(players)s players, %(rounds)s rounds.").split(":")[
            0
        ]

        def due_now() -> None:
            """The backoff's wait has passed (the script does not sleep a minute)."""
            PublishingOutbox.objects.filter(tournament=tournament).update(next_try=timezone.now())

        phone = tab(venue, 390)
        sign_in(phone, "organizador")
        for number in range(1, args.rounds + 1):
            print(f"Round {number}", flush=True)
            desk.goto(f"/torneios/{slug}/suico/")
            with step(f"round {number}: pair {args.players} players (click to draft shown)"):
                desk.get_by_role(
                    "button",
                    name=exact(in_portuguese("Pair round %(number)s") % {"number": number}),
                ).click()
                expect(
                    desk.get_by_text(in_portuguese("Round paired. Check it, then publish it."))
                ).to_be_visible()
            rows = desk.locator("table.swiss-pending tbody tr").count()
            check(rows == args.players // 2, f"round {number}: the draft has {rows} boards")
            if number in (1, args.rounds):
                snap(desk, f"venue-round-{number}-draft")
            if args.baku:
                accelerated, _full = baku_rounds(args.rounds)
                marks = desk.locator("table.swiss-pending .virtual-points")
                expected = baku_group_size(args.players) if number <= accelerated else 0
                check(
                    marks.count() == expected,
                    f"round {number}: the draft shows {marks.count()} players' virtual points "
                    f"(Baku: {expected})",
                )
                if number in (1, accelerated):
                    desk.locator(".virtual-legend").scroll_into_view_if_needed()
                    desk.screenshot(path=out / "shots" / f"venue-round-{number}-virtual-points.png")
            if args.club_rounds:
                note = desk.locator(".forbidden-note")
                check(
                    (note.count() > 0) == (number <= args.club_rounds),
                    f"round {number}: the draft lists the clubs kept apart "
                    f"only in rounds 1-{args.club_rounds}",
                )
            with step(f"round {number}: publish the round"):
                desk.get_by_role(
                    "button",
                    name=exact(in_portuguese("Publish round %(number)s") % {"number": number}),
                ).click()
                desk.wait_for_url(f"**/torneios/{slug}/rodada/{number}/")
            games = list(
                Game.objects.filter(round__tournament=tournament, round__number=number)
                .select_related("white__player", "black__player")
                .order_by("board")
            )
            codes = [
                result_code(rng, game.white.player.rating or 1000, game.black.player.rating or 1000)
                for game in games
            ]
            if number == 2:
                codes[-1] = "+"  # a forfeit: the player with Black did not come
            with step(f"round {number}: three results by hand at 390 px"):
                by_code = {"1": "1-0", "0": "0-1", "=": "1/2-1/2", "+": "+-"}
                for index in range(3):
                    phone.goto(f"/torneios/{slug}/partida/{games[index].pk}/")
                    phone.get_by_label(in_portuguese("Result"), exact=True).select_option(
                        by_code[codes[index]]
                    )
                    if number == 1 and index == 0:
                        snap(phone, "venue-result-form-390")
                        check(
                            "Berger" not in phone.content(),
                            "a Swiss game's result form says nothing of a Berger table",
                        )
                    phone.get_by_role("button", name=exact(in_portuguese("Save result"))).click()
                    phone.wait_for_load_state("load")
                    if number == 1 and index == 0:
                        snap(phone, "venue-result-by-hand-390")
            with step(f"round {number}: the other results on the whole-round page"):
                desk.goto(f"/torneios/{slug}/rodada/{number}/resultados/")
                fields = desk.locator("input.result-code")
                check(fields.count() == len(games), f"round {number}: a field per board")
                for index in range(3, len(games)):
                    fields.nth(index).fill(codes[index])
                desk.get_by_role(
                    "button", name=exact(in_portuguese("Save the round's results"))
                ).click()
                expect(desk.get_by_role("status")).to_be_visible()
                if number == 1:
                    snap(desk, "venue-round-results-saved")
            if args.club_rounds:
                mates = [
                    game.board
                    for game in games
                    if club_key(game.white.player.club) == club_key(game.black.player.club)
                ]
                if number <= args.club_rounds:
                    check(not mates, f"round {number}: no two club-mates meet (boards {mates})")
                else:
                    print(f"    round {number}: {len(mates)} boards of club-mates (rule over)")
            stored = [
                game.result
                for game in Game.objects.filter(
                    round__tournament=tournament, round__number=number
                ).order_by("board")
            ]
            check(
                stored == [by_code[code] for code in codes],
                f"round {number}: every result stored as typed",
            )

            if number == 2:
                with step("round 2: a newer CBD list loaded mid-event (ten ratings change)"):
                    for person in listed[:]:
                        if person["rating"] and person in players[:10]:
                            person["rating"] += 7
                    (out / "rating-cbd-2.csv").write_text(rating_list_csv(listed), "utf-8")
                    desk.goto("/torneios/listas-de-rating/")
                    desk.get_by_label(label(RatingListForm, "source")).select_option("cbd")
                    desk.get_by_label(label(RatingListForm, "date")).fill(date.today().isoformat())
                    desk.get_by_label(label(RatingListForm, "file")).set_input_files(
                        out / "rating-cbd-2.csv"
                    )
                    desk.get_by_role(
                        "button", name=exact(in_portuguese("Send and see the preview"))
                    ).click()
                    snap(desk, "venue-second-rating-list-preview")
                    desk.get_by_role(
                        "button", name=exact(in_portuguese("Confirm the list"))
                    ).click()
                    expect(desk.get_by_role("heading", level=1)).to_have_text(
                        in_portuguese("Rating lists")
                    )
            if number == 3:
                shown = export_public()
                proxy.cut_request_after = 1500
                with step("round 3: send cut halfway through its body (publish fails)"):
                    try:
                        publish_command(slug)
                        check(False, "round 3: a send through a pulled cable reports a failure")
                    except Exception as failure:  # noqa: BLE001 - CommandError expected
                        check(
                            no_answer in str(failure), f"round 3: the cut send says so: {failure}"
                        )
                proxy.cut_request_after = None
                check(export_public() == shown, "round 3: nothing half-applied on the server")
                desk.goto(f"/torneios/{slug}/publicacao/")
                snap(desk, "venue-publishing-after-cut")
                phone.goto(f"/torneios/{slug}/publicacao/")
                snap(phone, "venue-publishing-after-cut-390")
                due_now()
                with step("round 3: retry, manage.py publish --pending (a new process)"):
                    said = manage(venue_env, "publish", "--pending")
                check(slug in said, f"round 3: the retry published: {said.strip()}")
            elif number == 5:
                proxy.cut_answer = True
                with step("round 5: send applied but its answer lost"):
                    try:
                        publish_command(slug)
                        check(False, "round 5: a lost answer reports a failure")
                    except Exception as failure:  # noqa: BLE001 - CommandError expected
                        print(f"    ({failure})")
                proxy.cut_answer = False
                due_now()
                with step("round 5: retry, manage.py publish --pending (a new process)"):
                    said = manage(venue_env, "publish", "--pending")
                check(slug in said, f"round 5: the retry published: {said.strip()}")
            elif number % 2 == 0:
                with step(f"round {number}: publish with the button, until the server has it"):
                    desk.goto(f"/torneios/{slug}/publicacao/")
                    desk.get_by_role("button", name=exact(in_portuguese("Publish now"))).click()
                    wait_sent(tournament, PublishingOutbox, timezone)
            else:
                with step(f"round {number}: manage.py publish SLUG (in this process)"):
                    said = publish_command(slug)
                check(published in said, f"round {number}: published: {said.strip()}")
            outbox = PublishingOutbox.objects.get(tournament=tournament)
            check(
                outbox.attempts == 0 and not outbox.last_error,
                f"round {number}: the outbox has no failure left",
            )
            compare(f"round {number}", number)
            check(publish_command("--pending") == "", f"round {number}: nothing left to send")

        # 5. Paper for the wall and pictures of the public pages.
        last = args.rounds
        with step("wall lists as PDF, from the venue and the public server, to PNG"):
            for name, path in (
                ("lista-inicial", "lista-inicial.pdf"),
                ("lista-alfabetica", f"rodada/{last}/lista-alfabetica.pdf"),
                ("cartoes", f"rodada/{last}/cartoes.pdf"),
                ("classificacao", f"rodada/{last}/classificacao.pdf"),
            ):
                for side, port, its in (
                    ("venue", venue_port, slug),
                    ("public", public_port, public_slug),
                ):
                    pdf = out / "pdf" / f"{side}-{name}.pdf"
                    pdf.write_bytes(fetch(port, f"/torneios/{its}/pdf/{path}"))
                    check(pdf.read_bytes().startswith(b"%PDF"), f"{pdf.name} is a PDF")
                    subprocess.run(
                        [
                            "pdftoppm",
                            "-png",
                            "-r",
                            "60",
                            "-f",
                            "1",
                            "-l",
                            "2",
                            str(pdf),
                            str(pdf.with_suffix("")),
                        ],
                        check=True,
                    )
                texts = [
                    subprocess.run(
                        ["pdftotext", "-layout", str(out / "pdf" / f"{side}-{name}.pdf"), "-"],
                        capture_output=True,
                        text=True,
                    ).stdout
                    for side in ("venue", "public")
                ]
                check(
                    texts[0].replace(slug, "") == texts[1].replace(public_slug, ""),
                    f"{name}.pdf: the same text from both servers",
                )
        wide = tab(public, 1280)
        wide.goto(f"/torneios/{public_slug}/tabela/")
        snap(wide, "public-1280-tabela")
        visitor = tab(public, 390)
        with step("public pages at 390 px"):
            for path in (
                "",
                "lista-inicial/",
                "classificacao/",
                "tabela/",
                f"rodada/{last}/",
                f"rodada/{last}/lista-alfabetica/",
                f"classificacao-rodada/{last}/",
            ):
                visitor.goto(f"/torneios/{public_slug}/{path}")
                snap(visitor, "public-390-" + (path.strip("/").replace("/", "-") or "home"))
        browser.close()
        playwright.stop()
    finally:
        for server in servers:
            stop(server)
        if "proxy" in locals():
            proxy.close()

    print("\nChecks:")
    for line in CHECKS:
        print(f"  {line}")
    print("\nTimes:")
    for name, took in TIMES:
        print(f"  {took:7.2f} s  {name}")
    pairing = [took for name, took in TIMES if ": pair " in name]
    print(f"\nPairing {args.players} players: " + ", ".join(f"{t:.2f}" for t in pairing) + " s")
    print(f"Screenshots, PDFs and their pages, logs: {out}")
    print(
        f"Whole walk: {time.monotonic() - started:.0f} s. Rerun with:\n"
        f"  .venv/bin/python bench/rehearsal_open.py --players {args.players} "
        f"--rounds {args.rounds} --public-db {args.public_db}"
        + (f" --club-rounds {args.club_rounds}" if args.club_rounds else "")
        + (" --baku" if args.baku else "")
    )
    if DEFECTS:
        print(f"\n{len(DEFECTS)} check(s) failed.")
        sys.exit(1)


def table_text(page: str) -> str:
    """The text of a page's first table, cell by cell, without tags or links."""
    table = page.split("<table", 1)[1].split("</table>", 1)[0] if "<table" in page else ""
    cells = re.sub(r"<t[dh][^>]*>", "|", table)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", cells)).strip()


def wait_sent(tournament, outbox_model, timezone, seconds: float = 60) -> None:
    """The button sends in a thread after the request: wait until the outbox says it is done."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        outbox = outbox_model.objects.filter(tournament=tournament).first()
        tournament.refresh_from_db()
        if (
            outbox
            and outbox.last_sent_at
            and outbox.sent_version == tournament.version
            and outbox.attempts == 0
        ):
            return
        time.sleep(0.2)
    check(False, "the button's send reached the public server within a minute")


if __name__ == "__main__":
    main()
