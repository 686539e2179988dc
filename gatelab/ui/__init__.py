"""Qt widgets for gatelab. One module per panel; panels render plain state from ``gatelab.core``."""
