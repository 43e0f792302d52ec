# A sample character of this system (tests/core/samples/__init__.py).
from tests.core.sheets import rue


def sample(name="Rue"):
    return rue(name)
