"""Portuguese first, English complete (issue 8): the catalogue, pages, PDFs and commands.

The pt-BR catalogue (locale/pt_BR/LC_MESSAGES/django.po) is compiled by `make messages`, which
`make test` runs first; these tests read the .po itself and what Django serves from the .mo.
"""

from __future__ import annotations

import ast
import html
import re
from io import BytesIO, StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from arbitration import services as arbitration
from tournaments import services
from tournaments.models import Game
from tournaments.standings.tiebreak_names import NAMES, tiebreak_name
from tournaments.standings.tiebreaks import DEFAULT_ORDER, REGISTRY

LOCALE = Path(settings.BASE_DIR) / "locale"
PORTUGUESE = LOCALE / "pt_BR" / "LC_MESSAGES" / "django.po"
ENGLISH = LOCALE / "en" / "LC_MESSAGES" / "django.po"
# %(name)s, %(count)d, %(value)r and str.format's {name}.
PLACEHOLDER = re.compile(r"%\(\w+\)[-#0 +]*\d*(?:\.\d+)?[sdirfFeEgGxXo]|\{\w*\}")


def read_po(path: Path) -> list[dict]:
    """The entries of a .po file: context, msgid, plural and msgstr forms, flags, obsolete."""
    entries = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        lines = [line for line in block.splitlines() if line.strip()]
        if not lines or any(line.startswith("#~") for line in lines):
            continue  # an obsolete entry, kept by makemessages for reference
        entry: dict = {"msgctxt": None, "msgid": "", "msgid_plural": None, "msgstr": {},
                       "flags": set()}
        field = None
        for line in lines:
            if line.startswith("#,"):
                entry["flags"].update(flag.strip() for flag in line[2:].split(","))
            elif line.startswith("#"):
                continue
            elif line.startswith('"'):
                text = ast.literal_eval(line)
                if isinstance(field, int):
                    entry["msgstr"][field] += text
                else:
                    entry[field] += text
            else:
                keyword, value = line.split(" ", 1)
                text = ast.literal_eval(value)
                if keyword.startswith("msgstr"):
                    field = int(keyword[7:-1]) if "[" in keyword else 0
                    entry["msgstr"][field] = text
                else:
                    field = keyword
                    entry[field] = text
        entries.append(entry)
    return entries


def messages(path: Path) -> list[dict]:
    """Every entry but the header."""
    return [entry for entry in read_po(path) if entry["msgid"]]


def label(entry: dict) -> str:
    return f"{entry['msgctxt']}|{entry['msgid']}" if entry["msgctxt"] else entry["msgid"]


# --- the catalogues ------------------------------------------------------------------------------

def test_the_portuguese_catalogue_is_large_and_every_entry_is_translated():
    entries = messages(PORTUGUESE)
    assert len(entries) > 700
    untranslated = [label(e) for e in entries if not all(e["msgstr"].values())]
    assert untranslated == []
    assert [label(e) for e in read_po(PORTUGUESE) if "fuzzy" in e["flags"]] == []


def test_plural_entries_have_the_two_portuguese_forms():
    header = read_po(PORTUGUESE)[0]["msgstr"][0]
    assert "Plural-Forms: nplurals=2; plural=(n > 1);" in header
    assert "Language: pt_BR" in header
    plurals = [e for e in messages(PORTUGUESE) if e["msgid_plural"] is not None]
    assert plurals
    assert [label(e) for e in plurals if sorted(e["msgstr"]) != [0, 1]] == []


def test_every_placeholder_of_a_msgid_is_in_its_translation_and_no_other():
    wrong = []
    for entry in messages(PORTUGUESE):
        sources = {0: entry["msgid"], 1: entry["msgid_plural"] or entry["msgid"]}
        for form, translated in entry["msgstr"].items():
            expected = sorted(PLACEHOLDER.findall(sources[min(form, 1)]))
            if sorted(PLACEHOLDER.findall(translated)) != expected:
                wrong.append((label(entry), form, translated))
    assert wrong == []


def test_english_has_the_same_entries_and_falls_back_to_the_msgids():
    english = {label(e) for e in messages(ENGLISH)}
    assert english == {label(e) for e in messages(PORTUGUESE)}


