# A sample character of this system (tests/core/samples/__init__.py).
from tests.core.sheets import sheet


def sample(name="Mara"):
    return sheet(name)
