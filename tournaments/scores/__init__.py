"""Scores shared by the pairing engines and the standings (pure, no Django).

The pairing packages and the standings packages never import each other
(``pyproject.toml``: "pairing and standings are independent"); what both need lives here, below
both of them:

* ``tournaments.scores.opponents``: the FMJD Solkoff family (plain with a bye counting 0, median,
  short and full truncated, Solkoff-plus), Toernooimanager's resistance points, Sonneborn-Berger
  for pairing order, the plus/minus-draw balance;
* ``tournaments.scores.moyenne``: points per game played;
* ``tournaments.scores.keizer``: the Keizer parameters and the iterated Keizer score;
* ``tournaments.scores.berger``: the Berger tables of FIDE C.05 Annex 1 (the round-robin engine
  pairs by them, the standings recognise a round robin by them).

Inputs are players' histories (``tournaments.vocabulary.RoundRecord``) keyed by start number;
what a result code is worth and what counts as a game come from ``tournaments.vocabulary``.
"""
