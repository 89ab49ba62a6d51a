"""The hall: the arbiter's laptop serving its tournaments to the phones in the room (``manage.py venue``).

``address`` (standard library only, read by the settings): the laptop's addresses, the secret key
kept beside the database, the address the server announced. ``server``: waitress, the QR code in
the terminal, a clean stop.
"""
