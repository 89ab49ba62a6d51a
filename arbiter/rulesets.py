"""Which move generator a profile uses: the bitboard ``Rules`` (FMJD-like traits) or ``GenericRules``."""

from __future__ import annotations

from functools import cache

from arbiter.movegen import Rules
from arbiter.movegen_generic import GenericRules
from arbiter.profile_type import Profile
from arbiter.profiles import get_profile


@cache
def rules_for(profile: Profile | str) -> Rules:
    """The (cached) move rules of a profile: ``GenericRules`` when a trait needs it (``Profile.generic``)."""
    prof = get_profile(profile)
    return GenericRules(prof) if prof.generic else Rules(prof)
