"""What the Stargrave pages offer at each place, and why the rest cannot be taken (Result.offers)."""

from .officers import officer_offers


def offers(data, derived, pack):
    return {**officer_offers(data, derived, pack)}
