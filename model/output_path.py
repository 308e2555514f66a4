"""The one rule for the file a command writes (`new`, `export` and `import`, their -o OUT) about symbolic links.

Without --force a symbolic link at OUT is refused, whether it leads to a file or nowhere (a dangling link): a
command never writes at a place the user did not name. With --force the link itself is replaced by the new file
and the file it pointed to is left as it was; writing to that file instead would put the output wherever the
link leads (another folder, another user's file), which --force, read as "replace what is at OUT", never asked
for. The write is atomic either way (model/storage.py: atomic_write; a rename replaces the link, never its
target). Existing files are each command's own rule (export replaces an earlier export of its kind).
"""

from __future__ import annotations

import os

from .storage import REFUSE, REPLACE, link_destination


def link_mode(force: bool) -> str:
    """How a command's write treats a symbolic link at OUT (model/storage.py: write_target)."""
    return REPLACE if force else REFUSE


def link_refused(out: str | os.PathLike, force: bool) -> str | None:
    """Why OUT may not be written because it is a symbolic link (None: it is not one, or --force replaces it)."""
    found = link_destination(out)
    if found is None or force:
        return None
    dest, leads = found
    where = dest if leads else f"{dest}, which does not exist"
    return (f"{out} is a symbolic link (to {where}); refusing to write through it. Choose another name, or add "
            f"--force to replace the link itself (the file it points to is left as it is).")
