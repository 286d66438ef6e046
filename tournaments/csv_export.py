"""CSV downloads that a spreadsheet opens as data, never as formulas (issue 13).

A spreadsheet reads a cell starting with `=`, `+`, `-` or `@` as a formula, and a tab or a
carriage return can hide such a start; a player named `=HYPERLINK(...)` in an organiser's import
would then run in the spreadsheet of anyone who downloads a public `?_export=csv`. As OWASP
advises for CSV injection, such a cell gets a leading apostrophe, which spreadsheets show as
text and do not evaluate. The pages themselves show the names unchanged: only the export does.

A genuine number, such as a score of -1 in a numeric column (one the pages align as numbers),
stays a number; names, clubs, results ("-+" forfeits) and crosstable cells are text.
"""

from __future__ import annotations

import re
from typing import Any

from django_tables2 import Table
from django_tables2.export import TableExport
from tablib import Dataset

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"-?\d+(?:[.,]\d+)?\Z")


def neutralise(value: Any, *, numeric: bool = False) -> Any:
    """The cell as a spreadsheet must read it: a formula-like text gets a leading apostrophe."""
    if not isinstance(value, str) or not value.startswith(FORMULA_STARTS):
        return value
    if numeric and PLAIN_NUMBER.match(value):
        return value
    return "'" + value


def is_numeric_column(bound_column) -> bool:
    """Columns the pages right-align as numbers (tables.NUMBER_ATTRS): ranks, ratings, points."""
    return "number" in str(bound_column.column.attrs.get("td", {}).get("class", "")).split()


class SafeCsvExport(TableExport):
    """django-tables2's CSV export of a table, every cell neutralised."""

    def __init__(self, table: Table) -> None:
        super().__init__(TableExport.CSV, table)

    def table_to_dataset(self, table, exclude_columns, dataset_kwargs=None) -> Dataset:
        exclude = exclude_columns or ()
        # The columns Table.as_values exports, in its order.
        numeric = [is_numeric_column(column) for column in table.columns.iterall()
                   if not (column.column.exclude_from_export or column.name in exclude)]
        dataset = Dataset(**(dataset_kwargs or {}))
        for index, row in enumerate(table.as_values(exclude_columns=exclude)):
            if index == 0:
                dataset.headers = [neutralise(header) for header in row]
            else:
                dataset.append([neutralise(value, numeric=flag)
                                for value, flag in zip(row, numeric, strict=True)])
        return dataset
