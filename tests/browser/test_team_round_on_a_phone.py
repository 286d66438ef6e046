"""A team round's boards on a 390 px phone, found in a rehearsal of a whole event: the boards table
was laid out with the individual round's phone blocks, whose places did not fit its seven columns,
so each block showed the away team's name beside the home player (board 1: "Fábio Dantas /
Natal Damas Clube" when Fábio played for AABB Recife) and the match and board numbers side by
side without a word. Each board is now one block read top to bottom as the wide table reads left
to right: match and board, then the home team, White, Black and the away team, each labelled.
"""

from __future__ import annotations

import pytest
from browser_support import NetworkGuard, Visitor, in_portuguese, screenshots_dir
from django.utils.translation import pgettext
from team_factories import make_league, play_round

pytestmark = pytest.mark.browser

PHONE_390 = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
             "device_scale_factor": 1}
# Each board's block: its cells' [label, text] from top to bottom, as a person reads them
# (site.css prints the label before the text where the headings are hidden).
BLOCKS_JS = """() => Array.from(document.querySelectorAll('.pairings tbody tr'), tr =>
  Array.from(tr.querySelectorAll('td'))
    .filter(td => td.getBoundingClientRect().height > 0)
    .map(td => ({top: td.getBoundingClientRect().top, left: td.getBoundingClientRect().left,
                 label: td.dataset.label || '', text: td.innerText.trim()}))
    .sort((a, b) => a.top - b.top || a.left - b.left).map(cell => [cell.label, cell.text]))"""


def in_pt(context: str, text: str) -> str:
    from django.utils import translation

    with translation.override("pt-br"):
        return pgettext(context, text)


def test_each_board_names_its_teams_beside_their_own_players(browser, live_server,
                                                             transactional_db):
    league = make_league(2, name="Copa Nordeste de Clubes 2026")
    play_round(league, 1, "1-0")
    round_ = league.rounds.get(number=1)
    context = browser.new_context(base_url=live_server.url, locale="pt-BR", **PHONE_390)
    context.set_default_timeout(15_000)
    guard = NetworkGuard(allowed_origin=live_server.url)
    context.route("**/*", guard)
    tab = Visitor(page=context.new_page(), role="team-round-390", guard=guard,
                  folder=screenshots_dir())
    try:
        tab.page.goto(f"/torneios/{league.slug}/equipes/rodada/1/")
        tab.snap("boards")
        blocks = tab.page.evaluate(BLOCKS_JS)
        match = round_.team_matches.get()
        games = {game.board: game for game in round_.games.select_related(
            "white__player", "black__player")}
        assert len(blocks) == len(games) == 4
        match_word = in_pt("a team match: two teams meet over several boards", "Match")
        board_word = in_pt("the table a game is played at", "Board")
        for board, block in enumerate(blocks, start=1):
            game = games[board]
            assert block[:2] == [[match_word, "1"], [board_word, str(board)]], block
            assert block[-4:] == [
                [in_portuguese("Home team"), match.home.name],
                [in_portuguese("White"), game.white.player.name],
                [in_portuguese("Black"), game.black.player.name],
                [in_portuguese("Away team"), match.away.name]], block
    finally:
        context.close()
