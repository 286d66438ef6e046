"""Where and why a player file is refused: each problem with its line (a spreadsheet's sheet,
row and column letter), and the error that carries them all, raised by the reading of the file
(tournaments/files/spreadsheets.py) and of its rows (tournaments/files/player_list.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _


@dataclass(frozen=True)
class CsvProblem:
    line: int
    column: str | None
    message: str
    sheet: str | None = None  # a spreadsheet's sheet; None for CSV
    letter: str = ""  # a spreadsheet's column letter, e.g. "C"

    def __str__(self) -> str:
        if self.sheet is not None:  # "sheet “Inscritos”, row 3, column C (rating): ..."
            where = _("sheet “%(sheet)s”, row %(line)d") % {"sheet": self.sheet,
                                                           "line": self.line}
            column = self.letter or self.column
            if self.letter and self.column:
                column = f"{self.letter} ({self.column})"
            if column:
                where = _("%(where)s, column %(column)s") % {"where": where, "column": column}
            return f"{where}: {self.message}"
        if self.column:
            return _("line %(line)d, column %(column)s: %(message)s") % {
                "line": self.line, "column": self.column, "message": self.message,
            }
        return _("line %(line)d: %(message)s") % {"line": self.line, "message": self.message}


class CsvImportError(ValueError):
    """The file was refused; `problems` says where and why."""

    def __init__(self, problems: list[CsvProblem]):
        self.problems = problems
        super().__init__("; ".join(str(problem) for problem in problems))
