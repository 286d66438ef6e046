"""Issue 27: a league's rosters from one file (CSV, .xlsx, .ods): its reading, problem by problem
with line and column; the preview's statuses; the save, whole or nothing; the desk's pages."""

from __future__ import annotations

import datetime
import io

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from odf.opendocument import OpenDocumentSpreadsheet
from odf.table import Table, TableCell, TableRow
from odf.text import P
from team_factories import make_league

from arbitration.models import AuditEntry
from tournaments import services
from tournaments.files import roster_import, roster_template
from tournaments.files.import_problems import CsvImportError
from tournaments.files.roster_list import parse_rosters_file
from tournaments.models import Player, Team, TeamMember, Tournament
from tournaments.services import teams as team_services

pytestmark = pytest.mark.django_db

HEADER = "equipe;ordem;nome;clube;id federação;rating;nascimento"
GOOD = "\n".join([
    HEADER,
    "Recife;1;Caio Lôbo;Recife;CBD-2040;1790;",
    "Recife;2;Davi Rocha;;;1700;1999",
    "Campinas;1;Ana Beatriz Conceição;Campinas;CBD-1001;1850;14/03/1990",
    "Campinas;2;João Gonçalves;;;;",
]).encode()


def rows_of(data: bytes, name: str = "elencos.csv"):
    return parse_rosters_file(data, name).rows


def problems_of(data: bytes) -> list[str]:
    with pytest.raises(CsvImportError) as refused:
        parse_rosters_file(data, "elencos.csv")
    return [str(problem) for problem in refused.value.problems]


@pytest.fixture
def league(organiser):
    return team_services.create_team_competition(created_by=organiser, boards=4,
                                                 name="Liga Pernambucana")


# --- reading ----------------------------------------------------------------------------------

def test_portuguese_and_english_headers_read_the_same_rows():
    english = GOOD.replace(HEADER.encode(),
                           b"Team;Order;Name;Club;Federation ID;Rating;Birth date")
    assert rows_of(english) == rows_of(GOOD)
    caio, davi, ana, _joao = rows_of(GOOD)
    assert (caio.line, caio.team, caio.order, caio.name, caio.rating, caio.federation_id) == (
        2, "Recife", 1, "Caio Lôbo", 1790, "CBD-2040")
    assert (davi.birth_year, davi.birth_date) == (1999, None)
    assert ana.birth_date == datetime.date(1990, 3, 14)
    assert not any(row.problems for row in rows_of(GOOD))


@pytest.mark.parametrize("header, words", [
    ("equipe;nome", "no ordem (order) column"),
    ("equipe;ordem;nome;cor", "line 1, column cor: unknown column"),
    ("equipe;ordem;nome;nome", "line 1, column nome: this column appears twice"),
])
def test_a_bad_header_refuses_the_file_naming_line_and_column(header, words):
    problems = problems_of(f"{header}\nRecife;1;Caio;x\n".encode())
    assert any(words in problem for problem in problems), problems


@pytest.mark.parametrize("row, words", [
    (";1;Caio", "line 2, column equipe: the team is empty."),
    ("E" * 201 + ";1;Caio", "line 2, column equipe: the team's name is longer than 200"),
    ("Recife;primeiro;Caio", "line 2, column ordem: \"primeiro\" is not an order"),
    ("Recife;0;Caio", "line 2, column ordem: \"0\" is not an order"),
    ("Recife;;Caio", "line 2, column ordem: the order is empty"),
    ("Recife;1;", "line 2, column nome: the name is empty."),
    ("Recife;1;Caio;;;3001", "line 2, column rating: \"3001\" is not a rating"),
    ("Recife;1;Caio;;;;31/02/1990", "line 2, column nascimento: \"31/02/1990\" is not a birth"),
])
def test_a_bad_value_is_kept_as_the_row_s_problem_with_line_and_column(row, words):
    (read,) = rows_of(f"{HEADER}\n{row}\n".encode())
    assert any(words in problem for problem in read.problems), read.problems


