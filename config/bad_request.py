"""handler400: say what was wrong with a refused request when Django tells us.

Django answers 400 for a form that sends more than DATA_UPLOAD_MAX_MEMORY_SIZE or more fields
than DATA_UPLOAD_MAX_NUMBER_FIELDS; the generic page ("could not understand") left the visitor
guessing. Nothing was read, so nothing was saved: the page says so.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    reason = ""
    if isinstance(exception, RequestDataTooBig):
        reason = _("The form sent more than %(size)d KiB, more than the site accepts: "
                   "nothing was saved. Shorten the longest field and send it again.") % {
            "size": settings.DATA_UPLOAD_MAX_MEMORY_SIZE // 1024}
    elif isinstance(exception, TooManyFieldsSent | TooManyFilesSent):
        reason = _("The form sent more fields than the site accepts: nothing was saved.")
    return render(request, "400.html", {"reason": reason}, status=400)
