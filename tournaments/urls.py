"""Arbiter pages (namespace ``tournaments``): ``t/new/``, ``t/arbiter/`` and ``t/<slug>/manage/...``."""

from django.urls import path

from .views import entries, event, manage, rounds, teams

app_name = "tournaments"

urlpatterns = [
    path("new/", manage.create, name="create"),
    path("arbiter/", manage.dashboard, name="dashboard"),
    path("account-links/<int:pk>/", entries.answer_link_request, name="answer_link_request"),
    path("<slug:slug>/manage/", manage.overview, name="manage"),
    path("<slug:slug>/manage/settings/", manage.settings, name="settings"),
    path("<slug:slug>/manage/export/<str:flavour>/", manage.export_trf, name="export_trf"),
    path("<slug:slug>/manage/players/", entries.players, name="players"),
    path("<slug:slug>/manage/players/import/", entries.import_csv, name="import_csv"),
    path("<slug:slug>/manage/players/numbers/", entries.start_numbers, name="start_numbers"),
    path("<slug:slug>/manage/players/<int:entry_id>/", entries.edit_player, name="edit_player"),
    path("<slug:slug>/manage/players/<int:entry_id>/delete/", entries.delete_player, name="delete_player"),
    path("<slug:slug>/manage/players/<int:entry_id>/withdraw/", entries.withdraw, name="withdraw"),
    path("<slug:slug>/manage/players/<int:entry_id>/reinstate/", entries.reinstate, name="reinstate"),
    path("<slug:slug>/manage/absences/", entries.absences, name="absences"),
    path("<slug:slug>/manage/roll-call/", entries.roll_call, name="roll_call"),
    path("<slug:slug>/manage/rating-lists/", entries.rating_lists, name="rating_lists"),
    path("<slug:slug>/manage/absences/<int:absence_id>/delete/", entries.absence_delete, name="absence_delete"),
    path("<slug:slug>/manage/prohibited/", entries.prohibited, name="prohibited"),
    path("<slug:slug>/manage/prohibited/<int:pair_id>/delete/", entries.prohibited_delete, name="prohibited_delete"),
    path("<slug:slug>/manage/rounds/", rounds.round_list, name="rounds"),
    path("<slug:slug>/manage/rounds/pair/", rounds.pair, name="pair"),
    path("<slug:slug>/manage/rounds/unpair/", rounds.unpair, name="unpair"),
    path("<slug:slug>/manage/rounds/<int:number>/", rounds.round_detail, name="round"),
    path("<slug:slug>/manage/rounds/<int:number>/publish/", rounds.publish, name="publish"),
    path("<slug:slug>/manage/rounds/<int:number>/pair-again/", rounds.pair_again, name="pair_again"),
    path("<slug:slug>/manage/rounds/<int:number>/board-cards/", rounds.board_cards_pdf, name="board_cards"),
    path("<slug:slug>/manage/rounds/<int:number>/finish/", rounds.finish, name="finish_round"),
    path("<slug:slug>/manage/rounds/<int:number>/start-time/", rounds.round_start, name="round_start"),
    path("<slug:slug>/manage/rounds/<int:number>/openings/", rounds.ballot_sheet, name="ballot_sheet"),
    path("<slug:slug>/manage/rounds/<int:number>/openings/draw/", rounds.draw_openings, name="draw_openings"),
    path("<slug:slug>/manage/rounds/<int:number>/swap/", rounds.swap_players, name="swap_players"),
    path(
        "<slug:slug>/manage/rounds/<int:number>/boards/<int:board>/swap-colours/",
        rounds.swap_colours,
        name="swap_colours",
    ),
    path("<slug:slug>/manage/teams/", teams.teams, name="teams"),
    path("<slug:slug>/manage/teams/<int:team_id>/", teams.team, name="team"),
    path("<slug:slug>/manage/teams/<int:team_id>/delete/", teams.delete_team, name="delete_team"),
    path("<slug:slug>/manage/teams/<int:team_id>/withdraw/", teams.withdraw_team, name="withdraw_team"),
    path("<slug:slug>/manage/teams/<int:team_id>/reinstate/", teams.reinstate_team, name="reinstate_team"),
    path("<slug:slug>/manage/teams/<int:team_id>/bye/", teams.team_bye, name="team_bye"),
    path("<slug:slug>/teams/<int:team_id>/line-up/", teams.line_up, name="line_up"),
    path("<slug:slug>/my-team/", teams.my_team, name="my_team"),
    path("<slug:slug>/manage/tasks/<int:task_id>/", rounds.task, name="task"),
    path("<slug:slug>/manage/event/", event.event, name="event"),
    path("<slug:slug>/manage/prizes/", event.prizes, name="prizes"),
    path("<slug:slug>/manage/federation-report/", event.federation_report, name="federation_report"),
]