def test_the_compiled_catalogue_serves_every_translation():
    """Fails when the .mo is missing or older than the .po: run `make messages`."""
    stale = []
    with translation.override("pt-br"):
        for entry in messages(PORTUGUESE):
            context, msgid = entry["msgctxt"], entry["msgid"]
            if entry["msgid_plural"] is not None:
                served = (translation.npgettext(context, msgid, entry["msgid_plural"], 1)
                          if context else translation.ngettext(msgid, entry["msgid_plural"], 1))
            else:
                served = (translation.pgettext(context, msgid) if context
                          else translation.gettext(msgid))
            if served != entry["msgstr"][0]:
                stale.append(label(entry))
    assert stale == [], "the compiled catalogue is stale: run `make messages`"


def test_the_colour_initials_of_the_crosstable_are_brancas_and_pretas():
    with translation.override("pt-br"):
        assert translation.pgettext("initial of the colour White in a crosstable", "W") == "B"
        assert translation.pgettext("initial of the colour Black in a crosstable", "B") == "P"


def test_tie_breaks_are_named_as_the_regulation_names_them():
    assert set(NAMES) == set(REGISTRY)
    with translation.override("pt-br"):
        # Art. 4: a) confronto direto b) maior número de vitórias c) Sonneborn-Berger
        # d) maioria de pretas
        assert [tiebreak_name(key) for key in DEFAULT_ORDER] == [
            "Confronto direto", "Maior número de vitórias", "Sonneborn-Berger",
            "Maioria de pretas",
        ]
    with translation.override("en"):
        assert [tiebreak_name(key) for key in REGISTRY] == [t.name for t in REGISTRY.values()]


# --- pages, PDFs and commands --------------------------------------------------------------------

@pytest.fixture
def tournament(django_user_model):
    """Four players, all rounds paired, round 1 played with a forfeit, a draw in round 2."""
    arbiter = django_user_model.objects.create_user("arbitra")
    tournament = services.create_tournament(name="Aberto de Damas de Olinda", place="Olinda, PE",
                                            arbiters=[arbiter])
    for name in ("Ana Beatriz Conceição", "João Gonçalves", "Inês Araújo", "Caio Simões"):
        services.add_player(tournament, name=name)
    services.draw_numbers(tournament, seed=7)
    services.generate_rounds(tournament)
    first, second = Game.objects.filter(round__tournament=tournament, round__number=1)
    services.record_result(first, result="1-0", expected_version=first.version)
    services.record_result(second, result="+-", expected_version=second.version)
    drawn = Game.objects.filter(round__tournament=tournament, round__number=2).first()
    services.record_result(drawn, result="1/2-1/2", expected_version=drawn.version)
    tournament.refresh_from_db()
    return tournament


def public_pages(tournament) -> list[str]:
    slug = tournament.slug
    game = Game.objects.filter(round__tournament=tournament).first()
    entry = tournament.entries.first()
    return [
        reverse("home"), reverse("login"), reverse("tournaments:list"),
        reverse("tournaments:detail", args=[slug]), reverse("tournaments:round", args=[slug, 1]),
        reverse("tournaments:standings", args=[slug]),
        reverse("tournaments:crosstable", args=[slug]),
        reverse("tournaments:player", args=[slug, entry.pk]),
        reverse("arbitration:game", args=[slug, game.pk]),
    ]


def english_left_on(page: str) -> list[str]:
    """Catalogue text that a Portuguese page still shows in English: whole msgids of two words
    or more, and the longer literal parts of msgids with placeholders."""
    text = html.unescape(page)
    left = []
    for entry in messages(PORTUGUESE):
        msgid, translated = entry["msgid"], entry["msgstr"][0]
        if translated == msgid or len(msgid.split()) < 2:
            continue
        parts = [part.strip() for part in PLACEHOLDER.split(msgid)]
        if len(parts) > 1:
            parts = [part for part in parts if len(part) >= 15 and " " in part
                     and part not in translated]
        if any(part and part in text for part in parts):
            left.append(msgid)
    return left


