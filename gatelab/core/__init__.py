"""Pure computation for gatelab (numpy, torch). Never imports Qt, so every result here can be
tested and scripted without a display."""
