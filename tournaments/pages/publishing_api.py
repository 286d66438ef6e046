"""POST /api/publicar/<slug>/: the venue's copy of a tournament arrives (issue 27).

`Authorization: Bearer <token>`, the JSON body of tournaments/files/publishing.py; the answer is
JSON: what was applied, or an "error" naming the key at fault. Never a page, never a 500 for bad
input; no session, so no CSRF token (the token authenticates the request).
"""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from tournaments.files import publishing


@csrf_exempt
@never_cache
@require_POST
def receive(request: HttpRequest, slug: str) -> JsonResponse:
    scheme, _space, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return _json(publishing.refusal(401, _("Send the publishing token as "
                                               "Authorization: Bearer <token>.")))
    try:
        length = int(request.headers.get("Content-Length") or 0)
    except ValueError:
        length = 0
    limit = publishing.max_bytes()
    if length > limit:  # refused before reading it
        return _json(publishing.refusal(413, _("The send is larger than %(size)d bytes.") % {
            "size": limit}))
    body = request.read(limit + 1)
    return _json(publishing.receive(slug, token.strip(), body))


def _json(answer: publishing.Answer) -> JsonResponse:
    return JsonResponse(answer.body, status=answer.status, json_dumps_params={
        "ensure_ascii": False})
