"""What each place of a Stargrave crew can take and why the rest cannot (Result.offers)."""

from .officers import officer_offers
from .roster import roster_offers


def offers(data, derived, pack):
    return {**officer_offers(data, derived, pack), **roster_offers(data, derived, pack)}
