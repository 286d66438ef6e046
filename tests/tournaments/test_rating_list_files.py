"""Issue 27: a federation's rating list read from a spreadsheet, a CSV or a fixed-width text,
each problem named by line (sheet, row, column); the stored list and which list is in force."""

from __future__ import annotations

import datetime
import io
import time

import openpyxl
import pytest
from django.db import IntegrityError, transaction

from tournaments.files.import_problems import CsvImportError
from tournaments.files.rating_list import parse_rating_list
from tournaments.models import RatingList, RatingListRow, RatingSource
from tournaments.queries.rating_lists import FMJD, NATIONAL, list_in_force, row_in_force


def problems_of(data: bytes, filename: str = "") -> list[str]:
    with pytest.raises(CsvImportError) as refused:
        parse_rating_list(data, filename)
    return [str(problem) for problem in refused.value.problems]


def xlsx(rows) -> bytes:
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.title = "Rating"
    for row in rows:
        sheet.append(row)
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def test_cbd_csv_with_portuguese_headers_in_windows_1252():
    text = ("ID CBD;Nome;Federação;Rating;Categoria;Ano de nascimento;Partidas;Posição\n"
            "1001;Ana Conceição;FPD;1.850;A;1990;42;1\n"
            "1002;Caio Lôbo;FBD;1700,0;;;;2\n")
    parsed = parse_rating_list(text.encode("cp1252"))
    ana, caio = parsed.rows
    assert (ana.federation_id, ana.name, ana.federation, ana.rating, ana.title,
            ana.birth_year, ana.games) == ("1001", "Ana Conceição", "FPD", 1850, "A", 1990, 42)
    assert (caio.rating, caio.birth_year, caio.games) == (1700, None, None)
    assert parsed.skipped == ["Posição"]  # read past, and said in the preview


def test_fmjd_spreadsheet_in_english_with_numbers_and_a_birth_date():
    data = xlsx([["Rank", "ID", "Name", "Federation", "Rating", "Title", "Born"],
                 [1, 16521, "BOOMSTRA Roel", "NED", 2400, "GMI", datetime.date(1993, 7, 1)],
                 [2, 17055, "SCHWARZMAN Alexander", "RUS", 2380.0, "GMI", 1970]])
    rows = parse_rating_list(data, "fmjd.xlsx").rows
    assert [(row.federation_id, row.rating, row.birth_year) for row in rows] == [
        ("16521", 2400, 1993), ("17055", 2380, 1970)]


def test_fmjd_fixed_width_text_reads_columns_under_their_titles():
    text = ("Id      Name                       Federation  Rating  Title  Birth year  Games\n"
            "16521   BOOMSTRA Roel              NED         2400    GMI    1993        30\n"
            "\n"
            "17055   SCHWARZMAN Alexander       RUS         2380           1970\n")
    rows = parse_rating_list(text.encode()).rows
    assert [(r.line, r.federation_id, r.name, r.federation, r.rating, r.title, r.birth_year,
             r.games) for r in rows] == [
        (2, "16521", "BOOMSTRA Roel", "NED", 2400, "GMI", 1993, 30),
        (4, "17055", "SCHWARZMAN Alexander", "RUS", 2380, "", 1970, None)]


def test_tab_separated_fmjd_text():
    text = "id\tname\tfed\trating\n16521\tBOOMSTRA Roel\tNED\t2400\n"
    assert parse_rating_list(text.encode("utf-16")).rows[0].rating == 2400


def test_problems_name_line_and_column_and_nothing_is_returned():
    text = ("id;nome;rating;ano de nascimento\n"
            "1001;Ana;abc;1990\n"
            "1002;;1500;\n"
            "1001;Bia;1500;1890\n"
            "1003;Caio;1500;noventa\n")
    assert problems_of(text.encode()) == [
        'line 2, column rating: "abc" is not a rating (a whole number from 0 to 3000).',
        "line 3, column nome: the name is empty.",
        'line 4, column ano de nascimento: "1890" is not a birth year: write the year, as '
        "1987, or the date.",
        'line 5, column ano de nascimento: "noventa" is not a birth year: write the year, '
        "as 1987, or the date."]


