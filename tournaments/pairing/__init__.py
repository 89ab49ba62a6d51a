"""Pure pairing engines behind one registry (``tournaments.pairing.systems``): FIDE Dutch, the draughts
Swiss systems (FMJD Solkoff and rating, Toernooimanager resistance points), Moyenne, Keizer, Berger."""
