# A sample character of this system (tests/core/samples/__init__.py).
from tests.core.sheets import vex


def sample(name="Vex"):
    return vex(name)
