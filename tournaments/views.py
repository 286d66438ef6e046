"""Public pages of tournaments."""

from django.shortcuts import get_object_or_404, render

from .models import Tournament


def home(request):
    """The front page: every tournament, newest first."""
    return render(request, "home.html", {"tournaments": Tournament.objects.all()})


def tournament_detail(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    return render(request, "tournaments/tournament_detail.html", {"tournament": tournament})
