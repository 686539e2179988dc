#!/usr/bin/env python3
"""Hand a .ts file's unfinished messages to translators as JSON, and merge their answers back.

Why: several translators (people or tools) can work on separate JSON chunks at once, with no
merge conflicts in the .ts, and the placeholder check of scripts/update_translations.sh still runs
on the result.

    scripts/ts_tool.py export resources/i18n/gatelab_zh_CN.ts OUT_DIR --chunks 3
    # fill "translation" in each OUT_DIR/chunk-*.json, then:
    scripts/ts_tool.py apply resources/i18n/gatelab_zh_CN.ts OUT_DIR/chunk-*.json
    scripts/update_translations.sh   # lupdate re-formats the .ts, checks placeholders, compiles
"""

from __future__ import annotations

import argparse
import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path


def _unfinished(root: ET.Element) -> list[dict[str, str]]:
    out = []
    for context in root.iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            node = message.find("translation")
            kind = node.get("type") if node is not None else "unfinished"
            if kind in ("obsolete", "vanished"):
                continue
            if kind == "unfinished" or not (node is not None and (node.text or "").strip()):
                if message.get("numerus") == "yes":
                    continue  # plural forms: translate those in Qt Linguist
                where = message.find("location")
                out.append({"context": name, "source": message.findtext("source") or "",
                            "comment": message.findtext("comment") or "",
                            "file": where.get("filename", "") if where is not None else "",
                            "translation": ""})
    return out


def export(ts: Path, out_dir: Path, chunks: int) -> None:
    items = _unfinished(ET.parse(ts).getroot())
    out_dir.mkdir(parents=True, exist_ok=True)
    size = max(1, -(-len(items) // chunks))
    for i in range(0, len(items), size):
        path = out_dir / f"chunk-{i // size + 1}.json"
        path.write_text(json.dumps(items[i:i + size], ensure_ascii=False, indent=1) + "\n",
                        encoding="utf-8")
        print(path, len(items[i:i + size]))


def apply(ts: Path, files: list[Path]) -> None:
    answers: dict[tuple[str, str], str] = {}
    for f in files:
        for item in json.loads(f.read_text(encoding="utf-8")):
            if item.get("translation", "").strip():
                answers[(item["context"], item["source"])] = item["translation"]
    tree = ET.parse(ts)
    done = 0
    for context in tree.getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            key = (name, message.findtext("source") or "")
            if key not in answers:
                continue
            node = message.find("translation")
            if node is None:
                node = ET.SubElement(message, "translation")
            if node.get("type") in ("obsolete", "vanished"):
                continue
            node.text = answers[key]
            node.attrib.pop("type", None)
            done += 1
    tree.write(ts, encoding="utf-8", xml_declaration=True)
    text = ts.read_text(encoding="utf-8")
    if "<!DOCTYPE TS>" not in text:  # lupdate's header, kept so diffs stay small
        text = text.replace("?>\n", "?>\n<!DOCTYPE TS>\n", 1)
        ts.write_text(text, encoding="utf-8")
    print(f"{done} messages translated in {ts}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("export")
    e.add_argument("ts", type=Path)
    e.add_argument("out_dir", type=Path)
    e.add_argument("--chunks", type=int, default=1)
    a = sub.add_parser("apply")
    a.add_argument("ts", type=Path)
    a.add_argument("files", type=Path, nargs="+")
    args = p.parse_args(argv)
    if args.cmd == "export":
        export(args.ts, args.out_dir, args.chunks)
    else:
        apply(args.ts, args.files)
    return 0


if __name__ == "__main__":
    sys.exit(main())
