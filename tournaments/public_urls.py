"""Public pages (namespace ``public``): no login, each switchable per tournament."""

from django.urls import path

from tournaments.public import downloads, event, live, live_boards, relay, teams, views

app_name = "public"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("<slug:slug>/", views.tournament, name="tournament"),
    path("<slug:slug>/standings/", views.standings, name="standings"),
    path("<slug:slug>/standings/live/", live.standings_fragment, name="standings_live"),
    path("<slug:slug>/pairings/", views.rounds, name="pairings"),
    path("<slug:slug>/round/<int:number>/", views.round_page, name="round"),
    path("<slug:slug>/round/<int:number>/live/", live.round_fragment, name="round_live"),
    # The relay feed lidraughts broadcasts (issue 30): a contract, keep these paths exactly.
    path("<slug:slug>/round/<int:number>/live.pdn", relay.live_pdn, name="relay_pdn"),
    path("<slug:slug>/round/<int:number>/live.json", relay.live_json, name="relay_json"),
    path("<slug:slug>/round/<int:number>/boards/", live_boards.boards, name="round_boards"),
    path("<slug:slug>/round/<int:number>/boards/live/", live_boards.boards_fragment, name="round_boards_live"),
    path("<slug:slug>/game/<int:game_id>/live/", live_boards.game_fragment, name="game_live"),
    path("<slug:slug>/crosstable/", views.crosstable, name="crosstable"),
    path("<slug:slug>/teams/standings/", teams.team_standings, name="team_standings"),
    path("<slug:slug>/teams/crosstable/", teams.team_crosstable, name="team_crosstable"),
    path("<slug:slug>/teams/boards/", teams.team_boards, name="team_boards"),
    path("<slug:slug>/teams/matches/", teams.team_matches, name="team_matches"),
    path("<slug:slug>/teams/round/<int:number>/", teams.team_round, name="team_round"),
    path("<slug:slug>/teams/player/<int:entry_id>/", teams.team_player, name="team_player"),
    path("<slug:slug>/player/<int:start_number>/", views.player, name="player"),
    path("<slug:slug>/projector/", live.projector, name="projector"),
    path("<slug:slug>/projector/live/", live.projector_fragment, name="projector_live"),
    path("<slug:slug>/event/", event.event_page, name="event"),
    path("<slug:slug>/event/ranking.pdf", event.event_ranking_document, name="event_ranking_pdf"),
    path("<slug:slug>/prizes/", event.prizes, name="prizes"),
    path("<slug:slug>/prizes/pdf/", event.prizes_pdf, name="prizes_pdf"),
    path("<slug:slug>/ratings/", event.ratings, name="ratings"),
    path("<slug:slug>/ratings.csv", event.ratings_csv, name="ratings_csv"),
    path("<slug:slug>/pdf/<str:kind>/", downloads.document, name="document"),
    path("<slug:slug>/pdf/<str:kind>/<int:number>/", downloads.document, name="round_document"),
]
