import pytest

from tests.serve.procs import Gadget, Serve


@pytest.fixture
def procs():
    started = []

    class Start:
        def gadget(self, state, *extra):
            g = Gadget(state, *extra)
            started.append(g)
            return g

        def serve(self, *args, env=None):
            s = Serve(*args, env=env)
            started.append(s)
            return s
    yield Start()
    for p in reversed(started):
        p.kill()
