"""Table Link: phones at the table follow and change the Play view over the local network (issue 40).

The desktop (or `starwright share`) holds the document, the only source of truth. A small HTTP + WebSocket
server (aiohttp, `server.py`) serves the phone page (resources/share/) and its messages, and only with the
random token of this sharing session. Every phone's change is an operation (`operations.py`) turned into the
same edit the Play view makes, with the same rule checks; `table.py` keeps who is connected, what each phone
may control and which operation ids were already applied; `state.py` turns the Play groups into the JSON the
phone shows. Nothing here imports Qt: the desktop's dialog (gui/share/) drives the same server.

Messages (JSON text over the WebSocket, at most protocol.MAX_MESSAGE bytes each):
  phone -> host  {"type": "hello", "client": ID, "name": "Ann"}        first, on every (re)connection
                 {"type": "op", "id": OPID, "op": "step", "pointer": "/play/...", "delta": -1}
                 {"type": "op", "id": OPID, "op": "use_power", "group": "captain", "power": "Heal"}
                 {"type": "op", "id": OPID, "op": "new_game"}            (a phone that controls every group)
                 {"type": "name", "name": "Ann"}    {"type": "ping", "id": N}
  host -> phone  {"type": "welcome", "seat": "p1", "controls": [...], "state": {...}}
                 {"type": "state", "state": {...}}   (after every change: the whole state when its shape changed)
                 {"type": "diff", "revision": N, "groups": [...]}   (else only the groups that changed)
                 {"type": "result", "id": OPID, "ok": true | false, "reason": ..., "rule": ..., "replayed": ...}
                 {"type": "controls", "controls": [...]}   {"type": "pong", "id": N}
                 {"type": "refused", "reason": ...}   {"type": "bye", "reason": ...}
The state names the document's kind and title, its `revision` (changes of this sharing session), `game_over`
(End game on the desktop), the issues about the game's counts, and the groups of model/play with their tracks.
"""
