#!/usr/bin/env bash
# Refresh gatelab's translations: extract every tr()/translate() string from gatelab/**/*.py into
# resources/i18n/gatelab_<locale>.ts (existing translations are kept), check that finished
# translations keep their placeholders, then compile the .qm files that the app loads.
#
# Usage: scripts/update_translations.sh [LOCALE ...]     (default: every existing .ts, else zh_CN)
#   KEEP_OBSOLETE=1  keep vanished/obsolete messages in the .ts (handy to copy old translations)
#   NO_LUPDATE=1     only check and compile (after editing a .ts by hand or in Qt Linguist)
set -euo pipefail

cd "$(dirname "$0")/.."
I18N=resources/i18n
mkdir -p "$I18N"

for tool in pyside6-lupdate pyside6-lrelease; do
    command -v "$tool" >/dev/null || { echo "error: $tool not on PATH (pip install PySide6)" >&2; exit 1; }
done

locales=("$@")
if [ ${#locales[@]} -eq 0 ]; then
    for ts in "$I18N"/gatelab_*.ts; do
        [ -e "$ts" ] || continue
        name=$(basename "$ts" .ts)
        locales+=("${name#gatelab_}")
    done
    [ ${#locales[@]} -gt 0 ] || locales=(zh_CN)
fi

# Every module, sorted so the .ts does not churn with the file system's order.
mapfile -t sources < <(find gatelab -name '*.py' -not -path '*/__pycache__/*' | LC_ALL=C sort)

obsolete=(-no-obsolete)
[ "${KEEP_OBSOLETE:-0}" = 1 ] && obsolete=()

for locale in "${locales[@]}"; do
    ts="$I18N/gatelab_${locale}.ts"
    qm="$I18N/gatelab_${locale}.qm"
    if [ "${NO_LUPDATE:-0}" != 1 ]; then
        # -locations relative: translators see where a string is used, diffs stay small.
        pyside6-lupdate "${obsolete[@]}" -locations relative -target-language "$locale" \
            "${sources[@]}" -ts "$ts"
    fi

    # Placeholders ({0}, {1:,}, {0!r}, core's named {path}, %1, %n), HTML tags and & accelerators
    # must survive translation, or .format() raises / shows the wrong number at run time.
    python3 - "$ts" <<'PY'
import re
import sys
import xml.etree.ElementTree as ET

PLACEHOLDER = re.compile(r"\{\w*(?:![rsa])?(?::[^{}]*)?\}|%L?\d+|%n")
TAG = re.compile(r"</?([a-zA-Z][a-zA-Z0-9]*)\b")
ACCEL = re.compile(r"(?<!&)&(?!&|[a-zA-Z]+;|#\d+;)(\w)")

path = sys.argv[1]
problems, finished, unfinished = [], 0, 0
for context in ET.parse(path).getroot().iter("context"):
    ctx = context.findtext("name")
    for message in context.iter("message"):
        source = message.findtext("source") or ""
        node = message.find("translation")
        kind = node.get("type") if node is not None else "unfinished"
        if kind in ("obsolete", "vanished"):
            continue
        forms = [f.text or "" for f in node.iter("numerusform")] if node is not None else []
        texts = forms or [(node.text or "") if node is not None else ""]
        if kind == "unfinished" or not any(texts):
            unfinished += 1
            continue
        finished += 1
        for text in texts:
            where = f"{ctx}: {source[:60]!r}"
            if sorted(PLACEHOLDER.findall(source)) != sorted(PLACEHOLDER.findall(text)):
                problems.append(f"placeholders differ in {where}: {text[:60]!r}")
            if sorted(TAG.findall(source)) != sorted(TAG.findall(text)):
                problems.append(f"HTML tags differ in {where}: {text[:60]!r}")
            want = [a.lower() for a in ACCEL.findall(source)]
            if want and [a.lower() for a in ACCEL.findall(text)] != want:
                problems.append(f"accelerator differs in {where}: {text[:60]!r}")
print(f"{path}: {finished} finished, {unfinished} unfinished")
if problems:
    print("\n".join(problems), file=sys.stderr)
    sys.exit(1)
PY

    # -nounfinished: half-done (e.g. fuzzily merged) translations fall back to English.
    pyside6-lrelease -nounfinished "$ts" -qm "$qm"
done
