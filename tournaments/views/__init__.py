"""Arbiter pages of a tournament (namespace ``tournaments``): thin views over ``tournaments.services``.

Every view fetches its tournament through ``tournaments.access.tournament_for`` with the
permission it needs, so the access rules can be grepped: ``manage_tournament`` for settings and
entries, ``pair_round`` for pairing/editing/unpairing, ``publish`` for publishing,
``create_tournament`` (staff) for creating.
"""
