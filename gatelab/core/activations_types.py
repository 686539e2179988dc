"""The array type shared by the gate-math modules (kept apart to avoid an import cycle)."""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

Array = NDArray[np.floating[Any]]
