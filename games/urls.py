"""URLs of the games app (namespace ``games``, mounted at ``/g/``).

``games:view`` (game id) is the public game viewer the public pages link to.
"""

from django.urls import path

from games.views import archive, board, claims, links, mirror, moves, pdn, public, results

app_name = "games"
urlpatterns = [
    path("<int:game_id>/", results.game_page, name="game"),
    path("<int:game_id>/submit/", results.submit, name="submit"),
    path("<int:game_id>/forfeit/", results.forfeit, name="forfeit"),
    path("<int:game_id>/correction/", results.correction, name="correction"),
    path("correction/<int:pk>/decide/", results.decide, name="decide_correction"),
    path("<int:game_id>/moves/check/", moves.check_moves_view, name="check_moves"),
    path("<int:game_id>/board/", moves.board_view, name="board"),
    path("<int:game_id>/moves/save/", moves.save_moves_view, name="save_moves"),
    path("<int:game_id>/claim/", claims.claim, name="claim"),
    path("<int:game_id>/ruling/", claims.ruling, name="ruling"),
    path("claim/<int:pk>/rule/", claims.claim_ruling, name="claim_ruling"),
    path("<int:game_id>/view/", public.view, name="view"),
    path("submission/<int:pk>/confirm/", results.confirm, name="confirm"),
    path("submission/<int:pk>/reject/", results.reject, name="reject"),
    path("t/<slug:slug>/my/", results.my_games, name="my_games"),
    # Where a board card's QR code leads (tournaments.services.site_address.board_url).
    path("t/<slug:slug>/round/<int:number>/board/<int:board>/", board.board_result, name="board_result"),
    path("t/<slug:slug>/round/<int:number>/match/<int:board>/no-show/", results.team_no_show, name="team_no_show"),
    path("t/<slug:slug>/results/", results.results_overview, name="results"),
    path("t/<slug:slug>/results/<int:number>/typed/", results.typed_results, name="typed_results"),
    path("t/<slug:slug>/links/", links.links, name="links"),
    path("t/<slug:slug>/links/create/", links.link_create, name="link_create"),
    path("t/<slug:slug>/links/<int:pk>/revoke/", links.link_revoke, name="link_revoke"),
    path("t/<slug:slug>/links/print/", links.links_print, name="links_print"),
    path("t/<slug:slug>/links/sheet.pdf", links.links_pdf, name="links_pdf"),
    path("t/<slug:slug>/links/create-missing/", links.links_create_missing, name="links_create_missing"),
    path("t/<slug:slug>/import/", pdn.import_pdn, name="import"),
    path("t/<slug:slug>/import/<int:task_id>/", pdn.import_status, name="import_status"),
    path("t/<slug:slug>/import/<int:task_id>/resolve/", pdn.import_resolve, name="import_resolve"),
    path("t/<slug:slug>/pdn/", pdn.export_tournament, name="export_tournament"),
    path("t/<slug:slug>/archive/", archive.export, name="archive_export"),
    path("archive/import/", archive.upload, name="archive_import"),
    path("t/<slug:slug>/mirror/", mirror.mirror_keys, name="mirror_keys"),
    path("mirror/push/", mirror.push, name="mirror_push"),
    path("archive/import/<int:task_id>/", archive.status, name="archive_import_status"),
    path("t/<slug:slug>/round/<int:number>/pdn/", pdn.export_round, name="export_round"),
    path("<int:game_id>/pdn/", pdn.export_game, name="export_game"),
    path("l/<str:token>/", links.link_home, name="link_home"),
    path("l/<str:token>/<int:game_id>/", links.link_submit, name="link_submit"),
    path("l/<str:token>/<int:game_id>/check/", links.link_check, name="link_check"),
    path("l/<str:token>/<int:game_id>/board/", links.link_board, name="link_board"),
    path("l/<str:token>/<int:game_id>/moves/save/", links.link_save_moves, name="link_save_moves"),
    path("l/<str:token>/<int:game_id>/claim/", links.link_claim, name="link_claim"),
    path("l/<str:token>/submission/<int:pk>/confirm/", links.link_confirm, name="link_confirm"),
    path("l/<str:token>/submission/<int:pk>/reject/", links.link_reject, name="link_reject"),
]
