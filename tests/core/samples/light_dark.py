# A sample character of this system (tests/core/samples/__init__.py).
from tests.core.sheets import lux


def sample(name="Lux"):
    return lux(name)
