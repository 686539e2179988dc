#!/usr/bin/env python3
"""Fill the "core" context of a .ts file from resources/i18n/core_<locale>.json.

Why: core's message templates (gatelab/core/message_catalog.py) are keyed; their translations are
kept by key in a JSON file, so they survive rewording of the English (a changed template simply
shows as unfinished again) and can be reviewed in one place. scripts/update_translations.sh runs
this after pyside6-lupdate; it only touches messages of context "core" whose translation is
unfinished (empty, or lupdate's same-text guess), and only with a translation whose placeholders
match the source exactly.

Usage: scripts/fill_core_translations.py TS_FILE JSON_FILE
"""

from __future__ import annotations

import html
import json
import re
import string
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gatelab.core.message_catalog import MESSAGES  # noqa: E402  (pure Python, no Qt)

CONTEXT = re.compile(r"(<context>\s*<name>core</name>)(.*?)(</context>)", re.S)
MESSAGE = re.compile(r"<message>.*?</message>", re.S)
SOURCE = re.compile(r"<source>(.*?)</source>", re.S)
UNFINISHED = re.compile(r'<translation type="unfinished">(.*?)</translation>', re.S)


def fields(text: str) -> list[tuple[str, str, str]]:
    return sorted((n, s or "", c or "") for _, n, s, c in string.Formatter().parse(text)
                  if n is not None)


def escape(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&apos;"))


def fill(ts_text: str, by_source: dict[str, str]) -> tuple[str, int]:
    filled = 0

    def one_message(m: re.Match[str]) -> str:
        nonlocal filled
        block = m.group(0)
        src = SOURCE.search(block)
        todo = UNFINISHED.search(block)
        if src is None or todo is None:  # finished: a translator's own choice is kept
            return block
        tr = by_source.get(html.unescape(src.group(1)))
        if tr is None:
            return block
        filled += 1
        return block[:todo.start()] + f"<translation>{escape(tr)}</translation>" + block[todo.end():]

    def one_context(m: re.Match[str]) -> str:
        return m.group(1) + MESSAGE.sub(one_message, m.group(2)) + m.group(3)

    return CONTEXT.sub(one_context, ts_text), filled


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    ts, table = Path(argv[1]), json.loads(Path(argv[2]).read_text(encoding="utf-8"))
    by_source, skipped = {}, []
    for key, tr in table.items():
        source = MESSAGES.get(key)
        if source is None or not isinstance(tr, str) or fields(tr) != fields(source):
            skipped.append(key)
            continue
        by_source[source] = tr
    text, filled = fill(ts.read_text(encoding="utf-8"), by_source)
    ts.write_text(text, encoding="utf-8")
    print(f"{ts}: filled {filled} core message(s) from {argv[2]}")
    if skipped:
        print(f"skipped (unknown key or placeholders differ): {', '.join(skipped)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
