# The wheel carries what `fatebox deploy` needs besides the fatebox_fw and
# shared_rules packages: the entry points (firmware/main.py, firmware/
# circuitpython/) and the board profiles (hardware/boards/), copied into
# fatebox/deploy/device/ as package data (host/fatebox/deploy/fileset.py finds them there).
# Everything else about the package is in pyproject.toml.
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
DEVICE = (
    ("firmware/main.py", "firmware/main.py"),
    ("firmware/circuitpython/boot.py", "firmware/circuitpython/boot.py"),
    ("firmware/circuitpython/code.py", "firmware/circuitpython/code.py"),
)


class BuildPy(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return      # an editable install runs from the checkout, which has them all
        target = Path(self.build_lib) / "fatebox" / "deploy" / "device"
        for source, dest in DEVICE:
            self._copy(HERE / source, target / dest)
        for profile in sorted((HERE / "hardware" / "boards").glob("*.json")):
            self._copy(profile, target / "boards" / profile.name)

    @staticmethod
    def _copy(source, dest):
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, dest)


setup(cmdclass={"build_py": BuildPy})
