"""One definition of the Elo expectancy (issue 25, item 5): no copy outside ``tournaments.ratings``.

Before, the logistic expectancy was written out in four places (standings/ratings.py, the pairing
generator, the public sample event and seed_demo); this scan fails if one comes back.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# 10 ** (x / 400), math.pow(10, ...), an erf or a normal CDF: the shapes an expectancy takes.
ELO = re.compile(r"10\s*\*\*\s*\(|pow\(\s*10|\berf\(|NormalDist\(|/\s*400\b")


def test_no_elo_formula_outside_the_ratings_module() -> None:
    offenders = []
    for folder in ("tournaments", "games", "arbiter", "config"):
        for path in (ROOT / folder).rglob("*.py"):
            rel = path.relative_to(ROOT).as_posix()
            if rel.startswith("tournaments/ratings/") or "/migrations/" in rel:
                continue
            for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                if ELO.search(line.split("#", 1)[0]):
                    offenders.append(f"{rel}:{lineno}: {line.strip()}")
    assert offenders == []
