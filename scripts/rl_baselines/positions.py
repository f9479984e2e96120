"""The collectors' one file format: positions (observation, mask) and the teacher's slot."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np


def save(out: Path, observations: list[np.ndarray], masks: list[np.ndarray],
         labels: list[int]) -> None:
    """Write the positions so far (a long run can be stopped and still used: written
    beside ``out`` and renamed, so a run stopped while saving keeps the previous file)."""
    partial = out.with_name(out.name + ".partial.npz")
    np.savez_compressed(partial, obs=np.stack(observations), mask=np.stack(masks),
                        label=np.array(labels, dtype=np.int16))
    os.replace(partial, out)