@pytest.mark.django_db
def test_pages_are_in_portuguese_by_default(client, tournament):
    home = client.get(reverse("home")).content.decode()
    assert "Torneios" in home and "Entrar" in home and "Tournaments" not in home
    detail = client.get(reverse("tournaments:detail", args=[tournament.slug])).content.decode()
    assert "Jogadores" in detail and "Regras" in detail and "Players" not in detail
    login = client.get(reverse("login")).content.decode()
    assert "Entrar" in login and "Nome de usuário" in login
    for url in public_pages(tournament):
        response = client.get(url)
        assert response.status_code == 200, url
        assert english_left_on(response.content.decode()) == [], url


# Kings only: the start comes back after 2... and 4...; its third occurrence is after 4...
THREEFOLD = """[GameType "26"]
[FEN "W:WKc1,Ke1:BKb8,Kd8"]

1. c1-d2 b8-a7 2. d2-c1 a7-b8 3. c1-d2 b8-a7 4. d2-c1 a7-b8 *
"""
# 2. g3-h4 ignores the compulsory capture d4xf6 (Art. 23 (f)): the replay stops there.
IRREGULAR = """[GameType "26"]

1. c3-d4 f6-e5 2. g3-h4 e5xc3 *
"""


@pytest.mark.django_db
def test_the_arbiters_and_organisers_pages_are_in_portuguese(client, tournament,
                                                             django_user_model):
    """Every page behind the sign-in, with a sheet, an irregular sheet and an open claim, so
    the engine's findings (describe.py) are said too."""
    slug = tournament.slug
    claimed, stopped = Game.objects.filter(round__tournament=tournament, round__number=2)
    arbitration.save_sheet(claimed, pdn=THREEFOLD, notation="algebraic", expected_version=0)
    arbitration.save_sheet(stopped, pdn=IRREGULAR, notation="algebraic", expected_version=0)
    claim = arbitration.make_draw_claim(claimed, claimant=claimed.white, rule="threefold",
                                        move="4...")
    client.force_login(django_user_model.objects.create_superuser("administradora"))
    pages = [
        reverse("tournaments:edit", args=[slug]),
        reverse("tournaments:game_result", args=[slug, claimed.pk]),
        reverse("arbitration:desk", args=[slug]), reverse("arbitration:round", args=[slug, 2]),
        reverse("arbitration:log", args=[slug]), reverse("arbitration:officials", args=[slug]),
        reverse("arbitration:game", args=[slug, claimed.pk]),
        reverse("arbitration:viewer", args=[slug, claimed.pk]) + "?ply=8",
        reverse("arbitration:sheet", args=[slug, stopped.pk]),
        reverse("arbitration:viewer", args=[slug, stopped.pk]),
        reverse("arbitration:draw_claim_new", args=[slug, claimed.pk]),
        reverse("arbitration:draw_claim", args=[slug, claim.pk]),
        reverse("arbitration:irregularity_new", args=[slug, stopped.pk]),
        reverse("arbitration:pdn_import", args=[slug]),
        reverse("tournaments:create"),
    ]
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        assert english_left_on(response.content.decode()) == [], url
    claim_page = client.get(reverse("arbitration:draw_claim", args=[slug, claim.pk]))
    assert "Veredito da planilha:" in claim_page.content.decode()
    assert "PROCEDENTE" in claim_page.content.decode()
    stopped_page = client.get(reverse("arbitration:game", args=[slug, stopped.pk]))
    assert "Art. 23 (f): a captura era obrigatória" in html.unescape(
        stopped_page.content.decode())


@pytest.mark.django_db
def test_the_language_switch_turns_the_pages_to_english(client, tournament):
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    home = client.get(reverse("home")).content.decode()
    assert "Tournaments" in home and "Sign in" in home and "Torneios" not in home
    detail = client.get(reverse("tournaments:detail", args=[tournament.slug])).content.decode()
    assert "Players" in detail and "Jogadores" not in detail
    login = client.get(reverse("login")).content.decode()
    assert "Sign in" in login and "Entrar" not in login
    client.post(reverse("set_language"), {"language": "pt-br", "next": "/"})
    assert "Torneios" in client.get(reverse("home")).content.decode()


@pytest.mark.django_db
def test_the_crosstable_page_marks_colours_with_the_pdf_initials(client, tournament):
    url = reverse("tournaments:crosstable", args=[tournament.slug])
    portuguese = client.get(url).content.decode()
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get(url).content.decode()
    assert re.search(r">1B<", portuguese) and re.search(r">0P<", portuguese)
    assert re.search(r">1W<", english) and re.search(r">0B<", english)


