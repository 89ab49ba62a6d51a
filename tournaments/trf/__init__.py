"""FIDE Tournament Report File (TRF16, TRF26, TRF(x), TRF(bx)): reading, writing, pairing input.

Public API (pure Python, no Django):

* ``read_trf(text, *, check_points=True) -> TrfTournament``: parse a file's text. Any line ending
  (CR, LF, CRLF). Reads ``001`` players with their round cells; ``012/022/032/042/052/062/092/102/
  112/122/132``; TRF26 ``142/152/162/192/202/212/240/250/260``; TRF(x)/TRF(bx) ``XXR/XXC/XXA/XXP``
  and ``BBW/BBD/BBL/BBZ/BBF/BBU``. The point system becomes a ``tournaments.vocabulary.Scoring``
  (without 162/BB*, FIDE 1/½/0 then draughts 2/1/0 are tried against the points fields).
* ``read_trf_file(path) -> TrfTournament``.
* ``write_trf(t, flavour="trf26" | "trf16", *, line_ending="\\n") -> str``: ``trf26`` writes
  142/152/162/192/202/212/240/250/260; ``trf16`` writes XXR/XXC/BB*/XXA/XXP (no 192, 202, 212,
  240, and prohibited pairs lose their round range). ``read_trf(write_trf(t))`` equals ``t``.
* ``next_round(t) -> int``: the round to pair next (after the last round anybody was paired in).
* ``truncate(t, round_number) -> TrfTournament``: the file as it stood before that round was paired.
* ``round_pairs(t, round_number) -> (frozenset[(white, black)], pab_id | None)``: a round as recorded.
* ``cell_points(cell, scoring) -> float``.
* Dataclasses (frozen): ``TrfTournament`` (players, total_rounds, initial_colour 'w'/'b'/None,
  scoring, scoring_declared, name, city, federation, start_date, end_date, tournament_type (092),
  system (192), chief_arbiter, deputies, time_control, round_dates, tiebreaks (202),
  standings_tiebreaks (212), byes, acceleration, prohibited, comments; properties rounds_played,
  baku; method player(start)), ``TrfPlayer`` (start, name, sex, title, rating, federation, fide_id,
  birth, points, rank, cells, line), ``TrfCell`` (opponent|None, colour 'w'/'b'/None, result code;
  blank codes read as ``Z``), ``TrfBye``, ``TrfAcceleration``, ``TrfProhibited``.
* ``TrfError(line, field, message)``: every reading error, e.g. ``TRF error: line 7, field points:
  player 3 has 5.0 but the results add up to 4.0``.

Team tournaments (TRF-2026 records 310, 300, 320, 330, 352, 362, 299 and team 240 byes;
``tournaments.trf.teams``): ``read_team_trf(text) -> TrfTeamTournament`` (the players' games
turned into ``tournaments.vocabulary.TeamMatch`` matches of ``MatchBoard`` boards, with
``TeamBye`` byes and ``TeamPenalty`` penalties), ``read_team_trf_file``, ``is_team_trf``,
``write_team_trf(t)``, ``build_team_tournament(...)`` (cells, points and team totals derived from
the matches), ``team_totals``. The individual reader and writer ignore the team records.
"""

from tournaments.trf.convert import infer_initial_colour, next_round, round_pairs, truncate
from tournaments.trf.model import TrfAcceleration, TrfBye, TrfCell, TrfError, TrfPlayer, TrfProhibited, TrfTournament
from tournaments.trf.reader import cell_points, read_trf, read_trf_file, split_lines
from tournaments.trf.team_model import TrfTeam, TrfTeamTournament
from tournaments.trf.team_writer import build_team_tournament, team_totals, write_team_trf
from tournaments.trf.teams import is_team_trf, read_team_trf, read_team_trf_file
from tournaments.trf.writer import format_player, write_trf

__all__ = [
    "TrfAcceleration",
    "TrfBye",
    "TrfCell",
    "TrfError",
    "TrfPlayer",
    "TrfProhibited",
    "TrfTeam",
    "TrfTeamTournament",
    "TrfTournament",
    "build_team_tournament",
    "cell_points",
    "format_player",
    "infer_initial_colour",
    "is_team_trf",
    "next_round",
    "read_team_trf",
    "read_team_trf_file",
    "read_trf",
    "read_trf_file",
    "round_pairs",
    "split_lines",
    "team_totals",
    "truncate",
    "write_team_trf",
    "write_trf",
]
