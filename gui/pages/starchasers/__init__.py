"""Starchasers editors: the starship pages (ship.py); the character pages will sit beside them."""
