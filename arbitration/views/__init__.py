"""The arbiter's desk. Views stay thin: read a form, call one service step, show its error.

Reading pages (game, viewer, claims) are public; the desk pages and every write check the
tournament role on the server (tournaments.permissions), whatever the templates show.
"""

from .claims import draw_claim_decide, draw_claim_new, irregularity_new
from .desk import desk, round_desk, tournament_log
from .officials import official_add, official_remove, officials
from .public import draw_claim_detail, game_detail, sheet_download, viewer
from .sheets import sheet_edit, sheet_move, sheet_undo

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
