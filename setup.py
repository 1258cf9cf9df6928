"""The wheel's build step beside pyproject.toml: files made from the sources go in too.

The compiled catalogues and the ask index's built files are not kept in git
(:mod:`referee.prebuild` says why); ``build_py`` copies the package into the build folder,
then this runs ``python -m referee.prebuild`` there, so the wheel ships them, made from the
sources it ships.  (An editable install reads the checkout, where scripts/setup.sh makes
them.)  pyproject.toml's build requirements bring what the build imports: Babel, the
stemmers.
"""

from __future__ import annotations

import os
import subprocess
import sys

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithMadeFiles(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        env = dict(os.environ, PYTHONPATH=os.path.abspath(self.build_lib))
        subprocess.run(
            [sys.executable, "-m", "referee.prebuild", "--force"],
            cwd=self.build_lib,
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
        )


setup(cmdclass={"build_py": BuildWithMadeFiles})
