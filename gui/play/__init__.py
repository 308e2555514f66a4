"""The Play view: what changes during a game, as large click-and-key controls (model/play has the rules)."""
