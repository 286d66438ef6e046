"""One way to read a text file someone gave us: the bytes of an upload, a PDN, a TRF or a CSV
(issue 20). Pure Python, so the engine's own tools use it as the site does.

The chain, first that fits:
1. a byte-order mark says it: UTF-8, UTF-16 LE or UTF-16 BE (Excel's "Texto Unicode" writes one);
2. NUL bytes in every other position are UTF-16 without a mark (LE when the NULs are the odd
   bytes, as Windows writes it; BE when they are the even ones): a guess;
3. valid UTF-8 is UTF-8: accented letters of Windows-1252 never form valid UTF-8 sequences;
4. else Windows-1252, which Excel's plain "CSV" and older draughts programs write: a guess.

A text that still holds a NUL character is not text (a binary file, a spreadsheet sent as CSV),
and bytes that Windows-1252 leaves undefined are not text either: both are refused with the line
where they are, rather than stored as replacement characters.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass

UTF8 = "UTF-8"
UTF16_LE = "UTF-16LE"
UTF16_BE = "UTF-16BE"
WINDOWS_1252 = "Windows-1252"

# What the reader calls each encoding -> Python's codec for it.
_CODECS = {UTF8: "utf-8", UTF16_LE: "utf-16-le", UTF16_BE: "utf-16-be",
           WINDOWS_1252: "cp1252"}

NOT_TEXT = "not-text"  # a NUL character: a binary file
UNDECODABLE = "undecodable"  # neither UTF-8, UTF-16 nor Windows-1252


@dataclass(frozen=True)
class DecodedText:
    text: str
    encoding: str  # one of UTF8, UTF16_LE, UTF16_BE, WINDOWS_1252
    guessed: bool  # no byte-order mark or valid UTF-8 said so: the caller should tell the user
    bom: bool = False


class TextDecodingError(ValueError):
    """The bytes are not a text file; `line` (1-based) is where the trouble starts."""

    def __init__(self, reason: str, line: int):
        self.reason, self.line = reason, line
        self.problem = ("a NUL character, not a text file" if reason == NOT_TEXT
                        else "neither UTF-8, UTF-16 nor Windows-1252 text")
        super().__init__(f"line {line}: {self.problem}")


def decode_text(data: bytes) -> DecodedText:
    """The text of `data`, the encoding read, and whether it was a guess (see the module)."""
    decoded = _decode(data)
    if "\x00" in decoded.text:
        text = decoded.text
        raise TextDecodingError(NOT_TEXT, text[: text.index("\x00")].count("\n") + 1)
    return decoded


def decode_text_lenient(data: bytes) -> str:
    """decode_text's text; bytes it refuses become U+FFFD instead (a command-line tool reading
    a file it only shows or parses loosely)."""
    try:
        return decode_text(data).text
    except TextDecodingError:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("cp1252", errors="replace")
        return text.replace("\x00", "\ufffd")


def _decode(data: bytes) -> DecodedText:
    if data.startswith(codecs.BOM_UTF8):
        return DecodedText(_strict(data[3:], UTF8, 3, data), UTF8, False, True)
    for bom, encoding in ((codecs.BOM_UTF16_LE, UTF16_LE), (codecs.BOM_UTF16_BE, UTF16_BE)):
        if data.startswith(bom):
            return DecodedText(_strict(data[2:], encoding, 2, data), encoding, False, True)
    utf16 = _utf16_without_bom(data)
    if utf16 is not None:
        return DecodedText(_strict(data, utf16, 0, data), utf16, True)
    if b"\x00" in data:  # no text encoding we read puts a NUL there: a binary file
        raise TextDecodingError(NOT_TEXT, data[: data.index(b"\x00")].count(b"\n") + 1)
    try:
        return DecodedText(data.decode("utf-8"), UTF8, False)
    except UnicodeDecodeError:
        pass
    return DecodedText(_strict(data, WINDOWS_1252, 0, data), WINDOWS_1252, True)


def _utf16_without_bom(data: bytes) -> str | None:
    """UTF-16 LE/BE when NULs fill one byte of each pair (Latin text in UTF-16) and not the
    other: at least a quarter of those bytes, against none of the other ones."""
    if len(data) < 2 or len(data) % 2 or b"\x00" not in data:
        return None
    even, odd = data[0::2].count(0), data[1::2].count(0)
    pairs = len(data) // 2
    if odd * 4 >= pairs and even == 0:
        return UTF16_LE
    if even * 4 >= pairs and odd == 0:
        return UTF16_BE
    return None


def _strict(body: bytes, encoding: str, skipped: int, whole: bytes) -> str:
    try:
        return body.decode(_CODECS[encoding])
    except UnicodeDecodeError as error:
        start = skipped + error.start
        if encoding in (UTF16_LE, UTF16_BE):
            line = body[: error.start].decode(_CODECS[encoding], errors="replace").count("\n") + 1
        else:
            line = whole[:start].count(b"\n") + 1
        raise TextDecodingError(UNDECODABLE, line) from error
