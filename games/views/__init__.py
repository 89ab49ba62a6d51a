"""Views of the games app (thin: they call games.services)."""
