"""Reusable widgets: they show what they are given and hold no rules."""
