"""A Swiss round's boards with each player's points before the round, as pairings are pinned."""

from __future__ import annotations

from django.utils.html import format_html

from tournaments.models import Entry, Game
from tournaments.pages.tables import PairingTable


class SwissPairingTable(PairingTable):
    """The round robin's pairing table, each name followed by his points before the round."""

    def __init__(self, data, *, points_before: dict[int, str], **kwargs):
        super().__init__(data, **kwargs)
        self.points_before = points_before

    def _with_points(self, html, entry: Entry):
        points = self.points_before.get(entry.pk)
        if points is None:
            return html
        return format_html('{} <span class="points-before">({})</span>', html, points)

    def render_white(self, value: Entry, record: Game):
        return self._with_points(super().render_white(value, record), value)

    def render_black(self, value: Entry, record: Game):
        return self._with_points(super().render_black(value, record), value)
