"""Print constraints.txt: the exact versions of the transitive dependencies installed in this venv.

Direct dependencies stay pinned in requirements*.txt only, so bumping one there never conflicts
with this file. Usage: ``make constraints`` (runs ``pip freeze`` through this script).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEADER = """\
# Transitive dependencies, pinned (pip install -c constraints.txt): the same versions on every machine.
# Direct dependencies are pinned in requirements.txt / requirements-dev.txt, not here.
# Regenerate after changing the requirements: make constraints"""


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def direct_requirements() -> set[str]:
    names = set()
    for path in (ROOT / "requirements.txt", ROOT / "requirements-dev.txt"):
        for line in path.read_text(encoding="utf-8").splitlines():
            line = line.split("#", 1)[0].strip()
            if line and not line.startswith("-"):
                names.add(normalise(re.split(r"[\[=<>!~ ;]", line, maxsplit=1)[0]))
    return names


def main() -> None:
    direct = direct_requirements()
    pins = []
    for line in sys.stdin:
        line = line.strip()
        if "==" not in line or " @ " in line:
            continue
        if normalise(line.split("==", 1)[0]) not in direct:
            pins.append(line)
    print(HEADER)
    print("\n".join(sorted(pins, key=str.lower)))


if __name__ == "__main__":
    main()
