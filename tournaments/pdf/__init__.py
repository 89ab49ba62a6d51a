"""PDF layouts (reportlab): crosstables, pairing lists and score sheets drawn from the read models."""