def test_an_excel_sheet_built_here_is_read_with_its_numbers():
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.title = "Elencos"
    sheet.append(["Equipe", "Ordem", "Nome", "Rating", "Nascimento"])
    sheet.append(["Recife", 1, "Caio Lôbo", 1790, datetime.date(1990, 3, 14)])
    sheet.append(["Recife", 2.0, "Davi Rocha", 5000, 1999])
    sheet.append(["Recife", "=1+2", "Eva Lima", None, None])
    out = io.BytesIO()
    workbook.save(out)
    problems = problems_of(out.getvalue())
    assert problems == ['sheet “Elencos”, row 4, column B (Ordem): a formula (=1+2): type the '
                        'value itself, or paste the column as values.']
    sheet.delete_rows(4)
    out = io.BytesIO()
    workbook.save(out)
    caio, davi = rows_of(out.getvalue(), "elencos.xlsx")
    assert (caio.order, caio.rating, caio.birth_date) == (1, 1790, datetime.date(1990, 3, 14))
    assert (davi.order, davi.birth_year) == (2, 1999)
    assert davi.problems == ('sheet “Elencos”, row 3, column D (Rating): "5000" is not a '
                             'rating (a whole number from 0 to 3000).',)


def ods(rows: list[list]) -> bytes:
    document = OpenDocumentSpreadsheet()
    table = Table(name="Liga")
    for values in rows:
        row = TableRow()
        for value in values:
            if isinstance(value, int):
                cell = TableCell(valuetype="float", value=value)
                cell.addElement(P(text=str(value)))
            else:
                cell = TableCell(valuetype="string")
                cell.addElement(P(text=value))
            row.addElement(cell)
        table.addElement(row)
    table.addElement(TableRow(numberrowsrepeated=1048000))  # LibreOffice's empty rows
    document.spreadsheet.addElement(table)
    out = io.BytesIO()
    document.write(out)
    return out.getvalue()


def test_a_libreoffice_sheet_built_here_is_read():
    data = ods([["team", "order", "name", "federation id"],
                ["Natal", 1, "Rita Souza", "CBD-7"], ["Natal", 2, "Lia Souza", ""]])
    rita, lia = rows_of(data, "liga.ods")
    assert (rita.team, rita.order, rita.federation_id, lia.order) == ("Natal", 1, "CBD-7", 2)


# --- the preview ------------------------------------------------------------------------------

def plan(league, text: str):
    return roster_import.plan_rosters(league, rows_of(f"{HEADER}\n{text}\n".encode()))


def reasons(planned, line: int) -> str:
    return " ".join(next(p for p in planned.places if p.line == line).reasons)


def test_the_preview_says_teams_created_or_found_and_people_new_or_found(league):
    team_services.add_team(league, name="Recife")
    earlier = services.create_tournament(name="Aberto")
    services.add_player(earlier, name="Ana Conceição", federation_id="CBD-1001")
    planned = roster_import.plan_rosters(league, rows_of(GOOD))
    assert planned.counts == {"new_teams": 1, "found_teams": 1, "new_players": 3,
                              "found_players": 1, "refused": 0}
    ana = next(p for p in planned.places if p.line == 4)
    assert (ana.team_is_new, ana.match.player.name, ana.match.reason) == (
        True, "Ana Conceição", "same federation id")
    assert [(name, new, [p.row.order for p in places])
            for name, new, places in planned.by_team()] == [
        ("Recife", False, [1, 2]), ("Campinas", True, [1, 2])]


def test_the_preview_refuses_each_fault_and_says_why(league):
    planned = plan(league, "\n".join([
        "Recife;1;Caio;;CBD-1",
        "Recife;1;Davi",  # the same order twice
        "Natal;1;Caio Outro;;CBD-1",  # the same person in two teams
        "Natal;3;Eva",  # order 2 missing
        "Olinda;21;Rui",  # past the roster's limit
        "Olinda;1;Lia;;;9999",  # a rating out of range
    ]))
    assert "order 1 of Recife is also on line 2" in reasons(planned, 3)
    assert "is already on line 2: a player plays for one team" in reasons(planned, 4)
    assert "Natal has no order 1, 2 before this order 3" in reasons(planned, 5)
    assert "a roster holds at most 20 players" in reasons(planned, 6)
    assert "\"9999\" is not a rating" in reasons(planned, 7)
    assert reasons(planned, 2) == ""
    assert planned.counts["refused"] == 5


