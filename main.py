"""Start gatelab from a source checkout: ``python main.py``."""

from gatelab.app import main

if __name__ == "__main__":
    raise SystemExit(main())
