# The integrations' tests: serve and the virtual gadget as processes, as the
# serve tests start them (tests/serve/conftest.py).
from tests.serve.conftest import procs  # noqa: F401