def test_a_found_team_s_roster_goes_on_after_its_players(league):
    recife = team_services.add_team(league, name="Recife")
    team_services.add_team_player(recife, name="Caio Lôbo", federation_id="CBD-2040")
    planned = plan(league, "recife;1;Davi\nRECIFE;2;Eva\nRecife;3;Caio Lôbo;;CBD-2040")
    assert "order 1 of Recife is already Caio Lôbo's" in reasons(planned, 2)
    assert "already on the roster of Recife" in reasons(planned, 4)
    assert reasons(planned, 3) == ""
    assert {p.team_name for p in planned.places} == {"Recife"}


# --- the save ---------------------------------------------------------------------------------

def test_confirming_saves_teams_rosters_and_people_once(league, organiser):
    earlier = services.create_tournament(name="Aberto")
    services.add_player(earlier, name="Ana Conceição", federation_id="CBD-1001")
    saved = roster_import.carry_out(league, roster_import.plan_rosters(league, rows_of(GOOD)),
                                    user=organiser)
    assert (saved.teams_created, saved.players_created, saved.players_found) == (
        ["Recife", "Campinas"], 3, 1)
    rosters = {team.name: [entry.player.name for entry in team_services.roster(team)]
               for team in league.teams.all()}
    assert rosters == {"Recife": ["Caio Lôbo", "Davi Rocha"],
                       "Campinas": ["Ana Conceição", "João Gonçalves"]}
    assert Player.objects.filter(federation_id="CBD-1001").count() == 1
    assert sorted(league.entries.values_list("number", flat=True)) == [1, 2, 3, 4]
    audit = AuditEntry.objects.get(tournament=league, action="players-imported")
    assert audit.after["teams_created"] == ["Recife", "Campinas"]


def test_a_refused_row_saves_nothing(league):
    planned = plan(league, "Recife;1;Caio\nRecife;2;Davi\nCampinas;1;Ana;;;4000")
    with pytest.raises(team_services.TournamentError, match="1 row is refused"):
        roster_import.carry_out(league, planned)
    assert not Team.objects.exists() and not Player.objects.exists()


def test_a_change_after_the_preview_undoes_the_whole_step(league):
    planned = plan(league, "Recife;1;Caio\nRecife;2;Davi;;CBD-9")
    other = team_services.add_team(league, name="Olinda")
    team_services.add_team_player(other, name="Davi", federation_id="CBD-9")
    with pytest.raises(team_services.TournamentError, match="Line 3: Davi"):
        roster_import.carry_out(league, planned)
    assert not Team.objects.filter(name="Recife").exists()
    assert TeamMember.objects.count() == 1


def league_file(prefix: str, teams: int, players: int) -> bytes:
    """`teams` teams of `players`, each player with a club, an id, a rating and a birth date."""
    lines = [HEADER]
    for team in range(1, teams + 1):
        for order in range(1, players + 1):
            number = team * 100 + order
            born = datetime.date(1970, 1, 1) + datetime.timedelta(days=number)
            lines.append(f"{prefix} {team};{order};{prefix} Jogador {number};Clube {team};"
                         f"{prefix}-{number};{1500 + order};{born:%d/%m/%Y}")
    return "\n".join(lines).encode()


def queries_of_the_save(teams: int, players: int) -> int:
    """The queries of one save into a new league, among whose players are two people the
    registry knows: one by federation id, one by name and birth date (who learns his id)."""
    prefix = f"L{teams}x{players}"
    league = team_services.create_team_competition(boards=4, name=f"Liga {prefix}")
    rows = rows_of(league_file(prefix, teams, players))
    earlier = services.create_tournament(name=f"Aberto {prefix}")
    services.add_player(earlier, name=rows[0].name, federation_id=rows[0].federation_id)
    services.add_player(earlier, name=rows[-1].name, birth_date=rows[-1].birth_date)
    planned = roster_import.plan_rosters(league, rows)
    assert planned.counts["found_players"] == 2 and not planned.refused
    with CaptureQueriesContext(connection) as queries:
        saved = roster_import.carry_out(league, planned)
    assert (len(saved.teams_created), saved.players_found) == (teams, 2)
    assert league.entries.count() == teams * players
    return len(queries)


def test_the_save_s_queries_do_not_grow_with_the_rows():
    """Issue 27: a 1,000-row file saved in a fixed few queries (bench/rosters.py times it)."""
    small, large = queries_of_the_save(2, 10), queries_of_the_save(10, 20)
    assert small == large
    assert large <= 20


