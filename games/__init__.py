"""Games: results, moves, draw claims, irregularity rulings, PDN import/export, the SVG board.

Public API for other apps (see each module):

* ``games.services.results``: ``submit_result(game, result, *, user=None, link=None, moves="",
  termination="normal")``, ``confirm_submission(sub, user)``, ``reject_submission(sub, user)``,
  ``enter_result(game, result, arbiter, *, moves="", termination=None, confirm=True)``,
  ``record_forfeit(game, "+-"|"-+"|"--", arbiter)``, ``confirmed_submission(game)``, ``conflicts(game)``;
  errors are ``games.services.GameError`` (translated ``.message``); ``games.services.User`` is the
  type of every ``user`` parameter (a user, AnonymousUser or None).
* ``games.services.games``: ``game_for_board(board)`` (creates the Game row), ``games_of_entry(entry)``.
* ``games.services.claims.claim_draw(game, ply, user, rule=None, *, moves=None)``;
  ``games.services.rulings.rule_irregularity(game, ply, decision, arbiter, ...)``;
  ``games.services.links``: ``create_link``, ``revoke_link``, ``link_by_token``.
* ``games.services.validation``: ``check_moves(text, profile, start_fen="")``, ``check_game(game)``,
  ``validate_game(game)``, ``translate_message(template, params)``.
* ``games.services.pdn_import.import_pdn_text(tournament, text, user=None, *, default_round=None)``;
  ``games.services.pdn_export``: ``export_games(games)`` (a constant number of queries),
  ``round_games(round)``, ``tournament_games(tournament)``, ``game_to_pdn(game)``.
* ``games.draw_rules``: ``RULE_LABELS`` (every id of ``arbiter.draws.ALL_RULES``), ``rule_label(rule)``.
* ``games.board_svg.render_board(position, *, last_move=None, flipped=False, cell=40)``.
* URLs (namespace ``games``): ``view`` (game id, public viewer), ``game`` (entry page),
  ``my_games`` / ``results`` / ``links`` / ``import`` / ``export_tournament`` (tournament slug),
  ``export_round`` (slug, round number), ``export_game`` (game id), ``link_home`` (token),
  ``link_submit`` (token, game id: GET the link holder's entry page, POST a result with moves),
  ``link_check`` / ``link_board`` (token, game id: the entry page's live validation and board).
"""
