"""One way to read a text file (issue 20): UTF-8 with or without a byte-order mark, UTF-16 with
one or (as Excel's "Texto Unicode" may) without, else Windows-1252, saying when it guessed."""

import codecs

import pytest

from rules import replay_files
from rules.textfile import (
    NOT_TEXT,
    UNDECODABLE,
    UTF8,
    UTF16_BE,
    UTF16_LE,
    WINDOWS_1252,
    TextDecodingError,
    decode_text,
    decode_text_lenient,
)

TEXT = "nome\tclube\nJoão Gonçalves\tGrêmio São José\nŁukasz Żyła\tŠiauliai\n"
LATIN = "nome;clube\nJoão Gonçalves;Grêmio São José\n"


@pytest.mark.parametrize(("data", "encoding", "guessed", "bom"), [
    (TEXT.encode("utf-8"), UTF8, False, False),
    (codecs.BOM_UTF8 + TEXT.encode("utf-8"), UTF8, False, True),
    (codecs.BOM_UTF16_LE + TEXT.encode("utf-16-le"), UTF16_LE, False, True),
    (codecs.BOM_UTF16_BE + TEXT.encode("utf-16-be"), UTF16_BE, False, True),
    (TEXT.encode("utf-16-le"), UTF16_LE, True, False),  # "Texto Unicode" without its mark
    (TEXT.encode("utf-16-be"), UTF16_BE, True, False),
])
def test_unicode_files_are_read_whole(data, encoding, guessed, bom):
    decoded = decode_text(data)
    assert (decoded.text, decoded.encoding, decoded.guessed, decoded.bom) == (
        TEXT, encoding, guessed, bom)


def test_python_utf16_codec_output_with_its_bom_is_read():
    """What `str.encode("utf-16")` and Excel both write: a BOM, then little-endian."""
    decoded = decode_text(TEXT.encode("utf-16"))
    assert decoded.text == TEXT and not decoded.guessed


def test_windows_1252_is_the_fallback_and_a_guess():
    decoded = decode_text((LATIN + "“aspas” – €\n").encode("cp1252"))
    assert decoded.text == LATIN + "“aspas” – €\n"
    assert (decoded.encoding, decoded.guessed) == (WINDOWS_1252, True)


def test_windows_1252_accents_are_never_taken_for_utf8():
    assert decode_text("Conceição".encode("cp1252")).encoding == WINDOWS_1252
    assert decode_text("Conceição".encode()).encoding == UTF8


def test_plain_ascii_is_utf8_and_no_guess():
    decoded = decode_text(b"name;club\nAna;Campinas\n")
    assert (decoded.encoding, decoded.guessed) == (UTF8, False)


def test_a_binary_file_is_refused_with_the_line_of_its_nul():
    with pytest.raises(TextDecodingError) as refused:
        decode_text(b"name\nAna\nB\x00\x01\x02ia\n")
    assert (refused.value.reason, refused.value.line) == (NOT_TEXT, 3)


def test_a_nul_character_inside_utf16_text_is_refused_too():
    with pytest.raises(TextDecodingError) as refused:
        decode_text(codecs.BOM_UTF16_LE + "Ana\nB\x00ia\n".encode("utf-16-le"))
    assert (refused.value.reason, refused.value.line) == (NOT_TEXT, 2)


def test_bytes_windows_1252_leaves_undefined_are_refused_with_their_line():
    with pytest.raises(TextDecodingError) as refused:
        decode_text(b"name\nJo\xe3o\nJo\x81o\n")
    assert (refused.value.reason, refused.value.line) == (UNDECODABLE, 3)


def test_a_broken_utf16_file_is_refused_with_its_line():
    data = codecs.BOM_UTF16_LE + "Ana\nBia\n".encode("utf-16-le") + b"\x00\xd8A\x00"
    with pytest.raises(TextDecodingError) as refused:
        decode_text(data)
    assert (refused.value.reason, refused.value.line) == (UNDECODABLE, 3)


def test_lenient_reading_replaces_instead_of_refusing():
    assert decode_text_lenient(b"Jo\x81o") == "Jo\ufffdo"
    assert decode_text_lenient(b"AB\x00\x00C") == "AB\ufffd\ufffdC"
    assert decode_text_lenient("Gonçalves".encode("utf-16")) == "Gonçalves"


def test_the_replay_tool_reads_pdn_files_through_the_same_chain(tmp_path, monkeypatch):
    game = '[Event "Aberto"]\n[White "Łukasz"]\n1. 22-18 11-15 *\n'
    for encoding in ("utf-8", "utf-8-sig", "utf-16"):
        path = tmp_path / f"{encoding}.pdn"
        path.write_bytes(game.encode(encoding))
        assert replay_files.read_pdn_file(str(path)) == game
    path = tmp_path / "cp1252.pdn"
    path.write_bytes('[White "João"]\n1. 22-18 *\n'.encode("cp1252"))
    assert replay_files.read_pdn_file(str(path)) == '[White "João"]\n1. 22-18 *\n'

