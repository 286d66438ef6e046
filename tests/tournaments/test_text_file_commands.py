"""Issue 20: the commands that read a file read it as the site reads an upload (rules.textfile):
UTF-16 and Windows-1252 as well as UTF-8, and a binary file refused naming its line, never
read as Latin-1 (print_pdf) or with replacement characters (import_trf)."""

from __future__ import annotations

import json
from io import BytesIO, StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from pypdf import PdfReader
from tournament_factories import make_tournament

from tournaments.models import Player, Tournament
from tournaments.pairing.swiss.trf import TrfError, read_trf

pytestmark = pytest.mark.django_db

TRF = sorted((Path(__file__).parent.parent / "data" / "swiss").glob("*.trf"))[0]
GAME = """[Event "Aberto de Damas de São Paulo 2026"]
[Date "2026.11.21"]
[Round "1"]
[White "João Araújo"]
[Black "Maria Conceição"]
[Result "*"]
[GameType "26"]

1. c3-d4 f6-e5 2. d4xf6 g7xe5 *
"""


def accented_trf() -> str:
    """The fixture with a player's name given Portuguese letters, lengths kept."""
    text = TRF.read_bytes().decode()
    start = text.index("\r001") + 1 if "\r001" in text else text.index("001")
    name_at = start + 14
    return text[:name_at] + "Conceição" + text[name_at + 9:]


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "cp1252"])
def test_import_trf_reads_every_encoding(tmp_path, encoding):
    text = accented_trf()
    path = tmp_path / "aberto.trf"
    path.write_bytes(text.encode(encoding))
    call_command("import_trf", str(path), "--slug", f"aberto-{encoding}", stdout=StringIO())
    tournament = Tournament.objects.get(slug=f"aberto-{encoding}")
    assert tournament.entries.filter(player__name__contains="Conceição").exists()
    assert read_trf(path).players[1].name.startswith("Conceição")


def test_a_binary_trf_is_refused_with_its_line(tmp_path):
    path = tmp_path / "foto.trf"
    path.write_bytes(b"012 Aberto\n\x89PNG\x00\x00")
    with pytest.raises(CommandError, match="line 2: the file holds a NUL character"):
        call_command("import_trf", str(path))
    with pytest.raises(TrfError, match="line 2"):
        read_trf(path)
    assert not Tournament.objects.exists()


@pytest.mark.parametrize("encoding", ["utf-16", "cp1252"])
def test_print_pdf_reads_the_pdn_in_any_encoding(tmp_path, encoding):
    """Latin-1 was assumed before: a Windows-1252 “quote” or a UTF-16 file printed wrong."""
    tournament = make_tournament(0, name="Aberto de Damas de São Paulo 2026")
    pdn = tmp_path / "jogo.pdn"
    pdn.write_bytes(GAME.replace("Maria Conceição", "Maria “Mara” Conceição").encode(encoding))
    output = tmp_path / "jogo.pdf"
    call_command("print_pdf", tournament.slug, "game", "--pdn", str(pdn), "--language", "en",
                 "-o", str(output), stdout=StringIO())
    text = "\n".join(page.extract_text() for page in PdfReader(BytesIO(output.read_bytes())).pages)
    assert "João Araújo" in text and "Maria “Mara” Conceição" in text


def test_print_pdf_refuses_a_binary_pdn_naming_the_file_and_line(tmp_path):
    tournament = make_tournament(0, name="Aberto")
    pdn = tmp_path / "jogo.pdn"
    pdn.write_bytes(b'[Event "x"]\n\x00\x01')
    with pytest.raises(CommandError, match=r"jogo.pdn: line 2: the file holds a NUL"):
        call_command("print_pdf", tournament.slug, "game", "--pdn", str(pdn), "--language",
                     "en", "-o", str(tmp_path / "x.pdf"), stdout=StringIO())


def test_import_tournament_reads_a_backup_saved_again_in_utf16(tmp_path):
    source = make_tournament(2, name="Aberto de Inverno")
    out = StringIO()
    call_command("export_tournament", source.slug, stdout=out)
    data = json.loads(out.getvalue())
    path = tmp_path / "backup.json"
    path.write_bytes(json.dumps(data, ensure_ascii=False).encode("utf-16"))
    result = StringIO()
    call_command("import_tournament", str(path), "--slug", "copia", stdout=result)
    players = Player.objects.count()
    copy = Tournament.objects.get(slug=result.getvalue().strip())
    assert sorted(copy.entries.values_list("player__name", flat=True)) == sorted(
        source.entries.values_list("player__name", flat=True))
    path.write_bytes(b'{"name": "x\x00"}')
    with pytest.raises(CommandError, match="NUL character"):
        call_command("import_tournament", str(path))
    assert Player.objects.count() == players
