# A sample character of this system (tests/core/samples/__init__.py).
from tests.core.sheets import ash


def sample(name="Ash"):
    return ash(name)
