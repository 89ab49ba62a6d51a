#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""
import os
import sys

from django.core.management import execute_from_command_line


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if sys.argv[1:2] == ["venue"]:
        # Venue mode is decided before the settings load: DEBUG off, the kept secret key, the laptop's addresses.
        os.environ["VENUE"] = "1"

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
