"""gatelab: see and feel how the gated MLP inside modern transformers works.

The package is split so the maths can be trusted on its own: ``gatelab.core`` is pure
numpy/torch and never imports Qt; ``gatelab.ui`` only renders what core computes.
"""

__version__ = "0.1.0"
