"""The arbiter's desk. Views stay thin: read a form, call one service step, show its error.

Reading pages (game, viewer, claims) are public; the desk pages and every write check the
tournament role on the server (tournaments.pages.permissions), whatever the templates show.
"""

from arbitration.views.claims import draw_claim_decide, draw_claim_new, irregularity_new
from arbitration.views.desk import desk, round_desk, tournament_log
from arbitration.views.officials import official_add, official_remove, officials
from arbitration.views.public import draw_claim_detail, game_detail, sheet_download, viewer
from arbitration.views.sheets import sheet_edit, sheet_move, sheet_undo

__all__ = [
    "desk",
    "draw_claim_decide",
    "draw_claim_detail",
    "draw_claim_new",
    "game_detail",
    "irregularity_new",
    "official_add",
    "official_remove",
    "officials",
    "round_desk",
    "sheet_download",
    "sheet_edit",
    "sheet_move",
    "sheet_undo",
    "tournament_log",
    "viewer",
]
