"""Pure pairing engines: round robin (Berger), FIDE Dutch Swiss, Keizer."""