def test_a_person_the_file_already_placed_is_refused_on_his_second_line(league):
    def place(line, team, name, **facts):
        return team_services.RosterPlace(line=line, team=team, position=1, name=name, **facts)

    born = datetime.date(1990, 3, 14)
    with pytest.raises(team_services.TournamentError,
                       match=r"Line 3: Caio \(same federation id\) is already in this"):
        team_services.import_rosters(league, [place(2, "Recife", "Caio", federation_id="C-1"),
                                              place(3, "Natal", "Caio L.", federation_id="C-1")])
    with pytest.raises(team_services.TournamentError,
                       match=r"Line 3: Ana Souza \(same name and birth date\)"):
        team_services.import_rosters(league, [place(2, "Recife", "Ana Souza", birth_date=born),
                                              place(3, "Natal", "ana  souza", birth_date=born)])
    assert not Team.objects.exists() and not Player.objects.exists()


def test_what_the_registry_learns_is_saved_and_his_other_competitions_move_on(league):
    earlier = services.create_tournament(name="Aberto")
    born = datetime.date(1990, 3, 14)
    ana = services.add_player(earlier, name="Ana Conceição", birth_date=born).player
    versions = dict(Tournament.objects.values_list("pk", "version"))
    saved = team_services.import_rosters(league, [
        team_services.RosterPlace(line=2, team="Recife", position=1, name="Ana Conceição",
                                  club="Recife", rating=1850, federation_id="CBD-1001",
                                  birth_date=born),
        team_services.RosterPlace(line=3, team="Recife", position=2, name="Érica Lima",
                                  birth_date=datetime.date(2001, 5, 2))])
    assert (saved.players_created, saved.players_found) == (1, 1)
    ana.refresh_from_db()
    assert (ana.club, ana.rating, ana.federation_id) == ("Recife", 1850, "CBD-1001")
    erica = Player.objects.get(name="Érica Lima")
    assert (erica.sort_name, erica.birth_year) == ("erica lima", 2001)  # as save() keeps them
    moved = {pk: version - versions[pk]
             for pk, version in Tournament.objects.values_list("pk", "version")}
    assert moved == {earlier.pk: 1, league.pk: 1}
    with pytest.raises(team_services.TournamentError, match="Line 2: Ana Conceição"):
        team_services.import_rosters(league, [team_services.RosterPlace(
            line=2, team="Natal", position=1, name="Outra", federation_id="CBD-1001")])


def test_no_file_adds_to_the_rosters_once_the_rounds_exist():
    league = make_league(2, roster=4)
    with pytest.raises(team_services.TournamentError, match="rosters are fixed"):
        team_services.import_rosters(league, [team_services.RosterPlace(
            line=2, team="Nova", position=1, name="Rui")])
    assert not Team.objects.filter(name="Nova").exists()


# --- the pages --------------------------------------------------------------------------------

@pytest.fixture
def client():
    return Client(headers={"accept-language": "en"})


def url(name, league):
    return reverse(f"tournaments:{name}", args=[league.slug])


def upload(client, league, data: bytes, name: str = "elencos.csv"):
    return client.post(url("import_rosters", league),
                       {"file": SimpleUploadedFile(name, data)})


def test_the_upload_previews_then_the_confirmation_shows_the_rosters(client, league, organiser):
    client.force_login(organiser)
    response = upload(client, league, GOOD)
    assert response.status_code == 302
    preview = client.get(url("import_rosters_preview", league))
    assert preview.status_code == 200
    page = preview.content.decode()
    assert "New teams: 2" in page and "Order 2" in page and "new team" in page
    assert not Team.objects.exists()  # nothing saved before the confirmation
    digest = preview.context["form"].initial["digest"]
    done = client.post(url("import_rosters_preview", league), {"digest": digest})
    assert done.status_code == 302
    teams_page = client.get(url("teams", league)).content.decode()
    for name in ("Caio Lôbo", "Davi Rocha", "Ana Beatriz Conceição", "João Gonçalves"):
        assert name in teams_page
    recife = Team.objects.get(name="Recife")
    assert "Davi Rocha" in client.get(recife.get_absolute_url()).content.decode()


