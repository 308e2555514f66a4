"""Code that works around a defect of PySide6 or Qt, or buys a large measured gain, kept in one place.

README.md in this folder lists each one: what it does, for which versions, what it fixes or saves, the test
that proves it and how to remove it. Nothing outside this folder works around Qt.
"""
