"""What each place of a Stargrave crew can take and why the rest cannot (Result.offers)."""

from .roster import roster_offers


def offers(data, derived, pack):
    return {**roster_offers(data, derived, pack)}