def test_a_refused_preview_offers_no_confirmation_and_a_forged_one_saves_nothing(
        client, league, organiser):
    client.force_login(organiser)
    upload(client, league, f"{HEADER}\nRecife;1;Caio\nRecife;1;Davi\n".encode())
    preview = client.get(url("import_rosters_preview", league))
    assert "Confirm the import" not in preview.content.decode()
    assert "order 1 of Recife is also on line 2" in preview.content.decode()
    forged = client.post(url("import_rosters_preview", league),
                         {"digest": preview.context["form"].initial["digest"]})
    assert forged.status_code == 400
    assert not Team.objects.exists()


def test_a_bad_file_is_refused_on_the_upload_with_its_line(client, league, organiser):
    client.force_login(organiser)
    response = upload(client, league, b"equipe;nome\nRecife;Caio\n")
    assert response.status_code == 400
    assert "no ordem (order) column" in response.content.decode()


def test_only_organisers_and_only_before_the_rounds(client, organiser, outsider):
    league = make_league(2, roster=4, organiser=organiser)
    client.force_login(outsider)
    assert client.get(url("import_rosters", league)).status_code == 403
    assert client.get(url("roster_template", league)).status_code == 403
    client.force_login(organiser)
    page = client.get(url("import_rosters", league))
    assert "rosters are fixed" in page.content.decode()
    assert upload(client, league, GOOD).status_code == 409
    assert not Team.objects.filter(name="Campinas").exists()


def test_the_template_is_a_roster_file_the_import_reads(client, league, organiser):
    client.force_login(organiser)
    response = client.get(url("roster_template", league))
    assert response["Content-Disposition"].startswith("attachment")
    rows = rows_of(response.content)
    assert [(row.order, row.problems) for row in rows] == [(1, ()), (2, ())]


def test_the_excel_template_reads_back_as_the_csv_one(client, league, organiser):
    client.force_login(organiser)
    page = client.get(url("import_rosters", league)).content.decode()
    assert url("roster_template_xlsx", league) in page and "template (Excel)" in page
    response = client.get(url("roster_template_xlsx", league))
    assert response["Content-Type"] == roster_template.XLSX_CONTENT_TYPE
    assert 'filename="elencos-modelo.xlsx"' in response["Content-Disposition"]
    csv_rows = rows_of(client.get(url("roster_template", league)).content)
    assert rows_of(response.content, "elencos-modelo.xlsx") == csv_rows
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    header, ana, joao = sheet.iter_rows(values_only=True)
    assert header == ("equipe", "ordem", "nome", "clube", "id federação", "rating", "nascimento")
    assert (ana[1], ana[5], ana[6], joao[6]) == (1, 1850, datetime.datetime(1990, 3, 14), 1987)
    assert sheet["A1"].font.bold and sheet["G2"].number_format == "DD/MM/YYYY"
    assert sheet.column_dimensions["C"].width > len("Ana Beatriz Conceição")


def test_the_excel_template_speaks_portuguese():
    with translation.override("pt-br"):
        book = openpyxl.load_workbook(io.BytesIO(roster_template.template_xlsx()))
    assert book.active.title == "Elencos"
    assert book.active["A2"].value == "Equipe de exemplo"


@pytest.mark.parametrize("name, filename", [("roster_template", "elencos-modelo.csv"),
                                            ("roster_template_xlsx", "elencos-modelo.xlsx")])
def test_each_template_imports_cleanly_into_an_empty_team_competition(
        client, league, organiser, name, filename):
    client.force_login(organiser)
    template = client.get(url(name, league)).content
    assert upload(client, league, template, filename).status_code == 302
    preview = client.get(url("import_rosters_preview", league))
    assert preview.context["counts"] == {"new_teams": 1, "found_teams": 0, "new_players": 2,
                                         "found_players": 0, "refused": 0}
    done = client.post(url("import_rosters_preview", league),
                       {"digest": preview.context["form"].initial["digest"]})
    assert done.status_code == 302
    team = league.teams.get()
    assert team.name == "Example team"
    assert [(entry.player.name, entry.player.birth_year)
            for entry in team_services.roster(team)] == [
        ("Ana Beatriz Conceição", 1990), ("João Gonçalves", 1987)]
