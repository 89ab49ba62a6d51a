"""Public pages (namespace ``public``): no login, each switchable per tournament."""

from django.urls import path

from tournaments.public import downloads, event, live, views

app_name = "public"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("<slug:slug>/", views.tournament, name="tournament"),
    path("<slug:slug>/standings/", views.standings, name="standings"),
    path("<slug:slug>/standings/live/", live.standings_fragment, name="standings_live"),
    path("<slug:slug>/pairings/", views.rounds, name="pairings"),
    path("<slug:slug>/round/<int:number>/", views.round_page, name="round"),
    path("<slug:slug>/round/<int:number>/live/", live.round_fragment, name="round_live"),
    path("<slug:slug>/crosstable/", views.crosstable, name="crosstable"),
    path("<slug:slug>/player/<int:start_number>/", views.player, name="player"),
    path("<slug:slug>/projector/", live.projector, name="projector"),
    path("<slug:slug>/projector/live/", live.projector_fragment, name="projector_live"),
    path("<slug:slug>/event/", event.event_page, name="event"),
    path("<slug:slug>/event/ranking.pdf", event.event_ranking_document, name="event_ranking_pdf"),
    path("<slug:slug>/prizes/", event.prizes, name="prizes"),
    path("<slug:slug>/prizes/pdf/", event.prizes_pdf, name="prizes_pdf"),
    path("<slug:slug>/ratings/", event.ratings, name="ratings"),
    path("<slug:slug>/pdf/<str:kind>/", downloads.document, name="document"),
    path("<slug:slug>/pdf/<str:kind>/<int:number>/", downloads.document, name="round_document"),
]
