# Placeholder: the public pages (issue 7) replace this.
from django.shortcuts import get_object_or_404, render
from django.urls import path

from .models import Tournament

app_name = "public"


def tournament(request, slug):
    t = get_object_or_404(Tournament, slug=slug)
    return render(request, "home.html", {"tournaments": [t]})


urlpatterns = [path("<slug:slug>/", tournament, name="tournament")]
