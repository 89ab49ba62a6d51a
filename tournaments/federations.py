"""Federations as the three-letter codes FMJD and FIDE use (IOC-style), with their names (pure).

The forms offer these codes to choose from and accept any other three letters (a federation that is
not listed here is still a federation); a code is never cut to fit. One system everywhere: a country
code of ISO 3166 that differs from the federation's code (``DEU``, ``NLD``, ``CHE``) is stored as the
federation's code (``GER``, ``NED``, ``SUI``) whatever brings it in (forms, CSV, rating lists, TRF)."""

from __future__ import annotations

import re

# The federations whose players meet most in draughts events (FMJD members and neighbours).
FEDERATIONS: dict[str, str] = {
    "ARM": "Armenia", "AUT": "Austria", "AZE": "Azerbaijan", "BEL": "Belgium", "BEN": "Benin",
    "BLR": "Belarus", "BRA": "Brazil", "BUL": "Bulgaria", "BUR": "Burkina Faso", "CAN": "Canada",
    "CHN": "China", "CIV": "Côte d'Ivoire", "CMR": "Cameroon", "COD": "DR Congo", "CUB": "Cuba",
    "CZE": "Czechia", "DEN": "Denmark", "ENG": "England", "ESP": "Spain", "EST": "Estonia",
    "FIN": "Finland", "FRA": "France", "GEO": "Georgia", "GER": "Germany", "GHA": "Ghana",
    "GRE": "Greece", "HAI": "Haiti", "HUN": "Hungary", "IRL": "Ireland", "ISR": "Israel",
    "ITA": "Italy", "JPN": "Japan", "KAZ": "Kazakhstan", "KGZ": "Kyrgyzstan", "LAT": "Latvia",
    "LTU": "Lithuania", "MDA": "Moldova", "MGL": "Mongolia", "MLI": "Mali", "NED": "Netherlands",
    "NGR": "Nigeria", "NOR": "Norway", "POL": "Poland", "POR": "Portugal", "ROU": "Romania",
    "RSA": "South Africa", "RUS": "Russia", "SCO": "Scotland", "SEN": "Senegal", "SRB": "Serbia",
    "SUI": "Switzerland", "SUR": "Suriname", "SVK": "Slovakia", "SWE": "Sweden", "TKM": "Turkmenistan",
    "TOG": "Togo", "TUR": "Türkiye", "UKR": "Ukraine", "USA": "United States", "UZB": "Uzbekistan",
    "VEN": "Venezuela", "WAL": "Wales",
}

# ISO 3166-1 alpha-3 codes whose federation (IOC, FIDE, FMJD) code differs.
ISO_TO_FEDERATION: dict[str, str] = {
    "DEU": "GER", "NLD": "NED", "CHE": "SUI", "PRT": "POR", "DNK": "DEN", "GRC": "GRE", "HRV": "CRO",
    "LVA": "LAT", "SVN": "SLO", "ZAF": "RSA", "BGR": "BUL", "NGA": "NGR", "BFA": "BUR", "MNG": "MGL",
    "TGO": "TOG", "HTI": "HAI", "NPL": "NEP", "IDN": "INA", "MYS": "MAS", "PHL": "PHI", "VNM": "VIE",
    "IRN": "IRI", "ARE": "UAE", "SAU": "KSA", "KWT": "KUW", "LBN": "LIB", "BGD": "BAN", "LKA": "SRI",
    "CHL": "CHI", "PRY": "PAR", "URY": "URU", "GTM": "GUA", "CRI": "CRC", "SLV": "ESA", "HND": "HON",
    "NIC": "NCA", "DZA": "ALG", "AGO": "ANG", "ZWE": "ZIM", "ZMB": "ZAM", "MDG": "MAD", "BWA": "BOT",
    "MWI": "MAW", "MRT": "MTN", "GIN": "GUI", "GNQ": "GEQ", "TCD": "CHA", "NER": "NIG", "SYC": "SEY",
    "MUS": "MRI", "GMB": "GAM", "LBY": "LBA", "SDN": "SUD",
}

_CODE = re.compile(r"[A-Z]{3}")


def normalise(value: str) -> str:
    """The code as stored: trimmed, upper case, an ISO country code as its federation's (DEU -> GER)."""
    code = value.strip().upper()
    return ISO_TO_FEDERATION.get(code, code)


def is_code(value: str) -> bool:
    """Three letters A-Z (after ``normalise``), or empty."""
    return not value or bool(_CODE.fullmatch(value))
