"""Pages of a team competition (issue 16): teams, team standings, the team crosstable, each
round's matches with their boards and result slips, each team's page and board prizes. The
pages that write (line-ups, rounds, settings, teams) are its desk, team_desk_views.

Thin views over services/teams/ and the plain package standings/teams/; tables export to CSV
through context.table_page.
"""

from __future__ import annotations

from fractions import Fraction

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.models import Entry, Round, Team, TeamCompetition, Tournament
from tournaments.pages import pieces as page_pieces
from tournaments.pages.context import table_page, tournament_context
from tournaments.pages.permissions import can_hand_in_lineup
from tournaments.pages.tables import printed
from tournaments.pages.team_tables import (
    TEAM_TIEBREAK_NAMES,
    BoardPrizeTable,
    MatchBoardsTable,
    RosterTable,
    TeamCrosstableTable,
    TeamStandingsTable,
)
from tournaments.printing import team_documents
from tournaments.printing.all_pairings import paper_result
from tournaments.printing.collect import tournament_header
from tournaments.printing.standings_texts import local_points
from tournaments.services import teams as team_services
from tournaments.standings import teams


def team_table_page(request, table, export_name: str, template: str, context: dict,
                    title: str, subtitle: str = ""):
    """The page, its CSV (context.table_page), or with ?_export=pdf the same table printed, a
    game's result as the other printed pairings write it (issue 25)."""
    if request.GET.get("_export") == "pdf":
        names = [column.name for column in table.columns
                 if not column.column.exclude_from_export]
        values = [[printed(cell) for cell in row] for row in table.as_values()]
        if "result" in names:
            at = names.index("result")
            for row in values[1:]:
                row[at] = paper_result(row[at])
        document = team_documents.TableDocument(
            header=tournament_header(context["tournament"]), title=title, subtitle=subtitle,
            headings=tuple(values[0]), rows=tuple(tuple(row) for row in values[1:]))
        return pdf_response(team_documents.build_table_pdf(document), f"{export_name}.pdf")
    return table_page(request, table, export_name, template, context,
                      f"{title} {subtitle}".strip())


