"""The public pages: tournament overview, pairings, standings, crosstable, players, live fragments, downloads."""
