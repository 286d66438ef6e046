"""The tournament's JSON backup as a download from its page, for its organisers (issue 20).

The same file as `manage.py export_tournament SLUG` (format in tournaments/files/backup.py), so an
organiser without a shell keeps a copy he can restore with `import_tournament`. Organisers only:
it carries the audit log, with every official's username.
"""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from tournaments.files.backup import export_tournament
from tournaments.models import Tournament
from tournaments.pages.permissions import can_manage, tournament_role_required


@require_safe
@never_cache
@tournament_role_required(can_manage)
def download_backup(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The backup as an attachment named after the tournament and today's date."""
    content = json.dumps(export_tournament(tournament), ensure_ascii=False, indent=2)
    response = HttpResponse(content.encode("utf-8"),
                            content_type="application/json; charset=utf-8")
    filename = f"{tournament.slug}-{timezone.localdate().isoformat()}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