def pdf_response(content: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = content_disposition_header(True, filename)
    return response


def team_tournament(slug: str) -> Tournament:
    """The tournament, or 404 when it is not a team competition."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not TeamCompetition.objects.filter(tournament=tournament).exists():
        raise Http404(_("This tournament is not a team competition."))
    return tournament


def team_context(request, tournament: Tournament, **extra) -> dict:
    competition = tournament.team_competition
    return tournament_context(request, tournament, competition=competition,
                              teams_by_id={t.pk: t for t in tournament.teams.all()}, **extra)


def teams_page(request, slug: str):
    tournament = team_tournament(slug)
    context = team_context(request, tournament)
    team_list = list(tournament.teams.prefetch_related("members__entry__player"))
    deletable = team_services.deletable_last_round(tournament) if context["can_manage"] else None
    return render(request, "tournaments/teams/teams.html", {
        **context, "team_list": team_list, "deletable_round": deletable})


def team_standings(request, slug: str):
    tournament = team_tournament(slug)
    context = team_context(request, tournament)
    competition = context["competition"]
    by_id = context["teams_by_id"]
    rows = []
    for line in page_pieces.team_standings(tournament):
        team = by_id[line.team]
        rows.append({"rank": line.rank, "name": team.name, "club": team.club,
                     "url": team.get_absolute_url(), "matches": line.matches,
                     "withdrawn_from_round": team.withdrawn_from_round,
                     "primary": line.primary(competition.scoring),
                     **{f"tb_{key}": line.tiebreaks[key] for key in competition.tiebreaks}})
    table = TeamStandingsTable(rows, competition.tiebreaks,
                               competition.get_primary_display().capitalize())
    context["tiebreak_legend"] = [str(TEAM_TIEBREAK_NAMES[key]) for key in competition.tiebreaks]
    return team_table_page(request, table, f"{slug}-equipes-classificacao",
                           "tournaments/teams/standings.html", context, _("Team standings"))


def team_crosstable(request, slug: str):
    """Match results with the game points in each cell, row team's first ("2,5–1,5")."""
    tournament = team_tournament(slug)
    context = team_context(request, tournament)
    competition = context["competition"]
    by_id = context["teams_by_id"]
    records = page_pieces.team_records(tournament)
    cells: dict[tuple[int, int], list[str]] = {}
    for record in records:
        if record.is_bye or not record.complete:
            continue
        home, away = teams.match_game_points(record, tournament.scoring, competition.scoring)
        # An en dash, as the round's matches write a score: "3-1" is a date to a spreadsheet
        # that opens the CSV (1 March), "3–1" stays text (issue 20).
        cells.setdefault((record.home, record.away), []).append(
            f"{local_points(home)}–{local_points(away)}")
        cells.setdefault((record.away, record.home), []).append(
            f"{local_points(away)}–{local_points(home)}")
    standing = {line.team: line for line in page_pieces.team_standings(tournament)}
    ordered = sorted(by_id.values(), key=lambda t: (t.number or 0, t.name))
    numbers = [team.number or index for index, team in enumerate(ordered, start=1)]
    rows = []
    for number, team in zip(numbers, ordered, strict=True):
        line = standing[team.pk]
        row = {"number": number, "name": team.name, "url": team.get_absolute_url(),
               "withdrawn_from_round": team.withdrawn_from_round,
               "match_points": line.match_points, "game_points": line.game_points,
               "rank": line.rank}
        for other_number, other in zip(numbers, ordered, strict=True):
            row[f"c{other_number}"] = "×" if other == team else " / ".join(
                cells.get((team.pk, other.pk), []))
        rows.append(row)
    table = TeamCrosstableTable(rows, numbers)
    return team_table_page(request, table, f"{slug}-equipes-tabela",
                           "tournaments/teams/crosstable.html", context, _("Team crosstable"))


def board_result(board) -> tuple[str, str, str]:
    """(White, result, Black) of a match board as shown: names and the result or forfeit."""
    if board.game is not None:
        game = board.game
        return game.white.player.name, game.result or "", game.black.player.name
    return "", board.forfeit, ""


def team_round(request, slug: str, number: int):
    tournament = team_tournament(slug)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    context = team_context(request, tournament, round=round_)
    competition = context["competition"]
    matches = list(round_.team_matches.select_related("home", "away").prefetch_related(
        "boards__game__white__player", "boards__game__black__player").order_by("table"))
    records = {(r.home, r.away): r for r in page_pieces.team_records(tournament)
               if r.round == number}
    rows, summaries = [], []
    lineups = {(lb.team_id, lb.board): lb.entry for lb in
               round_.lineup_boards.select_related("entry__player")}
    for match in matches:
        away_name = (match.away.name if match.away
                     else pgettext("a round without a game for one player", "bye"))
        record = records.get((match.home_id, match.away_id))
        score = ""
        if record is not None and not match.is_bye:
            home_points, away_points = teams.match_game_points(
                record, tournament.scoring, competition.scoring)
            score = f"{local_points(home_points)}–{local_points(away_points)}"
        summaries.append({"match": match, "away_name": away_name, "score": score,
                          "can_lineup_home": can_hand_in_lineup(request.user, match.home),
                          "can_lineup_away": bool(match.away)
                          and can_hand_in_lineup(request.user, match.away)})
        for board in sorted(match.boards.all(), key=lambda b: b.board):
            white, result, black = board_result(board)
            if board.game is None:  # the side present is in the line-up
                home_colour = dict(teams.board_colours(competition.boards))[board.board]
                home_entry = lineups.get((match.home_id, board.board))
                away_entry = lineups.get((match.away_id, board.board))
                h = home_entry.player.name if home_entry else ""
                a = away_entry.player.name if away_entry else ""
                white, black = (h, a) if home_colour == "white" else (a, h)
            rows.append({"match": match.table, "board": board.board, "home": match.home.name,
                         "white": white or None, "result": result, "black": black or None,
                         "away": away_name})
    deletable = team_services.deletable_last_round(tournament) if context["can_manage"] else None
    context.update(summaries=summaries, started=team_services.round_started(round_),
                   deletable=deletable is not None and deletable.pk == round_.pk)
    table = MatchBoardsTable(rows)
    return team_table_page(request, table, f"{slug}-equipes-rodada-{number}",
                           "tournaments/teams/round.html", context, _("Matches"),
                           _("Round %(number)d") % {"number": number})


def team_detail(request, slug: str, team_id: int):
    """A team's roster with each player's individual score, and its matches."""
    tournament = team_tournament(slug)
    team = get_object_or_404(Team, tournament=tournament, pk=team_id)
    context = team_context(request, tournament, team=team)
    competition = context["competition"]
    records = page_pieces.team_records(tournament)
    scores = teams.player_scores(records, tournament.scoring)
    rows = []
    for member in team.members.select_related("entry__player").order_by("position"):
        got, games = scores.get(member.entry_id, (Fraction(0), 0))
        percentage = round(got * 100 / (games * tournament.scoring.win), 1) if games else ""
        rows.append({"position": member.position, "name": member.entry.player.name,
                     "url": member.entry.get_absolute_url(),
                     "role": _("regular") if member.position <= competition.boards
                     else _("reserve"),
                     "rating": member.entry.player.rating or "", "games": games,
                     "points": got, "percentage": percentage})
    matches = []
    by_id = context["teams_by_id"]
    for record in records:
        if team.pk not in (record.home, record.away):
            continue
        opponent = record.away if record.home == team.pk else record.home
        home_points, away_points = teams.match_game_points(record, tournament.scoring,
                                                           competition.scoring)
        mine, theirs = ((home_points, away_points) if record.home == team.pk
                        else (away_points, home_points))
        matches.append({"round": record.round,
                        "opponent": by_id[opponent] if opponent else None,
                        "score": f"{local_points(mine)}–{local_points(theirs)}"
                        if record.complete or record.is_bye else ""})
    context["matches"] = matches
    context["can_withdraw"] = (context["can_manage"] and team.withdrawn_from_round is None
                               and bool(context["paired"]))
    return team_table_page(request, RosterTable(rows), f"{slug}-equipe-{team.pk}",
                           "tournaments/teams/team.html", context, team.name)


def board_prizes(request, slug: str):
    tournament = team_tournament(slug)
    context = team_context(request, tournament)
    competition = context["competition"]
    entries = {entry.pk: entry for entry in
               Entry.objects.filter(tournament=tournament)
               .select_related("player", "team_member__team")}
    rows = []
    prizes = teams.board_prizes(page_pieces.team_records(tournament), tournament.scoring,
                                competition.board_prize_min_games)
    for board, scores in prizes.items():
        for rank, score in enumerate(scores, start=1):
            entry = entries[score.player]
            member = getattr(entry, "team_member", None)
            rows.append({"board": board, "rank": rank, "name": entry.player.name,
                         "url": entry.get_absolute_url(),
                         "team": member.team.name if member else "", "games": score.games,
                         "points": score.points,
                         "percentage": round(score.percentage, 1)})
    return team_table_page(request, BoardPrizeTable(rows), f"{slug}-premios-por-tabuleiro",
                           "tournaments/teams/board_prizes.html", context, _("Board prizes"))


def match_slips(request, slug: str, number: int):
    """The round's result slips as PDF: one per match, with all its boards."""
    tournament = team_tournament(slug)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    colours = dict(teams.board_colours(tournament.team_competition.boards))
    slips = []
    for match in (round_.team_matches.filter(away__isnull=False).select_related("home", "away")
                  .order_by("table")):
        home = team_services.lineup_of(round_, match.home)
        away = team_services.lineup_of(round_, match.away)
        boards = []
        for board, home_colour in colours.items():
            h, a = home[board - 1], away[board - 1]
            h_name = h.player.name if h else ""
            a_name = a.player.name if a else ""
            white, black = (h_name, a_name) if home_colour == "white" else (a_name, h_name)
            boards.append((board, white, black))
        slips.append(team_documents.MatchSlip(round=number, table=match.table,
                                              home=match.home.name, away=match.away.name,
                                              boards=tuple(boards)))
    content = team_documents.build_match_slips_pdf(tournament_header(tournament), number, slips)
    return pdf_response(content, f"{slug}-rodada-{number}-sumulas-equipes.pdf")
