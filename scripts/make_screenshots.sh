#!/usr/bin/env bash
# Regenerates the README's screenshots: one PNG per tab, rendered offscreen by the app itself.
# Usage: bash scripts/make_screenshots.sh   (from the repository root, with gatelab installed)
set -euo pipefail
cd "$(dirname "$0")/.."
export QT_QPA_PLATFORM=offscreen
for tab in activations gate-plane budget trainer inside forward-pass; do
  python -m gatelab --screenshot "docs/screenshots/${tab}.png" --tab "$tab" --size 1400x900
done
# the trainer after a short real CPU run (~1 min), and that run's neurons on the gate plane
python scripts/screenshot_trainer_run.py docs/screenshots --steps 300
# the inside-the-model tab on a short real run (~1 min): a neuron, the gates, the MLP view
python scripts/screenshot_inside.py docs/screenshots --steps 300
