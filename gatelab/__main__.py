"""``python -m gatelab`` starts the desktop app."""

from gatelab.app import main

raise SystemExit(main())