def pdf_text(content: bytes) -> str:
    reader = PdfReader(BytesIO(content))
    return "\n".join(page.extract_text() for page in reader.pages).replace("\xa0", " ")


@pytest.mark.django_db
def test_error_pages_speak_the_visitors_language(client, tournament, django_user_model):
    missing = client.get("/torneios/nao-existe/")
    assert missing.status_code == 404 and "Página não encontrada" in missing.content.decode()
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get("/torneios/nao-existe/")
    assert "Page not found" in english.content.decode()
    client.force_login(django_user_model.objects.create_user("torcedor"))
    denied = client.get(reverse("tournaments:edit", args=[tournament.slug]))
    assert denied.status_code == 403 and "Acesso negado" in denied.content.decode()
    with translation.override("pt-br"):
        # Django renders 500.html without a request: the page must stand alone.
        assert "Erro no servidor" in render_to_string("500.html")


@pytest.mark.django_db
def test_points_are_written_with_the_languages_decimal_sign(client, tournament):
    url = reverse("tournaments:standings", args=[tournament.slug])
    assert re.search(r">\d,5<", client.get(url).content.decode())
    assert re.search(r">\d\.5<", Client(HTTP_ACCEPT_LANGUAGE="en").get(url).content.decode())
    detail = client.get(reverse("tournaments:detail", args=[tournament.slug])).content.decode()
    assert "vitória 1, empate 0,5, derrota 0" in detail
    # The CSV is written for the reader's Excel (issue 20): in Portuguese, cells separated by
    # ";" and a decimal comma; in English, by "," and a decimal point.
    assert re.search(r";\d,5(;|\r?$)", client.get(url, {"_export": "csv"}).content.decode(),
                     flags=re.MULTILINE)
    assert re.search(r",\d\.5(,|\r?$)", Client(HTTP_ACCEPT_LANGUAGE="en").get(
        url, {"_export": "csv"}).content.decode(), flags=re.MULTILINE)


@pytest.mark.django_db
def test_pdfs_print_in_the_language_of_the_request(client, tournament):
    crosstable = reverse("printing:crosstable", args=[tournament.slug])
    slips = reverse("printing:slips", args=[tournament.slug, 1])
    portuguese = pdf_text(client.get(crosstable).content)
    for expected in ("Tabela cruzada", "Local: Olinda, PE", "Página 1 de 1", "Nome",
                     "Critérios de desempate, nesta ordem:", "Maioria de pretas"):
        assert expected in portuguese
    assert "Crosstable" not in portuguese and "Page 1" not in portuguese
    assert "Súmula de resultado" in pdf_text(client.get(slips).content)
    english = pdf_text(Client(HTTP_ACCEPT_LANGUAGE="en").get(crosstable).content)
    assert "Crosstable" in english and "Most games with Black" in english
    assert "Tabela cruzada" not in english


@pytest.mark.django_db
def test_command_output_follows_the_active_language():
    out = StringIO()
    with translation.override("pt-br"):
        call_command("load_demo", stdout=out)
        call_command("load_demo", "--if-empty", stdout=out)
    assert "Demonstração carregada. Entre como organizador ou arbitro" in out.getvalue()
    assert "O banco de dados já tem dados; demonstração não carregada." in out.getvalue()
    out = StringIO()
    with translation.override("en"):
        call_command("load_demo", "--if-empty", stdout=out)
    assert out.getvalue().strip() == "The database already has data; demo not loaded."


@pytest.mark.django_db
def test_command_errors_say_the_engine_problem_in_portuguese(tournament, tmp_path):
    """print_pdf reads a PDN file: a syntax error is told from its code, not the engine's
    English message."""
    pdn = tmp_path / "partida.pdn"
    pdn.write_text('[Event "Olinda"]\n1. 22-18 {sem fim\n', encoding="utf-8")
    with translation.override("pt-br"), pytest.raises(CommandError) as refused:
        call_command("print_pdf", tournament.slug, "game", "--pdn", str(pdn),
                     "-o", str(tmp_path / "partida.pdf"), "--language", "pt-br")
    assert "Erro de sintaxe PDN na linha 2" in str(refused.value)
    assert "never closed" not in str(refused.value)
