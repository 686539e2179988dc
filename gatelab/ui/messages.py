"""Text for the user from what core returns: keyed messages, translated here (placeholder).

Until core returns message keys, this shows ``str()`` of what it is given.
"""

from __future__ import annotations


def message_text(obj: object) -> str:
    msg = getattr(obj, "msg", None)
    return str(msg if msg is not None else obj)
