"""The JAX back end stays optional: everything else imports without JAX, and the back end
itself says how to get it (collected everywhere, JAX installed or not)."""

from __future__ import annotations

import subprocess
import sys

WITHOUT_JAX = """
import sys
sys.modules["jax"] = None  # as if JAX were not installed
import saustall.rl, saustall.rl.batched, saustall.rl.drecksau_v0, saustall.rl.gym_envs
import benchmarks.rl_envs
try:
    import saustall.rl.jax_drecksau
except ImportError as error:
    print(error)
else:
    print("imported")
"""


def test_the_package_imports_without_jax_and_the_back_end_names_its_extra() -> None:
    done = subprocess.run([sys.executable, "-c", WITHOUT_JAX], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ("saustall.rl.jax_drecksau needs JAX, the optional `jax` "
                                   "extra: pip install 'saustall[jax]'")