def test_a_repeated_id_names_both_lines():
    text = "id;nome;rating\n1001;Ana;1500\n1001;Bia;1600\n"
    assert problems_of(text.encode()) == [
        "line 3, column id: federation id 1001 already on line 2."]


def test_missing_columns_are_named():
    assert problems_of(b"nome;clube\nAna;X\n") == [
        "line 1: the header row needs the columns id, name and rating (in Portuguese id cbd, "
        "nome, rating); missing: id, rating."]


def test_a_formula_in_a_sheet_is_named_by_sheet_row_and_column():
    data = xlsx([["ID", "Nome", "Rating"], [1001, "Ana", "=1800+50"]])
    assert problems_of(data, "cbd.xlsx") == [
        "sheet “Rating”, row 2, column C (Rating): a formula (=1800+50): type the value "
        "itself, or paste the column as values."]


def test_a_whole_wrong_column_lists_fifty_problems_and_counts_the_rest():
    text = "id;nome;rating\n" + "".join(f"{n};P{n};x\n" for n in range(1, 201))
    found = problems_of(text.encode())
    assert len(found) == 51 and found[-1] == "line 51: and 150 more problems not listed."


def test_thirty_thousand_rows_read_in_a_few_seconds():
    text = "id;nome;federação;rating\n" + "".join(
        f"{n};Jogador Número {n};FPD;{1000 + n % 1500}\n" for n in range(1, 30_001))
    started = time.perf_counter()
    rows = parse_rating_list(text.encode()).rows
    assert len(rows) == 30_000 and time.perf_counter() - started < 5


def test_a_list_past_the_row_limit_is_refused_by_line():
    text = "id;nome;rating\n" + "".join(f"{n};P;1500\n" for n in range(1, 40_003))
    assert problems_of(text.encode())[0].startswith("line 40002: more than 40000 players")


# --- the stored list and the list in force ---------------------------------------------------

def make_list(source, day, rows, *, confirmed=True) -> RatingList:
    from django.utils import timezone

    rating_list = RatingList.objects.create(
        source=source, date=day, file_name="lista.csv",
        confirmed_at=timezone.now() if confirmed else None)
    for federation_id, rating in rows:
        RatingListRow.objects.create(rating_list=rating_list, federation_id=federation_id,
                                     name=f"P {federation_id}", rating=rating)
    return rating_list


@pytest.mark.django_db
def test_a_row_needs_an_id_once_per_list_and_a_rating_up_to_3000():
    rating_list = make_list(RatingSource.CBD, datetime.date(2026, 1, 1), [("1", 1500)])
    for values in ({"federation_id": "1"}, {"federation_id": ""},
                   {"federation_id": "2", "rating": 3001}):
        with pytest.raises(IntegrityError), transaction.atomic():
            RatingListRow.objects.create(rating_list=rating_list, name="X", **values)


@pytest.mark.django_db
def test_the_list_in_force_is_the_latest_confirmed_on_or_before_the_day():
    january = make_list(RatingSource.CBD, datetime.date(2026, 1, 1), [("1", 1500)])
    july = make_list(RatingSource.OTHER, datetime.date(2026, 7, 1), [("1", 1600)])
    make_list(RatingSource.CBD, datetime.date(2026, 3, 1), [("1", 9)], confirmed=False)
    fmjd = make_list(RatingSource.FMJD, datetime.date(2026, 2, 1), [("1", 2000)])
    assert list_in_force(datetime.date(2025, 12, 31)) is None
    assert list_in_force(datetime.date(2026, 1, 1)) == january
    assert list_in_force(datetime.date(2026, 6, 30)) == january  # the pending one is not
    assert list_in_force(datetime.date(2026, 7, 1)) == july
    assert list_in_force(datetime.date(2026, 6, 30), FMJD) == fmjd
    assert row_in_force(datetime.date(2026, 8, 1), "1", NATIONAL).rating == 1600
    assert row_in_force(datetime.date(2026, 8, 1), "1", FMJD).rating == 2000
    assert row_in_force(datetime.date(2026, 8, 1), "2") is None
