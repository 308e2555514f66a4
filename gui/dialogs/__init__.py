"""Dialogs: questions and messages. Kept in one place so every caller words them the same way."""
